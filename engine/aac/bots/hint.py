"""Hints: what the hard bot would do now, and why, in one line a learner can use.

`hint(game, seat)` reads only the seat's view (`Game.view`: hidden parts redacted), rebuilds a
game from it (engine.aac.bots.determinize) and lets a hard bot plan the seat's decision
(engine.aac.bots.planner.PlannerBot.plan_for): the plan its evaluation
(engine.aac.bots.evaluate) rates best. The game itself is never changed. The plan is then
played out on the rebuilt game to the end of the turn (its completions resolve at its end,
R15.4), and the reason says what it achieves, the most telling first, with catalog names:

    Hint(choices=("actions", "act:3:magnet", ...),
         reason="Actions turn — completes Obsidian Gate's section 1: you bind there and
                 score 3, +5 VP")

What counts, in the order told: a section completed (the completer binds, R15.5.4; the VP
its bound area then scores, R24.2), an Achievement claimed (R22.3) and what it scores now
(R24.5), a bridge built and the power it uncovers (R20.3, R25.1), energy bound from a track
(R13.5), a tile claimed and the Achievement it qualifies for (R9, R22.1), an upgrade or a
Conduit (R18, R19), energy put on a section (how far the section is then filled), energy
freed from the Reserve (R17.2), then the evaluation's smaller terms: energy banked, a track
moved up, energy loaded into the device for later. Then the change of score, "+5 VP".

`explain(game, seat, choice_id)` is the same reason for one given choice (the tutorial's
questions on the way): the choice, then the rest of the turn as the hard bot would play it.
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from engine.aac import events as ev
from engine.aac import names
from engine.aac.bots.determinize import game_from_view
from engine.aac.bots.greedy import matches
from engine.aac.bots.planner import PlannerBot
from engine.aac.core import Ctx
from engine.aac.counters import qualifies
from engine.aac.data import Rules
from engine.aac.game import Game
from engine.aac.scoring import score_player
from engine.aac.state import GameState
from engine.kernel.events import Event

__all__ = ["MAX_REASON", "Hint", "explain", "hint", "reason_for"]

# characters: one line of the prompt bar's detail (12 px) and of the status line (15 px)
MAX_REASON = 98
SEP = " — "  # between the move and its reason


class Hint(NamedTuple):
    choices: tuple[str, ...]  # the hard bot's planned choice ids, the first for this decision
    reason: str  # one line in words, catalog names only


def _plural(word: str, n: int) -> str:
    if n == 1:
        return word
    return word + ("es" if word.endswith("s") else "s")


def _count(n: int, word: str) -> str:
    return f"{'a' if n == 1 else n} {_plural(word, n)}"


def _energies(types: Counter[str]) -> str:
    """"a Rose and 2 Compasses"; "2 energy" when there are more than two types."""
    if len(types) > 2:
        return f"{sum(types.values())} energy"
    return " and ".join(_count(n, names.energy(t)) for t, n in types.items())


def _bound_vp(r: Rules, n: int) -> int:
    return r.bound_vp[min(len(r.bound_vp) - 1, n)]


def _power(r: Rules, state: GameState, seat: int, tier: int) -> str:
    """The name of the seat's power that its Bridge Token of `tier` uncovers (R25.1)."""
    char = r.characters.get(state.players[seat].character)
    if char is None:
        return ""
    return next((p.name for p in char.powers if p.tier == tier), "")


def _bridge(r: Rules, space: str) -> str:
    regions = r.space_regions.get(space, ())
    if len(regions) == 2:
        return f"a bridge between {names.nm(r, regions[0])} and {names.nm(r, regions[1])}"
    return "a bridge"


def _qualified(r: Rules, before: GameState, after: GameState, seat: int) -> list[str]:
    """Achievements the seat qualifies for after the plan but not before (R22.1)."""
    out = []
    for aid in after.achievements:
        if qualifies(Ctx(after, r), seat, aid) and not qualifies(Ctx(before, r), seat, aid):
            out.append(names.nm(r, aid))
    return out


