"""The positions the guide's pictures show, found by playing the real engine.

Nothing here is a stored picture or a hand-made state: each position is the first moment of
a seeded game between easy bots at which a finder says "this shows it" (the deploy choices of
a Deploy, a completed section waiting for its binding, a Claim...). A finder also names
anchors, the targets the picture points at. Because the positions come from live play, the
pictures follow every change of the rules, the catalog or the views.

Games are played once per process, in a worker thread (a late 3-player game takes about a
second); `request(name)` returns a future."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field

from engine.aac.api import Game, GameConfig, make_bot, new_game
from engine.kernel.decisions import Decision

Anchors = dict[str, tuple[str, ...]]
Finder = Callable[[Game], Anchors | None]


@dataclass
class Position:
    game: Game
    seat: int  # the seat the picture is seen from (the one deciding)
    anchors: Anchors


@dataclass(frozen=True)
class Play:
    """A seeded game between easy bots (seed tried first; the next ones if a finder of this
    game never matches, e.g. after a rules change)."""

    players: int
    seed: int
    characters: tuple[str, ...]


PLAYS: dict[str, Play] = {
    "early": Play(2, 11, ("aureon", "freyith")),
    "late": Play(3, 2, ("rusne", "ignotas", "multanec")),
}


def _targets(d: Decision, prefix: str) -> tuple[str, ...]:
    out: list[str] = []
    for c in d.choices:
        for t in c.targets:
            if t.startswith(prefix) and t not in out:
                out.append(t)
    return tuple(out)


def _kind(g: Game, *kinds: str) -> Decision | None:
    d = g.pending
    return d if d is not None and d.kind in kinds else None


def find_start(g: Game) -> Anchors | None:
    d = _kind(g, "turn_type")
    if d is None:
        return None
    p = g.state.players[d.seat]
    return {"staging": tuple(f"staging:{d.seat}:{t}" for t in p.staging)}


def find_load(g: Game) -> Anchors | None:
    d = _kind(g, "load_slot")
    if d is None or not any(t.startswith("slot:1:") for t in d.choices[0].targets):
        return None
    return {"slot": d.choices[0].targets[:1],
            "staging": tuple(f"staging:{d.seat}:{t}" for t in g.state.players[d.seat].staging)}


def find_deploy(g: Game) -> Anchors | None:
    d = _kind(g, "deploy_energy")
    if d is None:
        return None
    spaces = _targets(d, "section:")
    if len(spaces) < 2:
        return None
    return {"spaces": spaces, "space": spaces[:1]}


def _monument_of_region(g: Game, region: str) -> str:
    return g.rules.monument_by_region.get(region, "")


def find_completed(g: Game) -> Anchors | None:
    d = _kind(g, "completer_bind")
    if d is None:
        return None
    bound = _targets(d, "bound:")
    if not bound:
        return None
    mon = _monument_of_region(g, bound[0].split(":", 1)[1])
    if not mon:
        return None
    return {"bound": bound, "monument": (f"monument:{mon}",), "bonus": (f"bonus:{mon}",),
            "patron": (f"patron:{mon}",)}


def find_perks(g: Game) -> Anchors | None:
    d = _kind(g, "participant")
    if d is None or d.find("perk:section") is None or d.find("perk:bonus") is None:
        return None
    perk = _targets(d, "perk:")
    bonus = _targets(d, "bonus:")
    if not perk or not bonus:
        return None
    mon = perk[0].split(":", 1)[1]
    return {"perk": perk, "bonus": bonus, "monument": (f"monument:{mon}",)}


def find_walk(g: Game) -> Anchors | None:
    d = _kind(g, "move")
    if d is None:
        return None
    steps = tuple(t for c in d.choices if c.id.startswith("step:") for t in c.targets)
    fig = g.state.players[d.seat].figure
    if len(steps) < 2 or not fig.startswith("sp_"):
        return None
    return {"figure": (fig,), "steps": steps, "step": steps[:1],
            "walk": (fig, *steps)}


def find_track(g: Game) -> Anchors | None:
    d = _kind(g, "move")
    if d is None or not any(c.id in ("monument_up", "pillar_up") for c in d.choices):
        return None
    return {"tracks": (f"track:{d.seat}:monument", f"track:{d.seat}:pillar")}


def find_claim(g: Game) -> Anchors | None:
    d = _kind(g, "claim_pick")
    if d is None or len(_targets(d, "pool_slot:")) < 2:
        return None
    return {"slots": _targets(d, "pool_slot:")}


def find_bridge(g: Game) -> Anchors | None:
    d = _kind(g, "bridge")
    if d is None:
        return None
    gaps = tuple(dict.fromkeys(c.targets[0] for c in d.choices
                               if c.id.startswith("build:") and c.targets))
    over = tuple(dict.fromkeys(c.targets[0] for c in d.choices
                               if c.id.startswith("over:") and c.targets))
    if not gaps or not over:
        return None
    return {"gap": gaps[:1], "neutral": over[:1], "spaces": gaps + over}


def find_achievement(g: Game) -> Anchors | None:
    d = _kind(g, "turn_type")
    if d is None:
        return None
    s = g.state
    taken = [f"achievement:{a}:{col}" for a, cells in s.ach.items()
             for col, v in zip(("flat", "multiplier"), cells, strict=False) if v >= 0]
    if not taken:
        return None
    open_ = [a for a in s.achievements if all(v < 0 for v in s.ach.get(a, []))]
    free = [f"achievement:{a}:flat" for a in open_]
    mult = [f"achievement:{a}:multiplier" for a in open_[1:] or open_]
    first = s.achievements[:3]
    spots = tuple(f"achievement:{a}:{col}" for a in first for col in ("flat", "multiplier"))
    return {"claimed": tuple(taken[:1]), "flat": tuple(free[:1]), "multiplier": tuple(mult[:1]),
            "spots": spots}


def find_late(g: Game) -> Anchors | None:
    d = _kind(g, "turn_type")
    if d is None:
        return None
    s = g.state
    if sum(len(m.built) for m in s.monuments.values()) < 7:
        return None
    bound = [r for r, per in s.bound.items() if any(sum(row) for row in per)]
    pillars = [f"pillar:{p}" for p, v in s.pillars.items() if v >= 0]
    pillars = pillars or [f"pillar:{p}" for p, v in s.pillars.items() if v == -1]
    if not bound or not pillars:
        return None
    mon = max(s.monuments, key=lambda k: len(s.monuments[k].built))
    return {"bound": (f"bound:{bound[0]}",), "monument": (f"monument:{mon}",),
            "pillar": tuple(pillars[:1])}


def find_end(g: Game) -> Anchors | None:
    return {} if g.is_over else None


# name -> (play, finder)
RECIPES: dict[str, tuple[str, Finder]] = {
    "start": ("early", find_start),
    "load": ("early", find_load),
    "deploy": ("early", find_deploy),
    "walk": ("early", find_walk),
    "completed": ("early", find_completed),
    "perks": ("early", find_perks),
    "track": ("early", find_track),
    "claim": ("early", find_claim),
    "late": ("late", find_late),
    "achievement": ("late", find_achievement),
    "bridge": ("late", find_bridge),
    "end": ("late", find_end),
}

MAX_DECISIONS = 4000
SEED_TRIES = 4


@dataclass
class _Playthrough:
    play: Play
    found: dict[str, Position] = field(default_factory=dict)
    game: Game | None = None
    tries: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def _restart(self) -> None:
        p = self.play
        seed = p.seed + self.tries
        self.tries += 1
        g = new_game(GameConfig(players=p.players, seed=seed, characters=list(p.characters)))
        g.undo_enabled = False
        self.game = g
        self.bots = [make_bot("easy", seed * 17 + k) for k in range(p.players)]

    def get(self, name: str, finder: Finder) -> Position | None:
        with self.lock:
            while name not in self.found:
                if self.game is None or self.game.is_over or \
                        len(self.game.history) > MAX_DECISIONS:
                    done = self.game is not None and self.game.is_over
                    if done:
                        self._match(self.game)  # type: ignore[arg-type]
                        if name in self.found:
                            break
                    if self.tries >= SEED_TRIES:
                        return None
                    self._restart()
                g = self.game
                assert g is not None
                self._match(g)
                if name in self.found or g.is_over:
                    continue
                d = g.pending
                assert d is not None
                g.choose(self.bots[d.seat].choose(g.view(d.seat), d))
            return self.found.get(name)

    def _match(self, g: Game) -> None:
        for name, (play, finder) in RECIPES.items():
            if PLAYS.get(play) is self.play and name not in self.found:
                anchors = finder(g)
                if anchors is not None:
                    seat = g.pending.seat if g.pending is not None else 0
                    self.found[name] = Position(g.clone(), seat, anchors)


_plays: dict[str, _Playthrough] = {}
_futures: dict[str, Future[Position | None]] = {}
_pool: ThreadPoolExecutor | None = None
_guard = threading.Lock()


def get(name: str) -> Position | None:
    """The position `name` (played now if needed; None if no game showed it)."""
    recipe = RECIPES.get(name)
    if recipe is None:
        return None
    play, finder = recipe
    with _guard:
        pt = _plays.get(play)
        if pt is None:
            pt = _plays[play] = _Playthrough(PLAYS[play])
    return pt.get(name, finder)


def request(name: str) -> Future[Position | None]:
    """A future of `get(name)`, computed in the guide's worker thread."""
    global _pool
    with _guard:
        fut = _futures.get(name)
        if fut is None:
            if _pool is None:
                _pool = ThreadPoolExecutor(1, thread_name_prefix="guide-positions")
            fut = _futures[name] = _pool.submit(get, name)
        return fut
