"""R3 Setup: main board, players, start player, characters, facing, starting energy."""

from __future__ import annotations

from dataclasses import dataclass

from engine.aac import events as ev
from engine.aac.config import GameConfig
from engine.aac.core import Ctx, decision, move_energy
from engine.aac.data import TYPES, Rules
from engine.aac.modules import enabled
from engine.aac.names import ENERGY
from engine.aac.rules.turn import FIRST_STEP, TurnFrame
from engine.aac.state import BLOCKED, EMPTY, GameState, MonumentState, PlayerState
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame
from engine.kernel.rng import Rng, seed_state


def build_state(cfg: GameConfig, r: Rules) -> GameState:
    """Everything of R3.2 that needs no player decision, using the state's own RNG."""
    n = cfg.players
    s = GameState(n=n, seed=cfg.seed, rng=seed_state(cfg.seed), options=cfg.resolved_options(),
                  modules=tuple(cfg.modules))
    rng = Rng(s.rng)
    # R3.2.1 monuments: the Beacon plus N drawn
    drawable = [m for m in r.monuments.values() if not m.always]
    order = [m.id for m in drawable]
    rng.shuffle(order)
    in_use = [m.id for m in r.monuments.values() if m.always] + sorted(
        order[:n], key=lambda x: list(r.monuments).index(x)
    )
    # R3.2.4 bonus tiles: N + 1 remain, dealt at random
    tiles = [b.id for b in r.bonus_tiles.values() if b.min_players <= n]
    rng.shuffle(tiles)
    for i, mid in enumerate(in_use):
        md = r.monuments[mid]
        stack = [sec.id for sec in md.sections]
        s.monuments[mid] = MonumentState(
            id=mid, stack=stack, built=[], spaces=[EMPTY] * len(md.sections[0].symbols),
            completed=False, bonus=tiles[i], patron=True,
        )
    # R3.2.5 tray: upgrade copies with bars <= N; conduit piles with the double on top
    s.tray = {d: sum(1 for mp in r.upgrade_copies[d] if mp <= n) for d in r.upgrade_designs}
    s.piles = [list(p) for p in r.conduit_piles]
    # R3.2.6 achievements: 3 fixed, 2 drawn
    pool = list(r.random_achievements)
    rng.shuffle(pool)
    s.achievements = pool[:2] + list(r.fixed_achievements)
    s.ach = {a: [EMPTY, EMPTY] for a in s.achievements}
    # R3.2.7 tile pool: filter by mark, shuffle each stack, I on top
    supply: list[str] = []
    for tier in ("I", "II", "III"):
        st = [x for x in r.shop_tiles if r.tiles[x].stack == tier and r.tiles[x].min_players <= n]
        rng.shuffle(st)
        supply.extend(st)
    s.pool = supply[:4]
    s.supply = supply[4:]
    # R3.2.8 neutral bridges (O3 as the catalog encodes it)
    pc = [
        tok.id for tok in r.neutral_tokens.values()
        if tok.group == "player_count" and tok.min_players <= n
    ]
    rng.shuffle(pc)
    used_regions = {r.monuments[m].region for m in in_use}
    for sp in r.bridge_spaces:
        s.bridges[sp] = ""
    k = 0
    for reg in r.outer_regions_cw:
        if reg in used_regions:
            spoke = next(
                sp for sp, rr in r.bridge_setup_region.items() if rr == reg
            )
            s.bridges[spoke] = "n:" + pc[k]
            k += 1
    for sp, fixed in r.bridge_fixed_token.items():
        s.bridges[sp] = "n:" + fixed
    # R3.2.9 pillars (R3.1, R2.3.3)
    for rd in r.regions.values():
        s.pillars[rd.pillar_left] = EMPTY
        if n >= 4 or (n == 3 and rd.id not in used_regions):
            s.pillars[rd.pillar_right] = EMPTY
        else:
            s.pillars[rd.pillar_right] = BLOCKED
    s.bound = {reg: [[0, 0, 0, 0] for _ in range(n)] for reg in r.region_order}
    # R3.4 start player: random (O6)
    s.start_player = rng.below(n)
    s.active = s.start_player
    s.players = [PlayerState(seat=i) for i in range(n)]
    # R3.3.1 characters: random ones dealt now; "choice" seats pick in turn order
    wanted = list(cfg.characters) if cfg.characters else [None] * n
    for c in wanted:
        if c is not None and c not in r.characters:
            raise ValueError(f"unknown character {c!r}")
    taken = {c for c in wanted if c}
    if len(taken) != sum(1 for c in wanted if c):
        raise ValueError("each character may be used at most once")
    remaining = [c for c in r.character_order if c not in taken]
    rng.shuffle(remaining)
    for i in range(n):
        if wanted[i]:
            s.players[i].character = str(wanted[i])
        elif cfg.character_selection == "random":
            s.players[i].character = remaining.pop()
    s.rng = rng.state
    return s


