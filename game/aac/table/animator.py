"""The table's event animator: one place that turns each engine event into its animation
(tweens over sprites, the trapdoor, the conveyor, the snap, score floaters...), walking the
shown copy of the state forward event by event (engine.aac.display)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, assert_never

from engine.aac.api import TYPES, locations
from engine.aac.api import display as display_model
from engine.aac.api import events as ev
from game.aac import fx, monument_anim, table_modules, trapdoor
from game.aac import settings as aac_settings
from game.aac.board_geometry import geometry
from game.aac.device_view import STAGING_X, TILE_H, TILE_W, TILE_Y, pos_x
from game.aac.table.module_hook import StageTable
from game.shell import theme
from game.shell.animations import Tween, ease_in_out, ease_out_back
from game.shell.layout import DEVICE_Y, RIGHT_X, SEATS_Y, VH, VW
from game.shell.scenegraph import Canvas

if TYPE_CHECKING:
    from game.aac.board_view import BoardView
    from game.aac.device_view import DeviceView, SeatsView
    from game.aac.hud import TopBar
    from game.aac.table.driver import TurnDriver
    from game.aac.table.hotspots import HotspotIndex
    from game.aac.table.scores import ScoreBoard
    from game.shell.animations import Animator
    from game.shell.settings import Settings


class AnimatedTable(StageTable, Protocol):
    """What the event animator reads and changes of the table: the shown state it walks on
    (and its revision), the views its pieces fly between and the hotspots it finds them by,
    the displayed scores, the pace and privacy the driver sets, the trapdoor and the
    animations' queue."""

    rev: int  # bumped whenever the animations change `shown`

    @property
    def settings(self) -> Settings: ...

    @property
    def board(self) -> BoardView: ...

    @property
    def device(self) -> DeviceView: ...

    @property
    def seats(self) -> SeatsView: ...

    @property
    def topbar(self) -> TopBar: ...

    @property
    def hotspots(self) -> HotspotIndex: ...

    @property
    def driver(self) -> TurnDriver: ...

    @property
    def animator(self) -> Animator: ...

    @property
    def trapdoor(self) -> trapdoor.TrapdoorLayer: ...

    @property
    def scores(self) -> ScoreBoard: ...


STAGGER = 0.12  # seconds between the flights of one batch
# the word that floats up for events with no picture of their own
EVENT_WORDS: dict[type[ev.Event], str] = {
    ev.BridgeBuilt: "Bridge placed", ev.PerkTaken: "Perk", ev.PatronTaken: "Patron Token",
    ev.PatronUsed: "Patron Token used", ev.AchievementClaimed: "Achievement!",
    ev.ActionUpgraded: "Upgrade", ev.ConduitGained: "Conduit", ev.ConduitsRearranged:
    "Conduits moved", ev.PowerUsed: "Power", ev.FinalRoundTriggered: "Final round!",
    ev.BridgeBenefit: "Bridge benefit", ev.SectionDeconstructed: "Deconstructed",
    ev.TilesRearranged: "Tiles rearranged", ev.ActionTokensSwapped: "Actions swapped",
}