def _facts(r: Rules, seat: int, events: list[Event], before: GameState | None = None,
           after: GameState | None = None) -> list[str]:
    """What the seat's plan does, in words, the most telling first."""
    big: list[str] = []  # completions, Achievements, bridges, binds
    mid: list[str] = []  # claims, upgrades, conduits, the Patron Token, sections filled
    small: list[str] = []  # the evaluation's smaller terms
    placed: dict[str, Counter[str]] = {}
    completed: set[str] = set()  # monuments whose section the seat completed
    freed = banked = loads = pushes = 0
    climbed: Counter[str] = Counter()  # track -> pegs
    track_binds: Counter[str] = Counter()
    binds: list[tuple[str, str]] = []  # completer binds: (region, energy type)
    claimed_ach: set[str] = set()
    # sections the seat completed before this decision, resolved in this turn's end (R15.4)
    waiting = {c.monument for c in before.completions
               if c.kind == "section" and c.completer == seat} if before is not None else set()
    for e in events:
        if isinstance(e, ev.SectionCompleted):
            mon = names.nm(r, e.monument)
            num = names.section_number(r, e.section)
            if e.completer == seat:
                completed.add(e.monument)
                region = r.monuments[e.monument].region
                if after is not None and region in after.bound:
                    score = _bound_vp(r, sum(after.bound[region][seat]))
                    big.append(f"completes {mon}'s {num}: you bind and score {score}")
                else:
                    big.append(f"completes {mon}'s {num}: you bind there")
            elif e.cause == "patron" and any(
                    isinstance(x, ev.PatronUsed) and x.seat == seat for x in events):
                big.append(f"completes {mon}'s {num} with your Patron Token")
        elif isinstance(e, ev.SectionConstructed) and e.monument in waiting:
            waiting.discard(e.monument)
            completed.add(e.monument)
            region = r.monuments[e.monument].region
            num = names.section_number(r, e.section)
            score = _bound_vp(r, sum(after.bound[region][seat])) if after is not None else 0
            big.append(f"resolves {names.nm(r, e.monument)}'s {num}: you bind"
                       + (f" and score {score}" if score else ""))
        elif isinstance(e, ev.AchievementClaimed) and e.seat == seat:
            worth = ""
            if before is not None and after is not None:
                gain = (score_player(Ctx(after, r), seat).part("achievements")
                        - score_player(Ctx(before, r), seat).part("achievements"))
                worth = f" ({gain} VP)" if gain > 0 else ""
            big.append(f"claims {names.nm(r, e.achievement)}{worth}")
            claimed_ach.add(names.nm(r, e.achievement))
        elif isinstance(e, ev.BridgeBuilt) and e.seat == seat:
            known = after or before
            power = _power(r, known, seat, e.tier) if known is not None else ""
            where = _bridge(r, e.space) if e.space else "a bridge"
            big.append(f"builds {where}" + (f", uncovering {power}" if power else ""))
        elif isinstance(e, ev.TokenMoved) and e.owner == seat:
            if e.src.startswith("section:"):  # repositioned or taken back: counted off
                placed.setdefault(e.src.split(":")[1], Counter())[e.etype] -= 1
            if e.dst.startswith("section:"):
                placed.setdefault(e.dst.split(":")[1], Counter())[e.etype] += 1
            elif e.reason == "bound" and e.dst.startswith("bound:"):
                binds.append((e.dst.split(":")[1], e.etype))
            elif e.reason == "bound from track":
                track_binds["pillar" if e.dst.startswith("pillar:") else "bound"] += 1
            elif e.src == "reserve" and e.dst == "exhausted":
                freed += 1
            elif e.dst == "shop" and e.src != "shop":
                banked += 1
            elif e.reason == "loaded":
                loads += 1
        elif isinstance(e, ev.TileClaimed) and e.seat == seat:
            mid.append(f"claims {names.tile(r, e.tile)}")
        elif isinstance(e, ev.ActionUpgraded) and e.seat == seat:
            mid.append(f"upgrades the action of position {e.column}")
        elif isinstance(e, ev.ConduitGained) and e.seat == seat:
            mid.append("gains a Conduit Token")
        elif isinstance(e, ev.PatronTaken) and e.seat == seat:
            mid.append(f"takes the Patron Token of {names.nm(r, e.monument)}")
        elif isinstance(e, ev.TilesPushed) and e.seat == seat:
            pushes += 1
        elif isinstance(e, ev.TrackMoved) and e.seat == seat and e.to_peg > e.from_peg:
            climbed[e.track] += e.to_peg - e.from_peg
    told = {r.monuments[m].region for m in completed}
    for region, t in binds:  # a completer's binding whose completion came before (R15.5.4)
        if region in told:
            continue
        told.add(region)
        score = _bound_vp(r, sum(after.bound[region][seat])) if after is not None else 0
        big.append(f"your {names.energy(t)} bound at {names.monument_of_region(r, region)}"
                   + (f" scores {score}" if score else " scores"))
    for kind, where in (("bound", "from your Monument Track"), ("pillar", "on a Pillar")):
        n = track_binds[kind]
        if n:
            big.append(f"binds {'an' if n == 1 else n} energy {where}")
    if before is not None and after is not None:
        for ach in _qualified(r, before, after, seat):
            if ach not in claimed_ach:
                mid.append(f"qualifies you for {ach}")
    on: list[tuple[str, Counter[str]]] = []
    for mon, counts in placed.items():
        types = Counter({t: n for t, n in counts.items() if n > 0})
        if mon not in completed and types:
            on.append((mon, types))
    if len(on) == 1:
        mon, types = on[0]
        text = f"puts {_energies(types)} on {names.nm(r, mon)}"
        spaces = after.monuments[mon].spaces if after is not None else []
        left = sum(1 for v in spaces if v < 0)
        if left:
            text += f", {left} {'space' if left == 1 else 'spaces'} left"
        mid.append(text)
    elif on:
        total = sum(sum(t.values()) for _, t in on)
        mons = [names.nm(r, m) for m, _ in on]
        mid.append(f"puts {total} energy on " + (", ".join(mons[:-1]) + " and " + mons[-1]))
    if freed:
        mid.append(f"frees {freed} energy from your Reserve")
    if banked:
        small.append(f"banks {banked} energy for tiles")
    if climbed:
        track = names.track(next(iter(climbed))) if len(climbed) == 1 else "track"
        n = sum(climbed.values())
        small.append(f"moves your {track} energy up {n} {'peg' if n == 1 else 'pegs'}")
    if loads:
        small.append(f"loads {loads} energy for later turns")
    if pushes > 1:
        small.append(f"pushes {pushes} tiles")
    return big + mid + small


