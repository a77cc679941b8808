"""A game in progress as the UI sees it: the engine Game, who sits where, the log, saves."""

from __future__ import annotations

import contextlib
import errno
import json
import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Annotated, Any

import pygame
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine import GameConfig, new_game
from engine.aac.events import Event
from engine.aac.game import Game
from engine.aac.log import describe
from engine.aac.persist import load_game, save_game
from engine.aac.persist.autosave import (
    Autosaver,
    SaveInfo,
    autosave_games,
    continue_candidate,
    manual_saves,
)
from engine.aac.persist.dirs import autosave_dir
from engine.aac.persist.io import atomic_write
from engine.kernel import files
from game.shell import theme
from game.shell.bot_worker import BotRef, BotSpec, bot_levels, seat_bots
from game.shell.preview import write_png
from game.shell.settings import NAME_LEN, user_dir

NAME_MAX = NAME_LEN  # characters in a player's name
SEATS_MAX = 64 * 1024  # bytes of a seats side file (a few hundred in practice)


@dataclass
class SeatSpec:
    human: bool = True
    level: str = "random"
    character: str | None = None  # None = random
    name: str = ""  # the player's own name ("" = known by the character's name)


class Session:
    def __init__(self, game: Game, seats: list[SeatSpec], bot_seed: int = 0) -> None:
        self.game = game
        self.seats = seats
        self.rules = game.rules
        self.bots: dict[int, BotRef] = seat_bots(  # hosted by the app's bot worker process
            {i: s.level for i, s in enumerate(seats) if not s.human}, bot_seed)
        self.log: list[str] = []
        self.game_id = time.strftime("game-%Y%m%d-%H%M%S") + f"-{game.state.seed & 0xFFFF}"
        # Set by the front end: autosave this game at turn starts, when it ends and when a
        # player leaves it (off for tests and tools), and how to picture the table then.
        self.autosaving = False
        self.preview: Callable[[], pygame.Surface | None] | None = None
        self._kept: list[str] | None = None  # the choices as of the last autosave
        self.problem = ""  # why the last save or autosave failed, in words ("" = it worked)
        for e in getattr(game, "setup_events", []) or []:
            self.log.append(describe(e, self.rules, self.characters))

    @classmethod
    def new(cls, seats: list[SeatSpec], seed: int, options: dict[str, Any] | None = None,
            expert_loading: bool = False, modules: tuple[str, ...] = ()) -> Session:
        chars = [s.character for s in seats]
        cfg = GameConfig(players=len(seats), seed=seed,
                         characters=chars if any(chars) else None, options=options or {},
                         expert_loading=expert_loading, modules=modules)
        return cls(new_game(cfg), seats, seed)

    @classmethod
    def mid_game(cls, seed: int, players: int, moves: int, humans: int = 1) -> Session:
        """A position reached by playing `moves` random legal choices from a fresh game."""
        seats = [SeatSpec(human=i < humans) for i in range(players)]
        s = cls.new(seats, seed)
        rng = random.Random(seed)
        for _ in range(moves):
            d = s.game.pending
            if d is None:
                break
            s.apply(rng.choice(d.choices).id)
        # stop where a human decides (so the table shows highlighted targets)
        for _ in range(2000 if humans and moves else 0):
            d = s.game.pending
            if d is None or s.is_human(d.seat) and any(c.targets for c in d.choices):
                break
            s.apply(rng.choice(d.choices).id)
        return s

    # --- seats -----------------------------------------------------------------------------
    @property
    def characters(self) -> list[str]:
        return [p.character for p in self.game.state.players]

    def character_name(self, seat: int) -> str:
        ch = self.characters[seat] if seat < len(self.characters) else ""
        return self.rules.names.get(ch, f"Seat {seat + 1}") if ch else f"Seat {seat + 1}"

    def player_name(self, seat: int) -> str:
        """The player's own name if one was given, else the character's."""
        given = self.seats[seat].name if 0 <= seat < len(self.seats) else ""
        return given or self.character_name(seat)

    def name(self, seat: int) -> str:
        """How a seat is called on the table: "Anna (Freyith)", or just "Freyith"."""
        given = self.seats[seat].name if 0 <= seat < len(self.seats) else ""
        ch = self.character_name(seat)
        return f"{given} ({ch})" if given else ch

    def colour(self, seat: int) -> theme.Colour:
        ch = self.rules.characters.get(self.characters[seat]) if seat < len(
            self.characters) else None
        if ch is not None:
            return theme.hex_colour(ch.colour_hex)
        return theme.SEAT_COLOURS[seat % len(theme.SEAT_COLOURS)]

    def shape(self, seat: int) -> str:
        return theme.SEAT_SHAPES[seat % len(theme.SEAT_SHAPES)]

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat].human

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    # --- playing ---------------------------------------------------------------------------
    def hand_to_bot(self, seat: int, level: str, seed: int) -> None:
        """`seat` is played by a bot of `level` from now on, hosted by the bot worker process
        like the game's other bots (in their roster)."""
        roster = next((b.roster for b in self.bots.values() if isinstance(b, BotSpec)), 0)
        self.seats[seat] = SeatSpec(False, level, self.seats[seat].character,
                                    self.seats[seat].name)
        self.bots[seat] = BotSpec(level, seed, roster)

    def apply(self, choice_id: str) -> list[Event]:
        events = self.game.choose(choice_id)
        chars = self.characters
        for e in events:
            self.log.append(describe(e, self.rules, chars))
        if len(self.log) > 3000:
            del self.log[: len(self.log) - 2500]
        if self.autosaving and self.game.is_over:
            self.keep_final()
        return events

    # --- saves (engine.aac.persist: validated, atomic; seats in a small side file) -------------
    def save(self, path: Path, note: str = "") -> None:
        save_game(self.game, path, note)
        atomic_write(seats_path(path), json.dumps([asdict(s) for s in self.seats]))
        self._picture(path)

    def autosave(self) -> Path:
        """Autosave at a turn start, or mid-turn when a player leaves (the choice history
        keeps the turn's decisions so far): the last 10 per game are kept."""
        path = Autosaver(self.game_id).save(self.game)
        atomic_write(path.parent / "seats.json", json.dumps([asdict(s) for s in self.seats]))
        self._kept = list(self.game.history)
        self._picture(path)
        return path

    def keep(self) -> bool:
        """Keep the game exactly where it is (before a player leaves it): an autosave unless
        nothing changed since the last one. False (and `problem` says why) if it failed."""
        if not self.autosaving or self.game.is_over or self._kept == self.game.history:
            return True
        try:
            self.autosave()
        except Exception as exc:  # a full disk must not trap the player in the game
            self.problem = save_problem(exc)
            return False
        self.problem = ""
        return True

    def keep_final(self) -> None:
        """The game has ended: keep it for the "Finished games" list (and so "Continue" no
        longer offers its last turn). A failure is told in the log; nothing else stops."""
        try:
            path = Autosaver(self.game_id).save_final(self.game)
            atomic_write(path.parent / "seats.json",
                         json.dumps([asdict(s) for s in self.seats]))
        except Exception as exc:
            self.problem = save_problem(exc)
            self.log.append(f"The finished game could not be kept: {self.problem}.")
            return
        self._kept = list(self.game.history)
        self._picture(path)

    def _picture(self, path: Path) -> None:
        """The preview beside a save; optional, so any failure only means no picture."""
        with contextlib.suppress(Exception):
            pic = self.preview() if self.preview is not None else None
            if pic is not None:
                write_png(pic, path.with_suffix(".png"))
            else:  # never leave an older picture beside a newer save
                path.with_suffix(".png").unlink(missing_ok=True)

    @classmethod
    def load(cls, path: Path) -> Session:
        """Load a save, verified against a replay of its choices (engine.aac.persist.load_game);
        a bad file raises engine.aac.persist.SaveError with one readable sentence."""
        path = Path(path)
        game = load_game(path, verify=True)
        n = game.state.n
        seats = saved_seats(path, n) or [SeatSpec(human=(i == 0)) for i in range(n)]
        s = cls(game, seats, int(game.config.get("seed", 0)))
        if path.parent.parent == autosave_dir():
            s.game_id = path.parent.name  # keep autosaving into the same game's folder
            s._kept = list(game.history)
        return s