def start(ctx: Ctx) -> None:
    """Push the setup frames (processed before the first turn)."""
    s = ctx.s
    ctx.push(TurnFrame(s.start_player, FIRST_STEP))
    ctx.push(SetupFrame(0, 0))


def order_from_start(s: GameState) -> list[int]:
    return [(s.start_player + i) % s.n for i in range(s.n)]


def _prepare_player(ctx: Ctx, seat: int, region: str) -> None:
    """R3.3.2-R3.3.8 for one seat once its character is known."""
    s, r = ctx.s, ctx.r
    p = s.players[seat]
    ch = r.characters[p.character]
    p.device = [t for t in ch.starting_tiles if r.tiles[t].number in "12345"]
    p.device.sort(key=lambda t: r.tiles[t].number)
    p.staging = [t for t in ch.starting_tiles if r.tiles[t].number == "0"]
    for t in ch.starting_tiles:
        p.top[t] = [EMPTY] * r.tiles[t].top
        p.bottom[t] = [EMPTY] * r.tiles[t].bottom
    p.actions = list(r.default_tokens)
    p.charged = s.n == 2
    p.start_region = region
    p.figure = r.regions[region].start_space
    p.behind = ""
    p.reserve = list(ch.qs_reserve)
    if s.options.get("expert_loading"):
        p.exhausted = [ch.energy[i] - ch.qs_reserve[i] for i in range(4)]
        return
    loads = ch.qs_loads_2p if s.n == 2 else ch.qs_loads_3p
    p.exhausted = list(ch.qs_exhausted_2p if s.n == 2 else ch.qs_exhausted_3p)
    for pos, tile, top_row, bottom_row in loads:
        assert p.device[pos - 1] == tile
        for i, et in enumerate(top_row):
            p.top[tile][i] = et
        for i, et in enumerate(bottom_row):
            p.bottom[tile][i] = et
    for et in ch.qs_pool:
        p.shop[et] += 1


