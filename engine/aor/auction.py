"""Alliances (R5): the auction in three pair phases and one single phase (O9), and the
optional random first alliances (R5.6).

A bid is two decisions (D2/D3): first the amount or "pass" ("bid:<n>" for every affordable
amount from the minimum, so a table can offer +1, +5 or a typed amount as one id), then the
proposal ("propose:<country id in box A>:<country id in box B>"; in the single phase one side
is "-": the disc's row). Splitting keeps a decision to at most ~60 + 42 choices instead of
their product (~2,500).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.aor import events as ev
from engine.aor import names as nw
from engine.aor.catalog import Tables
from engine.aor.core import Ctx, affordable, pay
from engine.aor.state import EMPTY, State
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame
from engine.kernel.rng import Rng

PASS = "pass"
NONE = "-"


def unallied(t: Tables, s: State) -> list[int]:
    """Countries whose Alliance disc is not on spaces 1-8 (R1.12), in catalog order."""
    placed = set(s.alliance)
    return [c for c in range(len(t.countries)) if c not in placed]


def first_empty(s: State, row: tuple[int, ...]) -> int:
    for i in row:
        if s.alliance[i] == EMPTY:
            return i
    return -1


def phases(t: Tables) -> int:
    return t.pair_phases + t.single_phases


def first_bidder(ctx: Ctx) -> int:
    """R5.2.2: turn 1 the first player; later the player with the fewest VP, at random
    among the tied."""
    s = ctx.s
    if s.turn <= 1:
        return s.first_player
    low = min(p.vp for p in s.players)
    tied = [i for i, p in enumerate(s.players) if p.vp == low]
    if len(tied) == 1:
        return tied[0]
    r = Rng(s.rng)
    k = r.below(len(tied))
    s.rng = r.state
    return tied[k]


def start_auction(ctx: Ctx) -> AuctionFrame:
    starter = first_bidder(ctx)
    ctx.emit(ev.AuctionPhaseStarted(1, phases(ctx.t) == ctx.t.single_phases, starter))
    return AuctionFrame(1, starter, starter, -1, -1, 0, "bid", 0)


@dataclass(slots=True)
class AuctionFrame(Frame, kind="aor.auction"):
    phase: int  # 1-based; the last t.single_phases phases place one disc
    starter: int  # the seat that opened this phase
    speaker: int  # the seat to speak now
    high: int  # the highest bid, -1 before the opening bid
    leader: int  # the seat of the highest bid, -1 before it
    passes: int  # passes in succession since the latest bid
    at: str  # "bid" | "proposal"
    amount: int  # the amount being bid (at "proposal")

    def single(self, t: Tables) -> bool:
        return self.phase > t.pair_phases

    def step(self, ctx: Ctx) -> Decision | None:
        s, t = ctx.s, ctx.t
        if self.at == "proposal":
            return self._proposal(ctx)
        if self.leader >= 0 and self.passes >= s.n - 1:  # R5.3.4
            self._resolve(ctx)
            return None
        seat = self.speaker
        p = s.players[seat]
        top = affordable(t, p)  # R5.3.5
        who = nw.seat(t, s, seat)
        ch: list[Choice] = []
        if self.leader < 0:  # R5.3.1 (O11): the opener must bid, 0 allowed
            lo = t.first_bid_min
            prompt = f"{who}: open the bidding ({self._what(t)}). The first bid may be 0."
        else:
            lo = self.high + t.min_raise  # R5.3.3 (O25)
            ch.append(Choice(PASS, "Pass (you may still bid later in this phase)"))
            leader = nw.possessive(nw.seat(t, s, self.leader))
            prompt = (f"{who}: raise {leader} bid of {self.high} gold "
                      f"({self._what(t)}), or pass?")
        for k in range(lo, top + 1):
            ch.append(Choice(f"bid:{k}", f"Bid {k} gold", (), k))
        return Decision(seat, "bid", prompt, tuple(ch))

    def _what(self, t: Tables) -> str:
        n = phases(t)
        if self.single(t):
            return f"the last country, phase {self.phase} of {n}"
        return f"two countries, phase {self.phase} of {n}"

    def _proposal(self, ctx: Ctx) -> Decision:
        s, t = ctx.s, ctx.t
        free = unallied(t, s)
        ch: list[Choice] = []
        if self.single(t):
            c = free[0]
            cid = t.countries[c]
            name = nw.country(t, c)
            top, bottom = first_empty(s, t.top_row), first_empty(s, t.bottom_row)
            if top >= 0:
                ch.append(Choice(f"propose:{cid}:{NONE}", f"{name} joins the top row "
                                 f"(space {top + 1})", (cid, "proposal_box_a"), (c, EMPTY)))
            if bottom >= 0 and not ctx.opt("seventh_disc_on_7"):  # O12
                ch.append(Choice(f"propose:{NONE}:{cid}", f"{name} joins the bottom row "
                                 f"(space {bottom + 1})", (cid, "proposal_box_b"), (EMPTY, c)))
            prompt = f"Your bid of {self.amount} gold: where does {name} go?"
        else:
            for a in free:
                for b in free:
                    if a == b:
                        continue
                    ca, cb = t.countries[a], t.countries[b]
                    ch.append(Choice(f"propose:{ca}:{cb}",
                                     f"{nw.country(t, a)} to the top row, {nw.country(t, b)} "
                                     "to the bottom row",
                                     (ca, "proposal_box_a", cb, "proposal_box_b"), (a, b)))
            prompt = (f"Your bid of {self.amount} gold: which two countries do you propose "
                      "(box A joins the top row, box B the bottom row)?")
        return Decision(self.speaker, "proposal", prompt, tuple(ch))

    def apply(self, ctx: Ctx, c: Choice) -> None:
        s = ctx.s
        if self.at == "proposal":
            s.proposal[0], s.proposal[1] = c.data
            self.high, self.leader, self.passes = self.amount, self.speaker, 0
            ctx.emit(ev.BidMade(self.speaker, self.amount, (s.proposal[0], s.proposal[1])))
            self.at = "bid"
            self.speaker = (self.speaker + 1) % s.n
            return
        if c.id == PASS:
            ctx.emit(ev.BidPassed(self.speaker))
            self.passes += 1
            self.speaker = (self.speaker + 1) % s.n
            return
        self.amount = c.data
        self.at = "proposal"

    def _resolve(self, ctx: Ctx) -> None:
        """R5.3.5, R5.4: the winner pays; box A's disc to the first empty top-row space, box
        B's to the first empty bottom-row space; then the next phase (R5.2.3, O10)."""
        s, t = ctx.s, ctx.t
        pay(ctx, self.leader, self.high)
        placed = []
        for box, row in ((0, t.top_row), (1, t.bottom_row)):
            c = s.proposal[box]
            if c == EMPTY:
                continue
            i = first_empty(s, row)
            s.alliance[i] = c
            placed.append((c, i + 1))
        s.proposal[0] = s.proposal[1] = EMPTY
        ctx.emit(ev.AuctionPhaseWon(self.leader, self.high, tuple(placed)))
        if self.phase >= phases(t):
            s.stack.pop()
            return
        if ctx.opt("phase_starter_after_winner"):
            nxt = (self.leader + 1) % s.n
        else:
            nxt = (self.starter + 1) % s.n
        self.phase += 1
        self.starter = self.speaker = nxt
        self.high, self.leader, self.passes, self.at, self.amount = -1, -1, 0, "bid", 0
        ctx.emit(ev.AuctionPhaseStarted(self.phase, self.single(t), nxt))


def random_alliances(ctx: Ctx) -> None:
    """R5.6 (turn 1, optional): players' discs drawn at random onto spaces 1, 2, 3, ...;
    then the non-player discs onto the lowest empty spaces. No payment."""
    s, t = ctx.s, ctx.t
    r = Rng(s.rng)
    players = [p.country for p in s.players]
    npcs = [c for c in range(len(t.countries)) if s.seat_of[c] < 0]
    r.shuffle(players)
    r.shuffle(npcs)
    s.rng = r.state
    placed = []
    for i, c in enumerate(players + npcs):
        s.alliance[i] = c
        placed.append((c, i + 1))
    ctx.emit(ev.AlliancesDrawn(tuple(placed)))