class _SeatModel(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)
    human: bool = True
    level: Annotated[str, Field(max_length=32)] = "random"
    character: Annotated[str, Field(max_length=64)] | None = None
    name: Annotated[str, Field(max_length=200)] = ""  # absent in older side files


def read_seats(side: Path, n: int) -> list[SeatSpec] | None:
    """Who sits where, from a save's side file; None if it is missing, damaged or does not
    match the game (the caller then falls back to one person and bots)."""
    try:
        raw = json.loads(files.read_text(side, SEATS_MAX))
        if not isinstance(raw, list) or len(raw) != n:
            return None
        specs = [_SeatModel.model_validate(x) for x in raw]
    except (files.Unreadable, ValueError, RecursionError, ValidationError):
        return None
    levels = set(bot_levels())
    return [SeatSpec(human=m.human, level=m.level if m.level in levels else "random",
                     character=m.character, name=clean_name(m.name)) for m in specs]


def clean_name(text: str) -> str:
    """A player's name as typed: printable characters, single spaces, at most NAME_MAX."""
    text = "".join(ch for ch in text if ch.isprintable())
    return " ".join(text.split())[:NAME_MAX].strip()


def saved_seats(path: Path, n: int) -> list[SeatSpec] | None:
    """Who sat where in a save: its own side file, or its autosave folder's; None if there
    is none (or it is damaged)."""
    for side in (seats_path(path), Path(path).parent / "seats.json"):
        if files.exists(side):  # a side file that is there but cannot be read: no seats
            return read_seats(side, n)
    return None


def seats_path(path: Path) -> Path:
    return Path(path).with_suffix(".seats.json")


def save_problem(exc: BaseException) -> str:
    """Why a save could not be written, in words a player understands."""
    if isinstance(exc, OSError):
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            return "the disk is full"
        if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            return "the save folder cannot be written to"
        if exc.strerror:
            return f"the file could not be written ({exc.strerror.lower()})"
    return f"an unexpected problem ({type(exc).__name__})"


def saves_dir() -> Path:
    return user_dir("saves")


def all_saves() -> list[SaveInfo]:
    """Every game the player can go back to: one entry per autosaved game and every manual
    save, newest first (summaries only: see engine.aac.persist.autosave)."""
    out = autosave_games() + manual_saves(saves_dir())
    return sorted(out, key=lambda i: (i.when, i.mtime_ns), reverse=True)


def continue_save(saves: list[SaveInfo] | None = None) -> SaveInfo | None:
    """What "Continue" resumes: the newest save of a game that is not finished."""
    return continue_candidate(all_saves() if saves is None else saves)


def autosave_path() -> Path | None:
    """The save "Continue" resumes, or None."""
    info = continue_save()
    return info.path if info is not None else None
