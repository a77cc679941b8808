"""The Folklore module's guide pages (how to play, and the rules reference R26, R28, R29 and
R30 in short plain words, numbered like RULES.md), registered in the guide by book.py. Their
pictures are drawn (folklore_art) until a played Folklore position can show them."""

from __future__ import annotations

from game.aac.guide import folklore_art  # noqa: F401  (registers the pages' drawings)
from game.aac.guide.model import RULES, Mark, Page, RuleEntry, View

MODULE = "folklore"


def _rules(rid: str, title: str, see: tuple[str, ...], *entries: tuple[str, str]) -> Page:
    return Page(rid, title, entries=tuple(RuleEntry(i, t) for i, t in entries), see=see,
                book=RULES, module=MODULE)


HOWTO: tuple[Page, ...] = (
    Page(
        "folklore", "Folklore",
        ("Folklore is an expansion module you can switch on when you set up a game.",
         "Each god gets a Character Board Extension: a Folklore Track and three Artifacts. "
         "You also get a hand of three Folklore Cards, dealt face down; only you see them.",
         "Prime an Artifact, set it down on the map after moving your character, and play a "
         "card. Cards give strong one-off effects, Folklore Track steps, Doubler Tokens and "
         "Scoring Cards."),
        (View("", "", (
            Mark("track", "The Folklore Track: points at the end"),
            Mark("slots", "Your three Artifacts wait here"),
            Mark("primed", "The primed slot: ready to place"),
            Mark("hand", "Your hand of Folklore Cards"),
            Mark("doubler", "A Doubler Token"),
            Mark("scoring", "A Scoring Card, face down"),
        ), drawing="folklore_table", caption="Your Folklore pieces"),),
        ("R26", "R26.1", "R26.1.3"),
        module=MODULE,
    ),
    Page(
        "artifacts", "Artifacts",
        ("Prime: whenever you would recharge your Channel Marker, you may instead move one "
         "Artifact up into the primed slot. Only one Artifact can be primed at a time.",
         "Place: when you have moved your character and stop on a space that is not a "
         "bridge, you may put your primed Artifact there. The rest of your character "
         "movement is lost; track movement is kept. Then play a Folklore Card.",
         "Not after a teleport, not your first one in your starting region, one per region "
         "(bound ones count) and one per turn."),
        (View("", "", (
            Mark("before_slots", "Artifacts in their slots"),
            Mark("arrow", "Prime instead of recharging"),
            Mark("after_primed", "The primed Artifact"),
        ), drawing="priming", caption="Priming moves an Artifact to the primed slot"),),
        ("R26.2.1", "R26.3.1"),
        module=MODULE,
    ),
    Page(
        "folklore_cards", "Playing a Folklore Card",
        ("After placing an Artifact, play one card from your hand. On an empty space you "
         "do one of its options.",
         "On another god's Artifact you do two different options. Then that god may do one "
         "option of a card they played before, and both Artifacts go to the region's bound "
         "energy area.",
         "Your first card gives one extra option. Some options cost a step down your "
         "Folklore Track. Played cards stay face up in front of you."),
        (View("", "", (
            Mark("name", "The card's name"),
            Mark("option:A", "Option A: one choice on the card"),
            Mark("cost", "This option costs a step down the track"),
            Mark("played", "A card played earlier"),
            Mark("back", "A card in a hand: face down"),
        ), drawing="folklore_card", caption="A Folklore Card and its options"),),
        ("R26.3.3", "R26.3.4"),
        module=MODULE,
    ),
    Page(
        "folklore_track", "The Folklore Track",
        ("Your cube starts on 0 of your Folklore Track. Card options move it up a step, "
         "and some options cost a step down.",
         "A step up at 4 does nothing. A step down at 0 cannot be paid, so that option "
         "cannot be chosen.",
         "At the end your cube scores: 0, 3, 7, 12 or 18 points."),
        (View("", "", (
            Mark("folklore_track:0", "You start here"),
            Mark("folklore_track:3", "Your cube: 12 points so far"),
            Mark("folklore_track:4", "The top: 18 points"),
        ), drawing="folklore_track", caption="The Folklore Track on the extension"),),
        ("R26.5", "R26.8", "R28.1"),
        module=MODULE,
    ),
    Page(
        "doublers", "Doubler Tokens",
        ("Some card options place a Doubler Token on one of your bound energy: in a "
         "monument's bound energy area or on a Pillar of Civilization, never on an "
         "Achievement. One Doubler per energy.",
         "That energy counts as two of its type, where it is: for a Patron Token, for "
         "Achievements and in the final scoring. Pillars still count six at most.",
         "If the energy leaves (Running Out), its Doubler goes back to the supply."),
        (View("", "", (
            Mark("doubler", "A Doubler Token"),
            Mark("doubled", "This energy counts twice"),
            Mark("pillar", "On a pillar it counts two pillar energy"),
        ), drawing="doublers", caption="Energy carrying Doubler Tokens"),),
        ("R28.3", "R29.1", "R29.3.2"),
        module=MODULE,
    ),
    Page(
        "scoring_cards", "Scoring Cards",
        ("Some card options give you a Scoring Card. Look through the supply and keep one "
         "face down; you may hold two at most.",
         "At the end, a card replaces the standard values of one scoring category for you "
         "only: monuments, pillars, reserve pairs, Tile Pool energy, your bridge III or one "
         "Achievement.",
         "The table applies each card to your best advantage."),
        (View("", "", (
            Mark("back", "Face down: the others cannot read it"),
            Mark("face", "Its holder sees the values it gives"),
        ), drawing="scoring_cards", caption="A Scoring Card, face down and face up"),),
        ("R28.4", "R30.2", "R30.3"),
        module=MODULE,
    ),
)

