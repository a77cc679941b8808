"""Age of Reason's public face: the ONE module a front end imports.

- games: `new_game(config)`, `AorConfig`, `Game` (pending / choose / undo / view / snapshot),
  the rules options and their titles, the seat range;
- the catalog by id: `area`, `country`, `box`, `card`, `marker`, `home` (the validated catalog
  models, with their layout for drawing) and `tables()` for the index tables;
- names for display (`names`), the log (`describe`), the events (`events`, `Term`);
- the table's helpers: `why_not` (why a target cannot be chosen now), `pending` (the open
  decision in words: who, what, whether it is a secret commitment), `score_preview` (what
  every area would score now), `combat_preview` (the known parts of a combat's strengths),
  `scores`, `ranking`, `summary` (a save's header: title, seats, turn, scores, finished);
- saves: `save_game`, `load_game`, `loads_save`, `dumps_save`, `SaveError`.

Decision kinds (`DECISION_KINDS`) and their choice ids:
  country        "country:<country id>"                        D1
  bid            "bid:<amount>" | "pass"                       D2, D3
  proposal       "propose:<country id>:<country id>"           D2, D3 ("-" for the empty box)
  box            "box:<space id>" | "box:none"                 D4
  retrieve       "retrieve:<card id>"                          D5
  trade_area     "trade:<area id>"                             option trading_choose_one_area
  attack         "attack:none" | "convert:<area id>" |         D6
                 "attack_disc:<area id>:<country id>" | "attack_marker:<marker id>"
  second_attack  as attack                                     D12 (War Office)
  convert_card   "card:<card id>"                              D6, kind I
  attack_card    "card:<card id>"                              D7 (secret)
  defence_card   "card:<card id>"                              D8 (secret)
  ally           "card:<Ally or Blank card id>" | "stay_out"   D9 (secret)
  buy_npc        "buy:<country id>" | "skip:<country id>"      D10
  reserves       "reroll" | "keep"                             D11
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.aor import events, names
from engine.aor.catalog import tables
from engine.aor.catalog.models import Area, Box, Card, Country, HomeCountry, Marker
from engine.aor.combat import CombatFrame
from engine.aor.config import RULES_OPTION_TITLES, RULES_OPTIONS, SEATS, AorConfig
from engine.aor.definition import AOR
from engine.aor.events import Term
from engine.aor.explain import Pending, pending, why_not
from engine.aor.game import Game, new_game
from engine.aor.log import breakdown
from engine.aor.log import describe as _describe
from engine.aor.persist.io import SaveError, dumps_save, load_game, loads_save, save_game
from engine.aor.scoring import categories, preview
from engine.aor.scoring import ranking as _ranking
from engine.aor.strength import box_terms, card_terms
from engine.kernel.events import Event
from engine.kernel.summary import Summary

__all__ = [
    "AOR", "DECISION_KINDS", "RULES_OPTIONS", "RULES_OPTION_TITLES", "SEATS", "AorConfig",
    "AreaPreview", "Game", "Pending", "SaveError", "Term", "area", "box", "breakdown", "card",
    "categories", "combat_preview", "country", "describe", "dumps_save", "events", "home",
    "load_game", "loads_save", "marker", "names", "new_game", "pending", "ranking",
    "save_game", "score_preview", "scores", "summary", "tables", "why_not",
]

DECISION_KINDS: dict[str, str] = {
    "country": "choose your country",
    "bid": "bid for the alliances or pass",
    "proposal": "which countries your bid places, and in which row",
    "box": "place a disc in an action box",
    "retrieve": "take a card back from your discard pile",
    "trade_area": "the area a Company pays for",
    "attack": "attack, convert an Aktion marker, or pass",
    "second_attack": "a second attack (War Office)",
    "convert_card": "the ship card you show to convert",
    "attack_card": "your card for the attack, face down",
    "defence_card": "your card for the defence, face down",
    "ally": "your Ally card or your Blank, face down",
    "buy_npc": "buy a non-player ally's help",
    "reserves": "use your Reserves to re-roll the battle",
}


# --- the catalog by id ------------------------------------------------------------------------


def _find(items: list[Any], cid: str) -> Any:
    for x in items:
        if x.id == cid:
            return x
    raise KeyError(cid)


def area(aid: str) -> Area:
    return _find(list(tables().cat.map.areas), aid)  # type: ignore[no-any-return]


def home(hid: str) -> HomeCountry:
    return _find(list(tables().cat.map.home_countries), hid)  # type: ignore[no-any-return]


def country(cid: str) -> Country:
    return _find(list(tables().cat.countries.countries), cid)  # type: ignore[no-any-return]


def box(bid: str) -> Box:
    return _find(list(tables().cat.boxes.boxes), bid)  # type: ignore[no-any-return]


def card(cid: str) -> Card:
    cat = tables().cat
    return _find([c for s in cat.cards.sets for c in s.cards], cid)  # type: ignore[no-any-return]


def marker(mid: str) -> Marker:
    return _find(list(tables().cat.markers.markers), mid)  # type: ignore[no-any-return]


# --- the log and the table's helpers ------------------------------------------------------------


def describe(game: Game, e: Event, viewer: int = -1) -> str:
    """One plain line for the game log (`viewer`: the seat reading it; -1 everyone)."""
    return _describe(e, game.t, [p.country for p in game.state.players], viewer)


@dataclass(frozen=True, slots=True)
class AreaPreview:
    area: str  # area id
    name: str
    rows: tuple[tuple[str, int, int, int], ...]  # (country id, discs, rank, VP now)


def score_preview(game: Game) -> list[AreaPreview]:
    """What every area would score if it were scored now (R11)."""
    t = game.t
    return [AreaPreview(t.areas[a], t.area_names[a],
                        tuple((t.countries[c], n, r, vp) for c, n, r, vp in rows))
            for a, rows in enumerate(preview(t, game.state))]


def combat_preview(game: Game, viewer: int) -> tuple[list[Term], list[Term]] | None:
    """The parts of the combat under way that `viewer` may know now: the dice once rolled,
    each side's box bonuses, the viewer's own committed card; after the reveal the full
    strengths. None when no combat is under way."""
    s, t = game.state, game.t
    fr = next((f for f in reversed(s.stack) if isinstance(f, CombatFrame)), None)
    if fr is None:
        return None
    if fr.dice:
        return fr.strengths(t, s)
    a_country = s.players[fr.attacker].country
    att = box_terms(t, s, a_country, fr.area)
    if viewer == fr.attacker and s.players[viewer].committed:
        att = card_terms(t, s, s.players[viewer].committed, fr.area, True) + att
    dfn: list[Term] = []
    dseat = fr.defender_seat(s)
    if dseat >= 0:
        dfn = box_terms(t, s, fr.target, fr.area)
        if viewer == dseat and s.players[viewer].committed:
            dfn = card_terms(t, s, s.players[viewer].committed, fr.area, False) + dfn
    return att, dfn


def scores(game: Game) -> list[dict[str, int]]:
    """Per seat, VP by category (categories()) and "total"."""
    return AOR.scores(game)


def ranking(game: Game) -> list[list[int]]:
    return _ranking(game.state)


def summary(game: Game) -> Summary:
    """A save's header (engine.kernel.summary): what a load screen lists without reading the
    game's internals."""
    return AOR.summary(game)
