"""R4 turn structure as named steps (R4.2, E1-E5), R23 game end as a list of conditions.

A module adds turn steps and end conditions through its ModuleDef (engine.aac.modules)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.aac import events as ev
from engine.aac.core import Ctx
from engine.aac.modules import EndCondition, ModuleDef, TurnStep, enabled, on_register
from engine.aac.rules.actions import ActionsFrame
from engine.aac.rules.advance import AdvanceFrame
from engine.aac.rules.completion import DETECT, CompletionPhase, pending_completions
from engine.aac.rules.endturn import EndOfAdvanceFrame, EndOfTurnAbilities, has_e1_work, has_e3_work
from engine.aac.score_notes import ZERO, explain, snapshot
from engine.aac.scoring import final_scores, ranking, score_player
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame

TURN_CHOICES = (
    Choice("advance", "Advance turn: push tiles through your device"),
    Choice("actions", "Actions turn: spend bottom-row energy on actions"),
)
TURN_DECISIONS = tuple(Decision(seat, "turn_type", "Advance or Actions?", TURN_CHOICES)
                       for seat in range(5))  # decisions are immutable: one per seat


def start_turn_flags(ctx: Ctx) -> None:
    for p in ctx.s.players:
        if p.entered:
            p.entered.clear()
        if p.bridges_used:
            p.bridges_used.clear()
        if p.used:
            p.used.clear()


def _choose_type(ctx: Ctx, seat: int) -> Decision:
    """R4.2: entering the turn (R4.1, once), then Advance or Actions."""
    s = ctx.s
    if s.turn_type == "":
        s.active = seat
        s.turn += 1
        start_turn_flags(ctx)
        s.turn_type = "choosing"
        ctx.emit(ev.TurnStarted(seat, s.turn, s.end_triggered))
    return TURN_DECISIONS[seat]


def _apply_type(ctx: Ctx, seat: int, c: Choice) -> None:
    ctx.s.turn_type = c.id
    ctx.emit(ev.TurnTypeChosen(seat, c.id))
    if c.id == "advance":
        ctx.push(AdvanceFrame(seat, 0, False, 0, 0))
    else:
        ctx.push(ActionsFrame(seat))


def _end_of_advance(ctx: Ctx, seat: int) -> bool:
    """E1 (R4.3): conduit movement and Patron use after an Advance turn."""
    if ctx.s.turn_type == "advance" and has_e1_work(ctx, seat):
        ctx.push(EndOfAdvanceFrame(seat, False, False))
        return True
    return False


def _completions(ctx: Ctx, seat: int) -> bool:
    """E2 (R15.4): resolve every pending completion, of any kind."""
    if (pending_completions(ctx) if DETECT else ctx.s.completions):
        ctx.push(CompletionPhase(seat))
        return True
    return False


def _abilities(ctx: Ctx, seat: int) -> bool:
    """E3 (R4.3): end-of-turn abilities."""
    if has_e3_work(ctx):
        ctx.push(EndOfTurnAbilities(seat, 0, ()))
        return True
    return False


def _monuments_built(ctx: Ctx) -> bool:
    return all(not m.stack for m in ctx.s.monuments.values())


def _ends_now(ctx: Ctx) -> bool:
    """Every end condition holds (R23.1)."""
    for c in end_conditions(ctx.s.modules):  # noqa: SIM110 - a plain loop is faster here
        if not c.met(ctx):
            return False
    return True


def _end_of_turn(ctx: Ctx, seat: int) -> bool:
    """E4 game-end check (R23.1), E5 next player (R23.2). The turn frame is done."""
    s = ctx.s
    ctx.pop()
    update_scores(ctx)
    if not s.end_triggered and (_ends_now(ctx) if s.modules else
                                all(not m.stack for m in s.monuments.values())):
        s.end_triggered = True
        ctx.emit(ev.FinalRoundTriggered(seat))
    nxt = (seat + 1) % s.n
    s.turn_type = ""
    if s.end_triggered and nxt == s.start_player:
        end_game(ctx)
        return True
    ctx.push(TurnFrame(nxt, FIRST_STEP))
    return True


# The base game's turn (R4): named steps, in order. Saves store the name of the step a turn
# is at; version-1 saves stored the integers 0-5 (persist.upgrade.V1_TURN_PHASES).
BASE_STEPS: tuple[TurnStep, ...] = (
    TurnStep("choose_turn_type", _choose_type, _apply_type),
    TurnStep("end_of_advance", _end_of_advance),
    TurnStep("completions", _completions),
    TurnStep("end_of_turn_abilities", _abilities),
    TurnStep("completions_after_abilities", _completions),
    TurnStep("end_of_turn", _end_of_turn),
)
FIRST_STEP = BASE_STEPS[0].name
LAST_STEP = BASE_STEPS[-1].name
BASE_END_CONDITIONS: tuple[EndCondition, ...] = (
    EndCondition("monuments_built", _monuments_built),  # R23.1
)

_STEPS: dict[tuple[str, ...], tuple[tuple[TurnStep, ...], dict[str, int], int]] = {}


def assemble(base: tuple[TurnStep, ...], extra: list[TurnStep]) -> tuple[TurnStep, ...]:
    """The base steps with each module step put `after` or `before` the step it names (in
    module order). The turn always ends with the base game's last step."""
    steps = list(base)
    for st in extra:
        names = [x.name for x in steps]
        if st.name in names:
            raise ValueError(f"turn step {st.name!r} is declared twice")
        anchor = st.after or st.before
        if anchor not in names:
            raise ValueError(f"turn step {st.name!r}: no step {anchor!r} to go "
                             f"{'after' if st.after else 'before'}")
        if st.after == LAST_STEP:
            raise ValueError(f"turn step {st.name!r}: nothing comes after {LAST_STEP!r}")
        i = names.index(anchor) + (1 if st.after else 0)
        steps.insert(i, st)
    return tuple(steps)