class EventAnimator:
    def __init__(self, t: AnimatedTable) -> None:
        self.t = t

    def locate(self, loc: str, owner: int) -> tuple[float, float]:
        """A virtual point for an event location of `owner`'s energy."""
        kind = loc.split(":", 1)[0]
        if locations.on_owner_board(loc) and owner != self.t.device.seat:  # engine's table
            rh = self.t.seats.row_h()
            return RIGHT_X + 470, SEATS_Y + owner * rh + 20
        key = locations.spot(loc, owner)
        if kind == "staging":
            return RIGHT_X + 96, DEVICE_Y + TILE_Y + TILE_H / 2
        elif kind == "shop":
            return self.t.board.virtual(*geometry().bank(owner))
        spots = self.t.hotspots.spots.get(key)
        if spots:
            r = spots[0].world_rect()
            return float(r.centerx), float(r.centery)
        for m in table_modules.in_play(self.t.shown):  # a module's place for it (its tab)
            at = m.locate(self.t, loc)
            if at is not None:
                return at
        return VW / 3, VH / 2

    def animate(self, events: list[ev.Event], old: Any) -> bool:
        """Queue one tween per event. Each tween walks the display model (`self.t.shown`) on:
        a token leaves its source when it takes off and appears where it lands, a figure
        stands on its new space when its walk ends, pushed tiles settle when they stop...
        True when something is shown."""
        del old
        if self.t.driver.anim_speed() <= 0:
            return False
        at = 0.0
        tweens: list[Tween] = []
        root = tweens  # a trapdoor launch holds back the tweens after it (see _launch)
        launch: trapdoor.Launch | None = None
        visual = False
        for e in events:
            if isinstance(e, ev.TokenMoved) and self._launch_pos(e):
                launch, tweens, at = self._launch(e, launch, tweens, at)
                visual = True
                continue
            launch = None
            if isinstance(e, ev.ALL_EVENTS):
                at, shown = self._one(e, at, tweens)  # type: ignore[arg-type]
                visual = visual or shown
            else:  # a module's event: its own floating word, its change in sequence
                at, shown = self._module_event(e, at, tweens)
                visual = visual or shown
            at = min(at, 2.5)
        if visual:
            for tw in root:
                self.t.animator.add(tw)
        return visual

    def _one(self, e: ev.AacEvent, at: float, tweens: list[Tween]) -> tuple[float, bool]:
        """The animation of one event, starting at `at` into the batch: (the time the next
        event starts, whether it shows anything). One case per event type; the type checker
        refuses a missing one (assert_never)."""
        t = self.t
        match e:
            case ev.TokenMoved():
                a = self.locate(e.src, e.owner)
                b = self.locate(e.dst, e.owner)
                et = TYPES.index(e.etype) if e.etype in TYPES else 3
                sp = t.fxl.spawn(fx.flying_token(a, b, et, t.session.colour(e.owner),
                                                 t.session.shape(e.owner)))
                tweens.append(self._tween(sp, at, 0.45, start=self._taker(e),
                                          land=self._putter(e)))
                return at + STAGGER, True
            case ev.FigureMoved() | ev.FigureTeleported():
                walk = t.board.figure_walk(e)  # space by space: turns, hops; a teleport leaps
                sp = t.board.spawn(walk.draw)
                tweens.append(fx.sprite_tween(sp, at, walk.duration,
                                              start=self._hide_figure(e.seat),
                                              land=self._place_figure(e)))
                return at + walk.duration, True
            case ev.BridgeBuilt() if e.space in t.board.g.spaces:
                sp = t.board.bridge_drop(e.space, f"p:{e.seat}:{e.tier}")
                tweens.append(fx.sprite_tween(sp, at, fx.DROP_S, land=self.applier(e),
                                              marks={fx.DROP_CONTACT: self._sound("land")}))
                return at + fx.DROP_S, True
            case ev.TilesPushed() if e.seat == t.device.seat:
                tweens.append(self._slide_tiles(e, at))
                return at + 0.7, True  # a second push (the channel marker) plays as a second push
            case ev.TileClaimed():
                td = t.rules.tiles.get(e.tile)
                if td is None:
                    return self._in_sequence(e, at, tweens)
                a = t.board.virtual(*geometry().pool_slot(max(1, e.pool_slot)))
                b = self.locate("staging", e.seat) if e.seat == t.device.seat else \
                    self.locate("exhausted", e.seat)
                if e.position and e.seat == t.device.seat:
                    b = (RIGHT_X + pos_x(e.position) + 42, DEVICE_Y + TILE_Y + 58)
                sp = t.fxl.spawn(fx.flying_tile(a, b, td))
                tweens.append(self._tween(sp, at, 0.6, start=self._lifter(e),
                                          land=self.applier(e)))
                return at + 0.3, True
            case ev.ScoreChanged():  # floats only if the steps have not told it yet
                at, _ = self._in_sequence(e, at, tweens)
                floater = t.scores.tell(e.seat, e.new, at, add=False)
                if floater is not None:
                    tweens.append(floater)
                return at, floater is not None
            case ev.SectionConstructed() | ev.SectionDeconstructed() if (
                    tw := monument_anim.section_tween(t, e, at, t.app.sound.play)):
                tweens.append(tw)  # lifts off, the next drops on and snaps (or is pulled off)
                return at + tw.duration, True
            case ev.SectionCompleted() | ev.SectionConstructed():
                spots = t.hotspots.spots.get(f"monument:{e.monument}")
                if not spots:
                    return self._in_sequence(e, at, tweens)
                r = spots[0].world_rect()
                word = "Completed!" if isinstance(e, ev.SectionCompleted) else "Built!"
                return self._decorate(e, fx.flash((r.centerx, r.centery), theme.HILITE, 40,
                                                  word), at, 0.7, tweens, gap=0.25), True
            case ev.TrackMoved():
                spots = t.hotspots.spots.get(f"track:{e.seat}:{e.track}")
                if not spots:
                    return self._in_sequence(e, at, tweens)
                r = spots[0].world_rect()
                return self._decorate(e, fx.floating_text(
                    (r.centerx, r.centery), f"+{e.to_peg - e.from_peg}", theme.HILITE),
                    at, 0.6, tweens, gap=0.1), True
            case ev.ChannelMarker():
                p = (RIGHT_X + 690.0, DEVICE_Y + 22.0) if e.seat == t.device.seat else \
                    self.locate("exhausted", e.seat)
                return self._decorate(e, fx.flash(p, theme.HILITE, 16,
                                                  "charged" if e.charged else "spent"),
                                      at, 0.5, tweens), True
            case ev.TurnStarted():
                return self._decorate(e, fx.floating_text(
                    (430.0, 470.0), f"Turn {e.turn}: {t.session.name(e.seat)}",
                    theme.lighten(t.session.colour(e.seat), 0.4)), at, 0.9, tweens), True
            case ev.TurnTypeChosen():
                return self._word(e, e.seat, f"{e.turn_type.title()} turn", at, tweens), True
            case ev.PoolChanged():
                return self._word(e, t.shown.active, "New tiles" if e.revealed else
                                  "Tile Pool slides", at, tweens, (380.0, 790.0)), True
            case (ev.BridgeBuilt() | ev.PerkTaken() | ev.PatronTaken() | ev.PatronUsed()
                  | ev.AchievementClaimed() | ev.ActionUpgraded() | ev.ConduitGained()
                  | ev.ConduitsRearranged() | ev.PowerUsed() | ev.FinalRoundTriggered()
                  | ev.BridgeBenefit() | ev.SectionDeconstructed() | ev.TilesRearranged()
                  | ev.ActionTokensSwapped()):
                seat = getattr(e, "seat", t.shown.active)
                return self._word(e, seat, EVENT_WORDS[type(e)], at, tweens), True
            case (ev.TilesPushed() | ev.FacingChosen() | ev.GameEnded() | ev.SetupDone()):
                return self._in_sequence(e, at, tweens)  # no picture of its own
            case _:
                assert_never(e)

    def _module_event(self, e: ev.Event, at: float, tweens: list[Tween]
                      ) -> tuple[float, bool]:
        """A module's event (not in the base union): the word its class gives (`word`)
        floats over the board space it names (`space`) or over the seat's device; no word,
        no picture. A module may draw its own (game.aac.table.module_hook: a pilgrim's walk...)."""
        for m in table_modules.in_play(self.t.shown):
            own = m.animate(self, e, at, tweens)
            if own is not None:
                return own
        word = getattr(e, "word", "")
        if not word:
            return self._in_sequence(e, at, tweens)
        seat = getattr(e, "seat", -1)
        if not isinstance(seat, int) or seat < 0:
            seats = getattr(e, "seats", ())
            seat = seats[0] if seats else self.t.shown.active
        space = getattr(e, "space", "")
        if space in self.t.board.g.spaces and self.t.board.sees(*self.t.board.virtual(
                *self.t.board.g.xy(space))):
            p = self.t.board.virtual(*self.t.board.g.xy(space))
            return self._word(e, seat, word, at, tweens, (p[0], p[1] - 18)), True
        return self._word(e, seat, word, at, tweens), True

    def _in_sequence(self, e: ev.Event, at: float, tweens: list[Tween]) -> tuple[float, bool]:
        """No picture: the event's change shows in its place in the sequence."""
        tweens.append(Tween(0.01, None, self.applier(e), delay=at))
        return at, False

    def _word(self, e: ev.Event, seat: int, word: str, at: float, tweens: list[Tween],
              p: tuple[float, float] = (RIGHT_X + 360.0, DEVICE_Y + 150.0)) -> float:
        """A word floating up over the device (or `p`) in the seat's colour."""
        return self._decorate(e, fx.floating_text(p, word, theme.lighten(
            self.t.session.colour(seat), 0.3)), at, 0.9, tweens, gap=0.15)

    def _launch_pos(self, e: ev.TokenMoved) -> int:
        """The device position a deployed token leaves from, when the trapdoor plays it
        (setting on, the shown device is the owner's), else 0."""
        if e.reason != "deployed" or not aac_settings.of(self.t.settings).trapdoor_physics \
                or e.owner in self.t.driver.hidden_seats() \
                or (self.t.driver.batch_by_bot and self.t.settings.fast_bots):
            return 0
        kind, _, rest = e.src.partition(":")
        pos, _, row = rest.partition(":")
        return int(pos) if kind == "slot" and row == "top" and pos.isdigit() else 0

    def _launch(self, e: ev.TokenMoved, launch: trapdoor.Launch | None, tweens: list[Tween],
                at: float) -> tuple[trapdoor.Launch, list[Tween], float]:
        """Add deployed token `e` to the launch of its tile (a new one unless the previous
        event was a token of the same tile). The launch tween goes into `tweens`; the flights
        and every later tween of the batch go into a new list that the animator gets when the
        launch ends (a player may hold the plunger). Returns (launch, list, time in it)."""
        et = TYPES.index(e.etype) if e.etype in TYPES else 3
        if launch is None or launch.src != (e.owner, e.src):
            s = self.t.game.state
            launch = self.t.trapdoor.new(self._launch_pos(e), [], self.t.session.colour(e.owner),
                                       self.t.session.shape(e.owner),
                                       f"{s.turn}:{len(self.t.game.history)}:{e.owner}:{e.src}",
                                       self.t.session.is_human(e.owner),
                                       wait=not aac_settings.of(self.t.settings).trapdoor_autofire)
            launch.src = (e.owner, e.src)
            after: list[Tween] = []
            tweens.append(trapdoor.LaunchTween(launch, self._launch_start(launch),
                                               self._launch_done(after), delay=at))
            tweens, at = after, 0.0
        launch.etypes.append(et)
        launch.events.append(e)
        sp = self.t.fxl.spawn(trapdoor.flight(launch, len(launch.etypes) - 1,
                                            self.locate(e.dst, e.owner)))
        tweens.append(self._tween(sp, at, 0.45, land=self._putter(e)))
        return launch, tweens, at + 0.08

    def _launch_start(self, launch: trapdoor.Launch) -> Callable[[], None]:
        def go() -> None:  # the discs take the place of the row's tokens
            owner = launch.src[0]
            if 0 <= owner < len(self.t.shown.players) and owner != self.t.device.seat:
                self.t.device.refresh(owner)  # the device view follows the deploying seat
            if launch.src[0] < len(self.t.shown.players):
                p = self.t.shown.players[launch.src[0]]
                tile = p.device[launch.pos - 1] if launch.pos <= len(p.device) else ""
                launch.set_starts(trapdoor.slot_starts(launch, p.top.get(tile, [])))
            for e in launch.events:
                display_model.take(self.t.shown, self.t.rules, e)
            self._bump()
        return go

    def _launch_done(self, after: list[Tween]) -> Callable[[], None]:
        def go() -> None:  # straight into the lists: Animator.add would skip at speed 0
            self.t.animator.extend(after)
        return go

    def _bump(self) -> None:
        self.t.rev += 1

    def _sound(self, name: str) -> Callable[[], None]:
        def go() -> None:
            self.t.app.sound.play(name)
        return go

    def _taker(self, e: ev.TokenMoved) -> Callable[[], None]:
        def go() -> None:
            display_model.take(self.t.shown, self.t.rules, e)
            self._bump()
        return go

    def _putter(self, e: ev.TokenMoved) -> Callable[[], None]:
        def go() -> None:
            display_model.put(self.t.shown, self.t.rules, e)
            self.t.app.sound.play_event(e)
            self._bump()
        return go

    def _lifter(self, e: ev.Event) -> Callable[[], None]:
        def go() -> None:
            display_model.lift(self.t.shown, e)
            self._bump()
        return go

    def applier(self, e: ev.Event) -> Callable[[], None]:
        """The event's change to the shown table (and its sound), for when its picture
        lands."""
        def go() -> None:
            display_model.apply(self.t.shown, self.t.rules, e)
            if not isinstance(e, ev.TokenMoved):  # a token sounds when it lands
                self.t.app.sound.play_event(e)
            self._bump()
        return go

    def _hide_figure(self, seat: int) -> Callable[[], None]:
        def go() -> None:
            self.t.board.hidden_figures.add(seat)
        return go

    def _place_figure(self, e: ev.FigureMoved | ev.FigureTeleported) -> Callable[[], None]:
        def go() -> None:
            display_model.apply(self.t.shown, self.t.rules, e)
            self.t.board.hidden_figures.discard(e.seat)
            self._bump()
        return go

    def _tween(self, sp: fx.Sprite, delay: float, dur: float,
               start: Callable[[], None] | None = None,
               land: Callable[[], None] | None = None) -> Tween:
        def upd(t: float) -> None:
            sp.alive = True
            sp.t = t

        def done() -> None:
            sp.alive = False
            sp.finished = True
            if land is not None:
                land()

        return Tween(dur, upd, done, delay=delay, on_start=start, blocking=not sp.background)

    def _decorate(self, e: ev.Event, draw: Callable[[Canvas, float], None], at: float,
                  dur: float, tweens: list[Tween], gap: float = 0.0) -> float:
        """A decoration for event `e` (a word, a flash): the event's change to the shown
        table happens in sequence at `at`; the picture plays on in the background, so the
        game does not wait for it. Returns the time of the next event."""
        tweens.append(Tween(0.01, None, self.applier(e), delay=at))
        sp = self.t.fxl.spawn(draw, background=True)
        tweens.append(self._tween(sp, at, dur))
        return at + gap

    def _slide_tiles(self, e: ev.TilesPushed, at: float) -> Tween:
        """The conveyor (R5): every tile rides one position along the belt with its energy on
        it, the pushed tile comes in from the staging area, and the tile pushed off the far
        end lifts off and arcs over to the staging area."""
        sign = 1.0 if e.inserted_at == 1 else -1.0
        dest = pos_x(e.inserted_at)
        before: dict[str, Any] = {}

        def start() -> None:
            self.t.app.sound.play_event(e)
            if e.seat < len(self.t.shown.players):
                p = self.t.shown.players[e.seat]
                before["dev"] = list(p.device)
                k = p.staging.index(e.tile) if e.tile in p.staging else 0
                before["x"] = STAGING_X[k]
                before["home"] = STAGING_X[k]  # the ejected tile takes the freed staging slot
                if e.ejected in p.device:
                    before["out"] = pos_x(p.device.index(e.ejected) + 1)

        def upd(t: float) -> None:
            belt = ease_out_back(min(1.0, t / 0.6))  # the belt moves, overshoots, settles
            for tid in before.get("dev", ()):
                if tid == e.ejected:
                    continue
                self.t.device.slide[tid] = (92.0 * sign * belt, 0.0, TILE_W)
            self.t.device.slide[e.tile] = ((dest - before.get("x", STAGING_X[0])) * belt, 0.0,
                                         80 + (TILE_W - 80) * belt)
            if e.ejected in before.get("dev", ()):
                out = before.get("out", pos_x(5))
                u = max(0.0, (t - 0.15) / 0.85)  # it leaves a little after the belt starts
                home = before.get("home", STAGING_X[0])
                dx = 40.0 * sign * min(1.0, u * 3)  # off the end of the belt...
                dx += (home - out - 40.0 * sign) * ease_in_out(max(0.0, (u - 0.3) / 0.7))
                dy = -math.sin(math.pi * u) * 70.0  # ...and over to the staging area
                self.t.device.slide[e.ejected] = (dx, dy, TILE_W + (80 - TILE_W) * u)

        def done() -> None:
            self.t.device.slide.clear()
            display_model.apply(self.t.shown, self.t.rules, e)
            self._bump()

        return Tween(0.8, upd, done, delay=at, ease=lambda x: x, on_start=start)
