"""The table: board, device, seats, prompt bar; decisions by pointing; animated events;
bots in a worker thread; hot-seat hand-off."""

from __future__ import annotations

import gc
import math
import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from engine.aac import events as ev
from engine.aac import locations
from engine.aac.core import Ctx
from engine.aac.scoring import categories as score_categories
from engine.aac.scoring import final_scores
from engine.kernel.decisions import Choice, Decision
from game import display_model, fx, monument_anim, theme, tokens, trapdoor
from game.animations import Animator, Tween, ease_in_out, ease_out_back
from game.board_view import BoardView, geometry
from game.device_view import STAGING_X, TILE_H, TILE_W, TILE_Y, DeviceView, SeatsView, pos_x
from game.guide import links
from game.guide.rulelink import RuleLink
from game.hud import Handoff, LogDrawer, RecapCard, StatusToast, TopBar
from game.layout import DEVICE_Y, PROMPT_H, PROMPT_Y, RIGHT_W, RIGHT_X, SEATS_Y, VH, VW, fit
from game.prompt_bar import Popup, PromptBar
from game.recap import Recap
from game.scenegraph import Button, Canvas, Node, TextLog
from game.scenes.base import Scene
from game.scenes.manager import register
from game.session import Session, save_problem, saves_dir
from game.targets import Hotspot, target_kind

if TYPE_CHECKING:
    from game.scenes.nav import Nav

TYPES = ("compass", "rose", "magnet", "wild")
SCORE_PARTS = tuple((c.name, c.short) for c in score_categories())  # the base game's
POOL_TARGETS = ("exhausted", "reserve", "shop")
RECAP_LINES = 6  # turns shown on the recap card (the log holds everything)
_MISSING = object()


