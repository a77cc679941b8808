"""The table scene: board, device, seats, prompt bar; decisions by pointing; choosing, undo,
saves and what happened. Its other jobs live in parts (game.aac.table): the event animator, the
turn driver (bots, hand-off, queued input), hotspots and tooltips, the hint; and the layer
cache (game.shell.layers). The parts and the views are given this scene but see it only
through a Protocol of what each uses (game.aac.table.model for the views and the modules'
table code, beside each part for the parts): none of them imports this module."""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from engine.aac.api import events as ev
from engine.kernel.decisions import Choice
from game.aac import fx, table_modules, trapdoor
from game.aac import settings as aac_settings
from game.aac.board_view import BURST, BoardView
from game.aac.device_view import DeviceView, SeatsView
from game.aac.guide.rulelink import RuleLink
from game.aac.hud import Handoff, LogDrawer, RecapCard, StatusToast, TopBar
from game.aac.module_sheet import ModuleSheet
from game.aac.recap import Recap
from game.aac.session import AacSession
from game.aac.table import clearance
from game.aac.table.animator import EventAnimator
from game.aac.table.driver import TurnDriver
from game.aac.table.hints import HintAsker
from game.aac.table.hotspots import HotspotIndex
from game.aac.table.layers import LayerCache
from game.aac.table.picture import table_picture
from game.aac.table.scores import ScoreBoard
from game.aac.table.talk import TurnTalk
from game.aac.targets import Hotspot
from game.shell import theme
from game.shell.animations import Animator
from game.shell.layout import DEVICE_Y, PROMPT_H, PROMPT_Y, RIGHT_W, RIGHT_X, SEATS_Y, VH
from game.shell.prompt_bar import Popup, PromptBar
from game.shell.scenegraph import Button, Canvas, Node
from game.shell.scenes.game_table import GameTable

if TYPE_CHECKING:
    from pathlib import Path

    from game.shell.scenes.base import Nav

RECAP_LINES = 6  # turns shown on the recap card (the log holds everything)
PULSE_SECONDS = 4.0  # the legal targets pulse this long after a decision comes, then glow


class InputFilter(Protocol):
    """A layer over the table that may take a click or a key before the table sees it (the
    tutorial's overlay: game.aac.tutorial.overlay)."""

    def mouse(self, vx: float, vy: float, button: int) -> bool: ...

    def key(self, event: pygame.event.Event) -> bool: ...


