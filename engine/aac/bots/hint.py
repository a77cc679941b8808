"""Hints: what the hard bot would do now, with a one-line reason in words.

`hint(game, seat)` reads only the seat's view (`Game.view`: hidden parts redacted), rebuilds a
game from it (engine.aac.bots.determinize) and lets a hard bot plan the seat's decision
(engine.aac.bots.planner.PlannerBot.plan_for). The game itself is never changed. The plan is
then played out on the rebuilt game to the end of the turn, and what it does
(energy placed, sections completed, claims, bridges, binding, VP) is told with catalog names:

    Hint(choices=("actions", "act:2:magnet", ...),
         reason="Actions turn: 2 Magnets on Ember Forge, completes its section 2 and you bind
         first, +3 VP")
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from engine.aac import events as ev
from engine.aac import names
from engine.aac.bots.planner import PlannerBot
from engine.aac.data import Rules
from engine.aac.game import Game
from engine.kernel.events import Event

__all__ = ["MAX_REASON", "Hint", "hint", "reason_for"]

MAX_REASON = 110  # characters: one line in the table's hint box


class Hint(NamedTuple):
    choices: tuple[str, ...]  # the hard bot's planned choice ids, the first for this decision
    reason: str  # one line in words, catalog names only


def _plural(word: str, n: int) -> str:
    if n == 1:
        return word
    return word + ("es" if word.endswith("s") else "s")


def _energy_count(n: int, t: str) -> str:
    return f"{n} {_plural(names.energy(t), n)}"


def _parts(r: Rules, seat: int, events: list[Event]) -> list[str]:
    """What the seat's planned choices do, in words (most telling first)."""
    placed: Counter[tuple[str, str]] = Counter()
    bound: Counter[str] = Counter()
    loads = pushes = 0
    done: list[str] = []
    for e in events:
        if isinstance(e, ev.TokenMoved) and e.owner == seat:
            if e.dst.startswith("section:"):
                placed[(e.dst.split(":")[1], e.etype)] += 1
            elif e.dst.startswith(("bound:", "pillar:")):
                bound[e.dst.split(":")[0]] += 1
            elif e.reason == "loaded":
                loads += 1
        elif isinstance(e, ev.TilesPushed) and e.seat == seat:
            pushes += 1
        elif isinstance(e, ev.SectionCompleted):
            num = names.section_number(r, e.section)
            mon = names.nm(r, e.monument)
            if e.completer == seat:
                done.append(f"completes {mon}'s {num} and you bind first")
            elif e.cause == "patron":
                done.append(f"completes {mon}'s {num} with your Patron Token")
        elif isinstance(e, ev.SectionConstructed):
            num = names.section_number(r, e.section)
            mon = names.nm(r, e.monument)
            if not any(mon in x and num in x for x in done):
                done.append(f"builds {mon}'s {num}")
        elif isinstance(e, ev.TileClaimed) and e.seat == seat:
            done.append(f"claims {names.tile(r, e.tile)}")
        elif isinstance(e, ev.BridgeBuilt) and e.seat == seat:
            done.append("builds a bridge")
        elif isinstance(e, ev.ActionUpgraded) and e.seat == seat:
            done.append("takes an Action Upgrade")
        elif isinstance(e, ev.ConduitGained) and e.seat == seat:
            done.append("gains a Conduit Token")
        elif isinstance(e, ev.PatronTaken) and e.seat == seat:
            done.append(f"takes the Patron Token of {names.nm(r, e.monument)}")
    out: list[str] = []
    by_mon: dict[str, list[str]] = {}
    for (mon, t), n in placed.items():
        by_mon.setdefault(mon, []).append(_energy_count(n, t))
    for mon, what in by_mon.items():
        out.append(f"{' and '.join(what)} on {names.nm(r, mon)}")
    out.extend(done)
    if bound["bound"]:
        out.append(f"binds {bound['bound']} energy")
    if bound["pillar"]:
        out.append(f"binds {bound['pillar']} on a pillar")
    if pushes > 1:
        out.append(f"pushes {pushes} tiles")
    if loads:
        out.append(f"loads {loads} energy")
    return out


def reason_for(r: Rules, label: str, seat: int, events: list[Event], vp: int,
               steps: tuple[str, ...] = ()) -> str:
    """The one-line reason: the first choice's words, then what the plan does (when none of
    that is told by its events, its next choices' own words: "then ...")."""
    head = label.split(":", 1)[0] if ":" in label and len(label) > 40 else label
    parts = _parts(r, seat, events)
    told = bool(parts)
    if not told:
        parts = [f"then {st[0].lower()}{st[1:]}" for st in steps if st and st != label][:3]
    if vp:
        parts.append(f"{vp:+d} VP")
    text = head
    for i, p in enumerate(parts):
        nxt = text + (": " if i == 0 and told else ", ") + p
        if len(nxt) > MAX_REASON:
            break
        text = nxt
    return text[:MAX_REASON]


def hint(game: Game, seat: int, seed: int = 0) -> Hint:
    """The hard bot's plan for `seat`'s pending decision and why, from the seat's view only.
    Nothing of `game` changes. No decision for the seat: no choices, and a reason saying so."""
    d = game.pending
    if d is None or d.seat != seat:
        return Hint((), "Nothing for you to decide now.")
    view = game.view(seat)
    bot = PlannerBot(seed ^ int(view["decisions"]), "hard")
    g, plan = bot.plan_for(view, d)
    if g is None or not plan:
        first = d.choices[0]
        return Hint((first.id,), first.label[:MAX_REASON])
    first_choice = d.find(plan[0])
    label = first_choice.label if first_choice is not None else plan[0]
    before = g.final_scores()[seat].total
    events: list[Event] = []
    played = g.clone()
    todo = list(plan)
    steps: list[str] = []  # the words of the seat's planned choices after the first
    # the plan, then the rest of the turn (its completions resolve at its end, R15.4): other
    # seats' decisions inside it (interest, participants) and any beyond the plan are greedy
    for _ in range(400):
        pd = played.pending
        if pd is None:
            break
        if pd.seat == seat and todo:
            if pd.find(todo[0]) is None:
                break  # the plan no longer fits (a tile drawn from the guessed supply)
            planned = pd.find(todo[0])
            if planned is not None and len(todo) < len(plan):
                steps.append(planned.label)
            step = played.choose(todo.pop(0))
        else:
            step = played.choose(bot.greedy_choice(played))
        events.extend(step)
        if any(isinstance(e, ev.TurnStarted | ev.GameEnded) for e in step):
            break
    vp = played.final_scores()[seat].total - before
    return Hint(tuple(plan), reason_for(g.rules, label, seat, events, vp, tuple(steps)))
