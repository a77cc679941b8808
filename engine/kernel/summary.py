"""A save's summary header: what a list of saves shows about a game without opening it.

Every save (format versions that have one) carries `"summary"`, written by the game's
definition (`GameDefinition.summary`) from the game and the seats the front end knows (names
typed, bot levels): the game's id and title, per seat its name, role in words (a character, a
country), level ("" for a person) and score, the turn, whether the game is over and who won,
and a short line of detail (its modules). A shell lists any game's saves from this header and
routes a file to its game by the document's `format`; nothing of a game is imported to list it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MAX_SEATS = 16
MAX_TEXT = 80


class SummaryError(ValueError):
    """The header is not one a game writes."""


@dataclass(frozen=True, slots=True)
class SeatSummary:
    name: str  # what the table calls the seat: the name typed, else the role's name
    role: str  # what the seat plays, in words ("Freyith", "France"); "" if nothing
    level: str  # "" for a person, else the bot's level ("easy")
    score: int
    role_id: str = ""  # the role's catalog id (a front end draws the seat's colour from it)

    @property
    def human(self) -> bool:
        return not self.level


@dataclass(frozen=True, slots=True)
class Summary:
    game: str  # the game's id
    title: str  # the game's title
    seats: tuple[SeatSummary, ...]
    turn: int
    over: bool
    winners: tuple[int, ...] = ()  # seats, once the game is over
    detail: str = ""  # e.g. "with the Folklore and Pilgrimage modules"

    def to_plain(self) -> dict[str, Any]:
        return {"game": self.game, "title": self.title,
                "seats": [{"name": s.name, "role": s.role, "level": s.level, "score": s.score,
                           "role_id": s.role_id} for s in self.seats],
                "turn": self.turn, "over": self.over, "winners": list(self.winners),
                "detail": self.detail}

    @staticmethod
    def from_plain(d: Any) -> Summary:
        """The header read back, checked type-exactly; SummaryError if it is not one."""
        if type(d) is not dict or set(d) != {"game", "title", "seats", "turn", "over",
                                             "winners", "detail"}:
            raise SummaryError("the summary does not have its fields")
        seats = d["seats"]
        if type(seats) is not list or not 1 <= len(seats) <= MAX_SEATS:
            raise SummaryError("the summary's seats are not a list of seats")
        out = []
        for s in seats:
            if type(s) is not dict or set(s) != {"name", "role", "level", "score", "role_id"}:
                raise SummaryError("a seat of the summary does not have its fields")
            out.append(SeatSummary(_text(s["name"]), _text(s["role"]), _text(s["level"]),
                                   _int(s["score"]), _text(s["role_id"])))
        winners = d["winners"]
        if type(winners) is not list or any(type(w) is not int or not 0 <= w < len(out)
                                            for w in winners):
            raise SummaryError("the summary's winners are not seats")
        if type(d["over"]) is not bool:
            raise SummaryError("the summary's end flag is not true or false")
        return Summary(_text(d["game"]), _text(d["title"]), tuple(out), _int(d["turn"]),
                       d["over"], tuple(winners), _text(d["detail"]))


def _text(v: Any) -> str:
    if type(v) is not str or len(v) > MAX_TEXT:
        raise SummaryError("a text of the summary is not a short text")
    if any(ch < " " or "\x7f" <= ch < "\xa0" for ch in v):  # no text the game writes has one
        raise SummaryError("a text of the summary holds a control character")
    return v


def _int(v: Any) -> int:
    if type(v) is not int or not -10**6 <= v <= 10**7:
        raise SummaryError("a number of the summary is not a whole number in range")
    return v
