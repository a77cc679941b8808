"""The table: board, device, seats, prompt bar; decisions by pointing; animated events;
bots in a worker thread; hot-seat hand-off."""

from __future__ import annotations

import contextlib
import time
from collections import deque
from typing import TYPE_CHECKING, Any

import pygame

from engine import events as ev
from engine.decisions import Choice, Decision
from game import fx, theme
from game.animations import Animator, Tween, ease_out_cubic
from game.board_view import BoardView, to_virtual
from game.device_view import STAGING_X, TILE_H, TILE_Y, DeviceView, SeatsView, pos_x
from game.hud import Handoff, LogDrawer, TopBar
from game.layout import DEVICE_Y, RIGHT_X, SEATS_Y, VH, VW
from game.prompt_bar import Popup, PromptBar
from game.scenegraph import Canvas, Node
from game.scenes.base import Scene
from game.session import Session
from game.targets import Hotspot, target_kind

if TYPE_CHECKING:
    from game.app import App

TYPES = ("compass", "rose", "magnet", "wild")


class TableScene(Scene):
    opaque = True  # draws a cached full-window backdrop: the app need not clear
    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.game = session.game
        self.rules = session.rules
        self.settings = app.settings
        self.shown = self.game.state.clone()
        self.clock = 0.0
        self.animator = Animator(self.settings.anim_speed)
        self.queued: deque[tuple[str, Any]] = deque()
        self.thinking_seat = -1
        self.peek_seat = -1
        self._bot_started = 0.0
        self._bot_answer: str | None = None
        self._bot_decision: Decision | None = None
        self.handoff_seat = -1
        self.score_disp = [float(x) for x in self._scores()]
        self.legal: dict[str, list[Choice]] = {}
        self.spots: dict[str, list[Hotspot]] = {}
        self.popup: Popup | None = None
        self._chrome: pygame.Surface | None = None
        self._chrome_key: object = None
        self.message = ""
        self.autosave_enabled = True
        self.finished = False

        self.board = BoardView(self)
        self.device = DeviceView(self)
        self.seats = SeatsView(self)
        self.prompt = PromptBar(self.choose)
        self.topbar = TopBar(self)
        self.fxl = fx.FxLayer()
        self.log_drawer = LogDrawer(self)
        self.log_drawer.open = self.settings.show_log
        self.handoff = Handoff(self)
        self.highlights = _HighlightLayer(self)
        self.add(self.board, self.device, self.seats, self.prompt, self.topbar, self.fxl,
                 self.highlights, self.log_drawer, self.handoff)
        self.refresh()

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
                hit = [t for t in ch.targets if t in self.spots]
                for t in hit:
                    self.legal.setdefault(t, []).append(ch)
                if not hit:
                    buttons.append(ch)
        self._set_prompt(d, buttons)

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
    def on_update(self, dt: float) -> None:
        self.clock += dt
        self.animator.speed = self.settings.anim_speed
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
            if not self.finished:
                self.finished = True
                self.app.show_results(self.session)
            return
        if self.session.is_human(d.seat):
            self.thinking_seat = -1
            self._check_handoff()
            return
        # a bot decides, off the main thread
        worker = self.app.bot_worker
        if self._bot_decision is not d:
            self._bot_decision = d
            self._bot_answer = None
            self._bot_started = time.perf_counter()
            self.thinking_seat = d.seat
            bot = self.session.bots[d.seat]
            view = None if type(bot).__name__ == "RandomBot" else self.game.view(d.seat)
            worker.request(bot, view, d)
        if self._bot_answer is None:
            got = worker.poll(0.002)
            if got is not None:
                self._bot_answer = got[1]
        if self._bot_answer is not None and \
                time.perf_counter() - self._bot_started >= self.settings.bot_delay:
            answer, self._bot_answer = self._bot_answer, None
            self._bot_decision = None
            self.choose(answer)

    def _check_handoff(self) -> None:
        d = self.pending
        if d is None or not self.session.is_human(d.seat) or len(self.session.humans) < 2:
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
        events = self.session.apply(choice_id)
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
        self.peek_seat = -1 if seat in (self.peek_seat, own) else seat
        self.refresh()

    def _settle(self) -> None:
        self.peek_seat = -1
        self.shown = self.game.state.clone()
        self.board.hidden_figures.clear()
        self.device.slide.clear()
        self.fxl.clear_sprites()
        self.score_disp = [float(x) for x in self._scores()]
        self.refresh()

    def autosave(self) -> None:
        with contextlib.suppress(OSError):
            self.session.autosave()

    def save(self) -> None:
        from game.session import saves_dir

        path = saves_dir() / time.strftime("save-%Y%m%d-%H%M%S.json")
        try:
            self.session.save(path, "saved from the table")
            self.message = f"Saved to {path.name}"
        except OSError as exc:
            self.message = f"Could not save: {exc}"
        self.session.log.append(self.message)

    def undo(self) -> None:
        """Ctrl+Z: step back one decision when the engine allows it (human seats only)."""
        undo = getattr(self.game, "undo", None)
        status = getattr(self.game, "can_undo", None)
        d = self.pending
        if not callable(undo) or d is None or not self.session.is_human(d.seat):
            self.message = "Undo is not available now."
        elif status is not None and not bool(status):
            self.message = f"Cannot undo: {getattr(status, 'reason', '')}"
        else:
            try:
                undo()
                self.message = "Undone."
            except ValueError as exc:
                self.message = f"Cannot undo: {exc}"
            self._settle()
        self.session.log.append(self.message)

    # --- animation of events ------------------------------------------------------------------
    def locate(self, loc: str, owner: int) -> tuple[float, float]:
        """A virtual point for an event location of `owner`'s energy."""
        kind = loc.split(":", 1)[0]
        own = kind in ("exhausted", "reserve", "slot", "track", "staging")
        if own and owner != self.device.seat:
            rh = self.seats.row_h()
            return RIGHT_X + 470, SEATS_Y + owner * rh + 20
        key = loc
        if kind == "track":
            key = f"track:{owner}:{loc.split(':', 1)[1]}"
        elif kind == "staging":
            return RIGHT_X + 96, DEVICE_Y + TILE_Y + TILE_H / 2
        elif kind == "shop":
            from game.board_view import geometry

            return to_virtual(*geometry().bank(owner))
        spots = self.spots.get(key)
        if spots:
            r = spots[0].world_rect()
            return float(r.centerx), float(r.centery)
        return VW / 3, VH / 2

    def animate(self, events: list[ev.Event], old: Any) -> None:
        if self.settings.anim_speed <= 0:
            return
        at = 0.0
        stagger = 0.1
        for e in events:
            if isinstance(e, ev.TokenMoved):
                a = self.locate(e.src, e.owner)
                b = self.locate(e.dst, e.owner)
                et = TYPES.index(e.etype) if e.etype in TYPES else 3
                sp = self.fxl.spawn(fx.flying_token(a, b, et, self.session.colour(e.owner),
                                                    self.session.shape(e.owner)))
                self._tween(sp, at, 0.45)
                at += stagger
            elif isinstance(e, ev.FigureMoved):
                pts = [to_virtual(*self.board.figure_point(e.seat, s)) for s in e.path]
                self.board.hidden_figures.add(e.seat)
                sp = self.fxl.spawn(fx.walking_figure(pts, self.session.colour(e.seat),
                                                      self.session.shape(e.seat)))
                dur = 0.2 * max(1, len(pts) - 1)
                self._tween(sp, at, dur, keep=True)
                at += dur
            elif isinstance(e, ev.FigureTeleported):
                b = to_virtual(*self.board.figure_point(e.seat, e.dst))
                a = to_virtual(*self.board.figure_point(e.seat, e.src)) if e.src else b
                self.board.hidden_figures.add(e.seat)
                sp = self.fxl.spawn(fx.walking_figure([a, b], self.session.colour(e.seat),
                                                      self.session.shape(e.seat)))
                self._tween(sp, at, 0.5, keep=True)
                at += 0.5
            elif isinstance(e, ev.TilesPushed) and e.seat == self.device.seat:
                self._slide_tiles(e, old, at)
                at += 0.45
            elif isinstance(e, ev.TileClaimed):
                td = self.rules.tiles.get(e.tile)
                if td is not None:
                    from game.board_view import geometry

                    a = to_virtual(*geometry().pool_slot(max(1, e.pool_slot)))
                    b = self.locate("staging", e.seat) if e.seat == self.device.seat else \
                        self.locate("exhausted", e.seat)
                    if e.position and e.seat == self.device.seat:
                        b = (RIGHT_X + pos_x(e.position) + 42, DEVICE_Y + TILE_Y + 58)
                    self._tween(self.fxl.spawn(fx.flying_tile(a, b, td)), at, 0.6)
                    at += 0.3
            elif isinstance(e, ev.ScoreChanged):
                self._count_score(e, at)
            elif isinstance(e, (ev.SectionCompleted, ev.SectionConstructed)):
                spots = self.spots.get(f"monument:{e.monument}")
                if spots:
                    r = spots[0].world_rect()
                    word = "Completed!" if isinstance(e, ev.SectionCompleted) else "Built!"
                    sp = self.fxl.spawn(fx.flash((r.centerx, r.centery), theme.HILITE, 40, word))
                    self._tween(sp, at, 0.7)
                    at += 0.25
            elif isinstance(e, ev.TrackMoved):
                key = f"track:{e.seat}:{e.track}"
                spots = self.spots.get(key)
                if spots:
                    r = spots[0].world_rect()
                    sp = self.fxl.spawn(fx.floating_text((r.centerx, r.centery),
                                                         f"{e.track} +{e.to_peg - e.from_peg}",
                                                         theme.HILITE))
                    self._tween(sp, at, 0.6)
                    at += 0.1
            elif isinstance(e, ev.ChannelMarker):
                p = (RIGHT_X + 690.0, DEVICE_Y + 22.0) if e.seat == self.device.seat else \
                    self.locate("exhausted", e.seat)
                sp = self.fxl.spawn(fx.flash(p, theme.HILITE, 16,
                                             "charged" if e.charged else "spent"))
                self._tween(sp, at, 0.5)
            elif isinstance(e, ev.TurnStarted):
                p = (430.0, 470.0)
                name = self.session.name(e.seat)
                sp = self.fxl.spawn(fx.floating_text(p, f"Turn {e.turn}: {name}",
                                                     theme.lighten(self.session.colour(e.seat),
                                                                   0.4)))
                self._tween(sp, at, 0.7)
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
                sp = self.fxl.spawn(fx.floating_text(p, word, theme.lighten(
                    self.session.colour(seat), 0.3)))
                self._tween(sp, at, 0.8)
                at += 0.15
            at = min(at, 2.5)

    def _tween(self, sp: fx.Sprite, delay: float, dur: float, keep: bool = False) -> None:
        def upd(t: float) -> None:
            sp.alive = True
            sp.t = t

        def done() -> None:
            sp.alive = keep

        self.animator.add(Tween(dur, upd, done, delay=delay))

    def _slide_tiles(self, e: ev.TilesPushed, old: Any, at: float) -> None:
        if e.seat >= len(old.players):
            return
        p = old.players[e.seat]
        sign = 1.0 if e.inserted_at == 1 else -1.0
        olddev = list(p.device)
        start_x = STAGING_X[p.staging.index(e.tile)] if e.tile in p.staging else STAGING_X[0]
        dest = pos_x(e.inserted_at)

        def upd(t: float) -> None:
            for tid in olddev:
                self.device.slide[tid] = (92.0 * sign * t, 0.0 if tid == e.ejected and t > 0.9
                                          else 1.0)
            self.device.slide[e.tile] = ((dest - start_x) * t, 1.0)

        self.animator.add(Tween(0.45, upd, None, delay=at, ease=ease_out_cubic))

    def _count_score(self, e: ev.ScoreChanged, at: float) -> None:
        seat = e.seat
        if seat >= len(self.score_disp):
            return

        def upd(t: float) -> None:
            self.score_disp[seat] = e.old + (e.new - e.old) * t

        self.animator.add(Tween(0.6, upd, None, delay=at))

    # --- input ------------------------------------------------------------------------------------
    def mouse_down(self, vx: float, vy: float, button: int) -> None:
        if self.handoff.visible:
            self.handoff.on_click(vx, vy, button)
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
        node = self.hover_node(vx, vy)
        if isinstance(node, Hotspot) and button == 1:
            choices = self.legal.get(node.target)
            if not choices:
                self.message = self.why_not(node.target)
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
        node = self.hit(vx, vy)
        if node is not None and not isinstance(node, Hotspot):
            return node
        if self.handoff.visible or self.popup is not None:
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
        key = event.key
        mods = getattr(event, "mod", 0)
        if key == pygame.K_SPACE:
            self.animator.skip()
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
        if isinstance(node, Hotspot):
            choices = self.legal.get(node.target)
            if choices and not self.animator.busy:
                labels = "\n".join("• " + c.label for c in choices[:8])
                more = f"\n… and {len(choices) - 8} more" if len(choices) > 8 else ""
                return f"{node.tip}\nClick to choose:\n{labels}{more}"
            return f"{node.tip}\nNot now: {self.why_not(node.target)}"
        return super().tooltip_for(node)

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

    # --- drawing ----------------------------------------------------------------------------------
    def draw_self(self, c: Canvas) -> None:
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
            bc = cc.sub(self.board.x, self.board.y, self.board.scale)
            self._chrome.blit(self.board.background(bc.s), bc.pt(0, 0))
            if pygame.display.get_surface() is not None:
                self._chrome = self._chrome.convert()
        c.surf.blit(self._chrome, (0, 0))
        self.board.bg_in_chrome = True

    def draw_highlights(self, c: Canvas) -> None:
        if self.handoff.visible or self.animator.busy or not self.legal:
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


class _HighlightLayer(Node):
    """Draws the pulsing rings around legal targets, above the views, under popups."""

    def __init__(self, table: TableScene) -> None:
        super().__init__(0, 0, 0, 0, z=25)
        self.table = table

    def draw_self(self, c: Canvas) -> None:
        self.table.draw_highlights(c)