class TableScene(GameTable):
    opaque = True  # draws a cached full-window backdrop: the app need not clear
    session: AacSession
    log_drawer: LogDrawer
    driver: TurnDriver

    def __init__(self, app: Nav, session: AacSession) -> None:
        super().__init__(app)
        self.session = session
        self.game = session.game
        self.rules = session.rules
        self.settings = app.settings
        self.shown = self.game.state.clone()
        self.rev = 0  # bumped whenever `shown` changes (the cached layers key on it)
        self.clock = 0.0
        self.activity_at = 0.0  # the table clock at the last click, key or new decision
        self._decision_key: tuple[int, int] = (-1, -1)
        self._showing = -1  # the seat whose move is being shown (deciding_seat meanwhile)
        self._toast_key: object = None  # the status line was placed for this moment
        self.animator = Animator(self.settings.anim_speed)
        self.peek_seat = -1
        self.overlay_seat = -1  # another seat's device shown while its row is hovered
        self._overlay_hover = (-1, 0.0)
        self.popup: Popup | None = None
        self._message = ""
        self.message_at = -1e9  # table clock when the status line was last set
        self.autosave_enabled = True
        self._autosave_problem = ""
        self.recap = Recap(self.rules)  # what the other seats did since a person last acted
        self._last_human = session.humans[0] if session.humans else -1
        # a game opened from a save: its recap as if it had been played here
        last = self.recap.replay(session.take_story(), session.is_human)
        self._last_human = last if last >= 0 else self._last_human
        self._recap_closed: tuple[int, int] = (-1, -1)  # (viewer, lines) dismissed
        self.finished = False
        # the parts, one job each
        self.driver = TurnDriver(self)
        self.event_anim = EventAnimator(self)
        self.layers = LayerCache(self)
        self.hotspots = HotspotIndex(self)
        self.hints = HintAsker(self)
        self.talk = TurnTalk(self)

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
        # in the corner of the prompt bar, where "Skip to your turn" shows while bots play
        self.fire_button = Button("Fire for me", RIGHT_X + RIGHT_W - 172,
                                  PROMPT_Y + PROMPT_H - 46, 160, 36, self.fire_launch, 14, z=31,
                                  tip="Launch the energy without pulling the plunger")
        self.fire_button.visible = False
        self.launch_hint = LaunchHint(self)
        self.recap_card = RecapCard(self)
        self.toast = StatusToast(self)
        self.add(self.board, self.device, self.seats, self.prompt, self.topbar, self.fxl,
                 self.trapdoor, self.highlights, self.skip_button, self.recap_card,
                 self.toast, self.fire_button, self.launch_hint, self.log_drawer,
                 self.handoff)
        self.scores = ScoreBoard(self)  # the scores shown, as they change
        self.rule_link = RuleLink(self)  # "Rule R9.3 ▸" after a why-not (opens the guide)
        self.add(self.rule_link, self.board.card)
        self.tutorial: InputFilter | None = None  # the tutorial's overlay may take input
        # the modules' sheets over the map and their tabs on the device, side by side
        self.module_panels: dict[str, ModuleSheet] = {}
        self.module_tabs: dict[str, Button] = {}
        tab_x = RIGHT_X + 452
        for m in table_modules.all_modules():
            panel = m.make_panel(self)
            tab = m.tab_button(self, tab_x, DEVICE_Y + 8)
            self.module_panels[m.name] = panel
            self.add(panel)
            if tab is not None:
                tab.visible = m.active(self.shown)
                tab_x += (m.tab_w + 8) if tab.visible else 0
                self.module_tabs[m.name] = tab
                self.add(tab)
        self.folk_panel = self.module_panels["folklore"]
        self.folk_tab = self.module_tabs["folklore"]
        self.hotspots.refresh()

    def on_enter(self) -> None:
        self.driver.resume()  # leaving cancelled a bot's request: ask it again
        self.layers.prewarm()
        # Everything alive now (catalog, caches, the game) lives as long as the table: move
        # it out of the collector's view, so a full collection never stalls a frame.
        gc.collect()
        gc.freeze()

    def on_exit(self) -> None:
        # Give everything back to the collector: a table left for the menu (or the pause
        # menu, which freezes it again on return) must be freed with its game and caches.
        gc.unfreeze()
        self.app.bot_worker.cancel()
        self.driver.forget_bot()  # the bot asks again on return (its answer was dropped)

    # --- state -> views ------------------------------------------------------------------------
    def score_shown(self, seat: int) -> int:
        return self.scores.shown(seat)

    def phrase(self, text: str) -> str:
        return text[:1].upper() + text[1:]  # a sentence, whoever phrased it

    def deciding_seat(self) -> int:
        """The seat whose decision is pending (the turn marker follows it: during set-up or
        a perk owed, that is not the active seat), else the active seat; while a move is
        being shown, the seat that made it (never the next one to decide)."""
        if self.animator.busy and self._showing >= 0:
            return self._showing
        d = self.pending
        return d.seat if d is not None else self.shown.active

    def viewer_seat(self) -> int:
        if self.peek_seat >= 0:
            return self.peek_seat
        d = self.pending
        if d is not None:
            return d.seat
        return self.shown.active


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
        if self.log_wheel(vx, vy, dy):
            return True
        return self.board.wheel(vx, vy, dy)  # over the map: zoom around the pointer

    def on_update(self, dt: float) -> None:
        self.clock += dt
        self._update_overlay(dt)
        self.animator.speed = self.driver.anim_speed()
        if self.trapdoor.dragging is not None:  # a player pulls a plunger back
            self._pulled(self.trapdoor.track(*self.app.mouse_v,
                                             pygame.mouse.get_pressed()[0]))
        said = self.hints.poll()
        if said:
            self.message = said
            self.session.log.append(said)
        self.driver.before_animation()
        self.animator.update(dt)
        self.scores.update(dt)
        self._place_toast()
        if self.animator.busy:
            return
        self.driver.after_animation()


    def _place_toast(self) -> None:
        """The status line goes where it covers nothing the player may click now (placed
        again when the words or the decision change)."""
        key = (self.message_at, self.rev, len(self.game.history), self.popup is None)
        if key != self._toast_key and self.toast.alpha() > 0:
            self._toast_key = key
            self.toast.place(clearance.rects(clearance.targets(self)))

    # --- choosing ---------------------------------------------------------------------------------
    def choose(self, choice_id: str) -> None:
        d = self.pending
        if d is None or self.animator.busy:
            return
        if d.find(choice_id) is None:
            return
        self.close_popup()
        self.driver.thinking_seat = -1
        old = self.shown
        self.driver.batch_by_bot = not self.session.is_human(d.seat)
        if not self.driver.batch_by_bot:
            self.recap.acted(d.seat)
            self._last_human = d.seat
        events = self.session.apply(choice_id)
        said = self.talk.after_step(self.game.forced, not self.driver.batch_by_bot)
        if said:  # a person's decision the rules made (the turn ended, the only answer)
            self.message = said
        self.recap.feed(events)
        self.driver.note_step(events, self.event_anim.animate(events, old))
        self._showing = d.seat
        if not self.driver.batch_by_bot and self.animator.busy:  # the prompt follows the move
            ch = d.find(choice_id)
            self.prompt.set(f"{self.session.name(d.seat)}: {ch.label if ch else d.prompt}",
                            "Your move is being shown (Space skips it).",
                            self.session.colour(d.seat), [])
            self.prompt.thinking = False
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
        if seat in self.driver.hidden_seats():
            self.message = "That device is hidden during secret loading."
            return
        self.peek_seat = -1 if seat in (self.peek_seat, own) else seat
        self.hotspots.refresh()

    def _settle(self) -> None:
        self.peek_seat = -1
        self.shown = self.game.state.clone()
        self.rev += 1
        self.board.hidden_figures.clear()
        self.device.slide.clear()
        self.fxl.clear_sprites()
        self.trapdoor.clear()
        self.scores.settle()  # the scores as they are now, told as they change
        self.hotspots.refresh()

    def picture(self) -> pygame.Surface | None:
        return table_picture(self)

    def saved_words(self, path: Path) -> str:
        return "Game saved: Load lists it with this game's saves."

    # decisions that are the second (or later) step of one pick: right-click backs out of them
    FOLLOW_UP_KINDS = frozenset({
        "reposition_to", "facing", "teleport", "claim_pay", "claim_replace", "deploy_energy",
        "entropy_other", "entropy_here", "rewind_second", "replenish_slot", "channel_position",
        "effect_option",
    })

    def in_multi_step_pick(self) -> bool:
        d = self.pending
        return d is not None and d.kind in self.FOLLOW_UP_KINDS

    def hint(self) -> None:
        """H / the Hint button: the hard bot's move for the person deciding, in words
        (game.aac.table.hints); the game does not change."""
        self.message = self.hints.ask()

    def undone(self) -> None:
        self._settle()

    # --- input ------------------------------------------------------------------------------------
    # --- frames: the app sleeps when nothing moves (game.shell.app.App.frame_rate) ---------------
    def frame_rate(self) -> float:
        """60 while anything moves (an animation, a launch, a bot thinking or a bot's move
        shown, queued input, a hint being thought of, a zoom settling, words fading); 24
        while the highlighted targets of a person's decision pulse (PULSE_SECONDS after the
        decision came or the person last clicked or typed); else what the nodes ask (0)."""
        self.note_decision()
        busy = (self.animator.busy or bool(self.animator.background)
                or self.trapdoor.active or self.driver.bots_playing()
                or bool(self.driver.queued) or self.hints.thinking
                or self.clock - self.board.wheel_at < BURST + 0.1
                or 0.0 < self.toast.alpha() < 1.0 or self.scores.counting()
                or self.clock - self.message_at < 0.1)
        return self.table_frame_rate(busy)

    def pulsing(self) -> bool:
        """Do the legal targets pulse now? For a few seconds after a person's decision came
        (or their last click or key), to catch the eye; then they glow steady (an idle table
        draws nothing)."""
        d = self.pending
        return (d is not None and self.session.is_human(d.seat)
                and self.clock - self.activity_at < PULSE_SECONDS)

    def mouse_up(self, vx: float, vy: float, button: int) -> None:
        if button == 1 and self.trapdoor.dragging is not None:  # let go of the plunger
            self.trapdoor.dragging.drag(vy)
            self._pulled(self.trapdoor.let_go())

    def _pulled(self, fired: trapdoor.Launch | None) -> None:
        """A pull fired a plunger: the player knows how now (the hint is not shown again)."""
        if fired is not None and not aac_settings.of(self.settings).trapdoor_hint_seen:
            aac_settings.of(self.settings).trapdoor_hint_seen = True
            self.app.save_settings()

    def mouse_down(self, vx: float, vy: float, button: int) -> None:
        self.activity_at = self.clock
        if self.tutorial is not None and self.tutorial.mouse(vx, vy, button):
            return
        if self.handoff.visible:
            self.handoff.on_click(vx, vy, button)
            return
        if button == 1 and self.trapdoor.grab(vx, vy):  # fires when let go after a pull
            return
        node = self.hit(vx, vy)
        if node in (self.fire_button, self.skip_button):  # they act on the animation itself
            lx, ly = node.to_local(vx, vy)
            node.on_click(lx, ly, button)
            return
        if self.board.press(vx, vy, button):  # zoomed in: a drag pans, a click clicks on release
            return
        if self.animator.busy:
            self.driver.queued.append(("click", (vx, vy, button)))
            return
        self.click(vx, vy, button)

    def click(self, vx: float, vy: float, button: int) -> None:
        if self.popup_click(vx, vy, button):
            return
        if button == 3:  # right-click cancels the last step of a multi-step pick (engine undo)
            self.undo()
            return
        node = self.hotspots.hover_node(vx, vy)
        if isinstance(node, Hotspot) and button == 1:
            choices = self.hotspots.legal.get(node.target)
            if not choices:
                self.app.sound.play("deny")
                self.message = self.hotspots.why_not(node.target)
                self.rule_link.show(self.message, self.hotspots.rule_for(node.target))
                return
            self.answer(vx, vy, choices)
            return
        super().mouse_down(vx, vy, button)


    def open_popup(self, vx: float, vy: float, choices: list[Choice]) -> None:
        super().open_popup(vx, vy, choices)
        self.topbar.menu_button.label = "Menu"  # Esc closes the popup now ("Cancel (Esc)")

    def toggle_folklore(self) -> None:
        """The device's Folklore button: open or close the Folklore sheet."""
        self.folk_panel.toggle()

    def toggle_module(self, name: str) -> None:
        """A module's tab on the device: open or close its sheet over the map."""
        self.module_panels[name].toggle()

    def hide_other_panels(self, name: str) -> None:
        """One module sheet over the map at a time: `name`'s opened, the others close."""
        for other, panel in self.module_panels.items():
            if other != name and panel.visible:
                panel.hide()

    def close_popup(self) -> None:
        super().close_popup()
        self.topbar.menu_button.label = "Menu (Esc)"

    def key_down(self, event: pygame.event.Event) -> bool:
        self.activity_at = self.clock
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
            self.driver.queued.append(("key", event))
            return True
        if self.table_key(key, mods):  # L, H, Ctrl+Z, Ctrl+S
            return True
        if key == pygame.K_ESCAPE:  # one meaning, shown on screen: close the question open
            if self.popup is not None:  # ("Cancel (Esc)"), else the menu ("Menu (Esc)");
                self.close_popup()  # it never changes the game (right-click or Undo does)
            else:
                self.open_menu()
            return True
        return False

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

    def recap_badge(self) -> int:
        """Turns of the others the recap strip cannot show now (no room beside four or five
        seats' rows, or more than fit): the Log button's badge; the log shows them."""
        lines = self.recap_showing()
        if not lines:
            return 0
        card = self.recap_card
        return len(lines) if not card.visible else card.hidden_lines

    def board_marks(self) -> list[tuple[int, str]]:
        """The marks of the other seats' moves the board shows now (newest first): none while
        their moves are still playing or the hand-off covers the table."""
        if self.animator.busy or self.handoff.visible:
            return []
        return self.recap.marks_for(self.recap_viewer())

    def close_recap(self) -> None:
        v = self.recap_viewer()
        self._recap_closed = (v, len(self.recap_lines(v)))


    # --- the parts' answers other views, the tutorial and the tests ask the table for ------
    @property
    def turbo(self) -> bool:
        return self.driver.turbo

    @property
    def legal(self) -> dict[str, list[Choice]]:
        return self.hotspots.legal

    @property
    def spots(self) -> dict[str, list[Hotspot]]:
        return self.hotspots.spots

    def refresh(self) -> None:
        self.hotspots.refresh()

    def hover_node(self, vx: float, vy: float) -> Node | None:
        return self.hotspots.hover_node(vx, vy)

    def tooltip_for(self, node: Node | None) -> str:
        if self.popup is not None:  # a popup is the question now: only its own tips
            n = node
            while n is not None and n is not self.popup:
                n = n.parent
            if n is None:
                return ""
        return self.hotspots.tooltip_for(node)

    def keep_clear(self) -> list[pygame.Rect]:
        """Where the player may click now (and a monument's card): tooltips keep off."""
        out = clearance.rects(clearance.targets(self))
        if self.board.card.mid:
            x, y, w, h = self.board.card.rect
            out.append(pygame.Rect(round(x), round(y), round(w), round(h)))
        return out

    def seat_tip(self, seat: int) -> str:
        return self.hotspots.seat_tip(seat)

    def score_tip(self, seat: int) -> str:
        return self.hotspots.score_tip(seat)

    def why_not(self, target: str) -> str:
        return self.hotspots.why_not(target)

    def rule_for(self, target: str) -> str:
        return self.hotspots.rule_for(target)

    def guide_rule(self, node: Node | None) -> str:
        return self.hotspots.guide_rule(node)

    def targets_of(self, ch: Choice) -> tuple[str, ...]:
        return self.hotspots.targets_of(ch)

    def on_screen(self, spot: Hotspot) -> bool:
        return self.hotspots.on_screen(spot)

    def legal_points(self) -> list[tuple[str, tuple[float, float]]]:
        return self.hotspots.legal_points()

    def draw_highlights(self, c: Canvas) -> None:
        self.hotspots.draw_highlights(c)

    def hidden_seats(self) -> frozenset[int]:
        return self.driver.hidden_seats()

    def hand_viewer(self) -> int:
        return self.driver.hand_viewer()

    def private_now(self) -> bool:
        return self.driver.private_now()

    def handoff_done(self, seat: int) -> None:
        self.driver.handoff_done(seat)

    def anim_speed(self) -> float:
        return self.driver.anim_speed()

    def bot_pause(self) -> float:
        return self.driver.bot_pause()

    def skip_bots(self) -> None:
        self.driver.skip_bots()

    def fire_launch(self) -> None:
        self.driver.fire_launch()

    def animate(self, events: list[ev.Event], old: Any = None) -> None:
        self.event_anim.animate(events, old)

    def locate(self, loc: str, owner: int) -> tuple[float, float]:
        return self.event_anim.locate(loc, owner)

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, c: Canvas) -> None:
        if self.handoff.visible:  # it covers the whole table
            self.handoff.draw(c)
            return
        super().draw(c)

    def draw_self(self, c: Canvas) -> None:
        self.layers._compose(c)
        assert self.layers._layers is not None
        c.surf.blit(self.layers._layers, (0, 0))