def reason_for(r: Rules, label: str, seat: int, events: list[Event], vp: int,
               steps: tuple[str, ...] = (), before: GameState | None = None,
               after: GameState | None = None) -> str:
    """The one-line reason: the first choice's words, then what the plan achieves (when its
    events tell nothing, its next choices' own words: "then ..."), then the VP it gains. At
    most MAX_REASON characters; whole parts only, never a cut word."""
    parts = _facts(r, seat, events, before, after)
    if not parts:
        parts = [f"then {st[0].lower()}{st[1:]}" for st in steps if st and st != label][:2]
    if vp > 0:
        parts.append(f"+{vp} VP")
    # the move in its own words, shortened ("Spend the Rose at position 2: Claim or
    # Reposition" -> "Spend the Rose at position 2") when that lets the main reason fit
    head = label
    first = len(SEP + parts[0]) if parts else 0
    if ":" in label and (len(label) > 40 or len(label) + first > MAX_REASON):
        head = label.split(":", 1)[0]
    text = head
    for p in parts:  # a part that does not fit is left out; a shorter one may still fit
        nxt = text + (SEP if text == head else ", ") + p
        if len(nxt) <= MAX_REASON:
            text = nxt
    if len(text) > MAX_REASON:  # a head longer than the line: cut at a word
        text = text[:MAX_REASON - 1].rsplit(" ", 1)[0] + "…"
    return text


def _play_out(g: Game, seat: int, plan: list[str], bot: PlannerBot) -> tuple[
        Game, list[Event], list[str]]:
    """The plan on a copy, then the rest of the turn (its completions resolve at its end,
    R15.4): other seats' decisions inside it (interest, participants) and any beyond the plan
    are the bot's greedy guesses. The copy, the events, the words of the planned choices
    after the first."""
    played = g.clone()
    events: list[Event] = []
    todo = list(plan)
    steps: list[str] = []
    for _ in range(400):
        pd = played.pending
        if pd is None:
            break
        if pd.seat == seat and todo:
            planned = pd.find(todo[0])
            if planned is None:
                break  # the plan no longer fits (a tile drawn from the guessed supply)
            if len(todo) < len(plan):
                steps.append(planned.label)
            step = played.choose(todo.pop(0))
        else:
            step = played.choose(bot.greedy_choice(played))
        events.extend(step)
        if any(isinstance(e, ev.TurnStarted | ev.GameEnded) for e in step):
            break
    return played, events, steps


def _reason(g: Game, seat: int, plan: list[str], bot: PlannerBot, label: str) -> str:
    before = score_player(Ctx(g.state, g.rules), seat).total
    played, events, steps = _play_out(g, seat, plan, bot)
    vp = score_player(Ctx(played.state, played.rules), seat).total - before
    return reason_for(g.rules, label, seat, events, vp, tuple(steps), g.state, played.state)


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
    return Hint(tuple(plan), _reason(g, seat, plan, bot, label))


def explain(game: Game, seat: int, choice_id: str, seed: int = 0, search: bool = True) -> str:
    """Why `choice_id` is a good answer to `seat`'s pending decision, in one line: the
    choice, then the rest of the turn as the hard bot plans it (`search`; else its one-step
    greedy guesses, much quicker), from the seat's view only. The choice's own words when the
    decision is not the seat's or the choice is not legal."""
    d = game.pending
    choice = d.find(choice_id) if d is not None else None
    if choice is None:
        return ""
    if d is None or d.seat != seat:
        return choice.label[:MAX_REASON]
    view = game.view(seat)
    bot = PlannerBot(seed ^ int(view["decisions"]), "hard")
    g = game_from_view(view, seed)
    if not matches(g, d):
        return choice.label[:MAX_REASON]
    plan = [choice_id]
    nxt = g.clone()
    step = nxt.choose(choice_id)
    nd = nxt.pending
    if search and nd is not None and nd.seat == seat and not any(
            isinstance(e, ev.TurnStarted | ev.GameEnded) for e in step):
        _, rest = bot.plan_for(nxt.view(seat), nd)
        plan += rest
    return _reason(g, seat, plan, bot, choice.label)
