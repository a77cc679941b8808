"""The tutorial's lessons as data: each step says what to do and why, and names the one
choice of the real pending decision to teach (picked from the engine's own choices, so the
engine keeps deciding what is legal). Each lesson starts from a prepared position, a save
of real play in saves/scenarios/aac/ (made by `python -m engine scenarios`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.aac import events as ev
from engine.aac.events import Event
from engine.aac.game import Game
from engine.aac.state import EMPTY
from engine.kernel.decisions import Decision
from game.aac.tutorial.plan import plan

Pick = Callable[[Game, Decision], str | None]
Focus = Callable[[Game], str]


@dataclass(frozen=True)
class Step:
    say: str  # what to do ({you} and {bot} become the characters' names)
    why: str = ""  # why it matters
    kinds: tuple[str, ...] = ()  # the decisions it answers; () for a step read with "Next"
    pick: Pick | None = None  # which choice to teach (None: the first)
    repeat: bool = False  # stays while decisions of its kinds keep coming
    optional: bool = False  # passed over when its decision does not come
    focus: str | Focus = ""  # a "Next" step: the target or area it shows ("" for none)
    after_turn: bool = False  # a "Next" step that waits until the learner's turn is done


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    position: str  # a scenario file in saves/scenarios/aac
    steps: tuple[Step, ...]


# --- picks -----------------------------------------------------------------------------------
def first(*prefixes: str) -> Pick:
    """The first choice whose id starts with one of the prefixes (tried in order)."""
    def pick(g: Game, d: Decision) -> str | None:
        for p in prefixes:
            for c in d.choices:
                if c.id == p or c.id.startswith(p):
                    return c.id
        return None
    return pick


def planned(goal: Callable[[Game, list[Event]], bool], fallback: Pick | None = None,
            skip: tuple[str, ...] = ("end", ":reposition")) -> Pick:
    """The first choice of the shortest plan that reaches `goal` within this seat's
    decisions (a lesson on deploying never repositions)."""
    def pick(g: Game, d: Decision) -> str | None:
        path = plan(g, goal, skip=skip)
        if path:
            return path[0]
        return fallback(g, d) if fallback is not None else None
    return pick


def deploys_to_a_monument(g: Game, events: list[Event]) -> bool:
    d = g.pending
    return d is not None and d.kind == "deploy_energy" and any(
        t.startswith("section:") for c in d.choices for t in c.targets)


def completes_a_section(seat: int, rose: bool) -> Callable[[Game, list[Event]], bool]:
    def goal(g: Game, events: list[Event]) -> bool:
        for e in events:
            if isinstance(e, ev.SectionCompleted) and e.completer == seat:
                mine = [v % 4 for v in g.state.monuments[e.monument].spaces
                        if v >= 0 and v // 4 == seat]
                return not rose or (len(mine) >= 2 and 1 in mine)  # 1: a Rose comes back
        return False
    return goal


def completing_section(seat: int) -> Pick:
    return planned(completes_a_section(seat, True), planned(completes_a_section(seat, False),
                                                           nearest_section))


def _open_symbols(g: Game) -> set[int]:
    out: set[int] = set()
    for m in g.state.monuments.values():
        sec = g.rules.sections.get(m.stack[0]) if m.stack and not m.completed else None
        if sec is None:
            continue
        out |= {sec.symbols[i] for i, v in enumerate(m.spaces)
                if v == EMPTY and i < len(sec.symbols)}
    return out


TYPES = ("compass", "rose", "magnet", "wild")


def load_for_monuments(g: Game, d: Decision) -> str | None:
    """Loading a top slot: an energy whose symbol an open section waits for (so a Deploy can
    build with it); a bottom slot: any energy."""
    loads = [c for c in d.choices if c.id.startswith("load:")]
    top = any(t.endswith(":top") for c in loads for t in c.targets)
    if top:
        wanted = _open_symbols(g)
        for c in loads:
            t = c.id.split(":", 1)[1]
            if t in TYPES and TYPES.index(t) in wanted:
                return c.id
    return loads[0].id if loads else None


def nearest_section(g: Game, d: Decision) -> str | None:
    """A monument space, on the section closest to being complete; else the first choice."""
    best: tuple[int, str] | None = None
    for c in d.choices:
        for t in c.targets:
            if t.startswith("section:"):
                mon = t.split(":")[1]
                left = sum(1 for v in g.state.monuments[mon].spaces if v == EMPTY)
                if best is None or left < best[0]:
                    best = (left, c.id)
    return best[1] if best else None


def bind_keeping_a_rose(g: Game, d: Decision) -> str | None:
    ids = [c.id for c in d.choices]
    return next((i for i in ids if i != "bind:rose"), ids[0] if ids else None)


def to_staging(g: Game, d: Decision) -> str | None:
    """A Claim's new tile replaces a staging tile (its energy is not lost)."""
    for c in d.choices:
        if any(t.startswith("staging:") for t in c.targets):
            return c.id
    return d.choices[0].id if d.choices else None


