"""Real Age of Reason positions for rule tests: a game set up by the engine (setup, starting
draws), then a blank map that a test fills (discs, markers, alliances, gold, unrest, cards,
boxes) and a point of the turn to resume at (an action step, the auction, the VP step), run by
the engine's own frames. Every position the builder makes satisfies the invariants.

    b = Builder(["country_prussia", "country_austria", "country_france"])
    b.discs("area_mitteleuropa", prussia=1, austria=2).alliance(top=[...], bottom=[...])
    g = b.at_action("country_prussia")       # Prussia's action step, box decision pending
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import engine.aor  # noqa: F401  (registers the game)
from engine.aor.actions import ActionsFrame
from engine.aor.auction import AuctionFrame
from engine.aor.catalog import tables
from engine.aor.config import AorConfig
from engine.aor.core import Ctx, action_order
from engine.aor.game import Game
from engine.aor.invariants import check
from engine.aor.setup import begin, build_state
from engine.aor.state import EMPTY, State
from engine.aor.turn import TurnFrame
from engine.kernel.rng import Rng, seed_state

T = tables()


def cidx(country: str) -> int:
    if not country.startswith("country_"):
        country = f"country_{country}"
    return T.country_index[country]


def aidx(area: str) -> int:
    if not area.startswith("area_"):
        area = f"area_{area}"
    return T.area_index[area]


def rng_for_dice(values: Sequence[int], start: int = 0) -> int:
    """An RNG state whose next die rolls are `values` (found by search; up to 6 dice)."""
    assert len(values) <= 6
    for k in range(start, start + 5_000_000):
        st = seed_state(k)
        r = Rng(st)
        if all(r.below(T.die_faces) + 1 == v for v in values):
            return st
    raise AssertionError(f"no RNG state rolls {values}")


class Builder:
    def __init__(self, countries: Sequence[str], seed: int = 1,
                 options: dict[str, bool] | None = None) -> None:
        cfg = AorConfig(players=len(countries), seed=seed,
                        countries=tuple(c if c.startswith("country_") else f"country_{c}"
                                        for c in countries),
                        options=dict(options or {}))
        cfg.validate()
        self.cfg = cfg
        s = build_state(cfg, T)
        s.stack.clear()
        ctx = Ctx(s, T)
        begin(ctx)  # the starting draws, first player, the turn frame
        s.stack.clear()
        # a blank map: every disc back, every marker back in the bag
        for row in s.discs:
            for c in range(len(row)):
                row[c] = 0
        for p in s.players:
            p.supply = T.board_discs
        s.bag = list(T.marker_ids)
        s.removed = []
        s.markers = [[] for _ in T.areas]
        for c in range(len(T.countries)):
            s.npc_lost[c] = T.setup_draws if s.seat_of[c] < 0 else 0
        s.turn = 1
        self.s: State = s

    # --- the map -----------------------------------------------------------------------------

    def seat(self, country: str) -> int:
        return self.s.seat_of[cidx(country)]

    def discs(self, area: str, **counts: int) -> Builder:
        """Set discs in an area: discs("mitteleuropa", prussia=2, austria=1)."""
        a = aidx(area)
        for name, n in counts.items():
            c = cidx(name)
            old = self.s.discs[a][c]
            self.s.discs[a][c] = n
            seat = self.s.seat_of[c]
            if seat >= 0:
                self.s.players[seat].supply -= n - old
            else:
                self.s.npc_lost[c] -= n - old
                assert self.s.npc_lost[c] >= 0, "a non-player country has only 5 discs"
        return self

    def marker(self, mid: str) -> Builder:
        """Put a marker from the bag on the map."""
        self.s.bag.remove(mid)
        self.s.markers[T.markers[mid].area].append(mid)
        return self

    def removed(self, *mids: str) -> Builder:
        for m in mids:
            self.s.bag.remove(m)
            self.s.removed.append(m)
        return self

    def bag_top(self, mids: Iterable[str]) -> Builder:
        """The next markers drawn from the bag, in order."""
        order = list(mids)
        rest = [m for m in self.s.bag if m not in order]
        self.s.bag = rest + list(reversed(order))
        return self

    # --- the table ---------------------------------------------------------------------------

    def alliance(self, top: Sequence[str], bottom: Sequence[str]) -> Builder:
        """Rows left to right: top fills spaces 1, 3, 5, 7; bottom 2, 4, 6, 8."""
        a = [EMPTY] * T.display_size
        for i, c in zip(T.top_row, top, strict=False):
            a[i] = cidx(c)
        for i, c in zip(T.bottom_row, bottom, strict=False):
            a[i] = cidx(c)
        self.s.alliance = a
        return self

    def player(self, country: str, *, gold: int | None = None, unrest: int | None = None,
               vp: int | None = None, hand: Sequence[str] | None = None,
               discard: Sequence[str] | None = None) -> Builder:
        p = self.s.players[self.seat(country)]
        if gold is not None:
            p.gold = gold
        if unrest is not None:
            p.unrest = unrest
        if vp is not None:
            p.vp = vp
            p.score["areas_1"] = vp
        if discard is not None:
            all_cards = list(T.country_cards[p.country])
            p.discard = [card(country, x) for x in discard]
            p.hand = [c for c in all_cards if c not in p.discard]
        if hand is not None:
            keep = [card(country, x) for x in hand]
            p.hand = keep
            p.discard = [c for c in T.country_cards[p.country] if c not in keep]
        return self

    def box(self, space: str, country: str) -> Builder:
        sid = space if space.startswith("space_") else f"space_{space}"
        assert self.s.spaces[sid] == EMPTY
        self.s.spaces[sid] = cidx(country)
        self.s.players[self.seat(country)].supply -= 1
        return self

    def dice(self, *values: int) -> Builder:
        self.s.rng = rng_for_dice(values)
        return self

    # --- where to resume ---------------------------------------------------------------------

    def _game(self, *frames: Any) -> Game:
        self.s.stack = list(frames)
        errs = check(T, self.s)
        assert not errs, errs
        g = Game(self.s, T)
        g.config = self.cfg.to_dict()
        g.resume()
        return g

    def at_action(self, country: str, segment: int = 1, at: str = "box") -> Game:
        """That country's action step (its box decision, or its attack with at="attack")."""
        s = self.s
        if all(x == EMPTY for x in s.alliance):
            raise AssertionError("set the alliances first")
        s.segment = segment
        s.step = "actions"
        order = action_order(s)
        k = order.index(self.seat(country))
        attacks = 1 if at == "attack" else 0
        return self._game(TurnFrame("income"), ActionsFrame(order, k, at, attacks, 0, ""))

    def at_auction(self, starter: str, turn: int = 1) -> Game:
        s = self.s
        s.turn = turn
        s.step = "alliances"
        seat = self.seat(starter)
        return self._game(TurnFrame("actions"), AuctionFrame(1, seat, seat, -1, -1, 0, "bid", 0))

    def run_from(self, step: str, turn: int = 1) -> tuple[Game, list[Any]]:
        """Resume at a step of the turn and run to the next decision: the game and the events
        on the way (the step's own events first)."""
        self.s.turn = turn
        self.s.step = step
        self.s.stack = [TurnFrame(step)]
        errs = check(T, self.s)
        assert not errs, errs
        g = Game(self.s, T)
        g.config = self.cfg.to_dict()
        ctx = g.context()
        g._run(ctx)
        return g, ctx.events

    def at_turn_step(self, step: str, turn: int = 1) -> Game:
        """Resume at a step of the turn (e.g. "income", "vp", "end", "markers")."""
        self.s.turn = turn
        self.s.step = step
        return self._game(TurnFrame(step))


def card(country: str, spec: str) -> str:
    """A card id: card("prussia", "4/0/5") is Prussia's card of 4 soldiers, 0 ships, cost 5;
    "ally", "blank" or a full id also work."""
    c = cidx(country)
    if spec.startswith("card_"):
        return spec
    if spec in ("ally", "blank"):
        return T.ally_card[c] if spec == "ally" else T.blank_card[c]
    sol, ships, cost = (int(x) for x in spec.split("/"))
    for cid in T.country_cards[c]:
        info = T.cards[cid]
        if (info.kind, info.soldiers, info.ships, info.cost) == ("combat", sol, ships, cost):
            return cid
    raise KeyError(f"{country} has no card {spec}")


def choose(g: Game, *ids: str) -> list[Any]:
    """Make choices in order; returns all events."""
    out: list[Any] = []
    for cid in ids:
        out += g.choose(cid)
    return out


def ids(g: Game) -> list[str]:
    assert g.pending is not None
    return g.pending.ids()
