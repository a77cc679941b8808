"""Age of Reason's table: the map, the board's displays, the prompt, the combat stage and the
auction; decisions by pointing (a click, or a drag of a disc), undo, the hint, saves.

Its other jobs live in parts (game.aor.table): the shown state walked event by event
(display), the event animator, the turn driver (bots, hand-off, queued input), the hotspots
(legal targets, tooltips, why-not); each panel caches its own picture (game.aor.panels)."""

from __future__ import annotations

import gc
import threading
from typing import TYPE_CHECKING

import pygame

from engine.aor.api import EMPTY, Game, State, names, tables
from engine.aor.api import events as events_
from engine.kernel.decisions import Choice
from game.aor import dice, look, pieces
from game.aor.auction_view import AuctionPanel
from game.aor.combat_view import CombatStage
from game.aor.fx import FxLayer
from game.aor.hud import Banner, Handoff, LogDrawer, StatusToast
from game.aor.layout import HAND_W, HAND_X, PROMPT_H, PROMPT_Y, RIGHT_W, RIGHT_X, TOP_H
from game.aor.map_view import MAP_X, MAP_Y, MapView
from game.aor.panels import ActionView, AllianceView, HandPanel, TopBar, TracksPanel
from game.aor.session import AorSession
from game.aor.spots import Spot, target_kind
from game.aor.table.animator import EventAnimator
from game.aor.table.driver import TurnDriver
from game.aor.table.hotspots import HotspotIndex
from game.shell import theme
from game.shell.animations import Animator
from game.shell.layout import VH, VW, fit
from game.shell.preview import THUMB
from game.shell.prompt_bar import Popup, PromptBar
from game.shell.scenegraph import Button, Canvas, Node
from game.shell.scenes.game_table import GameTable

if TYPE_CHECKING:
    from game.shell.scenes.base import Nav

PULSE_SECONDS = 4.0
# events the prompt keeps quiet about while they play (the dice and the outcome show first)
SPOILERS = frozenset({"DiceRolled", "CombatResolved", "CombatRevealed"})
# what the prompt says while a stretch of the turn's end plays (one line for many events)
STRETCHES = {"Income": "Income: each player takes 1 gold per disc on the map.",
             "AreaScored": "Victory points: every area is scored by its ranking.",
             "UnrestRolled": "Unrest: a die for each player until it reaches their unrest; "
                             "each roll costs 1 VP."}