def monument_to_complete(seat: int) -> Focus:
    def focus(g: Game) -> str:
        path = plan(g, completes_a_section(seat, False), budget=6000, depth=8,
                    skip=("end", "advance", ":reposition"))
        if not path:
            return ""
        h = g.clone()
        for cid in path:
            for e in h.choose(cid):
                if isinstance(e, ev.SectionCompleted):
                    return f"monument:{e.monument}"
        return ""
    return focus


# --- the lessons -----------------------------------------------------------------------------
LEARNER = 0  # the learner's seat in every prepared position; seat 1 is the easy bot

LESSONS: tuple[Lesson, ...] = (
    Lesson("turns", "Your first turns", "tutorial-2p.json", (
        Step("Welcome! You play {you} against {bot}, an easy bot. This is your "
             "transmutation device.",
             "Each turn is either an Advance, which brings energy into it, or an Actions "
             "turn, which spends it. Let's try both.", focus="device"),
        Step("Choose an Advance turn.",
             "An Advance pushes a fresh tile into your device and fills it with energy.",
             ("turn_type",), first("advance")),
        Step("Push this staging tile into position 1.",
             "Every tile slides one step right; the tile at position 5 drops out to the "
             "staging area.", ("push_tile",)),
        Step("Load the new tile: click the highlighted slot, then the energy to put there.",
             "Top-row energy goes to the board when you Deploy it. Bottom-row energy pays "
             "for the action under its tile.", ("load_slot",), load_for_monuments,
             repeat=True),
        Step("Stop after one push.",
             "A charged Channel marker could push the other staging tile too. Keep it for "
             "later.", ("second_push",), first("stop"), optional=True),
        Step("Finish your Advance turn.", "", ("end_of_advance",), first("done"),
             optional=True),
        Step("Your turn again. This time, choose Actions.",
             "On an Actions turn you spend bottom-row energy: one energy pays for one "
             "action.", ("turn_type",), first("actions")),
        Step("Spend the highlighted energy: the action under its tile is a Deploy.",
             "Deploy sends the top row of one tile onto the board.", ("action",),
             planned(deploys_to_a_monument, first("act:"))),
        Step("Choose Deploy.", "This action offers two things; Deploy is the one to take now.",
             ("effect_option",), planned(deploys_to_a_monument, first("opt:0")),
             optional=True),
        Step("Deploy this tile: every energy in its top row goes to the board.",
             "The action says which positions it may deploy from.", ("deploy_tile",),
             planned(deploys_to_a_monument)),
        Step("Place the energy on a matching space of a monument.",
             "The symbol must match the energy's, and a Wild fits any space. Filling a "
             "section earns perks.", ("deploy_energy",), nearest_section, repeat=True),
        Step("End your turn.",
             "You could spend more energy, but that is plenty for a first Deploy.",
             ("action",), first("end"), optional=True),
        Step("Well done: you have played both kinds of turn!",
             "Next, a moment later in this game, when you can complete a section.",
             after_turn=True),
    )),
    Lesson("complete", "Completing a section", "tutorial-2p-complete.json", (
        Step("Later in the same game. The highlighted monument needs one more energy, and "
             "you can send it.",
             "Whoever fills the last space of a section completes it.",
             focus=monument_to_complete(LEARNER)),
        Step("Choose Actions.", "", ("turn_type",), first("actions")),
        Step("Spend the highlighted energy: its action can deploy the energy you need.", "",
             ("action",), completing_section(LEARNER)),
        Step("Choose Deploy.", "", ("effect_option",), completing_section(LEARNER),
             optional=True),
        Step("Deploy this tile.", "Its top row holds the energy that completes the section.",
             ("deploy_tile",), completing_section(LEARNER), optional=True),
        Step("Fill the last space of the section.",
             "That completes it. A completed section is resolved when your turn ends.",
             ("deploy_energy",), completing_section(LEARNER), repeat=True),
        Step("End your turn: completed sections are resolved now.",
             "Everyone with energy on the section takes part, the completer last.",
             ("action",), first("end"), optional=True),
        Step("Resolve the highlighted section first.", "", ("resolve_order",),
             optional=True),
        Step("You completed it: bind one of your energy into the monument's bound area.",
             "Bound energy stays there and scores at the end: 3 for one, 7 for two, 12 for "
             "three.", ("completer_bind",), bind_keeping_a_rose),
        Step("Take a perk: the section's perk frees energy from your Reserve.",
             "You could take the monument's bonus tile instead. Everyone on the section "
             "takes one perk.", ("participant",), first("perk:section", "perk:")),
        Step("Activate the energy coming back to you.",
             "A Rose gives 2 movement points, a Magnet loads itself into your device, a "
             "Compass flies to another place.", ("participant",),
             first("activate:rose", "activate:")),
        Step("Walk your figure: click a highlighted space.",
             "Figures only walk forward, and a gap turns them around. Where yours stands "
             "decides where you may bind from your tracks.", ("move",),
             first("step:", "done"), repeat=True),
        Step("Section built! The next section of that monument is open now.",
             "Next: your two tracks and the Tile Pool.", after_turn=True),
    )),
    Lesson("claim", "A track and a claim", "tutorial-2p-claim.json", (
        Step("These are your two tracks: the Monument Track and the Pillar Track.",
             "Energy that climbs to the top peg can be bound beside a monument or on a "
             "pillar, where it scores.", focus=f"track:{LEARNER}:monument track:{LEARNER}:pillar"),
        Step("Choose Actions.", "", ("turn_type",), first("actions")),
        Step("Spend the energy under position 4: Movement.",
             "It moves your figure, or one of your tracks.", ("action",), first("act:4")),
        Step("Choose one step on the Monument Track.",
             "On an empty track, a step puts an energy from your Exhausted pool on the "
             "lowest peg.", ("effect_option",), first("opt:1:move_track", "opt:")),
        Step("Put an energy on the track.",
             "Three more steps bring it to the top; from there you bind it during any "
             "movement.", ("move",), first("monument_enter:", "done")),
        Step("Stop moving.", "", ("move",), first("done"), optional=True),
        Step("Now spend the energy under position 2: Claim or Reposition.", "",
             ("action",), first("act:2")),
        Step("Choose Claim.", "A Claim buys tiles from the Tile Pool with your bank energy.",
             ("effect_option",), first("opt:0:claim", "opt:")),
        Step("Claim the highlighted tile: its slot costs 1 energy.",
             "The four slots cost 1, 2, 2 and 3 energy from your bank.", ("claim_pick",),
             first("pick:1", "pick:")),
        Step("One tile is enough: claim no more.", "", ("claim_pick",), first("done"),
             optional=True),
        Step("Pay with an energy from your bank.", "", ("claim_pay",), repeat=True,
             optional=True),
        Step("Choose the tile it replaces: a staging tile loses no energy.",
             "You always have seven tiles, so the old one leaves the game.",
             ("claim_replace",), to_staging),
        Step("Interest: add one more energy to your bank.",
             "After a Claim, everyone with energy in the bank may add one.", ("interest",),
             first("interest:", "decline"), repeat=True, optional=True),
        Step("End your turn.", "", ("action",), first("end"), optional=True),
        Step("That is the tutorial: well played!",
             "Play on against the easy bot to the end of the game. F1 opens the guide at "
             "any time.", after_turn=True),
    )),
)
