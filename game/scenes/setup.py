"""New-game setup: 2-5 seats, each human or bot with a level, character chosen or random,
the seed, rules options."""

from __future__ import annotations

import random
from functools import partial
from typing import TYPE_CHECKING

import pygame

from engine.config import RULES_OPTIONS, option_title
from engine.data import rules
from game import theme, tokens
from game.bot_worker import bot_levels
from game.layout import VW
from game.scenegraph import Button, Canvas
from game.scenes.base import Scene, menu_button, title_text
from game.session import SeatSpec, Session

if TYPE_CHECKING:
    from game.app import App


class SetupScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        levels = bot_levels()
        self.default_level = "normal" if "normal" in levels else levels[0]
        self.seats = [SeatSpec(True), SeatSpec(False, self.default_level)]
        self.seed = random.randrange(1, 1_000_000)
        self.options = {k: v[0] for k, v in RULES_OPTIONS.items()}
        self.r = rules()
        self.expert = False
        self.build()

    def build(self) -> None:
        self.clear()
        y0 = 150.0
        for i, seat in enumerate(self.seats):
            y = y0 + i * 70
            self.add(Button("Human" if seat.human else "Bot", 380, y, 120, 44,
                            partial(self.toggle_kind, i), 15, tip="Human or bot seat"))
            levels = bot_levels()
            self.add(Button(f"Level: {seat.level}", 512, y, 190, 44,
                            partial(self.cycle_level, i), 14, enabled=not seat.human,
                            tip="Bot strength: " + ", ".join(levels)))
            name = self.r.names.get(seat.character, "") if seat.character else "Random"
            self.add(Button(f"Character: {name}", 714, y, 280, 44,
                            partial(self.cycle_char, i), 14,
                            tip="Pick a character or leave it random"))
        n = len(self.seats)
        self.add(Button("+ seat", 1010, y0 + (n - 1) * 70, 110, 44, self.add_seat, 14,
                        enabled=n < 5))
        self.add(Button("− seat", 1130, y0 + (n - 1) * 70, 110, 44, self.del_seat, 14,
                        enabled=n > 2))
        self.add(Button(f"Seed: {self.seed}", 380, 540, 260, 44, self.new_seed, 15,
                        tip="Same seed + same choices = the same game. Click for a new one."))
        y = 620.0
        for k, (default, text) in RULES_OPTIONS.items():
            on = self.options.get(k, default)
            self.add(Button(f"{option_title(k)}: {'on' if on else 'off'}", 380, y, 520, 40,
                            partial(self.toggle_opt, k), 13, tip=text))
            y += 50
        self.add(Button(f"expert secret loading: {'on' if self.expert else 'off'}", 380, y,
                        520, 40, self.toggle_expert, 13,
                        tip="Expert variant: every seat loads its starting energy in secret "
                            "(the table hides the other devices until play begins)"))

        self.add(menu_button("Start the game", 790, self.start, x=VW / 2 - 360, w=340))
        self.add(menu_button("Back", 790, self.app.open_menu, x=VW / 2 + 20, w=340))

    def toggle_kind(self, i: int) -> None:
        self.seats[i].human = not self.seats[i].human
        self.build()

    def cycle_level(self, i: int) -> None:
        levels = bot_levels()
        cur = self.seats[i].level
        self.seats[i].level = levels[(levels.index(cur) + 1) % len(levels)] if cur in levels \
            else levels[0]
        self.build()

    def cycle_char(self, i: int) -> None:
        order: list[str | None] = [None, *self.r.character_order]
        taken = {s.character for j, s in enumerate(self.seats) if j != i and s.character}
        k = order.index(self.seats[i].character)
        for step in range(1, len(order) + 1):
            cand = order[(k + step) % len(order)]
            if cand is None or cand not in taken:
                self.seats[i].character = cand
                break
        self.build()

    def add_seat(self) -> None:
        if len(self.seats) < 5:
            self.seats.append(SeatSpec(False, self.default_level))
            self.build()

    def del_seat(self) -> None:
        if len(self.seats) > 2:
            self.seats.pop()
            self.build()

    def new_seed(self) -> None:
        self.seed = random.randrange(1, 1_000_000)
        self.build()

    def toggle_opt(self, k: str) -> None:
        self.options[k] = not self.options.get(k, RULES_OPTIONS[k][0])
        self.build()

    def toggle_expert(self) -> None:
        self.expert = not self.expert
        self.build()

    def start(self) -> None:
        opts = {k: v for k, v in self.options.items() if v != RULES_OPTIONS[k][0]}
        self.app.start_session(Session.new(self.seats, self.seed, opts, self.expert))

    def draw_self(self, c: Canvas) -> None:
        c.fill(theme.BG, 0, 0, 1600, 900)
        title_text(c, "New game", 80)
        for i, seat in enumerate(self.seats):
            y = 150 + i * 70
            ch = self.r.characters.get(seat.character or "")
            col = theme.hex_colour(ch.colour_hex) if ch else theme.SEAT_COLOURS[i]
            tokens.seat_marker(c, 236, y + 22, 16, col, theme.SEAT_SHAPES[i])
            c.text(f"Seat {i + 1}", 262, y + 22, 15, theme.CREAM, True, "midleft")
        c.text("Seed (shown so a game can be replayed)", 380, 532, 14, theme.PANEL_DARK, True,
               "bottomleft")
        c.text("Rules options", 380, 612, 14, theme.PANEL_DARK, True, "bottomleft")

    def key_down(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            self.app.open_menu()
            return True
        if event.key == pygame.K_RETURN:
            self.start()
            return True
        return False
