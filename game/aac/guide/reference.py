"""The rules reference: one page per rule section of the base game (R1-R25 of the rules
specification), in short plain words, numbered like the specification so that hover text
and "why not" messages can link to a rule ("R12.6") and land on its entry."""

from __future__ import annotations

from game.aac.guide.model import RULES, Page, RuleEntry


def _page(rid: str, title: str, see: tuple[str, ...], *entries: tuple[str, str]) -> Page:
    return Page(rid, title, entries=tuple(RuleEntry(i, t) for i, t in entries), see=see,
                book=RULES)


PAGES: tuple[Page, ...] = (
    _page("R1", "Words of the game", ("goal", "device"),
          ("R1.3", "Energy comes in four types: Compass, Rose, Magnet and Wild. A Wild "
                   "matches any symbol."),
          ("R1.4", "Exhausted pool: your spare energy. To exhaust an energy is to put it "
                   "there."),
          ("R1.6", "Your device has five positions, 1 to 5 from left to right, one tile in "
                   "each."),
          ("R1.7", "You always own seven tiles. Top-row energy is deployed to the board; "
                   "bottom-row energy pays for actions."),
          ("R1.8", "Staging area: where your two tiles outside the device wait."),
          ("R1.10", "Channel marker: charged or exhausted. To recharge it is to turn it to "
                    "charged."),
          ("R1.16", "A bridge space joins two regions. It is a gap (the bridge is out), a "
                    "neutral bridge or a player's bridge."),
          ("R1.19", "A monument section is open (taking energy), completed (waiting to be "
                    "resolved) or constructed (built)."),
          ("R1.22", "To bind an energy is to put it in a bound area or on a pillar."),
          ("R1.37", "Bound to the board means in a bound area, on a pillar or on an "
                    "achievement.")),
    _page("R2", "Revised rules", ("deploy",),
          ("R2.3", "This edition plays with the expansion's revisions of the base game."),
          ("R2.3.1", "Using a Monument Patron token costs the energy in your bottom rows "
                     "(R21)."),
          ("R2.3.2", "You may deploy to the open section of any monument, wherever your "
                     "figure stands."),
          ("R2.3.3", "With three players, the second pillar space is open in the two regions "
                     "without a monument.")),
    _page("R3", "Setup", ("goal",),
          ("R3.1", "With N players, N monuments are drawn and the Anfirien Beacon joins them. "
                   "The achievements' 5 column is open only with 3 or more players."),
          ("R3.2.6", "Three achievements are in every game; two more are drawn."),
          ("R3.3.5", "Your Channel marker starts exhausted, or charged in a 2-player game."),
          ("R3.3.6", "Tiles 1 to 5 start in the device; the two 0 tiles in the staging area."),
          ("R3.3.7", "Each figure starts in its own region that has a monument."),
          ("R3.3.8", "Your character's quick start loads your first tiles and puts one energy "
                     "in your bank. The rest waits in your Exhausted pool."),
          ("R3.3.9", "Secret loading (an advanced start, chosen at set-up): everyone loads "
                     "their first tiles as they like, in secret."),
          ("R3.4", "The start player is drawn at random.")),
    _page("R4", "A turn", ("turn",),
          ("R4.1", "Turns go around the table, starting with the start player."),
          ("R4.2", "On your turn you take an Advance turn or an Actions turn."),
          ("R4.3", "Then: your conduits and Patron token (after an Advance), every completed "
                   "section is resolved, end-of-turn powers, and the game-end check."),
          ("R4.4", "Completions never change whose turn is next.")),
    _page("R5", "The Advance turn", ("turn",),
          ("R5.2", "Push one of your two staging tiles into position 1. The other tiles slide "
                   "right; the tile at 5 leaves for the staging area and its energy is "
                   "exhausted."),
          ("R5.3", "Load the pushed tile: each empty slot may take one energy from your "
                   "Exhausted pool, of the type you choose. Slots may stay empty."),
          ("R5.4", "With a charged Channel marker you may spend it to push the other staging "
                   "tile too, and load it."),
          ("R5.6", "An Advance turn is always possible.")),
    _page("R6", "The Actions turn", ("turn", "device"),
          ("R6.1", "Spend one bottom-row energy of a tile: exhaust it and take the action "
                   "under that tile once."),
          ("R6.2", "Take as many actions as you have bottom-row energy, in any order."),
          ("R6.3", "Energy loaded during your Actions turn can be spent at once."),
          ("R6.4", "You may end an Actions turn at any moment."),
          ("R6.5", "Under each position lies an action token. Everyone starts with these:"),
          ("R6.5.1", "Position 1: Deploy a tile at position 4 or 5, or recharge."),
          ("R6.5.2", "Position 2: Claim tiles, or reposition your energy."),
          ("R6.5.3", "Position 3: Deploy a tile at position 1 or 2."),
          ("R6.5.4", "Position 4: move your figure up to 2 spaces, or one track 1 step."),
          ("R6.5.5", "Position 5: take the action of any one of positions 1 to 4.")),
    _page("R7", "Deploy", ("deploy",),
          ("R7.1", "Choose a tile the action allows and send all of its top-row energy onto "
                   "the board, one energy at a time."),
          ("R7.2.1", "To an empty space of a monument's open section whose symbol matches "
                     "the energy (a Wild fits any). A completed section takes no more."),
          ("R7.2.2", "To your bank in the Tile Pool: always allowed."),
          ("R7.2.3", "To an achievement you qualify for (R22)."),
          ("R7.2.5", "Never straight into a bound area or onto a pillar: those are reached "
                     "by binding."),
          ("R7.3", "Filling the last space of a section completes it.")),
    _page("R8", "Recharge", ("turn",),
          ("R8.1", "Turn your Channel marker to charged. If it already is, nothing "
                   "happens.")),
    _page("R9", "Claim", ("pool",),
          ("R9.2", "The four Tile Pool slots cost 1, 2, 2 and 3 energy, left to right."),
          ("R9.3", "Pick one or two tiles and pay for them with energy from your bank. You "
                   "cannot claim what you cannot pay for."),
          ("R9.4", "Each new tile replaces one of yours, which leaves the game; energy on it "
                   "is exhausted. The new tile starts empty."),
          ("R9.5", "The other tiles slide right and the pool refills from the supply."),
          ("R9.6", "Interest: everyone with energy in the bank may add one more from their "
                   "Exhausted pool."),
          ("R9.7", "You always have exactly seven tiles.")),
    _page("R10", "Reposition", ("deploy",),
          ("R10.1", "Up to two moves: take one of your energy from your bank or an open "
                    "section and put it in a place a Deploy could reach."),
          ("R10.2", "Energy on an achievement or on a completed section never moves."),
          ("R10.3", "A move may complete a section; you are then its completer."),
          ("R10.4", "An energy must go somewhere other than where it was.")),
    _page("R11", "Movement points", ("move",),
          ("R11.1", "Movement points move your figure, your Monument Track or your Pillar "
                    "Track."),
          ("R11.2", "They come from the Movement action, Rose energy, conduits, bonus tiles, "
                    "bridges and powers."),
          ("R11.3", "The Movement action gives one kind: figure up to 2, or one track 1 step."),
          ("R11.4", "Whenever you have points to spend, you may also bind ready track "
                    "energy."),
          ("R11.5", "You need not spend every point; unspent points are lost.")),
    _page("R12", "Moving your figure", ("move", "bridges"),
          ("R12.2", "Each point moves your figure one space forward. It never turns around "
                    "by choice."),
          ("R12.3", "At a fork you choose the way."),
          ("R12.5", "A gap where the bridge is out turns your figure around, for free."),
          ("R12.6", "A space with other figures may be entered (1 point) or hopped over for "
                    "free."),
          ("R12.7", "You may stop whenever you like."),
          ("R12.8", "On a bridge, your figure is in both of its regions."),
          ("R12.9", "Landing on or crossing a bridge gives its benefit."),
          ("R12.10", "A teleport sets the figure down directly: no points, no bridge "
                     "benefit.")),
    _page("R13", "Tracks and binding", ("move",),
          ("R13.1", "Each track holds at most one of your energy."),
          ("R13.2", "A track step moves its energy up a peg, or puts an energy from your "
                    "Exhausted pool on the lowest peg of an empty track."),
          ("R13.3", "Energy at the top peg is ready. It waits there until you bind it."),
          ("R13.4", "A track has 4 pegs: an energy needs 4 steps to be ready."),
          ("R13.5.1", "Monument Track energy binds into the bound area of a region within "
                      "your reach."),
          ("R13.5.2", "Pillar Track energy binds onto a free pillar space of a region within "
                      "reach, where you have no pillar yet."),
          ("R13.5.3", "A fourth energy in one bound area scores nothing more."),
          ("R13.6", "Your reach: the regions of your figure's space and the regions your "
                    "bridges join.")),
    _page("R14", "Running out of energy", ("turn",),
          ("R14.1", "When you should take energy from an empty Exhausted pool (loading, a "
                    "track, interest...), you may take it from elsewhere instead."),
          ("R14.3", "From a tile, your bank, an open section, a track, a bound area or a "
                    "pillar."),
          ("R14.4", "Never from an achievement, your Reserve or a completed section.")),
    _page("R15", "Completing a section", ("complete",),
          ("R15.1", "The energy that fills a section's last space completes it; its owner is "
                    "the completer."),
          ("R15.2", "A completed section takes no energy and gives none back until it is "
                    "resolved."),
          ("R15.3", "Completed sections are resolved at the end of the turn."),
          ("R15.4", "The player whose turn it is picks the order when several wait."),
          ("R15.5.1", "Everyone with energy on the section takes part, around the table, the "
                      "completer last."),
          ("R15.5.2", "Each takes one perk: the section's perk or the monument's bonus tile."),
          ("R15.5.4", "The completer binds one of their energy from the section into the "
                      "monument's bound area."),
          ("R15.5.5", "The section is built and the next one opens."),
          ("R15.6", "A Compass that fills another section completes that one too: a chain.")),
    _page("R16", "Energy coming back", ("complete",),
          ("R16.1", "Energy coming off a completed section is activated, or simply "
                    "exhausted."),
          ("R16.2", "Rose: 2 movement points, for your figure or your tracks."),
          ("R16.3", "Magnet: load it into any empty slot of your device."),
          ("R16.4", "Compass: place it where a Deploy could, on a different monument."),
          ("R16.5", "Wild: no effect; it is exhausted.")),
    _page("R17", "Perks and bonus tiles", ("complete",),
          ("R17.1", "A perk is the section's perk or the monument's bonus tile; every "
                    "participant may pick either."),
          ("R17.2", "A section perk frees energy from your Reserve into your Exhausted "
                    "pool."),
          ("R17.3", "Emptying a Reserve row recharges your Channel marker."),
          ("R17.4", "Bonus tiles: upgrade an action, a conduit, a bridge, and with more "
                    "players a long walk, a replenish or a copy of another bonus."),
          ("R17.6", "Replenish: fill the empty top-row slots of one of your tiles from your "
                    "Exhausted pool.")),
    _page("R18", "Action upgrades", ("device",),
          ("R18.1", "Upgrade the action of position 1, 2, 3 or 4 with one of its two upgrades. "
                    "Each position is upgraded only once."),
          ("R18.2", "Upgrades deploy more tiles, add a recharge, claim cheaper or move "
                    "further."),
          ("R18.4", "Upgraded actions count for the achievement that asks for three.")),
    _page("R19", "Conduit tokens", ("move",),
          ("R19.2", "A conduit goes on an empty space above one of your device positions and "
                    "stays there."),
          ("R19.3", "At the end of an Advance turn, each icon on the tile under a conduit "
                    "that matches it gives a movement point of that kind."),
          ("R19.4", "Conduits never count on an Actions turn."),
          ("R19.5", "A double conduit gives 2 points per matching icon.")),
    _page("R20", "Bridges", ("bridges",),
          ("R20.1", "Your Bridge tokens are built in order: I, then II, then III."),
          ("R20.2", "Build on a gap, over a neutral bridge, or in place of one of your own "
                    "bridges."),
          ("R20.3", "Your bridge joins its two regions to your reach and uncovers the power "
                    "under its space on your board."),
          ("R20.4", "A figure already on a rebuilt bridge takes no benefit from the new "
                    "token."),
          ("R20.6", "Any figure that lands on or crosses a bridge takes its benefit, at most "
                    "once per bridge each turn.")),
    _page("R21", "Monument Patron tokens", ("complete",),
          ("R21.1", "When a binding gives you two or more energy in a monument's bound "
                    "area, you may take its Patron token, if it is still there and you hold "
                    "none."),
          ("R21.2", "At the end of an Advance turn, pay the energy in your bottom rows to "
                    "complete the open section of any monument."),
          ("R21.3", "Everyone on that section takes a perk and activates their energy, but "
                    "nobody binds.")),
    _page("R22", "Achievements", ("achievements",),
          ("R22.1", "Three achievements are in every game and two are drawn at random."),
          ("R22.2", "Icons are counted on your seven tiles only, not on conduits."),
          ("R22.3", "Claim one by placing an energy on it while you qualify: the column must "
                    "be free, you may take only one side of it, and each of your energy types "
                    "goes to one achievement at most."),
          ("R22.4", "Energy on an achievement stays there for the rest of the game.")),
    _page("R23", "The end of the game", ("end",),
          ("R23.1", "The end comes when the last section of the last monument is built."),
          ("R23.2", "The round is played out up to the start player, so everyone has the "
                    "same number of turns."),
          ("R23.3", "Those last turns are normal turns.")),
    _page("R24", "Scoring", ("end",),
          ("R24.1", "Full rows freed from your Reserve: 1, 2, 3 or 4 rows score 3, 6, 10 or "
                    "15."),
          ("R24.2", "Each bound area: 1 of your energy scores 3, 2 score 7, 3 or more score "
                    "12."),
          ("R24.3", "Pillars: 1 to 6 of yours score 4, 9, 15, 22, 30 or 39."),
          ("R24.4", "Your bridge III scores its goal if it is on the map."),
          ("R24.5", "Achievements: 5 in the 5 column; in the × column, 2 for each energy of "
                    "that type you have bound to the board."),
          ("R24.6", "1 for each energy in your bank."),
          ("R24.8", "Ties: the most energy bound to the board, then the most in the Tile "
                    "Pool.")),
    _page("R25", "Characters", ("bridges",),
          ("R25.1", "Each character has three powers, one under each Bridge token space. A "
                    "power works once its bridge is built and the space uncovered. Each "
                    "bridge III also carries an end-of-game goal for its owner."),
          ("R25.2", "The powers of every character are written on the device: hover one to "
                    "read it.")),
)