@dataclass(slots=True)
class SetupFrame(Frame, kind="aac.setup"):
    """Phase 0: characters chosen in turn order; 1: facing; 2: expert loading; then done."""

    phase: int
    idx: int

    def step(self, ctx: Ctx) -> Decision | None:
        s, r = ctx.s, ctx.r
        order = order_from_start(s)
        if self.phase == 0:
            while self.idx < s.n and s.players[order[self.idx]].character:
                self.idx += 1
            if self.idx < s.n:
                seat = order[self.idx]
                taken = {p.character for p in s.players}
                ch = [
                    Choice(f"character:{c}", r.characters[c].name, (), c)
                    for c in r.character_order
                    if c not in taken
                ]
                return decision(seat, "choose_character", "Choose your character", ch)
            # R3.3.7 / O5: start regions clockwise from the start player
            used = [reg for reg in r.outer_regions_cw if r.monument_by_region[reg] in s.monuments]
            for i, seat in enumerate(order):
                _prepare_player(ctx, seat, used[i])
            ctx.emit(ev.SetupDone(tuple(p.character for p in s.players), tuple(s.monuments),
                                  s.start_player, s.modules))
            for m in enabled(s.modules):  # each module's setup, characters known (R26.1...)
                if m.setup is not None:
                    m.setup(ctx)
            self.phase, self.idx = 1, 0
            return None
        if self.phase == 1:
            if self.idx < s.n:
                seat = order[self.idx]
                p = s.players[seat]
                reg = r.regions[p.start_region]
                ch = []
                for ahead in reg.facing_options:
                    behind = next(x for x in r.neighbours[p.figure] if x != ahead)
                    ch.append(Choice(f"face:{ahead}", f"Face toward {r.names[ahead]}", (ahead,),
                                     behind))
                return decision(seat, "choose_facing", "Choose your figure's facing", ch)
            self.phase, self.idx = 2, 0
            return None
        if self.phase == 2 and s.options.get("expert_loading") and self.idx < s.n:
            ctx.push(ExpertLoadFrame(order[self.idx], 1, 0, 0))
            self.idx += 1
            return None
        ctx.pop()
        return None

    def apply(self, ctx: Ctx, c: Choice) -> None:
        s = ctx.s
        seat = order_from_start(s)[self.idx]
        if self.phase == 0:
            s.players[seat].character = c.data
        else:
            s.players[seat].behind = c.data
            ctx.emit(ev.FacingChosen(seat, c.data))
        self.idx += 1


@dataclass(slots=True)
class ExpertLoadFrame(Frame, kind="aac.expert_load"):
    """R3.3.9: load positions 1-3 (1-4 with 2 players) freely, then 1 energy to the Tile Pool.
    The loading is secret until all have loaded (views hide it during setup)."""

    seat: int
    pos: int
    row: int  # 0 top, 1 bottom
    phase: int  # 0 loading, 1 tile pool

    def step(self, ctx: Ctx) -> Decision | None:
        s = ctx.s
        p = s.players[self.seat]
        last = 4 if s.n == 2 else 3
        if self.phase == 0:
            while self.pos <= last:
                tile = p.device[self.pos - 1]
                row = p.top[tile] if self.row == 0 else p.bottom[tile]
                if -1 in row and sum(p.exhausted) > 0:
                    rname = "top" if self.row == 0 else "bottom"
                    ch = [
                        Choice(f"load:{TYPES[t]}", f"Load a {ENERGY[t]}",
                               (f"slot:{self.pos}:{rname}",), t)
                        for t in range(4) if p.exhausted[t] > 0
                    ]
                    ch.append(Choice("skip", "Leave this slot empty", (), -1))
                    return decision(self.seat, "expert_load",
                                    f"Secret loading: position {self.pos}, {rname} row", ch)
                if self.row == 0:
                    self.row = 1
                else:
                    self.row, self.pos = 0, self.pos + 1
            self.phase = 1
        if self.phase == 1 and sum(p.exhausted) > 0:
            ch = [Choice(f"pool:{TYPES[t]}", f"Put a {ENERGY[t]} in the Tile Pool", ("shop",), t)

                  for t in range(4) if p.exhausted[t] > 0]
            return decision(self.seat, "expert_pool", "Move 1 energy to the Tile Pool", ch)
        ctx.pop()
        return None

    def apply(self, ctx: Ctx, c: Choice) -> None:
        if self.phase == 1:
            move_energy(ctx, self.seat, c.data, "exhausted", "shop", "setup")
            ctx.pop()
            return
        rname = "top" if self.row == 0 else "bottom"
        if c.data >= 0:
            move_energy(ctx, self.seat, c.data, "exhausted", f"slot:{self.pos}:{rname}", "setup")
            p = ctx.s.players[self.seat]
            tile = p.device[self.pos - 1]
            row = p.top[tile] if self.row == 0 else p.bottom[tile]
            if -1 in row:
                return
        if self.row == 0:
            self.row = 1
        else:
            self.row, self.pos = 0, self.pos + 1