Turn = tuple[tuple[TurnStep, ...], dict[str, int], int]  # steps, index by name, last index
_BASE_TURN: Turn = (BASE_STEPS, {st.name: i for i, st in enumerate(BASE_STEPS)},
                    len(BASE_STEPS) - 1)
_ENDS: dict[tuple[str, ...], tuple[EndCondition, ...]] = {(): BASE_END_CONDITIONS}


def turn_steps(modules: tuple[str, ...]) -> Turn:
    """The turn of a game with these modules: its steps, each step's index, the last index
    (cached)."""
    if not modules:
        return _BASE_TURN
    hit = _STEPS.get(modules)
    if hit is None:
        extra = [st for m in enabled(modules) for st in m.turn_steps]
        steps = assemble(BASE_STEPS, extra)
        hit = _STEPS[modules] = (steps, {st.name: i for i, st in enumerate(steps)},
                                 len(steps) - 1)
    return hit


def end_conditions(modules: tuple[str, ...]) -> tuple[EndCondition, ...]:
    """What the game end needs (R23.1): the base game's, then each module's (cached)."""
    if not modules:
        return BASE_END_CONDITIONS
    hit = _ENDS.get(modules)
    if hit is None:
        extra = tuple(c for m in enabled(modules) for c in m.end_conditions)
        hit = _ENDS[modules] = BASE_END_CONDITIONS + extra
    return hit


def _forget(m: ModuleDef) -> None:
    _STEPS.clear()
    for k in [k for k in _ENDS if k]:
        del _ENDS[k]


on_register(_forget, _forget)


@dataclass(slots=True)
class TurnFrame(Frame, kind="aac.turn"):
    """One turn of `seat`, at the named step `at` (turn_steps: R4.2, E1, E2, E3, E2 again,
    E4/E5, with the steps of the game's modules in between)."""

    seat: int
    at: str

    def step(self, ctx: Ctx) -> Decision | None:
        mods = ctx.s.modules
        steps, index, last = turn_steps(mods) if mods else _BASE_TURN
        i = index[self.at]
        while True:
            r = steps[i].run(ctx, self.seat)
            if r is not True and r is not False:
                return r  # a Decision
            if i == last:
                return None  # the last step ended the turn (its frame is gone)
            i += 1
            self.at = steps[i].name
            if r:
                return None

    def apply(self, ctx: Ctx, c: Choice) -> None:
        mods = ctx.s.modules
        steps, index, _ = turn_steps(mods) if mods else _BASE_TURN
        i = index[self.at]
        fn = steps[i].apply
        assert fn is not None, f"turn step {self.at!r} asks nothing"
        self.at = steps[i + 1].name
        fn(ctx, self.seat, c)


def update_scores(ctx: Ctx) -> None:
    """Emit ScoreChanged for every seat whose current score (R24, as if the game ended now)
    changed during this turn, with the categories that changed and why (engine.aac.score_notes)
    when the game keeps notes."""
    s = ctx.s
    notes = ctx.notes
    first = not s.scores
    if first:
        s.scores = [0] * s.n
        s.score_dirty = (1 << s.n) - 1
    dirty, s.score_dirty = s.score_dirty, 0
    for seat in range(s.n):
        if not dirty >> seat & 1:
            continue
        b = score_player(ctx, seat)
        new, old = b.total, s.scores[seat]
        if notes is None:
            if new != old:
                ctx.emit(ev.ScoreChanged(seat, old, new))
                s.scores[seat] = new
            continue
        snap = snapshot(ctx, seat, b)
        before = ZERO if first else notes.last.get(seat)
        notes.last[seat] = snap
        if new != old:
            parts: tuple[ev.ScorePart, ...] = ()
            if before is not None and before.total == old:
                parts = explain(ctx, seat, before, snap, notes.moves)
            ctx.emit(ev.ScoreChanged(seat, old, new, parts))
            s.scores[seat] = new
    if notes is not None and notes.moves:
        notes.moves.clear()




def end_game(ctx: Ctx) -> None:
    s = ctx.s
    s.over = True
    scores = final_scores(ctx)
    ctx.emit(ev.GameEnded(tuple(sc.total for sc in scores), tuple(ranking(ctx)[0])))
