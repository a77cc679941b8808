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
- saves: `save_game`, `load_game`, `loads_save`, `dumps_save`, `SaveError`;
- for a table (what it shows and animates): `auction_status` (the bidding under way: whose
  turn, the high bid, who passed), `combat_status` (the combat under way: who fights, who
  put a card down, the cards turned, the dice), `reach` (who may attack in an area, and
  why), `box_effect` (what a box does for a seat, in words), `combat_costs` (what each seat
  pays once the cards are turned), the state's types `State` and `Player`.

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
from engine.aor.attack import reachable
from engine.aor.auction import AuctionFrame, phases, unallied
from engine.aor.boxes import effect_text
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
from engine.aor.scoring import categories, preview, rank_area
from engine.aor.scoring import ranking as _ranking
from engine.aor.state import EMPTY, Player, State
from engine.aor.strength import box_terms, card_terms
from engine.kernel.events import Event
from engine.kernel.summary import Summary

__all__ = [
    "AOR", "DECISION_KINDS", "EMPTY", "RULES_OPTIONS", "RULES_OPTION_TITLES", "SEATS",
    "AorConfig", "AreaPreview", "AuctionStatus", "CombatStatus", "Game", "Pending", "Player",
    "Reach", "SaveError", "State", "Term", "area", "area_ranking", "auction_status", "box",
    "box_effect", "breakdown", "card", "categories", "combat_costs", "combat_preview",
    "combat_status", "country", "describe", "dumps_save", "events", "home", "load_game",
    "loads_save", "marker", "names", "new_game", "pending", "ranking", "reach", "save_game",
    "score_preview", "scores", "summary", "tables", "why_not",
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


def area_ranking(state: State, aid: str) -> list[tuple[int, int, int, int]]:
    """(country, discs, rank, VP) of every country with a disc in area `aid` of `state` (a
    game's state or a table's shown copy of it), most discs first: dense ranks, a
    non-player country holds its rank and scores 0 (R11.1-R11.3)."""
    t = tables()
    return rank_area(t, state, t.area_index[aid])


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


# --- what a table shows of the work under way ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class AuctionStatus:
    """The bidding under way (R5.2-R5.4): phase `phase` of `phases` (`single`: the last
    country alone), opened by seat `starter`; seat `speaker` speaks now; the high bid (-1
    before the opening bid) by seat `leader`; `passed`: the seats that passed since it, in
    order; `at` "bid" or "proposal" (the speaker has named `amount` and now proposes);
    `order`: the seats in bidding order from the starter; `unallied`: the countries (ids)
    still beside the display; `proposal`: the countries (ids, "" empty) in boxes A and B."""

    phase: int
    phases: int
    single: bool
    starter: int
    speaker: int
    high: int
    leader: int
    passed: tuple[int, ...]
    at: str
    amount: int
    order: tuple[int, ...]
    unallied: tuple[str, ...]
    proposal: tuple[str, str]


def auction_status(game: Game) -> AuctionStatus | None:
    """The bidding under way, or None outside the auction."""
    s, t = game.state, game.t
    fr = next((f for f in reversed(s.stack) if isinstance(f, AuctionFrame)), None)
    if fr is None:
        return None
    n = s.n
    passed = tuple((fr.speaker - k) % n for k in range(fr.passes, 0, -1))
    order = tuple((fr.starter + k) % n for k in range(n))
    prop = tuple(t.countries[c] if c != EMPTY else "" for c in s.proposal)
    return AuctionStatus(fr.phase, phases(t), fr.single(t), fr.starter, fr.speaker, fr.high,
                         fr.leader, passed, fr.at, fr.amount, order,
                         tuple(t.countries[c] for c in unallied(t, s)), (prop[0], prop[1]))


@dataclass(frozen=True, slots=True)
class CombatStatus:
    """The combat under way (R8): seat `attacker` attacks in `area` (an id) the country
    `defender_country` (an id; "" for a marker) of seat `defender` (-1: a non-player country
    or a marker) or the marker `marker`; `at` the step (the engine's CombatFrame steps);
    `allies`: (seat, "attacker" | "defender") of every player asked to help, in order;
    `face_down`: the seats with a card put face down now (which card stays hidden);
    `stayed_out`: seats that stayed out openly; `npc_allies`: (country id, side) bought;
    `revealed`: (seat, card id) turned at the reveal; `dice`: the attacker's two dice, then
    the defender's two (empty before the roll)."""

    attacker: int
    area: str
    kind: str
    defender_country: str
    defender: int
    marker: str
    at: str
    allies: tuple[tuple[int, str], ...]
    face_down: tuple[int, ...]
    stayed_out: tuple[int, ...]
    npc_allies: tuple[tuple[str, str], ...]
    revealed: tuple[tuple[int, str], ...]
    dice: tuple[int, ...]


_SIDES = ("attacker", "defender")


def combat_status(game: Game) -> CombatStatus | None:
    """The combat under way, or None."""
    s, t = game.state, game.t
    fr = next((f for f in reversed(s.stack) if isinstance(f, CombatFrame)), None)
    if fr is None:
        return None
    dseat = fr.defender_seat(s)
    seats = [fr.attacker, dseat, *fr.allies]
    down = tuple(x for x in seats if x >= 0 and s.players[x].committed)
    npcs = tuple((t.countries[c], "attacker") for c in fr.npc_att) + tuple(
        (t.countries[c], "defender") for c in fr.npc_def)
    return CombatStatus(fr.attacker, t.areas[fr.area], "disc" if fr.target >= 0 else "marker",
                        t.countries[fr.target] if fr.target >= 0 else "", dseat, fr.marker,
                        fr.at, tuple((x, _SIDES[side]) for x, side in zip(fr.allies, fr.sides,
                                                                          strict=True)),
                        down, tuple(fr.out), npcs, tuple(fr.revealed), tuple(fr.dice))


def combat_costs(game: Game) -> tuple[tuple[int, int], ...]:
    """(seat, gold) each seat pays for the cards turned in the combat under way (R8.5.1);
    empty before the reveal or outside a combat."""
    s, t = game.state, game.t
    fr = next((f for f in reversed(s.stack) if isinstance(f, CombatFrame)), None)
    if fr is None or not fr.revealed:
        return ()
    return fr.costs(t, s)


@dataclass(frozen=True, slots=True)
class Reach:
    """Whether seat `seat` may reach `area` for an attack now (R7.3), and why, in words."""

    seat: int
    may: bool
    why: str


def reach(game: Game, aid: str) -> list[Reach]:
    """Per seat: may it attack in area `aid` now, and why (R7.3.2-R7.3.4, R7.4). Whether
    there is an enemy to attack there is another matter (the alliances, R7.2)."""
    s, t = game.state, game.t
    a = t.area_index[aid]
    out: list[Reach] = []
    for seat, p in enumerate(s.players):
        c = p.country
        if c < 0:
            continue
        if t.colony[a]:
            ok = s.discs[a][c] > 0
            why = "a disc there" if ok else "no disc there (a colony needs one)"
        elif t.ship_area[a]:
            ok, why = True, "a sea: any ship card reaches it"
        elif s.discs[a][c] > 0:
            ok, why = True, "a disc there"
        else:
            ok = reachable(t, s, c, a)
            why = ""
            if ok:
                near = [b for b, opt in t.area_edges[a]
                        if s.discs[b][c] > 0 and (not opt or s.options.get(opt))]
                why = (f"a disc next door, in {names.the_area(t, t.areas[near[0]])}"
                       if near else "its home country borders it")
            else:
                why = "no disc there or next door, and its home does not border it"
        out.append(Reach(seat, ok, why))
    return out


def box_effect(game: Game, bid: str, seat: int) -> str:
    """What taking box `bid` does for `seat` now, in a few words ("take 4 gold now")."""
    s, t = game.state, game.t
    c = s.players[seat].country if 0 <= seat < s.n else 0
    return effect_text(t, s, max(0, c), t.box_by_id[bid])
