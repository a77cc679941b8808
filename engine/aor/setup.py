"""Setup (R2): countries (chosen in a random order, D1, or dealt at random: O2), each player's
gold, unrest, cards and discs (R2.2), the bag, the five starting draws of every country, NPCs
included (R2.4, O3: in the catalog's fixed order), and the first player (R2.5)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.aor import events as ev
from engine.aor import names as nw
from engine.aor.catalog import Tables
from engine.aor.config import AorConfig
from engine.aor.core import Ctx
from engine.aor.scoring import empty_score
from engine.aor.state import EMPTY, Player, State
from engine.aor.turn import TurnFrame
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame
from engine.kernel.rng import Rng, seed_state


def build_state(cfg: AorConfig, t: Tables) -> State:
    """The state before any rule runs: seats get their configured (or random) countries;
    seats left to choose (selection "choice") have country -1 and a SetupFrame asks them."""
    rng = Rng(seed_state(cfg.seed))
    n = cfg.players
    chosen: list[int] = [-1] * n
    if cfg.countries is not None:
        for i, cid in enumerate(cfg.countries):
            if cid is not None:
                chosen[i] = t.country_index[cid]
    left = [c for c in range(len(t.countries)) if c not in chosen]
    open_seats = [i for i in range(n) if chosen[i] < 0]
    order: tuple[int, ...] = ()
    if cfg.country_selection == "random":
        rng.shuffle(left)
        for i in open_seats:
            chosen[i] = left.pop()
    else:
        rng.shuffle(open_seats)  # O2: players choose in a random order
        order = tuple(open_seats)
    bag = list(t.marker_ids)
    rng.shuffle(bag)
    options = cfg.rules_options()
    options["random_first_alliances"] = cfg.random_first_alliances
    players = [Player(country=c, gold=t.start_gold, vp=0, unrest=t.start_unrest,
                      supply=t.board_discs, hand=list(t.country_cards[c]) if c >= 0 else [],
                      discard=[], committed="", shown=[],
                      score=empty_score(t.turns)) for c in chosen]
    s = State(
        n=n, seed=cfg.seed, rng=rng.state, options=options, players=players,
        seat_of=[-1] * len(t.countries),
        discs=[[0] * len(t.countries) for _ in t.areas],
        markers=[[] for _ in t.areas], bag=bag, removed=[],
        spaces={sid: EMPTY for sid in t.spaces_for(n, options)},
        alliance=[EMPTY] * t.display_size, proposal=[EMPTY, EMPTY],
        npc_lost=[0] * len(t.countries), first_player=0, turn=0, segment=0, step="setup",
    )
    s.stack.append(SetupFrame(order, 0))
    return s


def begin(ctx: Ctx) -> None:
    """R2.2-R2.6 once every seat has a country."""
    s, t = ctx.s, ctx.t
    for seat, p in enumerate(s.players):
        s.seat_of[p.country] = seat
    for c in range(len(t.countries)):  # R2.4, O3: the catalog's fixed order
        drawn = []
        for _ in range(t.setup_draws):
            mid = s.bag.pop()
            s.discs[t.markers[mid].area][c] += 1
            s.removed.append(mid)
            drawn.append(mid)
        seat = s.seat_of[c]
        if seat >= 0:
            s.players[seat].supply -= len(drawn)
        ctx.emit(ev.StartingDiscs(c, tuple(drawn)))
    r = Rng(s.rng)
    s.first_player = r.below(s.n)  # R2.5
    s.rng = r.state
    ctx.emit(ev.FirstPlayer(s.first_player))
    s.turn = 1
    s.stack.append(TurnFrame("markers"))


@dataclass(slots=True)
class SetupFrame(Frame, kind="aor.setup"):
    order: tuple[int, ...]  # seats still to choose a country (D1), in choosing order
    idx: int

    def step(self, ctx: Ctx) -> Decision | None:
        s, t = ctx.s, ctx.t
        if self.idx < len(self.order):
            seat = self.order[self.idx]
            taken = {p.country for p in s.players}
            ch = tuple(Choice(f"country:{cid}", f"Play {nw.country(t, c)}", (cid,), c)
                       for c, cid in enumerate(t.countries) if c not in taken)
            return Decision(seat, "country", f"Player {seat + 1}: choose your country.", ch)
        s.stack.pop()
        begin(ctx)
        return None

    def apply(self, ctx: Ctx, c: Choice) -> None:
        seat = self.order[self.idx]
        p = ctx.s.players[seat]
        p.country = c.data
        p.hand = list(ctx.t.country_cards[c.data])
        ctx.emit(ev.CountryChosen(seat, c.data))
        self.idx += 1
