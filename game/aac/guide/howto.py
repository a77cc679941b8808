"""The "How to play" pages of the base game: a few short paragraphs and a picture of the
real table each (see positions.py for the moments they show)."""

from __future__ import annotations

from game.aac.guide.model import Mark, Page, View

PAGES: tuple[Page, ...] = (
    Page(
        "goal", "The goal",
        ("You are a god, and mortals believe in the gods who build. Monuments rise in the "
         "regions of the map, one section at a time, and every player can help build them.",
         "Energy is your currency. You spend it to act, and you send it onto the board to "
         "build.",
         "Energy that ends up bound beside a monument, on a Pillar of Civilization or on an "
         "Achievement scores at the end. When the last monument is finished, the most points "
         "wins."),
        (View("late", "board", (
            Mark("@monument", "A monument: its open section shows the spaces to fill"),
            Mark("@bound", "Bound energy beside a monument scores"),
            Mark("@pillar", "Pillars of Civilization score too"),
            Mark("achievements", "Achievements: claim them for points"),
            Mark("pool", "The Tile Pool: better tiles for your device"),
        ), pad=6),),
        ("R1", "R15", "R24"),
    ),
    Page(
        "device", "Your device",
        ("Your transmutation device holds five tiles in a row, numbered 1 to 5. Two more "
         "wait in the staging area on the left.",
         "Every tile has a top row and a bottom row of slots. Energy in the bottom row pays "
         "for the action printed under that tile. Energy in the top row is what a Deploy "
         "sends onto the board.",
         "Spent energy goes to your Exhausted pool, ready to be loaded again. Your Reserve "
         "is locked energy that perks set free."),
        (View("start", "device", (
            Mark("@staging", "Staging tiles"),
            Mark("slot:1:top", "Top row: goes to the board"),
            Mark("slot:3:bottom", "Bottom row: pays for an action"),
            Mark("action:{seat}:3", "The action of this position"),
            Mark("exhausted", "Exhausted pool"),
            Mark("reserve", "Reserve"),
            Mark("info:channel", "Channel marker"),
        ), pad=4),),
        ("R1.6", "R1.7", "R6.5"),
    ),
    Page(
        "turn", "Advance or Actions",
        ("On your turn you do one of two things.",
         "Advance: push a staging tile into position 1. Every tile slides one step right and "
         "the tile at 5 drops out. Then fill the new tile's empty slots from your Exhausted "
         "pool, choosing each type. A charged Channel marker lets you push a second tile.",
         "Actions: spend bottom-row energy, one per action, as many as you like and can pay "
         "for, in any order. Positions further right hold stronger actions."),
        (View("start", "turn", (
            Mark("choice:advance", "Advance"),
            Mark("choice:actions", "Actions"),
        ), pad=2, caption="The question at the start of every turn"),
         View("load", "device", (
             Mark("@slot", "Load the tile you pushed in"),
             Mark("@staging", "The tile that dropped out waits here"),
         ), pad=2, caption="An Advance: loading the pushed tile")),
        ("R4", "R5", "R6"),
    ),
    Page(
        "deploy", "Deploying to monuments",
        ("Deploy sends all the energy in one tile's top row onto the board. The action says "
         "which positions the tile may come from.",
         "Each energy goes to an empty space of a monument's open section with the same "
         "symbol. A Wild fits any space. Any monument will do, wherever your figure is.",
         "Or save it in your bank in the Tile Pool to buy tiles, or put it on an Achievement "
         "you qualify for. Energy never goes straight into a bound area or onto a pillar."),
        (View("deploy", "@spaces", (
            Mark("@space", "A matching empty space"),
        ), pad=40, caption="A Deploy: every highlighted space may take the energy"),),
        ("R7", "R7.2.1", "R7.2.2"),
    ),
    Page(
        "complete", "Completing a section",
        ("When the last space of a section is filled, it is complete. It is resolved at the "
         "end of the turn.",
         "Everyone with energy on it takes one perk: the section's own (free energy from "
         "your Reserve) or the monument's bonus tile. The one who completed it goes last.",
         "The completer binds one of their energy into the monument's bound area, where it "
         "scores. The rest comes back and is activated: a Rose gives 2 movement, a Magnet "
         "loads itself into your device, a Compass flies to another place."),
        (View("completed", "@monument", (
            Mark("@bound", "Bind one energy here"),
            Mark("@monument", "The completed section"),
        ), pad=50, aspect=2.0, caption="The completer binds one energy"),
         View("perks", "@monument", (
             Mark("@perk", "Section perk"),
             Mark("@bonus", "Bonus tile"),
         ), pad=50, aspect=2.0, caption="Each contributor picks a perk")),
        ("R15", "R16", "R17", "R21"),
    ),
    Page(
        "move", "Movement and the two tracks",
        ("Your figure walks the paths. It always goes forward; a gap where the bridge is out "
         "turns it around for free, and it may hop over other figures.",
         "Your Monument Track and Pillar Track hold one energy each. A track step puts an "
         "energy from your Exhausted pool on the lowest peg, or moves it up a peg.",
         "Energy at the top peg may be bound during any movement: into the bound area or "
         "onto a free pillar of a region your figure stands in, or one your bridges touch."),
        (View("walk", "@walk", (
            Mark("@figure", "Your figure"),
            Mark("@step", "A space it may walk to"),
        ), pad=60, aspect=2.0, caption="Walking: the highlighted spaces are reachable"),
         View("track", "tracks", (
             Mark("track:{seat}:monument", "Monument Track"),
             Mark("track:{seat}:pillar", "Pillar Track"),
         ), pad=4, caption="The tracks on your device")),
        ("R11", "R12", "R13"),
    ),
    Page(
        "pool", "The Tile Pool",
        ("Four upgraded tiles wait in the Tile Pool. They have more slots, and often icons "
         "that some achievements count.",
         "A Claim buys one or two of them with energy from your bank: the slots cost 1, 2, 2 "
         "and 3. Each new tile replaces one of your seven.",
         "After a Claim, everyone with energy in the bank may add one more from their "
         "Exhausted pool. At the end, each bank energy scores 1 point."),
        (View("claim", "pool", (
            Mark("pool_slot:1", "The cheapest tile: 1 energy"),
            Mark("pool_slot:4", "The dearest: 3 energy"),
            Mark("info:supply", "New tiles come from here"),
            Mark("shop", "Everyone's bank"),
        ), pad=4, caption="A Claim: pick a tile you can pay for"),),
        ("R9",),
    ),
    Page(
        "bridges", "Bridges",
        ("Some bridges are out, and a gap turns figures around. A bonus tile lets you build "
         "your Bridge tokens, in order I, II, III, on a gap or over a neutral bridge.",
         "A bridge of yours adds both its regions to where you may bind, and it uncovers one "
         "of your character's powers.",
         "Every figure that lands on or crosses a bridge takes its benefit. Your bridge III "
         "also brings you a goal that scores at the end."),
        (View("bridge", "map", (
            Mark("@gap", "A gap: the bridge is out"),
            Mark("@neutral", "A neutral bridge"),
        ), pad=6, caption="Building a bridge: every highlighted place is allowed"),),
        ("R20", "R12.5"),
    ),
    Page(
        "achievements", "Achievements",
        ("Five achievements sit along the right edge of the board, each with a goal: four "
         "winged-foot icons on your tiles, three conduits, and so on.",
         "Qualifying is not enough: you claim one by deploying or moving an energy onto it, "
         "and it stays there for good.",
         "The 5 column (3 or more players) scores 5. The × column scores 2 for every energy "
         "of that type you have bound to the board. Each of your energy types may go to one "
         "achievement only."),
        (View("achievement", "@spots", (
            Mark("@claimed", "A claimed achievement"),
            Mark("@flat", "A free 5-point column"),
            Mark("@multiplier", "A free × column"),
        ), pad=70, caption="Achievements on the board's right edge"),),
        ("R22",),
    ),
    Page(
        "end", "The end and scoring",
        ("When the last section of the last monument is built, the round is played out, so "
         "that everyone has had the same number of turns.",
         "You score full rows freed from your Reserve, bound energy at each monument (3, 7 or "
         "12), pillars (4 for one, up to 39 for six), your bridge III goal, achievements, "
         "and 1 for each energy in your bank.",
         "Most points wins; ties go to the most energy bound to the board, then the most in "
         "the Tile Pool. The number by each name at the top is the score if the game ended "
         "now."),
        (View("end", "scores", (), pad=0, caption="The final scores of a real game"),),
        ("R23", "R24"),
    ),
)
