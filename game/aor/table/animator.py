"""The table's event animator: each engine event becomes the animation that tells it, and the
shown state (game.aor.table.display) changes when the animation lands.

Markers drawn out of the bag fly to their areas; discs slide into boxes and back at the end
of the turn, into proposal boxes A and B and on to the Alliance Display's spaces; coins fly
between the treasuries and the bank as gold is paid, levied and earned, the unrest discs move
on their track; the combat stage opens, cards go face down, flip together, the dice are
thrown, each side's strength builds up term by term and the outcome holds for a moment; a disc
replaced in an attack flies home and the winner's flies in; every area is scored in turn with
its ranking lit; each country's unrest die is rolled. The animation speed scales it all,
"fast bots" plays bots' moves three times as fast, Space skips what is playing."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from engine.aor.api import EMPTY, State, events, tables
from game.aor import dice as dice_mod
from game.aor import look, pieces
from game.aor.fx import FxLayer, arc
from game.aor.panels import TRACK_W
from game.aor.table import display
from game.shell import theme
from game.shell.animations import Tween, ease_in_out, ease_out_cubic
from game.shell.scenegraph import Canvas

if TYPE_CHECKING:
    from engine.aor.api import Game
    from game.aor.auction_view import AuctionPanel
    from game.aor.combat_view import CombatStage
    from game.aor.hud import Banner
    from game.aor.map_view import MapView
    from game.aor.panels import ActionView, AllianceView, HandPanel, TopBar, TracksPanel
    from game.aor.table.driver import TurnDriver
    from game.shell.animations import Animator
    from game.shell.scenes.base import Nav

ev = events
Point = tuple[float, float]
Pos = Callable[..., Point]
Draw = Callable[..., None]
Then = Callable[..., object]
STAGGER = 0.12


class AnimatedTable(Protocol):
    rev: int

    @property
    def app(self) -> Nav: ...

    @property
    def game(self) -> Game: ...

    @property
    def shown(self) -> State: ...

    @property
    def animator(self) -> Animator: ...

    @property
    def fx(self) -> FxLayer: ...

    @property
    def driver(self) -> TurnDriver: ...

    @property
    def map_view(self) -> MapView: ...

    @property
    def alliance(self) -> AllianceView: ...

    @property
    def actions(self) -> ActionView: ...

    @property
    def auction(self) -> AuctionPanel: ...

    @property
    def tracks(self) -> TracksPanel: ...

    @property
    def topbar(self) -> TopBar: ...

    @property
    def hand(self) -> HandPanel: ...

    @property
    def stage(self) -> CombatStage: ...

    @property
    def banner(self) -> Banner: ...

    def seat_name(self, seat: int) -> str: ...

    def headline(self, event: object) -> None: ...


# events the prompt names as they start playing (the first of each kind in a move's batch):
# the long stretches a move can set going (the end of a turn, the next one's start)
HEADLINES = frozenset({"SegmentStarted", "Income", "AreaScored", "UnrestRolled", "TurnEnded",
                       "TurnStarted", "MarkersDrawn", "AuctionPhaseWon", "AlliancesDrawn"})


class EventAnimator:
    def __init__(self, t: AnimatedTable) -> None:
        self.t = t
        self.tweens: list[Tween] = []
        self.at = 0.0
        self._npcs: dict[int, int] = {}  # seat -> non-player allies bought (the combat's)
        self._roll_no = 0
        self._headlined: set[str] = set()

    # --- places ------------------------------------------------------------------------------
    def plaque(self, seat: int) -> Point:
        w = self.t.topbar.plaque_w()
        return TRACK_W + 8 + seat * w + 15, 26.0

    def seat_of(self, country: int) -> int:
        return self.t.shown.seat_of[country] if country >= 0 else -1

    def home_of(self, country: int) -> Point:
        """Where a country's discs come from and go back to: its player's plaque, or for a
        country without a player, its place beside the Alliance Display."""
        seat = self.seat_of(country)
        return self.plaque(seat) if seat >= 0 else self.t.alliance.tray_xy(country)

    # --- building blocks ---------------------------------------------------------------------
    def _touch(self) -> None:
        self.t.rev += 1

    def at_time(self, when: float, fn: Then) -> None:
        """Run `fn` (a change of the shown state) at `when` into the batch."""
        def done() -> None:
            fn()
            self._touch()
        self.tweens.append(Tween(0.001, None, done, delay=when))

    def flight(self, when: float, dur: float, a: Pos, b: Pos,
               draw: Draw, on_start: Then | None = None,
               on_land: Then | None = None, lift: float = 0.25,
               sound: str = "") -> None:
        """A piece flying from a() to b() (evaluated at take-off); draw(c, x, y, t)."""
        state: dict[str, object] = {}
        pos = [(0.0, 0.0)]
        k = [0.0]

        def start() -> None:
            pa, pb = a(), b()
            state["a"], state["b"] = pa, pb
            pos[0] = pa
            if on_start:
                on_start()
                self._touch()
            state["sp"] = self.t.fx.add_sprite(lambda c: draw(c, pos[0][0], pos[0][1], k[0]))

        def upd(u: float) -> None:
            if "a" in state:
                pa, pb = state["a"], state["b"]
                pos[0] = arc(pa, pb, u, lift)  # type: ignore[arg-type]
                k[0] = u

        def done() -> None:
            sp = state.get("sp")
            if sp is not None:
                sp.finished = True  # type: ignore[attr-defined]
            if on_land:
                on_land()
            self._touch()
            if sound:
                self.t.app.sound.play(sound)

        self.tweens.append(Tween(dur, upd, done, delay=when, ease=ease_in_out, on_start=start))

    def floater(self, when: float, text: str, at: Pos, colour: theme.Colour = theme.CREAM,
                size: float = 15) -> None:
        """Words rising and fading over the table (never holds the game back)."""
        pos = [(0.0, 0.0)]
        alpha = [1.0]
        spr: dict[str, object] = {}

        def start() -> None:
            pos[0] = at()

            def draw(c: Canvas) -> None:
                x, y = pos[0]
                col = tuple(int(v * alpha[0] + 30 * (1 - alpha[0])) for v in colour)
                c.text(text, x + 1, y + 1, size, (20, 14, 10), True, "center")
                c.text(text, x, y, size, col, True, "center")  # type: ignore[arg-type]
            spr["sp"] = self.t.fx.add_sprite(draw, z=5)

        base = [(0.0, 0.0)]

        def upd(u: float) -> None:
            if not base[0][0] and "sp" in spr:
                base[0] = pos[0]
            x, y = base[0] if base[0][0] else pos[0]
            pos[0] = (x, y - 28 * u)
            alpha[0] = 1.0 - max(0.0, u - 0.6) / 0.4

        def done() -> None:
            sp = spr.get("sp")
            if sp is not None:
                sp.finished = True  # type: ignore[attr-defined]

        self.tweens.append(Tween(1.3, upd, done, delay=when, ease=ease_out_cubic,
                                 on_start=start, blocking=False))

    def coins(self, when: float, n: int, a: Pos, b: Pos) -> float:
        """`n` gold as up to five coins flying from a to b; returns the time they take."""
        k = max(0, min(5, (n + 1) // 2 if n > 2 else n))
        for i in range(k):
            self.flight(when + i * 0.06, 0.42, a, b,
                        lambda c, x, y, t: pieces.coin(c, x, y, 7, 1), lift=0.18,
                        sound="coin" if i == 0 else "")
        return 0.42 + 0.06 * max(0, k - 1) if k else 0.0

    def show_banner(self, when: float, text: str, sub: str = "", dur: float = 1.1) -> None:
        b = self.t.banner

        def start() -> None:
            b.text, b.sub = text, sub

        def upd(u: float) -> None:
            b.alpha = min(1.0, u * 5) if u < 0.7 else max(0.0, (1 - u) / 0.3)

        def done() -> None:
            b.alpha = 0.0

        self.tweens.append(Tween(dur, upd, done, delay=when, on_start=start))

    # --- a batch -------------------------------------------------------------------------------
    def animate(self, events_: list[object]) -> None:
        """Queue the animation of a decision's events (nothing at speed 0: the table takes
        the game's state as it is)."""
        if self.t.driver.anim_speed() <= 0:
            for e in events_:
                self._bookkeeping(e)
            return
        self.tweens = []
        self.at = 0.0
        self._headlined = set()
        i = 0
        while i < len(events_):
            e = events_[i]
            if isinstance(e, ev.DiceRolled):  # the two sides' dice fly in one throw
                group = [e]
                while i + 1 < len(events_) and isinstance(events_[i + 1], ev.DiceRolled):
                    i += 1
                    group.append(events_[i])  # type: ignore[arg-type]
                self.at = self._dice(group, self.at)
            else:
                self.at = self._one(e, self.at)
            i += 1
        for tw in self.tweens:
            self.t.animator.add(tw)
        self.tweens = []

    def _bookkeeping(self, e: object) -> None:
        """What the panels remember of events shown at once (no animation)."""
        a = self.t.auction
        if isinstance(e, ev.TurnStarted):
            a.new_turn()
        elif isinstance(e, ev.AuctionPhaseStarted):
            a.phase_started()
        elif isinstance(e, ev.BidMade):
            a.heard(e.seat, f"bid {e.amount} gold")
        elif isinstance(e, ev.BidPassed):
            a.heard(e.seat, "passed")
        elif isinstance(e, ev.AuctionPhaseWon):
            a.phase_won(e.seat, e.amount, e.placed)
        elif isinstance(e, ev.CombatResolved):
            self.t.stage.hold = False

    def _one(self, e: object, at: float) -> float:
        self._bookkeeping(e)
        name = type(e).__name__
        if name in HEADLINES and name not in self._headlined:
            self._headlined.add(name)  # the prompt says what plays now, once per kind
            self.at_time(at, lambda: self.t.headline(e))
        s = self.t.shown
        fn = getattr(self, f"_{type(e).__name__}", None)
        if fn is not None:
            return float(fn(e, at))
        self.at_time(at, lambda: display.apply(s, e))
        return at

    # --- the turn --------------------------------------------------------------------------------
    def _TurnStarted(self, e: ev.TurnStarted, at: float) -> float:
        s = self.t.shown
        self.at_time(at, lambda: display.apply(s, e))
        self.show_banner(at, f"Turn {e.turn} of {tables().turns}",
                         "Ten Empire markers come out of the bag")
        return at + 0.9

    def _MarkersDrawn(self, e: ev.MarkersDrawn, at: float) -> float:
        s = self.t.shown
        mv = self.t.map_view
        t = tables()
        for k, mid in enumerate(e.markers):
            aid = t.areas[t.markers[mid].area]

            def target(aid: str = aid, mid: str = mid) -> Point:
                a = t.area_index[aid]
                n = len(s.markers[a]) + (0 if mid in s.markers[a] else 1)
                idx = s.markers[a].index(mid) if mid in s.markers[a] else n - 1
                return mv.marker_virtual(aid, idx, n)

            def land(mid: str = mid) -> None:
                display.draw_marker(s, mid)

            self.flight(at + k * 0.16, 0.55, mv.bag_virtual, target,
                        lambda c, x, y, u, mid=mid: pieces.marker(
                            c, x, y, 6.2 * mv.scale * (1 + 0.6 * (1 - abs(2 * u - 1))), mid,
                            face_up=u > 0.45, lift=1 - abs(2 * u - 1)),
                        on_land=land, lift=0.35, sound="land")
        return at + 0.16 * max(0, len(e.markers) - 1) + 0.6

    def _AuctionPhaseStarted(self, e: ev.AuctionPhaseStarted, at: float) -> float:
        s = self.t.shown
        self.at_time(at, lambda: display.apply(s, e))
        if e.phase == 1:
            self.show_banner(at, "The alliances", "Players bid to place the countries in the "
                             "two rows of the Alliance Display")
            return at + 1.0
        what = "the last country" if e.single else "two more countries"
        self.floater(at, f"Bidding {e.phase}: {what}", lambda: (1260.0, 200.0), theme.GOLD)
        return at + 0.2

    def _BidMade(self, e: ev.BidMade, at: float) -> float:
        s = self.t.shown
        al = self.t.alliance
        self.floater(at, f"{self.t.seat_name(e.seat)} bids {e.amount}",
                     lambda: (self.plaque(e.seat)[0], 60.0), theme.GOLD, 14)
        old = list(s.proposal)
        moves = []
        for row, c in enumerate(e.proposal):
            if c == EMPTY or old[row] == c:
                continue
            moves.append((row, c))
        # the previous proposal's discs go back beside the display
        for row, c in enumerate(old):
            if c != EMPTY and c not in e.proposal:
                self.flight(at, 0.3, lambda row=row: al.box_xy(row),
                            lambda c=c: al.tray_xy(c),
                            lambda cv, x, y, u, c=c: pieces.disc(cv, x, y, 14, c),
                            on_start=lambda row=row: self._clear_box(row), lift=0.1)
        for k, (row, c) in enumerate(moves):
            self.flight(at + 0.05 + k * 0.1, 0.38, lambda c=c: al.disc_xy(c),
                        lambda row=row: al.box_xy(row),
                        lambda cv, x, y, u, c=c: pieces.disc(cv, x, y, 14, c),
                        on_start=lambda c=c: self._lift_ally(c),
                        on_land=lambda row=row, c=c: self._box_ally(row, c), lift=0.15,
                        sound="disc")
        self.at_time(at + 0.5, lambda: display.apply(s, e))
        return at + 0.55

    def _lift_ally(self, c: int) -> None:
        self.t.alliance.held = c

    def _box_ally(self, row: int, c: int) -> None:
        self.t.shown.proposal[row] = c
        self.t.alliance.held = -1

    def _clear_box(self, row: int) -> None:
        self.t.shown.proposal[row] = EMPTY

    def _BidPassed(self, e: ev.BidPassed, at: float) -> float:
        self.floater(at, f"{self.t.seat_name(e.seat)} passes",
                     lambda: (self.plaque(e.seat)[0], 60.0), theme.PANEL_DARK, 13)
        return at + 0.25

    def _AuctionPhaseWon(self, e: ev.AuctionPhaseWon, at: float) -> float:
        s = self.t.shown
        al = self.t.alliance
        tr = self.t.tracks
        if e.amount:
            self.coins(at, e.amount, lambda: tr.gold_xy(e.seat), tr.bank_xy)
            self.floater(at, f"\u2212{e.amount} gold", lambda: tr.gold_xy(e.seat), theme.LOSS)
        self.at_time(at + 0.3, lambda: display.gold(s, e.seat, -e.amount))
        for k, (c, space) in enumerate(e.placed):
            self.flight(at + 0.1 + k * 0.12, 0.45, lambda c=c: al.disc_xy(c),
                        lambda space=space: al.space_xy(space - 1),
                        lambda cv, x, y, u, c=c: pieces.disc(cv, x, y, 14, c),
                        on_start=lambda c=c: self._lift_ally(c),
                        on_land=lambda c=c, space=space: self._seat_ally(c, space),
                        lift=0.2, sound="disc")
        self.floater(at + 0.2, f"{self.t.seat_name(e.seat)} wins for {e.amount} gold",
                     lambda: (1260.0, 150.0), theme.GOLD, 15)
        return at + 0.8

    def _seat_ally(self, c: int, space: int) -> None:
        display.place_ally(self.t.shown, c, space)
        self.t.alliance.held = -1

    def _AlliancesDrawn(self, e: ev.AlliancesDrawn, at: float) -> float:
        al = self.t.alliance
        for k, (c, space) in enumerate(e.placed):
            self.flight(at + k * 0.12, 0.45, lambda c=c: al.tray_xy(c),
                        lambda space=space: al.space_xy(space - 1),
                        lambda cv, x, y, u, c=c: pieces.disc(cv, x, y, 14, c),
                        on_start=lambda c=c: self._lift_ally(c),
                        on_land=lambda c=c, space=space: self._seat_ally(c, space),
                        lift=0.2, sound="disc")
        return at + 0.12 * len(e.placed) + 0.5

    def _SegmentStarted(self, e: ev.SegmentStarted, at: float) -> float:
        s = self.t.shown
        self.at_time(at, lambda: display.apply(s, e))
        if e.segment == 1:
            self.show_banner(at, "Actions", "In turn, each player may place a disc in a box, "
                             "then attack", 1.0)
            return at + 0.9
        self.floater(at, f"Segment {e.segment}", lambda: (464.0, 120.0), theme.GOLD, 18)
        return at

    # --- boxes and gold --------------------------------------------------------------------------
    def _BoxTaken(self, e: ev.BoxTaken, at: float) -> float:
        s = self.t.shown
        tr = self.t.tracks
        c = s.players[e.seat].country
        self.flight(at, 0.5, lambda: self.plaque(e.seat),
                    lambda: self.t.actions.space_virtual(e.space),
                    lambda cv, x, y, u: pieces.disc(cv, x, y, 9, c),
                    on_land=lambda: display.box_disc(s, e.seat, e.space), lift=0.2,
                    sound="disc")
        t_end = at + 0.5
        if e.cost:
            self.coins(at + 0.5, e.cost, lambda: tr.gold_xy(e.seat), tr.bank_xy)
            self.at_time(at + 0.8, lambda: display.gold(s, e.seat, -e.cost))
            t_end = at + 0.9
        if e.gold:
            self.coins(t_end, e.gold, tr.bank_xy, lambda: tr.gold_xy(e.seat))
            self.floater(t_end, f"+{e.gold} gold", lambda: tr.gold_xy(e.seat), theme.GAIN)
            self.at_time(t_end + 0.35, lambda: display.gold(s, e.seat, e.gold))
            t_end += 0.45
        if e.unrest:
            self.floater(t_end, f"unrest \u2212{e.unrest}", lambda: tr.unrest_xy(
                s.players[e.seat].unrest), theme.GAIN)
            self.at_time(t_end + 0.1, lambda: display.unrest(s, e.seat, -e.unrest))
            t_end += 0.3
        return t_end

    def _BoxSkipped(self, e: ev.BoxSkipped, at: float) -> float:
        return at

    def _Traded(self, e: ev.Traded, at: float) -> float:
        s = self.t.shown
        tr = self.t.tracks
        self.coins(at, e.gold, tr.bank_xy, lambda: tr.gold_xy(e.seat))
        self.at_time(at + 0.35, lambda: display.gold(s, e.seat, e.gold))
        return at + 0.45

    def _Levied(self, e: ev.Levied, at: float) -> float:
        s = self.t.shown
        tr = self.t.tracks
        self.coins(at, e.gold, tr.bank_xy, lambda: tr.gold_xy(e.seat))
        self.floater(at, f"levy: +{e.gold} gold, +{e.times} unrest", lambda: tr.gold_xy(e.seat),
                     theme.LOSS, 13)
        self.at_time(at + 0.4, lambda: display.apply(s, e))
        return at + 0.5

    def _Income(self, e: ev.Income, at: float) -> float:
        s = self.t.shown
        tr = self.t.tracks
        if e.gold:
            self.coins(at, e.gold, tr.bank_xy, lambda: tr.gold_xy(e.seat))
            self.floater(at + 0.2, f"+{e.gold} gold", lambda: tr.gold_xy(e.seat), theme.GAIN)
        self.at_time(at + 0.35, lambda: display.apply(s, e))
        return at + 0.3

    # --- attacks ---------------------------------------------------------------------------------
    def _Converted(self, e: ev.Converted, at: float) -> float:
        s = self.t.shown
        mv = self.t.map_view
        tr = self.t.tracks
        c = s.players[e.seat].country
        card = e.card
        self.flight(at, 0.5, lambda: self.plaque(e.seat), lambda: mv.area_virtual(e.area),
                    lambda cv, x, y, u: pieces.card_face(cv, x, y, 46, 68, card), lift=0.15,
                    sound="card")
        self.coins(at + 0.3, e.cost, lambda: tr.gold_xy(e.seat), tr.bank_xy)
        self.at_time(at + 0.7, lambda: display.gold(s, e.seat, -e.cost))
        self.at_time(at + 0.9, lambda: display.remove_marker(s, e.marker))
        self.flight(at + 0.9, 0.5, lambda: self.plaque(e.seat),
                    lambda: mv.stack_virtual(e.area, c),
                    lambda cv, x, y, u: pieces.disc(cv, x, y, 7 * mv.scale, c),
                    on_land=lambda: display.map_disc(s, e.area, c, 1), sound="disc")
        self.at_time(at + 1.4, lambda: self._discard(e.seat, card))
        self.floater(at + 1.2, "Aktion converted", lambda: mv.area_virtual(e.area), theme.GOLD)
        return at + 1.5

    def _discard(self, seat: int, card: str) -> None:
        if tables().cards[card].kind == "combat":
            display.discard(self.t.shown, seat, card)

    def _AttackDeclared(self, e: ev.AttackDeclared, at: float) -> float:
        self._npcs = {}
        self.at_time(at, lambda: self.t.stage.begin(e))
        self.t.app.sound.play("click")
        return at + 0.35

    def _CardCommitted(self, e: ev.CardCommitted, at: float) -> float:
        self.at_time(at + 0.25, lambda: self.t.stage.face_down(e.seat, e.role))
        self.at_time(at, lambda: self.t.app.sound.play("card"))
        return at + 0.3

    def _StayedOut(self, e: ev.StayedOut, at: float) -> float:
        self.at_time(at, lambda: self.t.stage.stay_out(e.seat))
        return at + 0.2

    def _NpcBought(self, e: ev.NpcBought, at: float) -> float:
        self._npcs[e.seat] = self._npcs.get(e.seat, 0) + 1
        self.at_time(at, lambda: self.t.stage.npc(e.country, e.side))
        self.at_time(at, lambda: self.t.app.sound.play("coin"))
        return at + 0.35

    def _CombatRevealed(self, e: ev.CombatRevealed, at: float) -> float:
        stage = self.t.stage
        self.at_time(at, lambda: stage.reveal(e))
        self.at_time(at, lambda: self.t.app.sound.play("card"))
        self.tweens.append(Tween(0.55, stage.set_flip, None, delay=at, ease=ease_in_out))
        revealed: tuple[tuple[int, str], ...] = ((e.attacker, e.attacker_card),)
        if e.defender >= 0:
            revealed += ((e.defender, e.defender_card),)
        revealed += tuple(e.allies)
        npcs = dict(self._npcs)
        self.at_time(at + 0.6, lambda: self._pay(revealed, e.attacker, e.defender, npcs))
        return at + 0.8

    def _pay(self, revealed: tuple[tuple[int, str], ...], attacker: int, defender: int,
             npcs: dict[int, int]) -> None:
        paid = display.pay_combat(self.t.shown, revealed, attacker, defender, npcs)
        if paid:
            self.t.app.sound.play("coin")

    def _dice(self, group: list[ev.DiceRolled], at: float) -> float:
        stage = self.t.stage
        rer = any(x.rerolled_by >= 0 for x in group)
        self._roll_no += 1
        seed = dice_mod.seed_for(len(self.t.game.history), self._roll_no, *(
            d for x in group for d in x.dice))
        values: list[int] = []
        for x in group:
            stage.set_dice(x.side, x.dice)
        f = stage.fight
        if f is not None and len(f.dice) == 4 and len(group) == 1:
            values = list(f.dice)
        else:
            for x in group:
                values += list(x.dice)
        roll_holder: dict[str, dice_mod.DiceRoll] = {}

        def start() -> None:
            if stage.fight is None:
                return
            roll = stage.throw(tuple(values), seed, rer)
            roll_holder["r"] = roll
            tw.roll = roll

        placeholder = dice_mod.DiceRoll((0, 0, 10, 10), [1], [pieces.ATTACK_DIE], 0,
                                        quiet=True)
        placeholder.finish()
        tw = dice_mod.RollTween(placeholder, None, delay=at)
        tw.on_start = start
        self.tweens.append(tw)
        return at + dice_mod.MAX_TIME * 0.75

    def _ReservesUsed(self, e: ev.ReservesUsed, at: float) -> float:
        s = self.t.shown
        c = s.players[e.seat].country
        self.flight(at, 0.45, lambda: self.t.actions.space_virtual(e.space),
                    lambda: self.plaque(e.seat),
                    lambda cv, x, y, u: pieces.disc(cv, x, y, 9, c),
                    on_start=lambda: display.box_disc_back(s, e.space), sound="disc")
        self.show_banner(at, f"{self.t.seat_name(e.seat)} calls up its Reserves",
                         "The battle is fought again", 1.0)
        return at + 0.9

    def _CombatResolved(self, e: ev.CombatResolved, at: float) -> float:
        stage = self.t.stage
        s = self.t.shown
        self.at_time(at, lambda: stage.resolve(e))
        t0 = at + 0.2
        n = max(len(e.attacker_terms), len(e.defender_terms))
        for k in range(n):
            if k < len(e.attacker_terms):
                self.at_time(t0 + k * 0.32, lambda: stage.show_term("attacker"))
            if k < len(e.defender_terms):
                self.at_time(t0 + k * 0.32 + 0.12, lambda: stage.show_term("defender"))
        t1 = t0 + n * 0.32 + 0.2
        self.at_time(t1, stage.show_totals)
        self.at_time(t1, lambda: self.t.app.sound.play(
            "complete" if e.result == "attacker" else "deny"))
        hold = 2.2
        self.at_time(t1 + hold, stage.close)
        t2 = t1 + hold + 0.1
        return self._aftermath(e, t2, s)

    def _aftermath(self, e: ev.CombatResolved, at: float, s: State) -> float:
        """On the map: the loser's disc (or the marker) leaves, the winner's disc comes in;
        unrest moves; the cards go to the discard piles."""
        mv = self.t.map_view
        tr = self.t.tracks
        if e.result == "attacker":
            if e.kind == "disc":
                d = e.defender_country
                self.flight(at, 0.5, lambda: mv.stack_virtual(e.area, d),
                            lambda: self.home_of(d),
                            lambda cv, x, y, u: pieces.disc(cv, x, y, 7 * mv.scale, d),
                            on_start=lambda: display.map_disc(s, e.area, d, -1), lift=0.3)
            else:
                self.at_time(at, lambda: display.remove_marker(s, e.marker))
            a = e.attacker_country
            self.flight(at + 0.35, 0.5, lambda: self.plaque(e.attacker),
                        lambda: mv.stack_virtual(e.area, a),
                        lambda cv, x, y, u: pieces.disc(cv, x, y, 7 * mv.scale, a),
                        on_land=lambda: display.map_disc(s, e.area, a, 1), sound="disc")
            at += 0.9
            if e.reward_vp:
                self.floater(at, f"+{e.reward_vp} VP", lambda: mv.area_virtual(e.area),
                             theme.GAIN)
                self.at_time(at, lambda: display.vp(s, e.attacker, e.reward_vp, "markers"))
            if e.reward_gold:
                self.coins(at, e.reward_gold, tr.bank_xy, lambda: tr.gold_xy(e.attacker))
                self.at_time(at + 0.3, lambda: display.gold(s, e.attacker, e.reward_gold))
        for seat, n in e.unrest:
            self.floater(at, f"+{n} unrest", lambda seat=seat: tr.unrest_xy(
                s.players[seat].unrest), theme.LOSS, 13)
            self.at_time(at + 0.1, lambda seat=seat, n=n: display.unrest(s, seat, n))
        self.at_time(at + 0.2, lambda: self._cards_away(e))
        return at + 0.4

    def _cards_away(self, e: ev.CombatResolved) -> None:
        s = self.t.shown
        t = tables()
        for seat, card in ((e.attacker, e.attacker_card), (e.defender, e.defender_card)):
            if seat >= 0 and card:
                if t.cards[card].kind == "combat":
                    display.discard(s, seat, card)
                else:
                    display.to_hand(s, seat, card)
        for seat, _, card in e.allies:
            if card:
                display.to_hand(s, seat, card)
        for p in s.players:
            p.committed = ""

    # --- victory points and the end of the turn --------------------------------------------------
    def _AreaScored(self, e: ev.AreaScored, at: float) -> float:
        s = self.t.shown
        mv = self.t.map_view
        tr = self.t.tracks
        t = tables()
        a = t.area_index[e.area]
        if a == 0:
            self.show_banner(at, "Victory points", "Every area is scored: most discs first "
                             "(R11)", 1.2)
            at += 1.0
        self._ring(at, e.area, 0.5)
        points = [(s.seat_of[c], vp) for c, _, _, vp in e.ranks if s.seat_of[c] >= 0 and vp]
        for k, (seat, vp) in enumerate(points):
            self.floater(at + 0.05 * k, f"+{vp} {look.name(s.players[seat].country)}",
                         lambda k=k: (mv.area_virtual(e.area)[0],
                                      mv.area_virtual(e.area)[1] - 10 - 14 * k),
                         theme.GAIN, 13)
            c = s.players[seat].country
            self.flight(at + 0.1, 0.45, lambda seat=seat: tr.vp_xy(s.players[seat].vp),
                        lambda seat=seat, vp=vp: tr.vp_xy(s.players[seat].vp + vp),
                        lambda cv, x, y, u, c=c: pieces.disc(cv, x, y, 7.5, c),
                        on_land=lambda seat=seat, vp=vp: display.vp(s, seat, vp,
                                                                    f"areas_{e.turn}"),
                        lift=0.5)
        if points:
            self.at_time(at + 0.1, lambda: self.t.app.sound.play("disc"))
        return at + (0.55 if points else 0.2)

    def _ring(self, at: float, aid: str, dur: float) -> None:
        mv = self.t.map_view
        spr: dict[str, object] = {}

        def start() -> None:
            spr["sp"] = self.t.fx.add_sprite(lambda c: mv.ring_area(c, aid, theme.HILITE, 3))

        def done() -> None:
            sp = spr.get("sp")
            if sp is not None:
                sp.finished = True  # type: ignore[attr-defined]

        self.tweens.append(Tween(dur, None, done, delay=at, on_start=start))

    def _UnrestRolled(self, e: ev.UnrestRolled, at: float) -> float:
        s = self.t.shown
        tr = self.t.tracks
        x, y = tr.unrest_xy(e.unrest)
        rolls = list(e.rolls)
        if not rolls:
            return at
        shown = [1]
        total = [0]
        spr: dict[str, object] = {}

        def start() -> None:
            def draw(c: Canvas) -> None:
                pieces.die(c, x, y - 34, 22, shown[0], (236, 230, 214), 0.2 * shown[0])
                c.text(f"{total[0]} of {e.unrest}", x + 18, y - 34, 12, theme.CREAM, True,
                       "midleft")
            spr["sp"] = self.t.fx.add_sprite(draw, z=4)

        def roll_to(k: int) -> Callable[[], None]:
            def go() -> None:
                shown[0] = rolls[k]
                total[0] += rolls[k]
                self.t.app.sound.play("dice_hit")
            return go

        step = 0.32
        self.tweens.append(Tween(0.001, None, None, delay=at, on_start=start))
        for k in range(len(rolls)):
            self.at_time(at + 0.05 + k * step, roll_to(k))
        end = at + 0.05 + len(rolls) * step + 0.25

        def finish() -> None:
            sp = spr.get("sp")
            if sp is not None:
                sp.finished = True  # type: ignore[attr-defined]
            display.vp(s, e.seat, -e.lost, "unrest")

        self.at_time(end, finish)
        if e.lost:
            self.floater(end - 0.2, f"{self.t.seat_name(e.seat)}: \u2212{e.lost} VP",
                         lambda: (x, y - 50), theme.LOSS, 13)
        return end

    def _TurnEnded(self, e: ev.TurnEnded, at: float) -> float:
        s = self.t.shown
        al = self.t.alliance
        act = self.t.actions
        k = 0
        for sid, c in list(s.spaces.items()):
            if c == EMPTY:
                continue
            seat = s.seat_of[c]
            if seat < 0:
                continue
            self.flight(at + k * 0.05, 0.5, lambda sid=sid: act.space_virtual(sid),
                        lambda seat=seat: self.plaque(seat),
                        lambda cv, x, y, u, c=c: pieces.disc(cv, x, y, 9, c),
                        on_start=lambda sid=sid: display.box_disc_back(s, sid), lift=0.2)
            k += 1
        for i, c in enumerate(list(s.alliance)):
            if c == EMPTY:
                continue
            self.flight(at + 0.2 + i * 0.05, 0.5, lambda i=i: al.space_xy(i),
                        lambda c=c: al.tray_xy(c),
                        lambda cv, x, y, u, c=c: pieces.disc(cv, x, y, 14, c),
                        on_start=lambda i=i: self._unseat(i), lift=0.15)
        end = at + 0.9
        self.at_time(end, lambda: display.apply(s, e))
        for _, before, after in e.halved:
            if before != after:
                self.floater(end, f"unrest {before} \u2192 {after}",
                             lambda after=after: self.t.tracks.unrest_xy(after), theme.GAIN, 12)
        self.at_time(end, lambda: self.t.app.sound.play("push"))
        return end + 0.3

    def _unseat(self, i: int) -> None:
        self.t.shown.alliance[i] = EMPTY

    def _GameOver(self, e: ev.GameOver, at: float) -> float:
        s = self.t.shown
        self.at_time(at, lambda: display.apply(s, e))
        names = " and ".join(self.t.seat_name(x) for x in e.winners)
        self.show_banner(at, f"{names} {'wins' if len(e.winners) == 1 else 'win'}",
                         "The game is over", 1.6)
        return at + 1.5

    # unused in pictures (log only)
    def _AttackSkipped(self, e: ev.AttackSkipped, at: float) -> float:
        return at

    def _FirstPlayer(self, e: ev.FirstPlayer, at: float) -> float:
        return at

    def _CardRetrieved(self, e: ev.CardRetrieved, at: float) -> float:
        s = self.t.shown
        self.at_time(at, lambda: display.apply(s, e))
        self.at_time(at, lambda: self.t.app.sound.play("card"))
        return at + 0.2
