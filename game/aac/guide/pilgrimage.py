"""The Pilgrimage module's guide pages (how to play, and the rules reference R27 in short
plain words, numbered like RULES.md), registered in the guide by book.py. Their pictures are
drawn (pilgrimage_art) with the table's Pilgrim Board helpers."""

from __future__ import annotations

from game.aac.guide import pilgrimage_art  # noqa: F401  (registers the pages' drawings)
from game.aac.guide.model import RULES, Mark, Page, RuleEntry, View

MODULE = "pilgrimage"


def _rules(rid: str, title: str, see: tuple[str, ...], *entries: tuple[str, str]) -> Page:
    return Page(rid, title, entries=tuple(RuleEntry(i, t) for i, t in entries), see=see,
                book=RULES, module=MODULE)


HOWTO: tuple[Page, ...] = (
    Page(
        "pilgrimage", "Pilgrimage",
        ("Pilgrimage is an expansion module you can switch on when you set up a game. "
         "Beside the map stands the Pilgrim Board, Mount Eldranir: a path from the start "
         "up to the summit, open on the table with the Pilgrim Board tab.",
         "Every god has a pilgrim on the start and a speed on the speed track. Put energy "
         "on the board's energy spaces: with 2 of yours there, a Shrine completion follows "
         "at the end of the turn and the pilgrims climb.",
         "At the end each pilgrim scores its tier: 4, 9, 15, or 20 to 25 on the summit, "
         "and each Blockade Token taken scores 2."),
        (View("", "", (
            Mark("start", "Every pilgrim starts here"),
            Mark("path", "The path climbs one space at a time"),
            Mark("shrine", "A Shrine built in its frame"),
            Mark("frame", "An empty Shrine frame"),
            Mark("blockade", "A Blockade: its speed cost"),
            Mark("energy", "An energy space (Compass)"),
            Mark("speed", "Each god's speed"),
            Mark("summit", "The summit: 20 to 25 points"),
        ), drawing="pilgrim_board", caption="Mount Eldranir, the Pilgrim Board"),),
        ("R27", "R27.1", "R27.10"),
        module=MODULE,
    ),
    Page(
        "shrine_completion", "Shrine completions",
        ("Deploy, Reposition or an activated Compass may put energy on an empty energy "
         "space of its type (a Wild on any). It scores nothing there.",
         "At the end of a turn, if a god has 2 energy there, a Shrine completion follows: "
         "gods with 2 are completing, with 1 contributing; the active god goes last.",
         "Each in turn: A builds a Shrine, B moves the pilgrim up to speed plus their "
         "energy there, C activates or exhausts it (a contributing god may leave it)."),
        (View("", "", (
            Mark("a", "A Shrine from the supply"),
            Mark("b", "Speed + your energy there"),
            Mark("c", "Then the energy leaves the board"),
        ), drawing="shrine_steps", caption="The three steps of a Shrine completion"),),
        ("R27.3", "R27.5"),
        module=MODULE,
    ),
    Page(
        "pilgrim_path", "Climbing the mountain",
        ("A pilgrim moves only forward. At a fork you choose: straight up the path, or onto "
         "the Shrine beside it if one is built. Entering a Shrine ends the move, and you may "
         "take its benefit.",
         "A space holds one pilgrim (the start and the Shrines hold any number); a pilgrim "
         "skips over an occupied space for free.",
         "The first pilgrim into a tier removes its Blockade by lowering its speed by 1 or "
         "2, and keeps it. Without the speed it stops before the Blockade."),
        (View("", "", (
            Mark("pilgrim", "Your pilgrim at a fork"),
            Mark("straight", "Straight up the path"),
            Mark("shrine", "Or into the Shrine: it stops there"),
            Mark("empty", "No Shrine yet: closed"),
            Mark("blockade", "Blockade 2: lower speed by 1"),
        ), drawing="pilgrim_fork", caption="A fork of the path in tier I"),),
        ("R27.7", "R27.8"),
        module=MODULE,
    ),
    Page(
        "pilgrim_speed", "Speed",
        ("Your speed is 0, 1 or 2 and starts at 1. Whenever you would recharge your Channel "
         "Marker, you may raise your speed by 1 instead (never above 2).",
         "Speed goes down to remove a Blockade, or by 1 to take a Scoring Card from a "
         "Shrine. It never goes below 0: a cost you cannot pay in full is not paid.",
         "A Patron Token may build a Shrine instead of completing a section. The game ends "
         "only once every Shrine is built as well."),
        (View("", "", (
            Mark("speed", "The speed track: one row per god"),
            Mark("blockade", "A Blockade costs speed"),
            Mark("shrine", "A Shrine's benefit"),
        ), drawing="pilgrim_board", caption="Speed and what it pays for"),),
        ("R27.2.1", "R27.9"),
        module=MODULE,
    ),
)

REFERENCE: tuple[Page, ...] = (
    _rules("R27", "Pilgrimage Module", ("pilgrimage", "shrine_completion"),
           ("R27.1", "Setup: the Pilgrim Board, 8 Shrines as the supply, 4 Blockades, every "
                     "pilgrim on the start at speed 1; 2 neutral bridges swapped in."),
           ("R27.2.1", "Instead of recharging your Channel Marker: speed +1 (0 to 2)."),
           ("R27.3", "Energy onto an empty space of its type (a Wild: any) by Deploy, "
                     "Reposition or a Compass, never from the board back onto it. It scores "
                     "nothing; a Running Out location. The bottom-right Compass space: 3+ "
                     "players."),
           ("R27.5", "At the end of a turn, 2 energy of a player on the board: a Shrine "
                     "completion (2: completing, 1: contributing)."),
           ("R27.5.2", "First opponent clockwise first, the active player last: A construct a "
                       "Shrine, B move up to speed + energy there, C activate or exhaust it "
                       "(contributing: may leave it). No binding, no perks."),
           ("R27.7", "The first into a tier lowers speed by its Blockade's 1 or 2 and keeps "
                     "it; unable to pay, it stops before it. Tier IV: the best free summit "
                     "space, for good."),
           ("R27.8", "Forward only, one space at a time, choosing at forks; one pilgrim per "
                     "space (skip an occupied one free)."),
           ("R27.8.3", "A built Shrine only; entering it stops the move and may give its "
                       "benefit (a Scoring Card costs 1 speed)."),
           ("R27.9", "A Patron Token may construct a Shrine instead."),
           ("R27.10", "The end needs every Shrine built. Tier I 4, II 9, III 15, summit "
                      "20-25; 2 per Blockade.")),
)

PAGES: tuple[Page, ...] = HOWTO + REFERENCE