@register("table")
class TableScene(Scene):
    opaque = True  # draws a cached full-window backdrop: the app need not clear
    def __init__(self, app: Nav, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.game = session.game
        self.rules = session.rules
        self.settings = app.settings
        self.shown = self.game.state.clone()
        self.rev = 0  # bumped whenever `shown` changes (the cached layers key on it)
        self.clock = 0.0
        self.animator = Animator(self.settings.anim_speed)
        self.queued: deque[tuple[str, Any]] = deque()
        self.thinking_seat = -1
        self.peek_seat = -1
        self._bot_started = 0.0
        self._bot_answer: str | None = None
        self._bot_decision: Decision | None = None
        self.handoff_seat = -1
        self.overlay_seat = -1  # another seat's device shown while its row is hovered
        self._overlay_hover = (-1, 0.0)
        self.score_disp = [float(x) for x in self._scores()]
        self.legal: dict[str, list[Choice]] = {}
        self.spots: dict[str, list[Hotspot]] = {}
        self.popup: Popup | None = None
        self._chrome: pygame.Surface | None = None
        self._chrome_key: object = None
        self._layers: pygame.Surface | None = None
        self._layer_keys: dict[str, object] = {}
        self._cur_keys: dict[str, object] = {}
        self._keys_memo: object = None
        self._message = ""
        self.message_at = -1e9  # table clock when the status line was last set
        self.autosave_enabled = True
        self._autosave_problem = ""
        self.recap = Recap(self.rules)  # what the other seats did since a person last acted
        self._last_human = session.humans[0] if session.humans else -1
        self._recap_closed: tuple[int, int] = (-1, -1)  # (viewer, lines) dismissed
        self.turbo = False  # "skip to your turn": bots' moves play at once
        self._batch_by_bot = False  # the animation playing shows a bot's move
        self.finished = False

        self.board = BoardView(self)
        self.device = DeviceView(self)
        self.seats = SeatsView(self)
        self.prompt = PromptBar(self.choose)
        self.topbar = TopBar(self)
        self.fxl = fx.FxLayer()
        self.trapdoor = trapdoor.TrapdoorLayer()
        self.log_drawer = LogDrawer(self)
        self.log_drawer.open = self.settings.show_log
        self.handoff = Handoff(self)
        self.highlights = _HighlightLayer(self)
        self.device_overlay = DeviceOverlay(self)
        self.add(self.device_overlay)
        self.skip_button = Button("Skip to your turn \u25b8\u25b8", RIGHT_X + RIGHT_W - 232,
                                  PROMPT_Y + PROMPT_H - 46, 220, 36, self.skip_bots, 14,
                                  tip="Play the bots' moves at once, up to the next decision "
                                      "a person makes (Space skips one animation)", z=5)
        self.skip_button.visible = False
        self.fire_button = Button("Fire for me", 0, 0, 120, 30, self.fire_launch, 13, z=31,
                                  tip="Launch the energy without pulling the plunger")
        self.fire_button.visible = False
        self.launch_hint = LaunchHint(self)
        self.recap_card = RecapCard(self)
        self.toast = StatusToast(self)
        self.add(self.board, self.device, self.seats, self.prompt, self.topbar, self.fxl,
                 self.trapdoor, self.highlights, self.skip_button, self.recap_card,
                 self.toast, self.fire_button, self.launch_hint, self.log_drawer,
                 self.handoff)
        self.rule_link = RuleLink(self)  # "Rule R9.3 ▸" after a why-not (opens the guide)
        self.add(self.rule_link, self.board.card)
        self.tutorial: Any = None  # the tutorial's overlay (game.tutorial) may take input
        self.refresh()

    def on_enter(self) -> None:
        if self._bot_answer is None:  # leaving cancelled a bot's request: ask it again
            self._bot_decision = None
        self.prewarm()
        # Everything alive now (catalog, caches, the game) lives as long as the table: move
        # it out of the collector's view, so a full collection never stalls a frame.
        gc.collect()
        gc.freeze()

    def on_exit(self) -> None:
        # Give everything back to the collector: a table left for the menu (or the pause
        # menu, which freezes it again on return) must be freed with its game and caches.
        gc.unfreeze()
        self.app.bot_worker.cancel()
        self._bot_decision = None  # the bot asks again on return (its answer was dropped)

    # --- state -> views ------------------------------------------------------------------------
    def _scores(self) -> list[int]:
        sc = list(self.shown.scores)
        return sc + [0] * (self.shown.n - len(sc))

    def score_shown(self, seat: int) -> int:
        if seat < len(self.score_disp):
            return round(self.score_disp[seat])
        return 0

    @property
    def pending(self) -> Decision | None:
        return self.game.pending

    @property
    def message(self) -> str:
        """The status line (shown a few seconds, then it fades)."""
        return self._message

    @message.setter
    def message(self, text: str) -> None:
        self._message = text
        self.message_at = self.clock

    def deciding_seat(self) -> int:
        """The seat whose decision is pending (the turn marker follows it: during set-up or
        a perk owed, that is not the active seat), else the active seat."""
        d = self.pending
        return d.seat if d is not None else self.shown.active

    def viewer_seat(self) -> int:
        if self.peek_seat >= 0:
            return self.peek_seat
        d = self.pending
        if d is not None:
            return d.seat
        return self.shown.active

    def refresh(self) -> None:
        """Rebuild hotspots and the prompt from the shown state and the pending decision."""
        self.board.refresh()
        self.device.refresh(self.viewer_seat())
        self.seats.refresh()
        self.spots = {}
        for view in (self.board, self.device, self.seats):
            for node in view.children:
                if isinstance(node, Hotspot):
                    self.spots.setdefault(node.target, []).append(node)
        self.legal = {}
        d = self.pending
        buttons: list[Choice] = []
        self._check_handoff()
        human = d is not None and self.session.is_human(d.seat)
        if d is not None and human:
            for ch in d.choices:
                hit = [t for t in self.targets_of(ch) if t in self.spots]
                for t in hit:
                    self.legal.setdefault(t, []).append(ch)
                if not hit:
                    buttons.append(ch)
        self._set_prompt(d, buttons)

    @staticmethod
    def targets_of(ch: Choice) -> tuple[str, ...]:
        """A choice's board targets, plus the energy-type cell of a pool it names: "load a
        Compass from the exhausted pool" also lights (and answers a click on) the Compass in
        that pool, so one click on a type picks it with no "which type?" popup."""
        typed = [f"{t}:{ty}" for t in ch.targets if t in POOL_TARGETS
                 for ty in _choice_types(ch)]
        return ch.targets + tuple(typed)

    def _set_prompt(self, d: Decision | None, buttons: list[Choice]) -> None:
        if d is None:
            self.prompt.set("Game over", "Final scores are being counted.", theme.GOLD, [])
            self.prompt.thinking = False
            return
        name = self.session.name(d.seat)
        col = self.session.colour(d.seat)
        if not self.session.is_human(d.seat):
            self.prompt.set(f"{name} (bot) is thinking…", d.prompt, col, [])
            self.prompt.thinking = True
            return
        self.prompt.thinking = False
        n_t = len({t for t in self.legal})
        detail = "Click a highlighted place on the table" if n_t else "Choose below"
        if n_t and buttons:
            detail += ", or choose below"
        self.prompt.set(f"{name}: {d.prompt}", detail + ".", col, buttons)

    # --- the loop --------------------------------------------------------------------------------
    def _update_overlay(self, dt: float) -> None:
        """Hovering another seat's row for a moment opens its device as an overlay."""
        mx, my = self.app.mouse_v
        seat = -1
        if (self.seats.x <= mx < self.seats.x + self.seats.w and my >= self.seats.y
                and not self.handoff.visible and self.popup is None):
            row = int((my - self.seats.y) // self.seats.row_h())
            if 0 <= row < len(self.shown.players) and row != self.device.seat:
                seat = row
        cur, t = self._overlay_hover
        t = t + dt if seat == cur else 0.0
        self._overlay_hover = (seat, t)
        self.overlay_seat = seat if seat >= 0 and (t >= 0.2 or self.overlay_seat == seat) \
            else -1

    def wheel(self, vx: float, vy: float, dy: int) -> bool:
        lx, ly = self.log_drawer.to_local(vx, vy)
        if self.log_drawer.visible and self.log_drawer.contains(lx, ly):
            self.log_drawer.wheel(dy)
            return True
        return self.board.wheel(vx, vy, dy)  # over the map: zoom around the pointer

    def on_update(self, dt: float) -> None:
        self.clock += dt
        self._update_overlay(dt)
        self.animator.speed = self.anim_speed()
        if self.trapdoor.dragging is not None:  # a player pulls a plunger back
            self.trapdoor.track(*self.app.mouse_v, pygame.mouse.get_pressed()[0])
        self.think_ahead()
        self._place_fire_button()
        self.skip_button.visible = bool(self.session.humans) and not self.turbo and \
            self.bots_playing() and not self.handoff.visible
        self.animator.update(dt)
        for i, target in enumerate(self._scores()):
            cur = self.score_disp[i] if i < len(self.score_disp) else 0.0
            if abs(cur - target) > 0.01 and not self.animator.busy:
                self.score_disp[i] = target
        if self.animator.busy:
            return
        while self.queued and not self.animator.busy and not self.handoff.visible:
            kind, data = self.queued.popleft()
            if kind == "click":
                self._click(*data)
            elif kind == "key":
                self.key_down(data)
        self.drive()

    def drive(self) -> None:
        if self.animator.busy:
            return
        d = self.pending
        if d is None or self.game.is_over:
            self.thinking_seat = -1
            if self.animator.background:  # let the last words and scores float off first
                return
            if not self.finished:
                self.finished = True
                self.app.sound.play("end")
                self.app.show_results(self.session)
            return
        if self.session.is_human(d.seat):
            self.thinking_seat = -1
            self.turbo = False  # a person decides: back to the normal pace
            self._check_handoff()
            return
        # a bot decides, off the main thread (asked already while the last move played)
        self.think_ahead()
        if self._bot_answer is None:
            got = self.app.bot_worker.poll()  # the bots think in another process
            if got is not None:
                self._bot_answer = got[1]
        if self._bot_answer is not None and \
                time.perf_counter() - self._bot_started >= self.bot_pause():
            answer, self._bot_answer = self._bot_answer, None
            self._bot_decision = None
            self.choose(answer)

    def think_ahead(self) -> None:
        """Ask the bot worker for a bot's pending decision as soon as it is known, so the bot
        thinks (and its pause runs) while the previous move is still being animated."""
        d = self.pending
        if d is None or self.game.is_over or self.session.is_human(d.seat) or \
                self._bot_decision is d:
            return
        self._bot_decision = d
        self._bot_answer = None
        self._bot_started = time.perf_counter()
        self.thinking_seat = d.seat
        bot = self.session.bots[d.seat]
        view = self.game.view(d.seat) if self.app.bot_worker.needs_view(bot) else None
        self.app.bot_worker.request(bot, view, d)

    # --- the trapdoor waiting for a person's pull ------------------------------------------------
    def _place_fire_button(self) -> None:
        la = self.trapdoor.waiting()
        self.fire_button.visible = la is not None and not self.handoff.visible
        if la is not None:
            self.fire_button.x = la.cx - self.fire_button.w / 2
            self.fire_button.y = la.ceiling + 6

    def fire_launch(self) -> None:
        la = self.trapdoor.waiting()
        if la is not None:
            la.fire_now()

    # --- pacing: fast bots and "skip to your turn" ---------------------------------------------
    def bots_playing(self) -> bool:
        """A bot decides now, or a bot's move is still being shown."""
        d = self.pending
        bot_now = d is not None and not self.session.is_human(d.seat)
        return bot_now or (self.animator.busy and self._batch_by_bot)

    def anim_speed(self) -> float:
        """Animation speed now: the setting; three times that for bots' moves with "fast
        bots"; instant while skipping to the next person's turn."""
        if self.turbo:
            return 0.0
        speed = self.settings.anim_speed
        if self._batch_by_bot and self.settings.fast_bots:
            speed *= 3
        return speed

    def bot_pause(self) -> float:
        if self.turbo or self.settings.fast_bots:
            return 0.0
        return self.settings.bot_delay

    def skip_bots(self) -> None:
        """Play the bots' moves at once until a person has to decide."""
        if not self.session.humans:
            self.animator.skip()
            return
        self.turbo = True
        self.animator.skip()

    def private_now(self) -> bool:
        """Is something on the table private to one seat? The engine's declared hidden
        information says (engine.aac.hidden: the expert variant's secret loading, R3.3.9)."""
        return self.game.private_now()

    def hidden_seats(self) -> frozenset[int]:
        """Seats whose private things (devices, exhausted pools and banks during secret
        loading) must not be shown now: all but the person deciding."""
        d = self.pending
        me = d.seat if d is not None and self.session.is_human(d.seat) else -1
        return self.game.hidden_seats(me)

    def _check_handoff(self) -> None:
        d = self.pending
        if d is None or not self.session.is_human(d.seat) or len(self.session.humans) < 2:
            return
        if not (self.settings.handoff_always or self.private_now()):
            self.handoff_seat = d.seat  # nothing private: no need to look away
            return
        if d.seat != self.handoff_seat and not self.handoff.visible:
            self.close_popup()
            self.handoff.show(d.seat)

    def handoff_done(self, seat: int) -> None:
        self.handoff_seat = seat
        self.refresh()

    # --- choosing ---------------------------------------------------------------------------------
    def choose(self, choice_id: str) -> None:
        d = self.pending
        if d is None or self.animator.busy:
            return
        if d.find(choice_id) is None:
            return
        self.close_popup()
        self.thinking_seat = -1
        old = self.shown
        self._batch_by_bot = not self.session.is_human(d.seat)
        if not self._batch_by_bot:
            self.recap.acted(d.seat)
            self._last_human = d.seat
        events = self.session.apply(choice_id)
        self.recap.feed(events)
        self.animate(events, old)
        if self.animator.busy:
            self.animator.on_idle.append(self._settle)
        else:
            self._settle()
        if self.autosave_enabled and any(isinstance(e, ev.TurnStarted) for e in events):
            self.autosave()

    def peek(self, seat: int) -> None:
        """Show another seat's device in the big panel (click again to go back)."""
        d = self.pending
        own = d.seat if d is not None else self.shown.active
        if seat in self.hidden_seats():
            self.message = "That device is secret during expert loading."
            return
        self.peek_seat = -1 if seat in (self.peek_seat, own) else seat
        self.refresh()

    def _settle(self) -> None:
        self.peek_seat = -1
        self.shown = self.game.state.clone()
        self.rev += 1
        self.board.hidden_figures.clear()
        self.device.slide.clear()
        self.fxl.clear_sprites()
        self.trapdoor.clear()
        self.score_disp = [float(x) for x in self._scores()]
        self.refresh()

    def autosave(self) -> None:
        """Autosave at a turn start; a failure is told in words and the game goes on."""
        try:
            self.session.autosave()
        except Exception as exc:  # a full disk or a read-only folder must not stop play
            why = save_problem(exc)
            self.message = f"Autosave failed: {why}. The game goes on; Ctrl+S tries again."
            if why != self._autosave_problem:  # once per kind of failure in the log
                self.session.log.append(self.message)
            self._autosave_problem = why
            return
        if self._autosave_problem:
            self._autosave_problem = ""
            self.message = "Autosave works again."
            self.session.log.append(self.message)

    def save(self) -> None:
        stem = time.strftime("save-%Y%m%d-%H%M%S")
        path = saves_dir() / f"{stem}.json"
        k = 2
        while path.exists():  # two saves in one second keep both
            path = saves_dir() / f"{stem}-{k}.json"
            k += 1
        try:
            self.session.save(path, "saved from the table")
            self.message = f"Saved to {path.name}"
        except Exception as exc:  # told in words; the game goes on
            self.message = f"Could not save: {save_problem(exc)}. The game goes on."
        self.session.log.append(self.message)

    # decisions that are the second (or later) step of one pick: Esc backs out of them
    FOLLOW_UP_KINDS = frozenset({
        "reposition_to", "facing", "teleport", "claim_pay", "claim_replace", "deploy_energy",
        "entropy_other", "entropy_here", "rewind_second", "replenish_slot", "channel_position",
        "effect_option",
    })

    def in_multi_step_pick(self) -> bool:
        d = self.pending
        return d is not None and d.kind in self.FOLLOW_UP_KINDS

    def undo_status(self) -> str:
        """"" when Ctrl+Z may step back now, else the reason in words."""
        d = self.pending
        if d is None:
            return "the game is over."
        if not self.session.is_human(d.seat):
            return f"{self.session.name(d.seat)} (a bot) is deciding."
        if self.animator.busy:
            return "wait for the animation (Space skips it)."
        status = self.game.can_undo
        return "" if status else (status.reason or "the rules do not allow it here.")

    def undo(self) -> None:
        """Ctrl+Z / the Undo button: step back one decision of the deciding human's turn;
        when the engine refuses, say why."""
        why = self.undo_status()
        if why:
            self.message = f"Cannot undo: {why}"
        else:
            try:
                self.game.undo()
                self.message = "Undone: back one decision."
            except ValueError as exc:  # IllegalChoice: the engine changed its mind
                self.message = f"Cannot undo: {exc}"
            self.close_popup()
            self._settle()
        self.session.log.append(self.message)

    # --- animation of events ------------------------------------------------------------------
    def locate(self, loc: str, owner: int) -> tuple[float, float]:
        """A virtual point for an event location of `owner`'s energy."""
        kind = loc.split(":", 1)[0]
        if locations.on_owner_board(loc) and owner != self.device.seat:  # engine's table
            rh = self.seats.row_h()
            return RIGHT_X + 470, SEATS_Y + owner * rh + 20
        key = locations.spot(loc, owner)
        if kind == "staging":
            return RIGHT_X + 96, DEVICE_Y + TILE_Y + TILE_H / 2
        elif kind == "shop":
            return self.board.virtual(*geometry().bank(owner))
        spots = self.spots.get(key)
        if spots:
            r = spots[0].world_rect()
            return float(r.centerx), float(r.centery)
        return VW / 3, VH / 2

    def animate(self, events: list[ev.Event], old: Any) -> None:
        """Queue one tween per event. Each tween walks the display model (`self.shown`) on:
        a token leaves its source when it takes off and appears where it lands, a figure
        stands on its new space when its walk ends, pushed tiles settle when they stop..."""
        del old
        if self.anim_speed() <= 0:
            return
        at = 0.0
        stagger = 0.12
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
            if isinstance(e, ev.TokenMoved):
                a = self.locate(e.src, e.owner)
                b = self.locate(e.dst, e.owner)
                et = TYPES.index(e.etype) if e.etype in TYPES else 3
                sp = self.fxl.spawn(fx.flying_token(a, b, et, self.session.colour(e.owner),
                                                    self.session.shape(e.owner)))
                tweens.append(self._tween(sp, at, 0.45, start=self._taker(e),
                                          land=self._putter(e)))
                at += stagger
                visual = True
            elif isinstance(e, (ev.FigureMoved, ev.FigureTeleported)):
                walk = self.board.figure_walk(e)  # space by space: turns, hops; a teleport leaps
                sp = self.board.spawn(walk.draw)
                tweens.append(fx.sprite_tween(sp, at, walk.duration,
                                              start=self._hide_figure(e.seat),
                                              land=self._place_figure(e)))
                at += walk.duration
                visual = True
            elif isinstance(e, ev.BridgeBuilt) and e.space in self.board.g.spaces:
                sp = self.board.bridge_drop(e.space, f"p:{e.seat}:{e.tier}")
                tweens.append(fx.sprite_tween(sp, at, fx.DROP_S, land=self._applier(e),
                                              marks={fx.DROP_CONTACT: self._sound("land")}))
                at += fx.DROP_S
                visual = True
            elif isinstance(e, ev.TilesPushed) and e.seat == self.device.seat:
                tweens.append(self._slide_tiles(e, at))
                at += 0.7  # a second push (the channel marker) plays as a second push
                visual = True
            elif isinstance(e, ev.TileClaimed):
                td = self.rules.tiles.get(e.tile)
                if td is not None:
                    a = self.board.virtual(*geometry().pool_slot(max(1, e.pool_slot)))
                    b = self.locate("staging", e.seat) if e.seat == self.device.seat else \
                        self.locate("exhausted", e.seat)
                    if e.position and e.seat == self.device.seat:
                        b = (RIGHT_X + pos_x(e.position) + 42, DEVICE_Y + TILE_Y + 58)
                    sp = self.fxl.spawn(fx.flying_tile(a, b, td))
                    tweens.append(self._tween(sp, at, 0.6, start=self._lifter(e),
                                              land=self._applier(e)))
                    at += 0.3
                    visual = True
            elif isinstance(e, ev.ScoreChanged):
                tweens.append(self._count_score(e, at))
                visual = self._score_floater(e, at, tweens) or visual
            elif isinstance(e, (ev.SectionConstructed, ev.SectionDeconstructed)) and (
                    tw := monument_anim.section_tween(self, e, at, self.app.sound.play)):
                tweens.append(tw)  # lifts off, the next drops on and snaps (or is pulled off)
                at += tw.duration
                visual = True
            elif isinstance(e, (ev.SectionCompleted, ev.SectionConstructed)):
                spots = self.spots.get(f"monument:{e.monument}")
                if spots:
                    r = spots[0].world_rect()
                    word = "Completed!" if isinstance(e, ev.SectionCompleted) else "Built!"
                    at = self._decorate(e, fx.flash((r.centerx, r.centery), theme.HILITE, 40,
                                                    word), at, 0.7, tweens, gap=0.25)
                    visual = True
            elif isinstance(e, ev.TrackMoved):
                key = f"track:{e.seat}:{e.track}"
                spots = self.spots.get(key)
                if spots:
                    r = spots[0].world_rect()
                    at = self._decorate(e, fx.floating_text(
                        (r.centerx, r.centery), f"{e.track} +{e.to_peg - e.from_peg}",
                        theme.HILITE), at, 0.6, tweens, gap=0.1)
                    visual = True
            elif isinstance(e, ev.ChannelMarker):
                p = (RIGHT_X + 690.0, DEVICE_Y + 22.0) if e.seat == self.device.seat else \
                    self.locate("exhausted", e.seat)
                at = self._decorate(e, fx.flash(p, theme.HILITE, 16,
                                                "charged" if e.charged else "spent"),
                                    at, 0.5, tweens)
                visual = True
            elif isinstance(e, ev.TurnStarted):
                name = self.session.name(e.seat)
                at = self._decorate(e, fx.floating_text(
                    (430.0, 470.0), f"Turn {e.turn}: {name}",
                    theme.lighten(self.session.colour(e.seat), 0.4)), at, 0.9, tweens)
                visual = True
            elif isinstance(e, (ev.BridgeBuilt, ev.PerkTaken, ev.PatronTaken, ev.PatronUsed,
                                ev.AchievementClaimed, ev.ActionUpgraded, ev.ConduitGained,
                                ev.ConduitsRearranged, ev.PowerUsed, ev.FinalRoundTriggered,
                                ev.BridgeBenefit, ev.SectionDeconstructed, ev.TurnTypeChosen,
                                ev.PoolChanged)):
                seat = getattr(e, "seat", self.shown.active)
                word = type(e).__name__
                word = "".join(" " + ch if ch.isupper() else ch for ch in word).strip()
                if isinstance(e, ev.TurnTypeChosen):
                    word = f"{e.turn_type.title()} turn"
                p = (RIGHT_X + 360.0, DEVICE_Y + 150.0)
                if isinstance(e, ev.PoolChanged):
                    p = (380.0, 790.0)
                at = self._decorate(e, fx.floating_text(p, word, theme.lighten(
                    self.session.colour(seat), 0.3)), at, 0.9, tweens, gap=0.15)
                visual = True
            else:  # no picture of its own: its effect shows in sequence
                tweens.append(Tween(0.01, None, self._applier(e), delay=at))
            at = min(at, 2.5)
        if visual:
            for tw in root:
                self.animator.add(tw)

    # --- the spring trapdoor of a Deploy ------------------------------------------------------
    def _launch_pos(self, e: ev.TokenMoved) -> int:
        """The device position a deployed token leaves from, when the trapdoor plays it
        (setting on, the shown device is the owner's), else 0."""
        if e.reason != "deployed" or not self.settings.trapdoor_physics \
                or e.owner in self.hidden_seats() \
                or (self._batch_by_bot and self.settings.fast_bots):
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
            s = self.game.state
            launch = self.trapdoor.new(self._launch_pos(e), [], self.session.colour(e.owner),
                                       self.session.shape(e.owner),
                                       f"{s.turn}:{len(self.game.history)}:{e.owner}:{e.src}",
                                       self.session.is_human(e.owner),
                                       wait=not self.settings.trapdoor_autofire)
            launch.src = (e.owner, e.src)
            after: list[Tween] = []
            tweens.append(trapdoor.LaunchTween(launch, self._launch_start(launch),
                                               self._launch_done(after), delay=at))
            tweens, at = after, 0.0
        launch.etypes.append(et)
        launch.events.append(e)
        sp = self.fxl.spawn(trapdoor.flight(launch, len(launch.etypes) - 1,
                                            self.locate(e.dst, e.owner)))
        tweens.append(self._tween(sp, at, 0.45, land=self._putter(e)))
        return launch, tweens, at + 0.08

    def _launch_start(self, launch: trapdoor.Launch) -> Callable[[], None]:
        def go() -> None:  # the discs take the place of the row's tokens
            owner = launch.src[0]
            if 0 <= owner < len(self.shown.players) and owner != self.device.seat:
                self.device.refresh(owner)  # the device view follows the deploying seat
            if launch.src[0] < len(self.shown.players):
                p = self.shown.players[launch.src[0]]
                tile = p.device[launch.pos - 1] if launch.pos <= len(p.device) else ""
                launch.set_starts(trapdoor.slot_starts(launch, p.top.get(tile, [])))
            for e in launch.events:
                display_model.take(self.shown, self.rules, e)
            self._bump()
        return go

    def _launch_done(self, after: list[Tween]) -> Callable[[], None]:
        def go() -> None:  # straight into the lists: Animator.add would skip at speed 0
            self.animator.extend(after)
        return go

    def _bump(self) -> None:
        self.rev += 1

    def _sound(self, name: str) -> Callable[[], None]:
        def go() -> None:
            self.app.sound.play(name)
        return go

    def _taker(self, e: ev.TokenMoved) -> Callable[[], None]:
        def go() -> None:
            display_model.take(self.shown, self.rules, e)
            self._bump()
        return go

    def _putter(self, e: ev.TokenMoved) -> Callable[[], None]:
        def go() -> None:
            display_model.put(self.shown, self.rules, e)
            self.app.sound.play_event(e)
            self._bump()
        return go

    def _lifter(self, e: ev.Event) -> Callable[[], None]:
        def go() -> None:
            display_model.lift(self.shown, e)
            self._bump()
        return go

    def _applier(self, e: ev.Event) -> Callable[[], None]:
        def go() -> None:
            display_model.apply(self.shown, self.rules, e)
            if not isinstance(e, ev.TokenMoved):  # a token sounds when it lands
                self.app.sound.play_event(e)
            self._bump()
        return go

    def _hide_figure(self, seat: int) -> Callable[[], None]:
        def go() -> None:
            self.board.hidden_figures.add(seat)
        return go

    def _place_figure(self, e: ev.FigureMoved | ev.FigureTeleported) -> Callable[[], None]:
        def go() -> None:
            display_model.apply(self.shown, self.rules, e)
            self.board.hidden_figures.discard(e.seat)
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
        tweens.append(Tween(0.01, None, self._applier(e), delay=at))
        sp = self.fxl.spawn(draw, background=True)
        tweens.append(self._tween(sp, at, dur))
        return at + gap

    def _score_floater(self, e: ev.ScoreChanged, at: float, tweens: list[Tween]) -> bool:
        """"+3" / "−1" floats up from the seat's score in the top strip (True if it does)."""
        delta = e.new - e.old
        if not delta or e.seat >= len(self.shown.players):
            return False
        w = self.topbar.slot_w()
        p = (10 + e.seat * (w + 6) + w - 24, 30.0)
        text = f"+{delta}" if delta > 0 else f"\u2212{-delta}"
        col = theme.GAIN if delta > 0 else theme.LOSS
        sp = self.fxl.spawn(fx.floating_text(p, text, col, rise=-26), background=True)
        tweens.append(self._tween(sp, at, 1.1))
        return True

    def _slide_tiles(self, e: ev.TilesPushed, at: float) -> Tween:
        """The conveyor (R5): every tile rides one position along the belt with its energy on
        it, the pushed tile comes in from the staging area, and the tile pushed off the far
        end lifts off and arcs over to the staging area."""
        sign = 1.0 if e.inserted_at == 1 else -1.0
        dest = pos_x(e.inserted_at)
        before: dict[str, Any] = {}

        def start() -> None:
            self.app.sound.play_event(e)
            if e.seat < len(self.shown.players):
                p = self.shown.players[e.seat]
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
                self.device.slide[tid] = (92.0 * sign * belt, 0.0, TILE_W)
            self.device.slide[e.tile] = ((dest - before.get("x", STAGING_X[0])) * belt, 0.0,
                                         80 + (TILE_W - 80) * belt)
            if e.ejected in before.get("dev", ()):
                out = before.get("out", pos_x(5))
                u = max(0.0, (t - 0.15) / 0.85)  # it leaves a little after the belt starts
                home = before.get("home", STAGING_X[0])
                dx = 40.0 * sign * min(1.0, u * 3)  # off the end of the belt...
                dx += (home - out - 40.0 * sign) * ease_in_out(max(0.0, (u - 0.3) / 0.7))
                dy = -math.sin(math.pi * u) * 70.0  # ...and over to the staging area
                self.device.slide[e.ejected] = (dx, dy, TILE_W + (80 - TILE_W) * u)

        def done() -> None:
            self.device.slide.clear()
            display_model.apply(self.shown, self.rules, e)
            self._bump()

        return Tween(0.8, upd, done, delay=at, ease=lambda x: x, on_start=start)

    def _count_score(self, e: ev.ScoreChanged, at: float) -> Tween:
        seat = e.seat

        def upd(t: float) -> None:
            if seat < len(self.score_disp):
                self.score_disp[seat] = e.old + (e.new - e.old) * t

        return Tween(0.6, upd, self._applier(e), delay=at)

    # --- input ------------------------------------------------------------------------------------
    def mouse_down(self, vx: float, vy: float, button: int) -> None:
        if self.tutorial is not None and self.tutorial.mouse(vx, vy, button):
            return
        if self.handoff.visible:
            self.handoff.on_click(vx, vy, button)
            return
        if button == 1 and self.trapdoor.grab(vx, vy):
            if not self.settings.trapdoor_hint_seen:  # they know how now
                self.settings.trapdoor_hint_seen = True
                self.app.save_settings()
            return
        node = self.hit(vx, vy)
        if node in (self.fire_button, self.skip_button):  # they act on the animation itself
            lx, ly = node.to_local(vx, vy)
            node.on_click(lx, ly, button)
            return
        if self.board.press(vx, vy, button):  # zoomed in: a drag pans, a click clicks on release
            return
        if self.animator.busy:
            self.queued.append(("click", (vx, vy, button)))
            return
        self._click(vx, vy, button)

    def _click(self, vx: float, vy: float, button: int) -> None:
        if self.popup is not None:
            lx, ly = self.popup.to_local(vx, vy)
            if not self.popup.contains(lx, ly) or button == 3:
                self.close_popup()
                return
        if button == 3:  # right-click cancels the last step of a multi-step pick (engine undo)
            self.undo()
            return
        node = self.hover_node(vx, vy)
        if isinstance(node, Hotspot) and button == 1:
            choices = self.legal.get(node.target)
            if not choices:
                self.app.sound.play("deny")
                self.message = self.why_not(node.target)
                self.rule_link.show(self.message, self.rule_for(node.target))
                return
            if len(choices) == 1:
                self.choose(choices[0].id)
            else:
                self.open_popup(vx, vy, choices)
            return
        super().mouse_down(vx, vy, button)

    def hover_node(self, vx: float, vy: float) -> Node | None:
        """The node under the pointer; a legal hotspot wins over the board things it overlaps
        (the smallest one when several legal targets overlap)."""
        if self.handoff.visible:
            return self.handoff
        node = self.hit(vx, vy)
        if self.popup is not None:  # an open popup: only it answers (no tooltip over it)
            return node if _inside(node, self.popup) else None
        if node is not None and not isinstance(node, Hotspot):
            return node
        best: Hotspot | None = None
        for target in self.legal:
            for spot in self.spots.get(target, []):
                if spot.contains(*spot.to_local(vx, vy)) and self._on_screen(spot) and (
                        best is None or spot.w * spot.h < best.w * best.h):
                    best = spot
        return best or node

    def open_popup(self, vx: float, vy: float, choices: list[Choice]) -> None:
        self.close_popup()
        d = self.pending
        self.popup = Popup(vx, vy, choices, self.choose, self.close_popup,
                           d.prompt if d else "Which one?")
        self.add(self.popup)

    def close_popup(self) -> None:
        if self.popup is not None:
            self.remove(self.popup)
            self.popup = None

    def key_down(self, event: pygame.event.Event) -> bool:
        if self.tutorial is not None and self.tutorial.key(event):
            return True
        key = event.key
        mods = getattr(event, "mod", 0)
        if key == pygame.K_SPACE:
            self.animator.skip()
            return True
        if self.board.zoom_key(key):  # Home / 0 shows the whole map, + and - zoom
            return True
        if self.animator.busy and key not in (pygame.K_ESCAPE, pygame.K_F11):
            self.queued.append(("key", event))
            return True
        if key == pygame.K_l:
            self.toggle_log()
            return True
        if key == pygame.K_z and mods & pygame.KMOD_CTRL:
            self.undo()
            return True
        if key == pygame.K_s and mods & pygame.KMOD_CTRL:
            self.save()
            return True
        if key == pygame.K_ESCAPE:
            if self.popup is not None:
                self.close_popup()
            elif self.in_multi_step_pick() and not self.undo_status():
                self.undo()  # Esc backs out of a half-made pick, else opens the menu
            else:
                self.open_menu()
            return True
        return False

    def toggle_log(self) -> None:
        self.log_drawer.toggle()
        self.settings.show_log = self.log_drawer.open

    def open_menu(self) -> None:
        self.app.open_pause_menu(self)

    # --- hover help ---------------------------------------------------------------------------
    def tooltip_for(self, node: Node | None) -> str:
        if node is self.topbar.undo_button:
            return self.topbar.undo_tip()
        if isinstance(node, Hotspot):
            tip = node.tooltip()
            if node.target.startswith("info:"):
                return tip
            choices = self.legal.get(node.target)
            if choices and not self.animator.busy:
                labels = "\n".join("• " + c.label for c in choices[:8])
                more = f"\n… and {len(choices) - 8} more" if len(choices) > 8 else ""
                return f"{tip}\nClick to choose:\n{labels}{more}"
            d = self.pending
            if d is None or not self.session.is_human(d.seat):
                return tip
            return f"{tip}\nNot now: {self.why_not(node.target)}"
        return super().tooltip_for(node)

    def seat_tip(self, seat: int) -> str:
        s = self.session
        kind = "human" if s.is_human(seat) else f"bot ({s.seats[seat].level})"
        ch = self.rules.characters.get(s.characters[seat]) if seat < len(s.characters) else None
        lines = [f"{s.name(seat)} — {kind}, {theme.SEAT_SHAPE_NAMES[seat % 5].lower()} marker",
                 f"Score if the game ended now: {self.score_shown(seat)} VP"]
        if ch is not None:
            lines += [f"Power {'I' * pw.tier} {pw.name}: {pw.text}" for pw in ch.powers]
        if seat != self.device.seat:
            lines.append("Hover their row at the bottom right to see their device.")
        return "\n".join(lines)

    def score_tip(self, seat: int) -> str:
        """The running score of `seat` by category (R24: as if the game ended now)."""
        if seat >= len(self.shown.players):
            return ""
        b = final_scores(Ctx(self.shown, self.rules))[seat]
        cats = score_categories(self.shown.modules)
        parts = [f"{c.short} {b.part(c.name)}" for c in cats if b.part(c.name)]
        return (f"Score now: {b.total} VP" + (" = " + " + ".join(parts) if parts else "") +
                ".")

    # --- what the others did ----------------------------------------------------------------
    def recap_viewer(self) -> int:
        """The person the recap and the marks speak to: the one deciding, else the last
        person who acted."""
        d = self.pending
        if d is not None and self.session.is_human(d.seat):
            return d.seat
        return self._last_human

    def recap_lines(self, viewer: int | None = None) -> list[tuple[int, str]]:
        v = self.recap_viewer() if viewer is None else viewer
        names = {i: self.session.name(i) for i in range(self.shown.n)}
        return self.recap.lines_for(v, names)

    def recap_showing(self) -> list[tuple[int, str]]:
        """The recap card's lines now (empty: no card): a person decides, the bots' moves
        have finished playing, and the card was not closed."""
        d = self.pending
        if (d is None or not self.session.is_human(d.seat) or self.animator.busy
                or self.handoff.visible or self.popup is not None):
            return []
        lines = self.recap_lines(d.seat)
        if not lines or self._recap_closed == (d.seat, len(lines)):
            return []
        return lines[-RECAP_LINES:]

    def close_recap(self) -> None:
        v = self.recap_viewer()
        self._recap_closed = (v, len(self.recap_lines(v)))

    def why_not(self, target: str) -> str:
        d = self.pending
        if d is None:
            return "the game is over."
        if self.animator.busy:
            return "wait for the animation (Space skips it)."
        if not self.session.is_human(d.seat):
            return f"{self.session.name(d.seat)} (a bot) is deciding."
        kind = target_kind(target)
        s = self.shown
        if kind == "section":
            _, mon, idx = target.split(":")
            m = s.monuments.get(mon)
            if m is not None and int(idx) < len(m.spaces) and m.spaces[int(idx)] >= 0:
                return "that space already holds energy."
        if kind == "pool_slot":
            return "tiles are claimed with a Claim action."
        if kind == "space":
            return "your figure cannot go there now."
        if kind in ("slot", "exhausted", "reserve", "shop"):
            return f"the question is “{d.prompt}”, and this is not one of its answers."
        return f"not an answer to “{d.prompt}”."

    def rule_for(self, target: str) -> str:
        """The rule ("R9.3", in the guide's rules reference) a target stands for now."""
        d = self.pending
        return links.rule_for_target(target, d.kind if d is not None else "")

    def guide_rule(self, node: Node | None) -> str:
        """The rule F1 opens while the pointer is over `node` ("" for none)."""
        return self.rule_for(node.target) if isinstance(node, Hotspot) else ""

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, c: Canvas) -> None:
        if self.handoff.visible:  # it covers the whole table
            self.handoff.draw(c)
            return
        super().draw(c)

    def draw_self(self, c: Canvas) -> None:
        self._compose(c)
        assert self._layers is not None
        c.surf.blit(self._layers, (0, 0))

    def prewarm(self) -> None:
        """Render the cached layers, the fonts and the sprites animations use before the first
        frame, so no frame pays for them."""
        surf = self.app.window
        s, ox, oy = fit(*surf.get_size())
        c = Canvas(surf, s, ox, oy)
        self._compose(c)
        bc = c.sub(self.board.x, self.board.y, self.board.scale)
        for seat in range(len(self.shown.players)):
            col, shape = self.session.colour(seat), self.session.shape(seat)
            for k in range(19):
                for et in range(4):
                    tokens.energy(bc, -100, -100, 9 + 4 * math.sin(math.pi * k / 18), et, col,
                                  shape)
            for ang in range(0, 360, 5):  # figures walk on the map, at the board's scale
                a = math.radians(ang)
                tokens.figure(bc, -100, -100, 10, col, shape, (math.cos(a), math.sin(a)))
        for size in (15, 16):
            theme.font(max(6, round(size * s)), True)
        if self.settings.trapdoor_physics and self.settings.anim_speed > 0:
            trapdoor.prewarm()
        self.draw(c)

    def _compose(self, c: Canvas) -> None:
        """Keep `self._layers` (a window-sized picture of everything that changes only with
        the shown state) up to date, redrawing only the areas whose content changed."""
        key = (c.surf.get_size(), round(c.s, 5), round(c.ox), round(c.oy),
               len(self.shown.players))
        if self._chrome is None or self._chrome_key != key:
            self._chrome_key = key
            self._chrome = pygame.Surface(c.surf.get_size())
            cc = Canvas(self._chrome, c.s, c.ox, c.oy)
            self._chrome.fill(theme.BG_DARK)
            cc.fill(theme.BG, 0, 0, VW, VH)
            cc.fill(theme.FELT, 4, 54, 852, 844, 14)
            self.device.draw_frame(cc.sub(self.device.x, self.device.y))
            self.prompt.draw_frame(cc.sub(self.prompt.x, self.prompt.y))
            self.seats.draw_frame(cc.sub(self.seats.x, self.seats.y))
            bc = cc.sub(*self.board.home)  # the unzoomed map (zoomed, the board draws its own)
            self._chrome.blit(self.board.background(bc.s), bc.pt(0, 0))
            if pygame.display.get_surface() is not None:
                self._chrome = self._chrome.convert()
            self._layers = self._chrome.copy()
            self._layer_keys = {}
        memo = (self.rev, self.device.seat, self.peek_seat, self.deciding_seat(),
                self.settings.colour_safe, self.thinking_seat)
        if memo != self._keys_memo:
            self._keys_memo = memo
            s = self.shown
            keys: dict[str, object] = {f"board:{k}": v
                                       for k, v in self.board.area_keys(s).items()}
            keys["device"] = self.device.layer_key(s)
            keys["seats"] = self.seats.layer_key(s)
            keys["top"] = self.topbar.layer_key(s)
            self._cur_keys = keys
        for name, k in self._cur_keys.items():
            if self._layer_keys.get(name, _MISSING) != k:
                self._layer_keys[name] = k
                self._draw_layer(name, c)

    def _draw_layer(self, name: str, c: Canvas) -> None:
        assert self._layers is not None and self._chrome is not None
        cc = Canvas(self._layers, c.s, c.ox, c.oy)
        s = self.shown
        if name.startswith("board:"):
            area = name[6:]
            bc = cc.sub(*self.board.home)
            rect = bc.rect(*self.board.AREAS[area])
            view: Any = None
        else:
            view = {"device": self.device, "seats": self.seats, "top": self.topbar}[name]
            rect = cc.rect(view.x, view.y, view.w, view.h)
        self._layers.blit(self._chrome, rect, rect)
        self._layers.set_clip(rect)
        TextLog.push(rect, f"layer {name}", self._layers)
        try:
            if view is None:
                self.board.draw_area(bc, area, s)
            else:
                view.draw_static(cc.sub(view.x, view.y))
        finally:
            TextLog.pop()
            self._layers.set_clip(None)

    def draw_highlights(self, c: Canvas) -> None:
        if self.handoff.visible:
            return
        if not self.animator.busy:
            self.draw_marks(c)
        if self.animator.busy or not self.legal:
            return
        pulse = 0.5 + 0.5 * abs(((self.clock * 1.6) % 2.0) - 1.0)
        hovered = self.app.hovered
        for target in self.legal:
            for spot in self.spots.get(target, []):
                if not self._on_screen(spot):
                    continue
                r = spot.world_rect()
                rr = c.rect(r.x - 3, r.y - 3, r.w + 6, r.h + 6)
                width = max(2, round((2.5 + 1.5 * pulse) * c.s))
                col = theme.HILITE if spot is not hovered else theme.HILITE_EDGE
                if spot.round:
                    pygame.draw.ellipse(c.surf, col, rr, width)
                else:
                    pygame.draw.rect(c.surf, col, rr, width, max(2, round(6 * c.s)))

    def draw_marks(self, c: Canvas) -> None:
        """The other seats' moves since the viewer last acted: a ring in the mover's colour
        with their marker, on every place they touched (until the viewer acts)."""
        rings: dict[str, int] = {}
        for seat, target in self.recap.marks_for(self.recap_viewer()):
            k = rings.get(target, 0)
            rings[target] = k + 1
            col = self.session.colour(seat)
            for spot in self.spots.get(target, []):
                if not self._on_screen(spot):
                    continue
                r = spot.world_rect()
                grow = 6 + 4 * k
                rr = c.rect(r.x - grow, r.y - grow, r.w + 2 * grow, r.h + 2 * grow)
                width = max(2, round(2.5 * c.s))
                if spot.round:
                    pygame.draw.ellipse(c.surf, theme.darken(col, 0.35), rr.inflate(2, 2),
                                        width)
                    pygame.draw.ellipse(c.surf, theme.lighten(col, 0.25), rr, width)
                else:
                    pygame.draw.rect(c.surf, theme.lighten(col, 0.25), rr, width,
                                     max(2, round(6 * c.s)))
                tokens.seat_marker(c, r.right + grow - 2, r.y - grow + 2, 5.5, col,
                                   self.session.shape(seat))

    def _on_screen(self, spot: Hotspot) -> bool:
        n: Node | None = spot
        while n is not None:
            if not n.visible:
                return False
            n = n.parent
        return True

    # --- helpers for tests / the headless runner ------------------------------------------------
    def legal_points(self) -> list[tuple[str, tuple[float, float]]]:
        """(target, virtual centre) of every highlighted target, in decision order."""
        out: list[tuple[str, tuple[float, float]]] = []
        for target in self.legal:
            for spot in self.spots.get(target, []):
                r = spot.world_rect()
                if self.hover_node(r.centerx, r.centery) is spot:
                    out.append((target, (float(r.centerx), float(r.centery))))
                    break
        return out


class DeviceOverlay(Node):
    """Another seat's whole device, floating over the board while its row is hovered."""

    def __init__(self, table: TableScene) -> None:
        super().__init__(RIGHT_X - 744, 0, 0, 0, z=45)
        self.table = table
        self.view = DeviceView(table)
        self.view.overlay = True
        self._cache: dict[object, pygame.Surface] = {}

    def draw_self(self, c: Canvas) -> None:
        t = self.table
        seat = t.overlay_seat
        if seat < 0 or seat >= len(t.shown.players):
            return
        v = self.view
        v.seat = seat
        rh = t.seats.row_h()
        y = min(max(60.0, SEATS_Y + seat * rh + rh / 2 - v.h / 2), VH - v.h - 8)
        oc = c.sub(0, y)
        hidden = seat in t.hidden_seats()
        key = (seat, hidden, round(c.s, 4), v.layer_key(t.shown))
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) > 16:
                self._cache.clear()
            surf = pygame.Surface((round((v.w + 8) * c.s), round((v.h + 8) * c.s)),
                                  pygame.SRCALPHA)
            sc = Canvas(surf, c.s)
            v.draw_frame(sc)
            if hidden:
                sc.text("Secret loading: this device is hidden until play begins.", v.w / 2,
                        v.h / 2, 18, theme.INK, True, "center")
            else:
                v.draw_static(sc)
                v.draw_self(sc)
            sc.fill(theme.HILITE, 0, 0, v.w, v.h, 12, 3)
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            self._cache[key] = surf
        c.surf.blit(surf, oc.pt(0, 0))


