"""The crash window (game.crash): a plain pygame window saying what happened, where the
report is and that Continue resumes the game; Windows' own message box when even that cannot
be shown. Drawn with pygame alone (the theme's font and colours), not the scene graph, so it
shows whatever state the front end was left in."""

from __future__ import annotations

import contextlib
import ctypes
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame

from game.shell.crash_report import Report
from game.shell.theme import FONT_BOLD, FONT_REGULAR


def window_lines(report: Report) -> list[str]:
    """What the crash window says, paragraph by paragraph."""
    out = [f"What happened: {report.summary}"]
    r = report.resume
    if r.path is not None:
        out.append(f"{r.kept} Continue on the title screen resumes it from its last "
                   f"autosave (turn {r.turn}) when you start the game again.")
    else:
        out.append(r.kept)
    if report.path is not None:
        out.append(f"A report was written to {report.path}. Please send it with a few words "
                   "about what you were doing.")
    else:
        out.append("The report could not be written to the disk.")
    return out


def open_folder(folder: Path) -> bool:
    """Show `folder` in the system's file manager."""
    try:
        if sys.platform == "win32":
            os.startfile(folder)
        elif sys.platform == "darwin":
            subprocess.Popen(["open", str(folder)])
        else:
            subprocess.Popen(["xdg-open", str(folder)], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    except OSError:
        return False
    return True


def _wrap(font: Any, text: str, width: int) -> list[str]:
    out: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            while font.size(word)[0] > width and len(word) > 1:  # a long path: cut it
                cut = len(word)
                while cut > 1 and font.size(word[:cut])[0] > width:
                    cut -= 1
                if line:
                    out.append(line)
                    line = ""
                out.append(word[:cut])
                word = word[cut:]
            trial = f"{line} {word}".strip()
            if font.size(trial)[0] <= width:
                line = trial
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


class CrashWindow:
    """The plain window: a title, the paragraphs of `window_lines`, and two buttons."""

    TITLE = "An Age Contrived stopped because of an unexpected problem"
    BUTTONS = ("Open the report folder", "Close")
    BG = (38, 30, 26)
    PANEL = (246, 236, 214)
    INK = (52, 38, 28)
    GOLD = (222, 170, 60)
    BUTTON = (120, 72, 42)
    BUTTON_TEXT = (255, 244, 224)

    def __init__(self, report: Report) -> None:
        self.report = report
        self.paragraphs = window_lines(report)
        self.buttons: list[tuple[str, Any]] = []
        self.drawn_lines: list[str] = []
        self.done = False

    def _font(self, px: int, bold: bool = False) -> Any:
        with contextlib.suppress(Exception):
            return pygame.font.Font(str(FONT_BOLD if bold else FONT_REGULAR), px)
        return pygame.font.Font(None, round(px * 1.3))

    def draw(self, surf: Any) -> None:
        w, h = surf.get_size()
        s = max(0.6, min(w / 900, h / 520, 2.0))
        surf.fill(self.BG)
        pad = round(24 * s)
        panel = pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad)
        pygame.draw.rect(surf, self.PANEL, panel, border_radius=round(14 * s))
        pygame.draw.rect(surf, self.GOLD, panel, width=max(1, round(3 * s)),
                         border_radius=round(14 * s))
        inner = panel.inflate(-2 * pad, -2 * pad)
        title_font, body = self._font(round(22 * s), True), self._font(round(16 * s))
        self.drawn_lines = []
        y = inner.top
        for ln in _wrap(title_font, self.TITLE, inner.width):
            surf.blit(title_font.render(ln, True, self.INK), (inner.left, y))
            self.drawn_lines.append(ln)
            y += title_font.get_linesize()
        y += round(10 * s)
        for para in self.paragraphs:
            for ln in _wrap(body, para, inner.width):
                surf.blit(body.render(ln, True, self.INK), (inner.left, y))
                self.drawn_lines.append(ln)
                y += body.get_linesize()
            y += round(8 * s)
        bh, gap = round(40 * s), round(14 * s)
        x = inner.right
        self.buttons = []
        for label in reversed(self.BUTTONS):
            tw = body.size(label)[0] + round(36 * s)
            r = pygame.Rect(x - tw, inner.bottom - bh, tw, bh)
            pygame.draw.rect(surf, self.BUTTON, r, border_radius=round(8 * s))
            t = body.render(label, True, self.BUTTON_TEXT)
            surf.blit(t, t.get_rect(center=r.center))
            self.buttons.append((label, r))
            x -= tw + gap

    def handle(self, event: Any) -> None:
        closing = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_SPACE)
        if event.type == pygame.QUIT or event.type == pygame.KEYDOWN and event.key in closing:
            self.done = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for label, r in self.buttons:
                if r.collidepoint(event.pos):
                    if label == "Close":
                        self.done = True
                    elif self.report.path is not None:
                        open_folder(self.report.path.parent)

    def run(self, wait: bool = True) -> Any:
        """Show the window until it is closed; with no real screen (a headless driver) or
        `wait=False`, draw it once. Returns the surface drawn on."""
        if not pygame.display.get_init():
            pygame.display.init()
        pygame.font.init()
        surf = pygame.display.get_surface()
        if surf is None:
            surf = pygame.display.set_mode((900, 520))
        pygame.display.set_caption("An Age Contrived: unexpected problem")
        headless = pygame.display.get_driver() in ("dummy", "offscreen")
        clock = pygame.time.Clock()
        pygame.event.clear()
        while True:
            self.draw(surf)
            pygame.display.flip()
            if self.done or not wait or headless:
                return surf
            for event in pygame.event.get():
                if event.type == pygame.VIDEORESIZE:
                    surf = pygame.display.get_surface()
                self.handle(event)
            clock.tick(30)


def _message_box(report: Report) -> None:
    """When even a pygame window cannot be shown: Windows' own message box."""
    if sys.platform != "win32":
        return
    with contextlib.suppress(Exception):
        text = "\n\n".join(window_lines(report))
        ctypes.windll.user32.MessageBoxW(None, text, CrashWindow.TITLE, 0x10)


def show(report: Report) -> None:
    """The window until it is closed (drawn once when headless)."""
    try:
        CrashWindow(report).run()
    except Exception:
        _message_box(report)