class DeviceOverlay(Node):
    """Another seat's whole device, floating over the board while its row is hovered."""

    def __init__(self, table: TableScene) -> None:
        super().__init__(RIGHT_X - 744, 0, 0, 0, z=45)
        self.table = table
        self.view = DeviceView(table)
        self.view.overlay = True
        self._cache: dict[object, pygame.Surface] = {}
        self.rect: pygame.Rect | None = None  # where it was drawn last (None: not shown)

    def draw_self(self, c: Canvas) -> None:
        t = self.table
        seat = t.overlay_seat
        self.rect = None
        if seat < 0 or seat >= len(t.shown.players):
            return
        v = self.view
        v.seat = seat
        rh = t.seats.row_h()
        y = min(max(60.0, SEATS_Y + seat * rh + rh / 2 - v.h / 2), VH - v.h - 8)
        self.rect = pygame.Rect(round(self.x), round(y), round(v.w), round(v.h))
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


class LaunchHint(Node):
    """The first time a person deploys: how to work the trapdoor, beside its corral."""

    def __init__(self, table: TableScene) -> None:
        super().__init__(0, 0, 300, 96, z=31)
        self.table = table
        self.visible = False

    def on_update(self, dt: float) -> None:
        la = self.table.trapdoor.waiting()
        seen = aac_settings.of(self.table.settings).trapdoor_hint_seen
        self.visible = la is not None and (not seen or la.clicks > 0) and \
            not self.table.handoff.visible
        if la is not None:  # beside the corral, over the device (nothing to click there now)
            left = la.left - self.w - 12
            self.x = left if left > RIGHT_X else la.right + 12
            self.y = la.slot_y - 10

    def draw_self(self, c: Canvas) -> None:
        c.fill((0, 0, 0), 3, 4, self.w, self.h, 10)
        c.fill((255, 250, 236), 0, 0, self.w, self.h, 10)
        c.fill(theme.GOLD, 0, 0, self.w, self.h, 10, 2)
        la = self.table.trapdoor.waiting()
        head = ("A click does not launch it: " if la is not None and la.clicks else
                "Your deploy is ready to launch: ")
        c.text_box(head + "press on the plunger under the tile, drag it down, then let go. "
                   "Or press \u201cFire for me\u201d.", 12, 6, self.w - 24, self.h - 12, 14,
                   theme.INK, False, align="left")


class _HighlightLayer(Node):
    """Draws the pulsing rings around legal targets, above the views, under popups."""

    def __init__(self, table: TableScene) -> None:
        super().__init__(0, 0, 0, 0, z=25)
        self.table = table

    def draw_self(self, c: Canvas) -> None:
        self.table.draw_highlights(c)
