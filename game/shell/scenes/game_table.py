"""The plumbing every game's table scene shares (a game's TableScene extends `GameTable`):
undo with its reasons in words, saving to a new file and autosaving (a failure told, the game
going on), the popup of several answers, the log drawer (the wheel over it scrolls it) and
the pause menu. The table keeps its own parts: its animator, log drawer and status line."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from engine.kernel import files
from game.shell.dirs import saves_dir
from game.shell.prompt_bar import Popup
from game.shell.scenes.base import PlayScene
from game.shell.session import save_problem

if TYPE_CHECKING:
    from pathlib import Path

    from engine.kernel.decisions import Choice, Decision
    from game.shell.animations import Animator
    from game.shell.log_drawer import LogDrawer
    from game.shell.settings import Settings
    from game.shell.turn_driver import TurnDriver


class GameTable(PlayScene):
    """A game's table: its parts are made by the game (`animator`, `log_drawer`, `popup`,
    `driver`, `settings`)."""

    animator: Animator
    log_drawer: LogDrawer
    popup: Popup | None
    settings: Settings
    driver: TurnDriver[Any]
    _message: str
    message_at: float  # the table clock when the status line was last set
    clock: float  # seconds the table has run
    activity_at: float  # when the decision came, or the person last clicked or typed
    _decision_key: tuple[int, int]  # the decision last seen: (choices made, its seat)
    _autosave_problem: str  # the last autosave failure in words ("" = it works)
    LOG_AUTOSAVE_BACK = True  # "Autosave works again." goes to the log too

    @property
    def pending(self) -> Decision | None:
        return self.session.game.pending

    @property
    def thinking_seat(self) -> int:
        """The bot shown thinking (-1: none)."""
        return self.driver.thinking_seat

    @property
    def message(self) -> str:
        """The status line (shown a few seconds, then it fades)."""
        return self._message

    @message.setter
    def message(self, text: str) -> None:
        self._message = self.phrase(text)
        self.message_at = self.clock

    def phrase(self, text: str) -> str:
        """The status line's words as shown."""
        return text

    def choose(self, choice_id: str) -> None:
        raise NotImplementedError

    def pulsing(self) -> bool:
        """Do the legal targets pulse now (a new decision), or glow steady?"""
        raise NotImplementedError

    def answer(self, vx: float, vy: float, choices: list[Choice]) -> None:
        """A click on a place that answers the decision: the one choice, or a popup asking
        which (beside the pointer)."""
        if len(choices) == 1:
            self.choose(choices[0].id)
        else:
            self.open_popup(vx, vy, choices)

    # --- frames: the app sleeps when nothing moves (game.shell.app.App.frame_rate) ------------
    def note_decision(self) -> None:
        """A new decision (or the same seat's next) counts as activity: its targets pulse."""
        d = self.pending
        key = (len(self.session.game.history), d.seat if d is not None else -1)
        if key != self._decision_key:
            self._decision_key, self.activity_at = key, self.clock

    def table_frame_rate(self, busy: bool) -> float:
        """60 while `busy` (something moves); at least 24 while the targets pulse; else what
        the nodes ask (0: the app sleeps until the next input)."""
        if busy:
            return 60.0
        if self.pulsing():
            return max(24.0, super().frame_rate())
        return super().frame_rate()

    # --- undo -----------------------------------------------------------------------------------
    def undo_status(self) -> str:
        """"" when Ctrl+Z may step back now, else the reason in words."""
        d = self.pending
        if d is None:
            return "the game is over."
        if not self.session.is_human(d.seat):
            return f"{self.session.name(d.seat)} (a bot) is deciding."
        if self.animator.busy:
            return "wait for the animation (Space skips it)."
        status = self.session.game.can_undo
        return "" if status else (status.reason or "the rules do not allow it here.")

    def undo(self) -> None:
        """Ctrl+Z / the Undo button: step back one decision of the deciding person's turn;
        when the engine refuses, say why."""
        why = self.undo_status()
        if why:
            self.message = f"Cannot undo: {why}"
        else:
            try:
                self.session.game.undo()
                self.message = "Undone: back one decision."
            except ValueError as exc:  # IllegalChoice: the engine changed its mind
                self.message = f"Cannot undo: {exc}"
            self.close_popup()
            self.undone()
        self.session.log.append(self.message)

    def undone(self) -> None:
        """A decision was undone (or the engine refused after all): show the game as it is."""
        raise NotImplementedError

    # --- saves ----------------------------------------------------------------------------------
    def save(self) -> None:
        stem = time.strftime("save-%Y%m%d-%H%M%S")
        path = saves_dir() / f"{stem}.json"
        k = 2
        while files.exists(path):  # two saves in one second keep both (never raises)
            path = saves_dir() / f"{stem}-{k}.json"
            k += 1
        try:
            self.session.save(path, "saved from the table")
            self.message = self.saved_words(path)
        except Exception as exc:  # told in words; the game goes on
            self.message = f"Could not save: {save_problem(exc)}. The game goes on."
        self.session.log.append(self.message)

    def saved_words(self, path: Path) -> str:
        """The status line after a save to `path` worked."""
        return f"Saved to {path.name}"

    def autosave(self) -> None:
        """Autosave (at a turn start); a failure is told in words and the game goes on."""
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
            if self.LOG_AUTOSAVE_BACK:
                self.session.log.append(self.message)

    # --- the popup, the log, the menu -----------------------------------------------------------
    def open_popup(self, vx: float, vy: float, choices: list[Choice]) -> None:
        """Several answers under one click: ask which, beside the pointer."""
        self.close_popup()
        d = self.pending
        self.popup = Popup(vx, vy, choices, self.choose, self.close_popup,
                           d.prompt if d else "Which one?")
        self.add(self.popup)

    def close_popup(self) -> None:
        if self.popup is not None:
            self.remove(self.popup)
            self.popup = None

    def popup_click(self, vx: float, vy: float, button: int) -> bool:
        """A click beside an open popup (or a right-click) closes it: True when it did."""
        if self.popup is None:
            return False
        lx, ly = self.popup.to_local(vx, vy)
        if not self.popup.contains(lx, ly) or button == 3:
            self.close_popup()
            return True
        return False

    def toggle_log(self) -> None:
        self.log_drawer.toggle()
        self.settings.show_log = self.log_drawer.open

    def log_wheel(self, vx: float, vy: float, dy: int) -> bool:
        """The wheel over the open log scrolls it: True when it was over it."""
        lx, ly = self.log_drawer.to_local(vx, vy)
        if self.log_drawer.visible and self.log_drawer.contains(lx, ly):
            self.log_drawer.wheel(dy)
            return True
        return False

    def open_menu(self) -> None:
        self.app.open_pause_menu(self)
