"""The tutorial's lessons as data: one continuous game from its first turn to a scored section.

The game starts from saves/scenarios/aac/tutorial-2p.json (made by `python -m engine
scenarios`: engine.aac.persist.scenarios finds a seeded start where the whole arc below is
possible against the easy bot the tutorial seats). The lessons follow each other in that one
game, so nothing happens that the learner does not see or is not told:

1. Your first turn: an Advance (R5): push a tile, load it, stop after one push.
2. Completing a section: an Actions turn (R6) whose Deploys (R7) fill the first section of
   the monument with the Bridge Bonus Tile (R15.1).
3. A tile for an Achievement: a Claim (R9) of the tile that qualifies the learner (R22.1).
4. Scoring the section: at the turn's end the section resolves (R15.4-R15.5): the completer
   binds and scores (R15.5.4, R24.2), takes the Bonus Tile and builds a bridge (R17.4, R20.2),
   which uncovers a power (R20.3, R25.1, R25.3.1); the Rose walks onto a bridge for its
   benefit (R16.2, R20.6); the Compass flies to the Achievement (R16.4, R22.3, R24.5); then
   the score's change is told category by category.

Each step says what to do (`say`) and why (`why`), in words computed from the real position
(names from the catalog, never ids), and names the one choice of the real pending decision to
teach (`pick`, from the engine's own choices: the engine keeps deciding what is legal).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from engine.aac.api import Event, Game, categories, names, score_breakdown
from engine.aac.api import events as ev
from engine.aac.api import tutorial_plan as tp
from engine.kernel.decisions import Choice, Decision

START = "tutorial-2p.json"  # the first turn of the tutorial's game (saves/scenarios/aac)
LEARNER = tp.LEARNER  # the learner's seat; seat 1 is the easy bot
TYPES = ("compass", "rose", "magnet", "wild")
ICON_WORDS = {"pillar": "pillar", "monument": "castle", "move": "winged foot"}


@dataclass(frozen=True)
class At:
    """What a step's words read: the game now, the decision and the choice taught (None for a
    step read with "Next"), the tutorial's start (to tell what happened since) and the
    seats' names."""

    g: Game
    d: Decision | None = None
    c: Choice | None = None
    origin: Game | None = None
    you: str = "You"
    bot: str = "The bot"


Text = str | Callable[[At], str]
Pick = Callable[[Game, Decision], str | None]
Focus = Callable[[Game], str]


@dataclass(frozen=True)
class Step:
    say: Text  # what to do ({you} and {bot} become the characters' names)
    why: Text = ""  # why it is a good move
    kinds: tuple[str, ...] = ()  # the decisions it answers; () for a step read with "Next"
    pick: Pick | None = None  # which choice to teach (None: the first)
    repeat: bool = False  # stays while decisions of its kinds keep coming (and `until` fails)
    optional: bool = False  # passed over when its decision does not come
    focus: str | Focus = ""  # a "Next" step: the target or area it shows ("" for none)
    after_turn: bool = False  # a "Next" step shown once the learner's turn is done
    wait_turn: bool = False  # a "Next" step shown once the learner's next turn begins
    until: Callable[[Game], bool] | None = None  # a repeating step ends once this holds


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    steps: tuple[Step, ...]


# --- what happened: replays from the tutorial's start ----------------------------------------
def replay(origin: Game, g: Game) -> list[Event]:
    """Every event since the tutorial's start (the game continues the start's history)."""
    h = origin.clone()
    h.undo_enabled = False
    out: list[Event] = []
    for cid in g.history[len(origin.history):]:
        out.extend(h.choose(cid))
    return out


def last_turn(origin: Game, g: Game, seat: int) -> list[Event]:
    """The events of `seat`'s most recent turn, from its TurnStarted to the next one."""
    turns: list[list[Event]] = []
    current: list[Event] | None = None
    for e in replay(origin, g):
        if isinstance(e, ev.TurnStarted):
            current = [] if e.seat == seat else None
            if current is not None:
                turns.append(current)
            continue
        if current is not None:
            current.append(e)
    return turns[-1] if turns else []