def _choice_types(ch: Choice) -> list[str]:
    """The energy type a choice moves, read from its id ("load:compass", "pay:rose",
    "from:shop:magnet", "wild>shop"...): [] when it names none or several."""
    parts = ch.id.replace(">", ":").replace("<", ":").split(":")
    found = [p for p in parts if p in TYPES]
    return found[:1] if len(set(found)) == 1 else []


def _inside(node: Node | None, root: Node) -> bool:
    while node is not None:
        if node is root:
            return True
        node = node.parent
    return False


class LaunchHint(Node):
    """The first time a person deploys: how to work the trapdoor, beside its corral."""

    def __init__(self, table: TableScene) -> None:
        super().__init__(0, 0, 300, 96, z=31)
        self.table = table
        self.visible = False

    def on_update(self, dt: float) -> None:
        la = self.table.trapdoor.waiting()
        self.visible = (la is not None and not self.table.settings.trapdoor_hint_seen
                        and not self.table.handoff.visible)
        if la is not None:
            left = la.left - self.w - 12
            self.x = left if left > RIGHT_X else la.right + 12
            self.y = la.slot_y - 10

    def draw_self(self, c: Canvas) -> None:
        c.fill((0, 0, 0), 3, 4, self.w, self.h, 10)
        c.fill((255, 250, 236), 0, 0, self.w, self.h, 10)
        c.fill(theme.GOLD, 0, 0, self.w, self.h, 10, 2)
        c.text_box("Your deploy is ready to launch: drag the plunger under the tile down, "
                   "then let go. Or press \u201cFire for me\u201d.", 12, 6, self.w - 24,
                   self.h - 12, 14, theme.INK, False, align="left")


class _HighlightLayer(Node):
    """Draws the pulsing rings around legal targets, above the views, under popups."""

    def __init__(self, table: TableScene) -> None:
        super().__init__(0, 0, 0, 0, z=25)
        self.table = table

    def draw_self(self, c: Canvas) -> None:
        self.table.draw_highlights(c)