class TableScene(GameTable):
    opaque = True
    LOG_AUTOSAVE_BACK = False
    session: AorSession
    log_drawer: LogDrawer
    driver: TurnDriver

    def __init__(self, app: Nav, session: AorSession) -> None:
        super().__init__(app)
        self.session = session
        self.settings = app.settings
        self.shown: State = session.game.state.clone()
        self.rev = 0
        self.clock = 0.0
        self.activity_at = 0.0
        self._decision_key: tuple[int, int] = (-1, -1)
        self.animator = Animator(self.settings.anim_speed)
        self.popup: Popup | None = None
        self._message = ""
        self.message_at = -1e9
        self.finished = False
        self.autosave_enabled = True
        self._autosave_problem = ""
        self.tutorial: object = None
        self._hint_thread: threading.Thread | None = None
        self._hint_result: tuple[tuple[int, int], str] | None = None
        self._hint_key: tuple[int, int] | None = None
        self.drag: tuple[str, int] | None = None  # ("ally" | "supply", country) held
        self._drag_from = (0.0, 0.0)
        self._drag_moved = False
        self.last_rule = ""  # the rule of the last why-not (F1 opens it)

        self.driver = TurnDriver(self)
        self.map_view = MapView(self)
        self.alliance = AllianceView(self)
        self.actions = ActionView(self)
        self.auction = AuctionPanel(self, self.alliance)
        self.tracks = TracksPanel(self)
        self.hand = HandPanel(self)
        self.topbar = TopBar(self)
        self.prompt = PromptBar(self.choose)
        self.prompt.x, self.prompt.y, self.prompt.w, self.prompt.h = (RIGHT_X, PROMPT_Y,
                                                                      RIGHT_W, PROMPT_H)
        self.stage = CombatStage(self, self.map_view)
        self.fx = FxLayer()
        self.banner = Banner(MAP_X + 200, MAP_Y + 200, 520)
        self.handoff = Handoff(self)
        self.log_drawer = LogDrawer(self)
        self.log_drawer.open = self.settings.show_log
        self.toast = StatusToast(self)
        self.highlights = _HighlightLayer(self)
        self.drag_layer = _DragLayer(self)
        self.show_hand = Button("Show my cards", HAND_X + HAND_W / 2 - 110, 0, 220, 34,
                                self.driver.ask_to_see, 14, z=6,
                                tip="Hand the table to the player deciding: their cards show "
                                    "after the others look away")
        self.show_hand.y = self.hand.y + 236
        self.skip_button = Button("Skip to your turn \u25b8\u25b8", RIGHT_X + RIGHT_W - 232,
                                  PROMPT_Y + PROMPT_H - 44, 220, 34, self.skip_bots, 14,
                                  tip="Play the bots' moves at once, up to the next decision "
                                      "a person makes (Space skips one animation)", z=5)
        self.skip_button.visible = False
        self.add(self.map_view, self.alliance, self.actions, self.auction, self.tracks,
                 self.hand, self.show_hand, self.topbar, self.prompt, self.stage,
                 self.highlights, self.fx, self.drag_layer, self.banner, self.skip_button,
                 self.log_drawer, self.toast, self.handoff)
        self.event_anim = EventAnimator(self)
        self.hotspots = HotspotIndex(self)
        self.stage.sync()
        self.refresh()

    # --- the parts' answers --------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.session.game

    def views(self) -> list[Node]:
        return [self.map_view, self.alliance, self.actions, self.tracks, self.hand,
                self.topbar]

    def seat_name(self, seat: int) -> str:
        return self.session.name(seat)

    def deciding_seat(self) -> int:
        d = self.pending
        return d.seat if d is not None else -1

    def decision_key(self) -> tuple[int, int]:
        d = self.pending
        return (len(self.game.history), d.seat if d is not None else -1)

    def hand_viewer(self) -> int:
        return self.driver.hand_viewer()

    def legal_choices(self, target: str) -> list[Choice]:
        return self.hotspots.legal.get(target, [])

    def handoff_done(self, seat: int) -> None:
        self.driver.handoff_done(seat)

    def recent_lines(self, seat: int) -> list[str]:
        return [ln for ln in self.session.log[-8:] if "Undo" not in ln]

    def covered(self, spot: Spot) -> bool:
        """A spot hidden under the combat stage (the map under it)."""
        if not self.stage.visible:
            return False
        n: Node | None = spot
        while n is not None:
            if n is self.map_view:
                return True
            n = n.parent
        return False

    def pulsing(self) -> bool:
        d = self.pending
        return (d is not None and self.session.is_human(d.seat)
                and self.clock - self.activity_at < PULSE_SECONDS)

    def refresh(self) -> None:
        self.map_view.refresh()
        self.topbar.refresh()
        self.tracks.refresh()
        self.hand.refresh()
        self.auction.sync()
        self.actions.visible = not self.auction.visible
        self.driver.check_handoff()
        self.hotspots.refresh()
        viewer = self.hand_viewer()
        d = self.pending
        self.show_hand.visible = (viewer < 0 and d is not None and self.session.is_human(d.seat)
                                  and not self.handoff.visible)

    # --- scene life ----------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.driver.resume()
        if self.settings.anim_speed > 0:
            dice.prewarm()
        gc.collect()
        gc.freeze()

    def on_exit(self) -> None:
        gc.unfreeze()
        self.app.bot_worker.cancel()
        self.driver.forget_bot()

    # --- the loop ------------------------------------------------------------------------------
    def on_update(self, dt: float) -> None:
        self.clock += dt
        self.animator.speed = self.driver.anim_speed()
        self._poll_hint()
        self._track_drag()
        self._hover_card()
        self.driver.before_animation()
        self.animator.update(dt)
        if self.animator.busy:
            return
        self.driver.after_animation()

    def frame_rate(self) -> float:
        self.note_decision()
        busy = (self.animator.busy or bool(self.animator.background)
                or self.driver.bots_playing() or bool(self.driver.queued)
                or self._hint_thread is not None or self.drag is not None
                or self.clock - self.message_at < 0.1)
        return self.table_frame_rate(busy)

    # --- choosing ------------------------------------------------------------------------------
    def choose(self, choice_id: str) -> None:
        self.choose_many([choice_id])

    def choose_many(self, choice_ids: list[str]) -> None:
        """Make one or more choices in a row (a bid and its proposal); stops at the first
        that is not legal when it comes."""
        if self.animator.busy:
            return
        events: list[object] = []
        batch_bot = False
        kind = ""
        for cid in choice_ids:
            d = self.pending
            if d is None or d.find(cid) is None:
                break
            batch_bot = not self.session.is_human(d.seat)
            kind = kind or d.kind
            events += self.session.apply(cid)
        if not events and not choice_ids:
            return
        self.close_popup()
        self.driver.thinking_seat = -1
        self.driver.batch_by_bot = batch_bot
        self.driver.note_step(kind, events)
        self.event_anim.animate(events)
        if self.animator.busy:
            self._playing(events)
            self.animator.on_idle.append(self._settle)
        else:
            self._settle()
            self._tell_outcome(events)
        if self.autosave_enabled and self.session.turn_started(events):  # type: ignore[arg-type]
            self.autosave()

    def _tell_outcome(self, events: list[object]) -> None:
        """With instant animations the combat stage closes before anyone sees it: the
        outcome, each side's strength term by term (an ally's +1 among them), goes to the
        status line (and stays in the log)."""
        for e in reversed(events):
            if isinstance(e, events_.CombatResolved):
                line = self.session.describe(e)
                bluffs = [self.seat_name(seat) for seat, _side, card in e.allies
                          if card and tables().cards[card].kind == "blank"]
                if bluffs:  # an Ally card shows in the sums; a Blank only here
                    line += f" A Blank, no help: {', '.join(bluffs)}."
                self.message = line
                return

    def _playing(self, events: list[object]) -> None:
        """While a move plays out, the prompt says what happens and offers nothing to click
        (the next question comes when the move has been shown)."""
        told = [e for e in events if type(e).__name__ not in SPOILERS]
        words = [w for w in (self.session.describe(e) for e in told[:1])  # type: ignore[arg-type]
                 if w]
        if not words and self.stage.visible:
            words = ["The battle is fought on the stage."]
        self.hotspots.legal = {}
        self.prompt.set(words[0] if words else "…", "Space skips the animation.",
                        theme.PANEL_EDGE, [])
        self.prompt.thinking = False

    def headline(self, event: object) -> None:
        """The prompt names what plays now (the animator, at an event's start)."""
        if not self.animator.busy:
            return
        line = STRETCHES.get(type(event).__name__) or \
            self.session.describe(event)  # type: ignore[arg-type]
        if line:
            self.prompt.set(line, "Space skips the animation.", theme.PANEL_EDGE, [])
            self.prompt.thinking = False

    def _settle(self) -> None:
        self.shown = self.game.state.clone()
        self.rev += 1
        self.fx.clear_sprites()
        self.alliance.held = -1
        self.stage.sync()
        self.refresh()

    def undone(self) -> None:
        self.driver.forget_bot()
        self._settle()

    def skip_bots(self) -> None:
        self.driver.skip_bots()

    # --- the hint ------------------------------------------------------------------------------
    def hint(self) -> None:
        """What the strongest bot would do now, in one line (H): thought of in a thread on a
        copy of the game (it sees only the deciding seat's view); the game never changes."""
        d = self.pending
        if d is None:
            self.message = "No hint: the game is over."
            return
        if not self.session.is_human(d.seat):
            self.message = f"No hint: {self.session.name(d.seat)} (a bot) is deciding."
            return
        if len(self.session.humans) > 1 and not self.settings.hints_hot_seat:
            self.message = ("No hint: hints are off with several people at the table "
                            "(Settings: Hints with several people).")
            return
        if self._hint_thread is not None:
            return
        levels = [lv for lv in self.session.definition.bot_levels if lv != "random"]
        if not levels:  # a bot that plays at random has no advice worth giving
            self.message = ("No hint: no bot here gives advice; point at a highlighted "
                            "place to read what it does.")
            return
        level = "hard" if "hard" in levels else levels[-1]
        key = self.decision_key()
        view = self.game.view(d.seat)
        self._hint_key = key
        self.message = "Thinking of a hint…"

        def think() -> None:
            try:
                bot = self.session.definition.make_bot(level, 1)
                cid = bot.choose(view, d)
                ch = d.find(cid)
                words = ch.label if ch is not None else "no hint this time"
            except Exception:  # a hint that fails says so; the game goes on
                words = "no hint this time"
            self._hint_result = (key, f"Hint ({level} bot): {words}")

        self._hint_thread = threading.Thread(target=think, daemon=True, name="aor-hint")
        self._hint_thread.start()

    def _poll_hint(self) -> None:
        res = self._hint_result
        if res is None:
            return
        self._hint_result = None
        self._hint_thread = None
        key, words = res
        if key == self.decision_key():
            self.message = words
            self.session.log.append(words)

    # --- input -----------------------------------------------------------------------------------
    def hover_node(self, vx: float, vy: float) -> Node | None:
        return self.hotspots.hover_node(vx, vy)

    def tooltip_for(self, node: Node | None) -> str:
        if node is self.topbar.undo_button:
            return self.topbar.undo_tip()
        return self.hotspots.tooltip_for(node)

    def guide_rule(self, node: Node | None) -> str:
        return self.hotspots.guide_rule(node) or self.last_rule

    def wheel(self, vx: float, vy: float, dy: int) -> bool:
        if self.log_wheel(vx, vy, dy):
            return True
        if self.stage.visible:
            return False
        return self.map_view.wheel(vx, vy, dy)

    def mouse_down(self, vx: float, vy: float, button: int) -> None:
        self.activity_at = self.clock
        if self.handoff.visible:
            self.handoff.on_click(vx, vy, button)
            return
        node = self.hit(vx, vy)
        if node is self.skip_button:
            self.skip_button.on_click(0, 0, button)
            return
        if self.animator.busy:
            if button == 1 and self.stage.visible and self.stage.fight is not None and \
                    self.stage.fight.totals:
                self.animator.skip()  # a click on the outcome moves on
                return
            self.driver.queued.append(("click", (vx, vy, button)))
            return
        if not self.stage.visible and self.map_view.press(vx, vy, button):
            return
        if button == 1 and self._start_drag(vx, vy):
            return
        self.click(vx, vy, button)

    def click(self, vx: float, vy: float, button: int) -> None:
        if self.popup_click(vx, vy, button):
            return
        if button == 3:
            self.undo()
            return
        node = self.hotspots.hover_node(vx, vy)
        if isinstance(node, Spot) and button == 1:
            if self._auction_click(node.target):
                return
            choices = self.hotspots.legal.get(node.target)
            if not choices:
                if node.target.startswith(("info:", "seat:")) or self.stage.visible and \
                        self.covered(node):
                    return
                d = self.pending
                if d is None or not self.session.is_human(d.seat) or d.kind in ("bid",
                                                                                   "proposal"):
                    return
                self.app.sound.play("deny")
                self.message = "Not now: " + self.hotspots.why_not(node.target)
                self.last_rule = self.hotspots.rule_for(node.target)
                return
            self.answer(vx, vy, choices)
            return
        super().mouse_down(vx, vy, button)

    def _auction_click(self, target: str) -> bool:
        """A click on the Alliance Display while a person bids: pick a country up, put it
        in box A or B, or take it back out."""
        if not self.auction.bidding():
            return False
        kind = target_kind(target)
        al = self.alliance
        if kind == "unallied":
            c = look.country_index(target.split(":", 1)[1])
            st = self.auction.status()
            if st is None or tables().countries[c] not in st.unallied:
                return False
            if self.auction.single():
                row = 0 if self.auction.draft[0] == EMPTY and self.auction.draft[1] == EMPTY \
                    else (1 if self.auction.draft[0] != EMPTY else 0)
                self.auction.place(c, row)
                return True
            al.held = -1 if al.held == c else c
            if al.held >= 0 and EMPTY in self.auction.draft and c not in self.auction.draft:
                row = self.auction.draft.index(EMPTY)
                self.auction.place(c, row)
                al.held = -1
            self.rev += 1
            return True
        if kind == "proposal":
            row = 0 if target.endswith(":a") else 1
            if al.held >= 0:
                self.auction.place(al.held, row)
                al.held = -1
            elif self.auction.draft[row] != EMPTY:
                self.auction.take_back(row)
            self.rev += 1
            return True
        return False

    # --- dragging a disc -------------------------------------------------------------------------
    def _start_drag(self, vx: float, vy: float) -> bool:
        node = self.hotspots.hover_node(vx, vy)
        if not isinstance(node, Spot):
            return False
        kind = target_kind(node.target)
        if kind in ("unallied", "proposal") and self.auction.bidding():
            if kind == "unallied":
                c = look.country_index(node.target.split(":", 1)[1])
            else:
                row = 0 if node.target.endswith(":a") else 1
                c = self.auction.draft[row]
                if c == EMPTY:
                    return False
            self.drag = ("ally", c)
        elif kind == "info" and node.target == "info:supply":
            d = self.pending
            if d is None or d.kind != "box" or not self.session.is_human(d.seat):
                return False
            self.drag = ("supply", self.shown.players[d.seat].country)
        else:
            return False
        self._drag_from = (vx, vy)
        self._drag_moved = False
        return True

    def _track_drag(self) -> None:
        if self.drag is None:
            return
        mx, my = self.app.mouse_v
        if abs(mx - self._drag_from[0]) + abs(my - self._drag_from[1]) > 6:
            self._drag_moved = True
        if pygame.mouse.get_pressed()[0] and not self.app.headless:
            return
        self.drop(mx, my)

    def drop(self, vx: float, vy: float) -> None:
        """The dragged disc let go at (vx, vy)."""
        kind, c = self.drag or ("", -1)
        self.drag = None
        if not self._drag_moved:  # a click, not a drag
            self.click(*self._drag_from, 1)
            return
        node = self.hotspots.hover_node(vx, vy)
        target = node.target if isinstance(node, Spot) else ""
        if kind == "ally":
            if target_kind(target) == "proposal":
                row = 0 if target.endswith(":a") else 1
                if c in self.auction.draft:
                    self.auction.take_back(self.auction.draft.index(c))
                self.auction.place(c, row)
            elif c in self.auction.draft:
                self.auction.take_back(self.auction.draft.index(c))
            self.rev += 1
        elif kind == "supply":
            choices = self.hotspots.legal.get(target)
            if choices and target_kind(target) in ("space", "box"):
                self.choose(choices[0].id)
            elif target:
                self.message = "Not now: " + self.hotspots.why_not(target)

    def _hover_card(self) -> None:
        node = self.app.hovered
        raised = node.target if isinstance(node, Spot) and node.parent is self.hand else ""
        if raised != self.hand.raised:
            self.hand.raised = raised

    def key_down(self, event: pygame.event.Event) -> bool:
        self.activity_at = self.clock
        key = event.key
        mods = getattr(event, "mod", 0)
        if self.auction.type_key(event):
            return True
        if key == pygame.K_SPACE:
            self.animator.skip()
            return True
        if not self.stage.visible and self.map_view.zoom_key(key):
            return True
        if self.animator.busy and key not in (pygame.K_ESCAPE, pygame.K_F11):
            self.driver.queued.append(("key", event))
            return True
        if self.table_key(key, mods):  # L, H, Ctrl+Z, Ctrl+S
            return True
        if key == pygame.K_ESCAPE:
            if self.popup is not None:
                self.close_popup()
            else:
                self.open_menu()
            return True
        return False

    # --- saves -----------------------------------------------------------------------------------
    def picture(self) -> pygame.Surface | None:
        """The table as a thumbnail (the hand-off curtain and every hand left out: the
        picture shows only what everyone may see)."""
        win = self.app.window
        surf = pygame.Surface(win.get_size())
        s, ox, oy = fit(*surf.get_size())
        covered = self.handoff.visible
        viewer = self.driver.handoff_seat
        self.handoff.visible = False
        self.driver.handoff_seat = -2  # nobody's hand
        humans = self.session.humans
        try:
            if len(humans) == 1:
                self.session.seats[humans[0]].human = False  # the one person's hand too
            self.hand._surf = None
            self.draw(Canvas(surf, s, ox, oy))
        finally:
            if len(humans) == 1:
                self.session.seats[humans[0]].human = True
            self.handoff.visible = covered
            self.driver.handoff_seat = viewer
            self.hand._surf = None
        area = pygame.Rect(round(ox), round(oy), round(VW * s), round(VH * s)).clip(
            surf.get_rect())
        return pygame.transform.smoothscale(surf.subsurface(area), THUMB)

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, c: Canvas) -> None:
        if self.handoff.visible:
            self.handoff.draw(c)
            return
        super().draw(c)

    def draw_self(self, c: Canvas) -> None:
        # the window outside the virtual table (letterbox), the top bar's band, the table's
        # floor: each pixel filled once (full-window fills are a frame's largest cost)
        w, h = c.surf.get_size()
        top = c.rect(0, 0, VW, TOP_H)
        if top.x > 0 or top.y > 0 or top.w < w:
            c.surf.fill(theme.BG)
        c.surf.fill(theme.BG, top)
        c.surf.fill((30, 22, 18), c.rect(0, TOP_H, VW, VH - TOP_H))
        self.prompt.draw_frame(c.sub(self.prompt.x, self.prompt.y))


class _HighlightLayer(Node):
    """The rings around legal targets, over the panels and the stage, under popups."""

    def __init__(self, table: TableScene) -> None:
        super().__init__(0, 0, 0, 0, z=35)
        self.table = table

    def draw_self(self, c: Canvas) -> None:
        self.table.hotspots.draw_highlights(c)


class _DragLayer(Node):
    """The disc being dragged, under the pointer."""

    def __init__(self, table: TableScene) -> None:
        super().__init__(0, 0, 0, 0, z=50)
        self.table = table

    def draw_self(self, c: Canvas) -> None:
        d = self.table.drag
        if d is None or not self.table._drag_moved:
            return
        kind, country = d
        x, y = self.table.app.mouse_v
        pieces.disc(c, x, y, 14 if kind == "ally" else 10, country, glow=True)


__all__ = ["TableScene", "names"]