def turn_ends(origin: Game, g: Game, seat: int) -> tuple[Game, Game]:
    """The game when `seat`'s most recent finished turn began and when it ended (the next
    seat's turn began); the start twice if it has finished none."""
    h = origin.clone()
    h.undo_enabled = False
    began = ended = h.clone()
    mark: Game | None = None
    for cid in g.history[len(origin.history):]:
        for e in h.choose(cid):
            if not isinstance(e, ev.TurnStarted):
                continue
            if mark is not None and e.seat != seat:
                began, ended, mark = mark, h.clone(), None
            if e.seat == seat:
                mark = h.clone()
    return began, ended


# --- words ---------------------------------------------------------------------------------------
def energy(t: int | str) -> str:
    return names.energy(t)


def a(t: int | str) -> str:
    return f"a {energy(t)}"


def listing(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def target(g: Game) -> str:
    """The monument the lessons complete: the one with the Bridge Bonus Tile."""
    return tp.bridge_monument(g)


def mon(g: Game) -> str:
    return names.nm(g.rules, target(g))


def symbols(g: Game) -> str:
    """The target section's symbols, "a Compass, a Magnet and a Rose"."""
    m = g.state.monuments[target(g)]
    sec = g.rules.sections.get(m.stack[0]) if m.stack else None
    return listing([a(t) for t in sec.symbols]) if sec is not None else "energy"


def icon(g: Game) -> str:
    """The icon the Achievement lesson is about (its tile may already be claimed)."""
    return tp.achievement_icon(g) or ("pillar" if "ach_pillars" in g.state.achievements
                                      else "monument")


def achievement(g: Game) -> str:
    aid = tp.achievement_for(g, icon(g))
    return names.nm(g.rules, aid) if aid else "an Achievement"


def power(g: Game, tier: int = 1) -> str:
    char = g.rules.characters.get(g.state.players[LEARNER].character)
    return next((p.name for p in char.powers if p.tier == tier), "a power") if char else "a power"


def regions_of(g: Game, space: str) -> tuple[str, ...]:
    return tuple(names.nm(g.rules, reg) for reg in g.rules.space_regions.get(space, ()))


def bridge_words(g: Game, space: str) -> str:
    """A bridge space by its catalog name ("the inner bridge between Thornwild and
    Duskmere": outer regions share two)."""
    return names.space(g.rules, space)


def position_of(g: Game, tile: str) -> int:
    p = g.state.players[LEARNER]
    return p.device.index(tile) + 1 if tile in p.device else 0


def top_types(g: Game, pos: int) -> list[str]:
    p = g.state.players[LEARNER]
    if not 1 <= pos <= len(p.device):
        return []
    return [TYPES[v] for v in p.top[p.device[pos - 1]] if v >= 0]


def summary(g: Game, events: list[Event], seat: int, name: str) -> str:
    """A seat's turn in one sentence: its type and what reached the board."""
    r = g.rules
    kind = next((e.turn_type for e in events if isinstance(e, ev.TurnTypeChosen)
                 and e.seat == seat), "")
    placed: dict[str, Counter[str]] = {}
    pushes = loads = 0
    done = []
    for e in events:
        if isinstance(e, ev.TokenMoved) and e.owner == seat:
            if e.dst.startswith("section:"):
                placed.setdefault(e.dst.split(":")[1], Counter())[e.etype] += 1
            elif e.reason == "loaded":
                loads += 1
        elif isinstance(e, ev.TilesPushed) and e.seat == seat:
            pushes += 1
        elif isinstance(e, ev.SectionCompleted) and e.completer == seat:
            done.append(f"completed {names.nm(r, e.monument)}'s "
                        f"{names.section_number(r, e.section)}")
        elif isinstance(e, ev.TileClaimed) and e.seat == seat:
            done.append("claimed a tile")
    if kind == "advance":
        text = f"{name} took an Advance turn: {pushes} {'tile' if pushes == 1 else 'tiles'} " \
               f"pushed, {loads} energy loaded"
    elif kind:
        text = f"{name} took an Actions turn"
        on = [f"{listing([f'{n} {energy(t)}' for t, n in c.items()])} on {names.nm(r, m)}"
              for m, c in placed.items()]
        if on:
            text += " and put " + listing(on)
    else:
        return ""
    if done:
        text += ", and " + listing(done)
    return text + "."


def score_words(before: Game, after: Game, seat: int = LEARNER) -> tuple[int, int, list[str]]:
    """The seat's score then and now (as if the game ended, R24) and each category's change
    with its cause in words: "Monuments +3: your Magnet bound at Obsidian Gate"."""
    r = after.rules
    b0 = score_breakdown(before.state, seat)
    b1 = score_breakdown(after.state, seat)
    s0, s1 = before.state, after.state
    out = []
    for cat in categories(s1.modules):
        delta = b1.part(cat.name) - b0.part(cat.name)
        if not delta:
            continue
        cause = ""
        if cat.name == "monuments":
            got = [f"your {energy(t)} bound at {names.monument_of_region(r, reg)}"
                   for reg, rows in s1.bound.items() for t in range(4)
                   for _ in range(rows[seat][t] - s0.bound.get(reg, [[0] * 4] * s0.n)[seat][t])]
            cause = listing(got)
        elif cat.name == "achievements":
            got = [f"your {energy(v % 4)} on {names.nm(r, aid)}"
                   for aid, cols in s1.ach.items() for i, v in enumerate(cols)
                   if v >= 0 and v // 4 == seat and s0.ach.get(aid, [-1, -1])[i] != v]
            cause = listing(got) + (" (2 for each energy of its type you have bound)"
                                    if got else "")
        elif cat.name == "tile_pool":
            cause = "energy paid from your bank" if delta < 0 else "energy added to your bank"
        elif cat.name == "reserve":
            cause = "a row of your Reserve freed"
        sign = "+" if delta > 0 else "−"
        out.append(f"{cat.title} {sign}{abs(delta)}" + (f": {cause}." if cause else "."))
    return b0.total, b1.total, out


# --- picks -----------------------------------------------------------------------------------
def first(*prefixes: str) -> Pick:
    """The first choice whose id is, or starts with, one of the prefixes (tried in order)."""
    def pick(g: Game, d: Decision) -> str | None:
        for p in prefixes:
            for c in d.choices:
                if c.id == p or c.id.startswith(p):
                    return c.id
        return None
    return pick


def planned(goal: Callable[[Game], tp.Goal], allow: Callable[[str], bool],
            depth: int = 7) -> Pick:
    """The first choice of the shortest line of the learner's own choices to the goal (the
    search the generator of the start checked the lesson with)."""
    def pick(g: Game, d: Decision) -> str | None:
        path = tp.shortest(g, goal(g), allow, depth=depth)
        return path[0] if path else None
    return pick


def push_first(g: Game, d: Decision) -> str | None:
    staging = g.state.players[LEARNER].staging
    return f"push:{staging[0]}" if staging and d.find(f"push:{staging[0]}") else None


def load(g: Game, d: Decision) -> str | None:
    return tp.load_pick(g)


def to_target(g: Game) -> tp.Goal:
    return tp.adds_to(target(g))(g)


deploy_pick = planned(to_target, tp.deploying)


def claim_goal(g: Game) -> tp.Goal:
    return tp.claims(g.state.pool[0] if g.state.pool else "")


claim_pick = planned(claim_goal, tp.claiming)


def keep_icons(g: Game, d: Decision) -> str | None:
    """The tile a claimed tile replaces (R9.4): a staging tile (it holds no energy) without
    the Achievement's icon, the fewest icons first."""
    r = g.state.players[LEARNER]
    want = icon(g)
    best: tuple[tuple[int, int, int], str] | None = None
    for c in d.choices:
        tile = c.id.split(":", 1)[1] if ":" in c.id else ""
        if tile not in g.rules.tiles:
            continue
        icons = g.rules.tiles[tile].icons
        key = (tile not in r.staging, want in icons, len(icons))
        if best is None or key < best[0]:
            best = (key, c.id)
    return best[1] if best else None


def bind_pick(g: Game, d: Decision) -> str | None:
    """Bind what is neither the Rose (it walks) nor the Compass (it flies)."""
    ids = [c.id for c in d.choices]
    return next((i for i in ids if i not in ("bind:rose", "bind:compass")), ids[0] if ids else None)


def bridge_pick(g: Game, d: Decision) -> str | None:
    """Bridge Token I on a gap (R20.2 a) touching the figure's region, the target monument's
    region first; side A (2 movement points for whoever crosses it)."""
    r = g.rules
    here = set(r.space_regions.get(g.state.players[LEARNER].figure, ()))
    there = r.monuments[target(g)].region
    best: tuple[tuple[bool, bool, bool], str] | None = None
    for c in d.choices:
        parts = c.id.split(":")
        if len(parts) != 3:
            continue
        regs = set(r.space_regions.get(parts[1], ()))
        key = (parts[0] != "build", not (regs & here), there not in regs or parts[2] != "A")
        if best is None or key < best[0]:
            best = (key, c.id)
    return best[1] if best else None


def power_pick(g: Game, d: Decision) -> str | None:
    char = g.state.players[LEARNER].character
    name = power(g)
    return next((c.id for c in d.choices if c.id == char or c.label.startswith(name)), None)


def on_bridge(g: Game, events: list[Event]) -> bool:
    d = g.pending
    return any(isinstance(e, ev.BridgeBenefit) for e in events) or (
        d is not None and d.seat == LEARNER and d.kind == "bridge_benefit")


def walking(cid: str) -> bool:
    return cid.startswith("step:")


walk_pick = planned(lambda g: on_bridge, walking, depth=4)


def took_benefit(g: Game) -> bool:
    return bool(g.state.players[LEARNER].bridges_used)


def completed(g: Game) -> bool:
    m = g.state.monuments[target(g)]
    return m.completed or bool(m.built)


def claimed(g: Game) -> bool:
    p = g.state.players[LEARNER]
    return any(t in (*p.device, *p.staging) for t in g.rules.shop_tiles)


def monument_focus(g: Game) -> str:
    return f"monument:{target(g)}"


# --- the words of each step ------------------------------------------------------------------
def why_advance(at: At) -> str:
    stuck = top_types(at.g, 3)
    p = at.g.state.players[LEARNER]
    empty5 = len(p.device) == 5 and all(v < 0 for v in (*p.top[p.device[4]],
                                                       *p.bottom[p.device[4]]))
    text = ("Your Deploy actions reach the tiles at positions 1–2 and 4–5. " +
            (f"The {listing([energy(t) for t in stuck])} on top of position 3 is out of "
             "reach; one push moves every tile one position right, and it reaches "
             "position 4." if stuck else "A push brings a fresh tile in."))
    if empty5:
        text += " Nothing is lost: the tile at position 5 is empty."
    return text


def why_stop(at: At) -> str:
    fall = top_types(at.g, 5)
    what = f", with the {listing([energy(t) for t in fall])} on it" if fall else ""
    return ("A second push costs your charged Channel Marker and would push the tile now at "
            f"position 5 out of your device{what}. Keep the marker for a later turn.")


def ready(at: At) -> str:
    return (f"Your device is lined up: next turn, your Deploys can send {symbols(at.g)} to "
            f"{mon(at.g)}.")


def bot_turn(at: At) -> str:
    text = ""
    if at.origin is not None:
        text = summary(at.g, last_turn(at.origin, at.g, 1 - LEARNER), 1 - LEARNER, at.bot)
    return (text + " " if text else "") + \
        f"Now look at {mon(at.g)}: its first section needs {symbols(at.g)}."


def reach(g: Game, cid: str) -> list[int]:
    """The positions whose tiles the Deploy that `cid` leads to can deploy (the choice, then
    the action's Deploy option and another position's action if asked): [] if none."""
    h = g.clone()
    h.choose(cid)
    for _ in range(3):
        nd = h.pending
        if nd is None or nd.seat != LEARNER:
            return []
        if nd.kind == "deploy_tile":
            return [int(x.id.split(":")[1]) for x in nd.choices
                    if x.id.startswith("tile:") and x.id.split(":")[1].isdigit()]
        nxt = next((x.id for x in nd.choices if "deploy" in x.id), None)
        if nd.kind not in ("effect_option", "channel_position") or nxt is None:
            return []
        h.choose(nxt)
    return []


def deploy_say(at: At) -> str:
    d, c, g = at.d, at.c, at.g
    if d is None or c is None:
        return ""
    if d.kind == "action":
        if c.id.startswith("act:5"):
            return c.label.split(":")[0] + ": it uses another position's action."
        return c.label.split(":")[0] + ": its action is a Deploy."
    if d.kind == "channel_position":
        return f"Use the Deploy of {c.label.split(':')[0].lower()}."
    if d.kind == "effect_option":
        return "Choose Deploy."
    if d.kind == "deploy_tile":
        pos = int(c.id.split(":")[1]) if c.id.split(":")[1].isdigit() else 0
        return f"Deploy the tile at position {pos}: its " \
               f"{listing([energy(t) for t in top_types(g, pos)])} goes to the board."
    if d.kind == "deploy_energy":
        t = c.id.split(">")[0]
        h = g.clone()
        h.choose(c.id)
        if h.state.monuments[target(g)].completed:
            return f"Fill the last space: you complete {mon(g)}'s first section!"
        return f"Put the {energy(t)} on {mon(g)}'s {energy(t)} space."
    return c.label


def deploy_why(at: At) -> str:
    d, c, g = at.d, at.c, at.g
    if d is None or c is None:
        return ""
    if d.kind in ("action", "channel_position", "effect_option"):
        if d.kind == "action" and c.id.startswith("act:5"):
            return ("Position 5's action uses the action of any other position: one more "
                    "Deploy. Each bottom-row energy pays for one action.")
        where = " or ".join(map(str, reach(g, c.id)))
        if d.kind == "effect_option":
            return (f"This action deploys the tile at position {where}, or recharges your "
                    "Channel Marker: deploy now.")
        if where:
            return (f"Its Deploy reaches the tile at position {where}. Each bottom-row energy "
                    "pays for one action.")
        return "Each bottom-row energy pays for the action printed under its position."
    if d.kind == "deploy_tile":
        return "A Deploy sends every energy on the tile's top row to the board, one at a time."
    if d.kind == "deploy_energy":
        h = g.clone()
        h.choose(c.id)
        if h.state.monuments[target(g)].completed:
            return ("Whoever fills a section's last space completes it. When your turn ends "
                    "you, the completer, bind one of your energy beside the monument: it "
                    "scores.")
        return ("An energy goes on an empty space with its own symbol (a Wild on any), on "
                f"any monument. {mon(g)}'s section is yours to complete this turn.")
    return ""


def claim_say(at: At) -> str:
    d, c = at.d, at.c
    if d is None or c is None:
        return ""
    if d.kind == "action":
        return c.label.split(":")[0] + ": its action is a Claim."
    if d.kind == "effect_option":
        return "Choose Claim."
    if d.kind == "claim_pick":
        return "Claim the tile in the Tile Pool's first slot."
    return "Pay with the energy in your bank."


def claim_why(at: At) -> str:
    d = at.d
    if d is None:
        return ""
    if d.kind == "action":
        return "A Claim buys tiles from the Tile Pool with the energy in your bank."
    if d.kind == "effect_option":
        return "Claim buys tiles; Reposition would move your energy already on the board."
    if d.kind == "claim_pick":
        return "The four slots cost 1, 2, 2 and 3 energy from your bank; this one costs 1."
    return "Energy paid for a tile goes back to your exhausted pool."


def achievements_say(at: At) -> str:
    return (f"Achievements score for the rest of the game. {achievement(at.g)} asks for 2 "
            f"{ICON_WORDS.get(icon(at.g), icon(at.g))} icons on your seven tiles; you have 1.")


def achievements_why(at: At) -> str:
    return (f"The tile in the Tile Pool's first slot shows a {ICON_WORDS.get(icon(at.g), '')} "
            "and costs 1 energy from your bank: claim it and you qualify. Then any energy "
            "you send onto the Achievement claims it.")


def replace_say(at: At) -> str:
    tile = at.c.id.split(":", 1)[1] if at.c is not None and ":" in at.c.id else ""
    p = at.g.state.players[LEARNER]
    where = "in the staging area" if tile in p.staging else f"at position {position_of(at.g, tile)}"
    return f"Choose the tile the new one replaces: the one {where}."


def replace_why(at: At) -> str:
    return ("You always have seven tiles, so an old one leaves the game. A staging tile holds "
            f"no energy, so nothing is lost, and your tile with a "
            f"{ICON_WORDS.get(icon(at.g), '')} stays.")


def end_why(at: At) -> str:
    m = at.g.state.monuments[target(at.g)]
    others = {v // 4 for v in m.spaces if v >= 0 and v // 4 != LEARNER}
    who = f" {at.bot} has energy there too and goes first;" if others else ""
    return ("Completed sections are resolved when the turn ends, and everyone with energy on "
            f"the section takes part:{who} you, the completer, go last.")


def bind_say(at: At) -> str:
    t = at.c.id.split(":", 1)[1] if at.c is not None else ""
    return f"Bind your {energy(t)} into {mon(at.g)}'s bound area."


def bind_why(at: At) -> str:
    g = at.g
    region = g.rules.monuments[target(g)].region
    n = sum(g.state.bound[region][LEARNER]) + 1
    vp = g.rules.bound_vp[min(len(g.rules.bound_vp) - 1, n)]
    return (f"As the completer you bind one energy there: it stays and scores {vp} at the end "
            "(one bound energy at a monument scores 3, two 7, three 12). Keep the Rose and "
            "the Compass: they do more when they come back.")


def perk_why(at: At) -> str:
    return ("Everyone on the section takes one perk: the section's own, which frees energy "
            "from your Reserve, or the monument's Bonus Tile. Your first Bridge Token "
            f"uncovers {at.you}'s first power, {power(at.g)}.")


def bridge_say(at: At) -> str:
    parts = at.c.id.split(":") if at.c is not None else []
    if len(parts) < 2:
        return "Place your Bridge Token."
    where = bridge_words(at.g, parts[1])
    if parts[0] == "build" and where.startswith("the "):  # a Bridge Gap (R1.16)
        where = "the empty " + where[4:]
    side = f", side {parts[2]} up" if len(parts) == 3 else ""
    return f"Place it on {where}{side}."


def bridge_why(at: At) -> str:
    text = at.c.label.split(": ", 1)[-1] if at.c is not None else ""
    return ("A bridge joins both its regions to your reach (where you may bind energy from "
            "your tracks) and uncovers a power. Whoever walks over it gains its benefit"
            + (f": {text[:1].lower() + text[1:]}" if text else ".")).rstrip(".") + "."


def walk_say(at: At) -> str:
    c = at.c
    space = c.id.split(":", 1)[1] if c is not None and ":" in c.id else ""
    if space in at.g.rules.bridge_role:
        return f"Walk onto {bridge_words(at.g, space)}."
    path = tp.shortest(at.g, on_bridge, walking, depth=4) or []
    ahead = path[-1].split(":", 1)[1] if path and ":" in path[-1] else ""
    if ahead in at.g.rules.bridge_role:
        return f"Walk toward {bridge_words(at.g, ahead)}: first this space."
    return "Walk on: one step."


def benefit_say(at: At) -> str:
    text = at.c.label.split(": ", 1)[-1] if at.c is not None else ""
    return f"Take the bridge's benefit: {text[:1].lower() + text[1:]}" if text else \
        "Take the bridge's benefit."


def track_say(at: At) -> str:
    t = at.c.id.split(":", 1)[1] if at.c is not None and ":" in at.c.id else ""
    return f"Put {a(t)} on your Monument Track." if t in TYPES else "Move your track energy."


def compass_say(at: At) -> str:
    return f"Send it to {achievement(at.g)}."


def compass_why(at: At) -> str:
    g = at.g
    bound = sum(rows[LEARNER][0] for rows in g.state.bound.values()) + 1
    return (f"It claims the Achievement: it scores 2 for each Compass you have bound, this "
            f"one included. That is {2 * bound} now, and 2 more for every Compass you bind "
            "later.")


def scored_say(at: At) -> str:
    if at.origin is None:
        return "Section scored!"
    old, new, _ = score_words(*turn_ends(at.origin, at.g, LEARNER))
    return f"Section scored! Your score went from {old} to {new} this turn."


def scored_why(at: At) -> str:
    if at.origin is None:
        return ""
    _, _, parts = score_words(*turn_ends(at.origin, at.g, LEARNER))
    return " ".join([*parts, "A score shows what you would have if the game ended now."])


# --- the lessons -----------------------------------------------------------------------------
LESSONS: tuple[Lesson, ...] = (
    Lesson("advance", "Your first turn", (
        Step("Welcome! You play {you} against {bot}, an easy bot. This is your transmutation "
             "device: five tiles, each with a top and a bottom row of energy.",
             "Each turn is either an Advance, which brings energy into the device, or an "
             "Actions turn, which spends it. Whoever scores most by the time every monument "
             "is built wins.", focus="device"),
        Step("Choose an Advance turn.", why_advance, ("turn_type",), first("advance")),
        Step("Push this staging tile into position 1.",
             "Every tile slides one position right; the tile at position 5 drops out to the "
             "staging area, and any energy on it would be exhausted.", ("push_tile",),
             push_first),
        Step("Load a Compass into the new tile's top row: click the slot, then the Compass.",
             lambda at: ("Top-row energy is what a Deploy sends to the board, and "
                         f"{mon(at.g)}'s first section has a Compass space."),
             ("load_slot",), load),
        Step(lambda at: f"Load {a(at.c.id.split(':')[1]) if at.c else 'an energy'} into its "
                        "bottom row.",
             "Bottom-row energy pays for the action under its position: here position 1's "
             "Deploy, which you will use next turn.", ("load_slot",), load),
        Step("Stop after one push.", why_stop, ("second_push",), first("stop"), optional=True),
        Step("Finish your Advance turn.", "Nothing else to do this turn.",
             ("end_of_advance",), first("done"), optional=True),
        Step(ready, "{bot} plays now. Watch the board: the bot's energy goes there too.",
             after_turn=True),
    )),
    Lesson("complete", "Completing a section", (
        Step(bot_turn,
             "Whoever fills the last space of a section completes it. When the turn ends, the "
             "completer binds one of their energy beside the monument, and that scores.",
             focus=monument_focus, wait_turn=True),
        Step("Choose an Actions turn.",
             "Each bottom-row energy pays for the action printed under its position, and "
             "three of yours are Deploys this turn.", ("turn_type",), first("actions")),
        Step(deploy_say, deploy_why, ("action", "channel_position", "effect_option",
                                      "deploy_tile", "deploy_energy"), deploy_pick,
             repeat=True, until=completed),
    )),
    Lesson("claim", "A tile for an Achievement", (
        Step(achievements_say, achievements_why, focus="achievements"),
        Step(claim_say, claim_why, ("action", "effect_option", "claim_pick", "claim_pay"),
             claim_pick, repeat=True, until=claimed),
        Step(replace_say, replace_why, ("claim_replace",), keep_icons),
        Step("Interest: add one more energy to your bank.",
             "After a Claim, everyone with energy in the bank may add one from the exhausted "
             "pool.", ("interest",), first("interest:", "decline"), repeat=True,
             optional=True),
        Step(lambda at: f"End your turn: {mon(at.g)}'s completed section is resolved now.",
             end_why, ("action",), first("end")),
    )),
    Lesson("score", "Scoring the section", (
        Step("Resolve the highlighted section.",
             "When several sections wait, the player whose turn it is chooses the order.",
             ("resolve_order",), optional=True),
        Step(bind_say, bind_why, ("completer_bind",), bind_pick),
        Step(lambda at: f"Take {mon(at.g)}'s Bonus Tile: place your Bridge Token.", perk_why,
             ("participant",), first("perk:bonus")),
        Step(bridge_say, bridge_why, ("bridge",), bridge_pick),
        Step("Activate your Rose.",
             "Energy coming back from a section is activated: a Rose gives 2 movement "
             "points, for your figure or your tracks.", ("participant",),
             first("activate:rose")),
        Step(lambda at: f"Use your new power, {power(at.g)}: one more step.",
             "Your bridge uncovered it: once per turn, when you move your figure, you gain 1 "
             "more movement.", ("move",), power_pick, optional=True),
        Step(walk_say, "Figures walk forward only. Walking onto or over a bridge gives you its "
             "benefit.", ("move",), walk_pick, repeat=True, until=took_benefit),
        Step(benefit_say, "Every bridge has a benefit for whoever walks over it, once a turn.",
             ("bridge_benefit",), first("take")),
        Step(track_say, "Track energy climbs one peg a point; from the top peg you bind it at a "
             "monument within your reach, where it scores.", ("move",),
             first("monument_enter:", "monument_up", "done"), optional=True),
        Step("Use your last movement point: step on.",
             "Points left unspent are lost when the movement ends.", ("move",),
             first("step:", "done"), repeat=True, optional=True),
        Step("Activate your Compass.",
             "A Compass flies to a new place: your bank, another monument's section, or an "
             "Achievement you qualify for.", ("participant",), first("activate:compass")),
        Step(compass_say, compass_why, ("compass",), first("compass>achievement:")),
        Step("Finish your part of the resolution.",
             "Every energy that comes back from the section is activated or exhausted.",
             ("participant",), first("perk:", "activate:", "exhaust:"), repeat=True,
             optional=True),
        Step(scored_say, scored_why, focus=f"info:top:{LEARNER}", after_turn=True),
        Step("That is the tutorial: well played!",
             "Play on against {bot} to the end: the game ends once every monument is built. "
             "H gives a hint with its reason, F1 opens the guide.", after_turn=True),
    )),
)
