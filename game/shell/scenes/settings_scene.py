"""Settings: window size, fullscreen, animation speed, bot thinking pause, colour-safe,
hand-off, trapdoor, fast bots, sound volume and mute, and whether a person's trapdoor waits
for their pull."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.shell import theme
from game.shell.layout import VW
from game.shell.scenegraph import Button, Canvas
from game.shell.scenes.base import Scene, menu_button, title_text
from game.shell.scenes.manager import register
from game.shell.settings import ANIM_SPEEDS, BOT_DELAYS, LABELS, VOLUMES, WINDOW_SIZES

if TYPE_CHECKING:
    from game.shell.scenes.nav import Nav


ROW_STEP = 51  # twelve rows from y 150 end at 755, above Back at 780


@register("settings")
class SettingsScene(Scene):
    def __init__(self, app: Nav) -> None:
        super().__init__(app)
        self.build()

    def build(self) -> None:
        self.clear()
        st = self.app.settings
        off_on: list[tuple[str, object]] = [("Off", False), ("On", True)]
        rows: list[tuple[str, list[tuple[str, object]], object]] = [
            (LABELS["window_w"], [(f"{w}×{h}", (w, h)) for w, h in WINDOW_SIZES],
             (st.window_w, st.window_h)),
            (f"{LABELS['fullscreen']} (F11)", off_on, st.fullscreen),
            (LABELS["anim_speed"], [(n, v) for n, v in ANIM_SPEEDS], st.anim_speed),
            (LABELS["bot_delay"], [(n, v) for n, v in BOT_DELAYS], st.bot_delay),
            (LABELS["colour_safe"], off_on, st.colour_safe),
            (LABELS["handoff_always"], [("Always", True), ("If private", False)],
             st.handoff_always),
            (LABELS["trapdoor_physics"], off_on, st.trapdoor_physics),
            (LABELS["fast_bots"], off_on, st.fast_bots),
            (LABELS["volume"], [(n, v) for n, v in VOLUMES], st.volume),
            (LABELS["mute"], off_on, st.mute),
            (LABELS["trapdoor_autofire"],
             [("Wait for my pull", False), ("Fire by themselves", True)], st.trapdoor_autofire),
            (LABELS["hints_hot_seat"], off_on, st.hints_hot_seat),
        ]
        for i, (label, opts, cur) in enumerate(rows):
            y = 150 + i * ROW_STEP
            for k, (name, val) in enumerate(opts):
                wide = len(opts) == 2 and max(len(n) for n, _ in opts) > 10
                self.add(Button(name, 560 + k * (230 if wide else 150), y, 220 if wide else 140,
                                44,
                                partial(self.set, i, val), 14,
                                selected=(val == cur)))
            self.add(_RowLabel(label, 520, y + 22))
        self.add(menu_button("Back", 780, self.go_back))

    def set(self, row: int, val: object) -> None:
        st = self.app.settings
        if row == 0 and isinstance(val, tuple):
            st.window_w, st.window_h = val
            self.app.apply_window()
        elif row == 1:
            st.fullscreen = bool(val)
            self.app.apply_window()
        elif row == 2:
            st.anim_speed = float(val)  # type: ignore[arg-type]
        elif row == 3:
            st.bot_delay = float(val)  # type: ignore[arg-type]
        elif row == 4:
            st.colour_safe = bool(val)
        elif row == 5:
            st.handoff_always = bool(val)
        elif row == 6:
            st.trapdoor_physics = bool(val)
        elif row == 7:
            st.fast_bots = bool(val)
        elif row in (8, 9):
            if row == 8:
                st.volume = float(val)  # type: ignore[arg-type]
            else:
                st.mute = bool(val)
            self.app.apply_sound()
            self.app.sound.play("land")  # a taste of the new level
        elif row == 10:
            st.trapdoor_autofire = bool(val)
        elif row == 11:
            st.hints_hot_seat = bool(val)
        self.app.save_settings()
        self.build()

    def go_back(self) -> None:
        self.app.back()  # to where it was opened from

    def draw_self(self, c: Canvas) -> None:
        c.fill(theme.BG, 0, 0, VW, 900)
        title_text(c, "Settings", 100)

    def key_down(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            self.go_back()
            return True
        return False


class _RowLabel(Button):
    interactive = False

    def __init__(self, text: str, x: float, y: float) -> None:
        super().__init__(text, x, y, 0, 0, lambda: None)

    def draw_self(self, c: Canvas) -> None:
        c.text(self.label, 0, 0, 17, theme.CREAM, True, "midright")
