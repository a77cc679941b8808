"""Settings: the shell's (window size, fullscreen, animation speed, bot thinking pause,
colour-safe, hand-off, fast bots, sound volume and mute, hints with several people) and the
chosen game's own section (game.shell.registry.FrontEnd.settings_rows: An Age Contrived's
trapdoor...)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.shell import theme
from game.shell.layout import VW
from game.shell.scenegraph import Button, Canvas
from game.shell.scenes.base import Scene, menu_button, title_text
from game.shell.settings import ANIM_SPEEDS, BOT_DELAYS, LABELS, VOLUMES, WINDOW_SIZES

if TYPE_CHECKING:
    from game.shell.scenes.base import Nav


ROW_STEP = 51  # twelve rows from y 150 end at 755, above Back at 780
OFF_ON: list[tuple[str, object]] = [("Off", False), ("On", True)]

Row = tuple[str, list[tuple[str, object]], object, Callable[[Any], None]]


class SettingsScene(Scene):
    def __init__(self, app: Nav) -> None:
        super().__init__(app)
        self.build()

    def rows(self) -> list[Row]:
        """(label, choices, current value, what choosing a value does) of every row."""
        st = self.app.settings

        def field(name: str) -> Callable[[Any], None]:
            return lambda v: setattr(st, name, v)

        def window(v: Any) -> None:
            st.window_w, st.window_h = v
            self.app.apply_window()

        def fullscreen(v: Any) -> None:
            st.fullscreen = bool(v)
            self.app.apply_window()

        def sound(name: str) -> Callable[[Any], None]:
            def set_sound(v: Any) -> None:
                setattr(st, name, v)
                self.app.apply_sound()
                self.app.sound.play("land")  # a taste of the new level
            return set_sound

        rows: list[Row] = [
            (LABELS["window_w"], [(f"{w}×{h}", (w, h)) for w, h in WINDOW_SIZES],
             (st.window_w, st.window_h), window),
            (f"{LABELS['fullscreen']} (F11)", OFF_ON, st.fullscreen, fullscreen),
            (LABELS["anim_speed"], [(n, v) for n, v in ANIM_SPEEDS], st.anim_speed,
             field("anim_speed")),
            (LABELS["bot_delay"], [(n, v) for n, v in BOT_DELAYS], st.bot_delay,
             field("bot_delay")),
            (LABELS["colour_safe"], OFF_ON, st.colour_safe, field("colour_safe")),
            (LABELS["handoff_always"], [("Always", True), ("If private", False)],
             st.handoff_always, field("handoff_always")),
            (LABELS["fast_bots"], OFF_ON, st.fast_bots, field("fast_bots")),
            (LABELS["volume"], [(n, v) for n, v in VOLUMES], st.volume, sound("volume")),
            (LABELS["mute"], OFF_ON, st.mute, sound("mute")),
            (LABELS["hints_hot_seat"], OFF_ON, st.hints_hot_seat, field("hints_hot_seat")),
        ]
        front = self.app.game
        model = front.settings_model()
        if model is not None:
            section = st.section(front.game_id, model)
            for row in front.settings_rows():
                rows.append((row.label, list(row.choices), getattr(section, row.field),
                             partial(setattr, section, row.field)))
        return rows

    def build(self) -> None:
        self.clear()
        for i, (label, opts, cur, _set) in enumerate(self.rows()):
            y = 150 + i * ROW_STEP
            for k, (name, val) in enumerate(opts):
                wide = len(opts) == 2 and max(len(n) for n, _ in opts) > 10
                self.add(Button(name, 560 + k * (230 if wide else 150), y, 220 if wide else 140,
                                44, partial(self.set, i, val), 14, selected=(val == cur)))
            self.add(_RowLabel(label, 520, y + 22))
        self.add(menu_button("Back", 780, self.go_back))

    def set(self, row: int, val: object) -> None:
        self.rows()[row][3](val)
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
