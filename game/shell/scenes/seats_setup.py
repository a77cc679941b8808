"""What every game's new-game screen does with its seats (a game's SetupScene extends
`SeatsSetup`): each seat a person with a name typed in place (remembered in the shell's
settings) or a bot of a level the game offers, each seat's role (a character, a country)
cycled past the ones taken or left to chance, seats added and removed within the game's
bounds, a new seed; Enter starts the game, Esc goes back to the menu."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.shell.name_field import NameField
from game.shell.scenes.base import Scene
from game.shell.session import NAME_MAX, SeatSpec, clean_name

if TYPE_CHECKING:
    from game.shell.scenes.base import Nav


class SeatsSetup(Scene):
    SEATS: tuple[int, int] = (2, 5)  # the fewest and the most seats the game takes

    def __init__(self, app: Nav) -> None:
        super().__init__(app)
        self.seed = random.randrange(1, 1_000_000)
        self.clock = 0.0
        self.editing = -1  # the seat whose name is being typed
        self.draft = ""
        self.seats: list[SeatSpec] = []
        self.default_level = ""

    # --- the game's -------------------------------------------------------------------------
    def levels(self) -> list[str]:
        """The bot levels the game offers."""
        raise NotImplementedError

    def build(self) -> None:
        """Lay the screen out again (the seats or options changed)."""
        raise NotImplementedError

    def start(self) -> None:
        raise NotImplementedError

    def seat_removed(self) -> None:
        """The last seat was removed (before the screen is laid out again)."""

    # --- names --------------------------------------------------------------------------------
    def remembered_name(self, seat: int) -> str:
        names = self.app.settings.player_names
        return clean_name(names[seat]) if seat < len(names) else ""

    def edit_name(self, seat: int) -> None:
        if self.editing == seat:
            return
        self.commit_name()
        self.editing = seat
        self.draft = self.seats[seat].name
        self.clock = 0.0

    def commit_name(self) -> None:
        if self.editing < 0:
            return
        seat, self.editing = self.editing, -1
        name = clean_name(self.draft)
        self.seats[seat].name = name
        names = list(self.app.settings.player_names)
        names += [""] * (seat + 1 - len(names))
        names[seat] = name
        self.app.settings.player_names = names[:self.SEATS[1]]
        self.app.save_settings()

    def cancel_name(self) -> None:
        self.editing = -1

    def type_key(self, event: pygame.event.Event) -> bool:
        """A key while a name is typed: Enter keeps it, Esc drops the change, Tab goes on
        to the next person's name."""
        key = event.key
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.commit_name()
        elif key == pygame.K_ESCAPE:
            self.cancel_name()
        elif key == pygame.K_TAB:
            humans = [i for i, s in enumerate(self.seats) if s.human]
            after = [i for i in humans if i > self.editing] or humans
            self.commit_name()
            if after:
                self.edit_name(after[0])
        elif key == pygame.K_BACKSPACE:
            self.draft = self.draft[:-1]
        else:
            ch = getattr(event, "unicode", "") or ""
            spare = ch.isspace() and (not self.draft or self.draft.endswith(" "))
            if ch and ch.isprintable() and not spare and len(self.draft) < NAME_MAX:
                self.draft += " " if ch.isspace() else ch
        self.clock = 0.0
        return True

    def mouse_down(self, vx: float, vy: float, button: int) -> None:
        node = self.hit(vx, vy)
        if self.editing >= 0 and not (isinstance(node, NameField) and node.seat == self.editing):
            self.commit_name()  # a click elsewhere keeps what was typed
        super().mouse_down(vx, vy, button)

    # --- seats --------------------------------------------------------------------------------
    def toggle_kind(self, i: int) -> None:
        seat = self.seats[i]
        seat.human = not seat.human
        seat.name = self.remembered_name(i) if seat.human else ""
        self.build()

    def cycle_level(self, i: int) -> None:
        lv = self.levels()
        cur = self.seats[i].level
        self.seats[i].level = lv[(lv.index(cur) + 1) % len(lv)] if cur in lv else lv[0]
        self.build()

    def next_role(self, i: int, roles: list[str]) -> None:
        """Seat `i` takes the next of `roles` no other seat has (or chance, between the
        last and the first)."""
        order: list[str | None] = [None, *roles]
        taken = {s.character for j, s in enumerate(self.seats) if j != i and s.character}
        k = order.index(self.seats[i].character)
        for step in range(1, len(order) + 1):
            cand = order[(k + step) % len(order)]
            if cand is None or cand not in taken:
                self.seats[i].character = cand
                break

    def add_seat(self) -> None:
        if len(self.seats) < self.SEATS[1]:
            self.seats.append(SeatSpec(False, self.default_level))
            self.build()

    def del_seat(self) -> None:
        if len(self.seats) > self.SEATS[0]:
            self.seats.pop()
            if self.editing >= len(self.seats):
                self.cancel_name()
            self.seat_removed()
            self.build()

    def new_seed(self) -> None:
        self.seed = random.randrange(1, 1_000_000)
        self.build()

    def key_down(self, event: pygame.event.Event) -> bool:
        if self.editing >= 0:
            return self.type_key(event)
        if event.key == pygame.K_ESCAPE:
            self.app.open_menu()
            return True
        if event.key == pygame.K_RETURN:
            self.start()
            return True
        return False