REFERENCE: tuple[Page, ...] = (
    _rules("R26", "Folklore Module", ("folklore", "artifacts"),
           ("R26.1", "Setup: each player takes a Character Board Extension, 6 Folklore Cards, "
                     "3 Artifacts in the circular slots and a cube on 0 of the Folklore "
                     "Track."),
           ("R26.1.3", "Three cards are dealt face down as your hand (only you see them); the "
                       "other three go back unseen. With the set-up option Choose your "
                       "Folklore hand, you choose 3 of the 6."),
           ("R26.2.1", "When you recharge your Channel Marker you may instead prime an "
                       "Artifact: move it to the primed slot."),
           ("R26.2.2", "At most one primed Artifact at a time."),
           ("R26.3.1", "After generated character movement ending on a non-bridge space, you "
                       "may place the primed Artifact there. The rest of that character "
                       "movement is lost (track points are kept). Then play a card."),
           ("R26.3.2", "On an empty space: perform one option of the card."),
           ("R26.3.3", "On an opponent's Artifact: two different options; then the opponent "
                       "may perform one option of a card they played; both Artifacts go to "
                       "that region's bound energy area."),
           ("R26.3.4", "Your first card gives one more (different) option."),
           ("R26.3.5", "Played cards stay face up in front of you."),
           ("R26.3.6", "Any distance of the movement may be used first, even none. Never "
                       "right after a teleport."),
           ("R26.3.7", "Not your first Artifact in your starting region; one per region "
                       "(bound ones count); one per turn."),
           ("R26.3.8", "A player may also place during another player's turn after "
                       "generating character movement."),
           ("R26.4", "Artifacts in a bound area only show who has one in that region."),
           ("R26.5", "Folklore Track at the end: 0, 3, 7, 12 or 18 VP."),
           ("R26.6.1", "When a card lets several players act, they go clockwise from the "
                       "owner's left."),
           ("R26.8", "The Folklore Track runs from 0 to 4: a step up at 4 does nothing; a "
                     "step down at 0 cannot be paid.")),
    _rules("R28", "Expansion benefits", ("folklore_track", "doublers"),
           ("R28.1", "Folklore Track: move your cube 1 up, or 1 down as a cost. Up at 4 does "
                     "nothing; down at 0 cannot be paid."),
           ("R28.3", "Place a Doubler Token on one of your bound energy in a monument's bound "
                     "energy area or on a pillar; never on an Achievement; one per energy. "
                     "No target or an empty supply: nothing happens."),
           ("R28.4", "Gain a Scoring Card: look through the supply and keep one face down. "
                     "At most 2 each.")),
    _rules("R29", "Doubler Tokens", ("doublers",),
           ("R29.1", "An energy with a Doubler counts as 2 energy of its type, where it is."),
           ("R29.2.1", "It counts 2 at its monument for a Patron Token; placing the Doubler "
                       "is itself a moment to take the token."),
           ("R29.2.2", "It counts 2 for Achievement qualification."),
           ("R29.2.3", "If the energy stops being bound, the Doubler goes back to the "
                       "supply."),
           ("R29.2.4", "If Freyith moves the energy, the Doubler moves with it."),
           ("R29.3.1", "Final scoring: 2 bound energy at its monument."),
           ("R29.3.2", "2 pillar energy; never more than 6 pillar energy score."),
           ("R29.3.3", "2 for a bridge III goal, even past its printed maximum."),
           ("R29.3.4", "2 of its type for an Achievement.")),
    _rules("R30", "Scoring Cards", ("scoring_cards",),
           ("R30.1", "8 Scoring Cards; at most 2 per player, kept face down."),
           ("R30.2", "At final scoring, each card you hold scores its category with the "
                     "card's values instead of the standard ones, for you only."),
           ("R30.3", "An Achievement card changes one Achievement of yours; two such cards go "
                     "to two different Achievements."),
           ("R30.5", "Two cards of one category: the category scores once, with the better "
                     "card.")),
)

PAGES: tuple[Page, ...] = HOWTO + REFERENCE
