"""Age of Reason's hidden information, declared to the kernel (engine.kernel.hidden):

- each player's hand: seen by its owner; the others see its size (R8.9);
- each player's discard pile: seen by its owner; the others see its size (R8.9). Cards turned
  face up this turn are public in the player's `shown` list (O29, O31);
- the card a player has put face down in the combat under way, until the reveal (R8.2,
  R8.3, R15 D7-D9): seen by its owner; the others see that a card lies there ("?");
- the bag's order: nobody sees it; its contents are public (every drawn marker was seen),
  so a view holds them sorted;
- the RNG state: nobody.

Resampling (the bots' determinization) deals a seat's unseen cards between its hand, its
discard pile and its committed card consistently with the sizes and the public `shown` list,
shuffles the bag and seeds a new RNG.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from engine.aor.catalog import Tables, tables
from engine.aor.core import LEVY_GOLD
from engine.aor.state import HIDDEN_CARD, State
from engine.kernel.hidden import HiddenPart
from engine.kernel.rng import Rng, seed_state

BAG_ORDER = "Undo stops here: Empire markers were drawn from the bag."
CARDS = "Undo stops here: hidden cards were revealed."


def _own(s: State, owner: int | None, viewer: int) -> bool:
    return owner == viewer


def _with_player(d: dict[str, Any], owner: int, key: str, value: Any) -> None:
    players = list(d["players"])
    p = dict(players[owner])
    p[key] = value
    players[owner] = p
    d["players"] = players


# --- hands, discard piles, committed cards ----------------------------------------------------


def _redact_hand(d: dict[str, Any], owner: int | None) -> None:
    assert owner is not None
    _with_player(d, owner, "hand", len(d["players"][owner]["hand"]))


def _redact_discard(d: dict[str, Any], owner: int | None) -> None:
    assert owner is not None
    _with_player(d, owner, "discard", len(d["players"][owner]["discard"]))


def _redact_committed(d: dict[str, Any], owner: int | None) -> None:
    assert owner is not None
    if d["players"][owner]["committed"]:
        _with_player(d, owner, "committed", HIDDEN_CARD)


def _combat(d: dict[str, Any]) -> dict[str, Any] | None:
    for fr in reversed(d["stack"]):
        if fr.get("kind") == "aor.combat":
            return dict(fr)
    return None


def _pick_committed(t: Tables, d: dict[str, Any], owner: int, pool: list[str],
                    rng: Rng) -> str:
    """A card the owner could have committed in the combat under way."""
    p = d["players"][owner]
    afford = p["gold"] + LEVY_GOLD * max(0, t.max_unrest - p["unrest"])
    fr = _combat(d)
    cards = t.cards
    ally = [c for c in pool if cards[c].kind == "ally" and cards[c].cost <= afford]
    blank = [c for c in pool if cards[c].kind == "blank"]
    defender = d["seat_of"][fr["target"]] if fr is not None and fr["target"] >= 0 else -1
    if fr is None or fr["attacker"] != owner and defender != owner:
        options = ally + blank  # an ally: its Ally card or its Blank
    else:
        combat = [c for c in pool if cards[c].kind == "combat" and cards[c].cost <= afford]
        if fr["attacker"] == owner and t.ship_area[fr["area"]]:
            combat = [c for c in combat if cards[c].ships > 0]
        options = combat + blank
    options = options or pool
    return options[rng.below(len(options))]


def _fill_cards(d: dict[str, Any], owner: int | None, seed: int) -> None:
    """Deal a seat's unseen cards: the discard pile first from the cards shown this turn, then
    other combat cards; the committed card a legal one for its role; the rest in hand."""
    assert owner is not None
    p = d["players"][owner]
    hand, discard, committed = p["hand"], p["discard"], p["committed"]
    if isinstance(hand, list) and isinstance(discard, list) and committed != HIDDEN_CARD:
        return
    t = tables()
    country = p["country"]
    every = list(t.country_cards[country]) if country >= 0 else []
    fr = _combat(d)
    elsewhere = {c for seat, c in (fr["revealed"] if fr else ()) if seat == owner}
    if committed and committed != HIDDEN_CARD:
        elsewhere.add(committed)
    for known in (hand, discard):
        if isinstance(known, list):
            elsewhere.update(known)
    pool = [c for c in every if c not in elsewhere]
    rng = Rng(seed_state(seed * 7919 + owner))
    rng.shuffle(pool)
    q = dict(p)
    if isinstance(discard, int):
        cards = t.cards
        shown = [c for c in dict.fromkeys(p["shown"]) if c in pool]
        rest = [c for c in pool if c not in shown and cards[c].kind == "combat"]
        blank = [c for c in pool if cards[c].kind == "blank"]
        pile = (shown + rest + blank)[:discard]
        pool = [c for c in pool if c not in pile]
        q["discard"] = pile
    if committed == HIDDEN_CARD:
        pick = _pick_committed(t, d, owner, pool, rng)
        pool.remove(pick)
        q["committed"] = pick
    if isinstance(hand, int):
        q["hand"] = sorted(pool, key=every.index)
    players = list(d["players"])
    players[owner] = q
    d["players"] = players


def _hand_digest(s: State, owner: int | None) -> Hashable:
    assert owner is not None
    return tuple(s.players[owner].hand)


def _discard_digest(s: State, owner: int | None) -> Hashable:
    assert owner is not None
    return tuple(s.players[owner].discard)


def _committed_digest(s: State, owner: int | None) -> Hashable:
    assert owner is not None
    return s.players[owner].committed


def _any_committed(s: State) -> bool:
    return any(p.committed for p in s.players)


HAND = HiddenPart("hand", _redact_hand, _fill_cards, _hand_digest, _own, per_seat=True,
                  barrier=CARDS)
DISCARD = HiddenPart("discard", _redact_discard, _fill_cards, _discard_digest, _own,
                     per_seat=True, barrier=CARDS)
COMMITTED = HiddenPart("committed", _redact_committed, _fill_cards, _committed_digest, _own,
                       per_seat=True, barrier=CARDS, hides=_any_committed)


# --- the bag and the RNG ----------------------------------------------------------------------


def _redact_bag(d: dict[str, Any], owner: int | None) -> None:
    d["bag"] = sorted(d["bag"])


def _resample_bag(d: dict[str, Any], owner: int | None, seed: int) -> None:
    bag = sorted(d["bag"])
    Rng(seed_state(seed ^ 0xBA6)).shuffle(bag)
    d["bag"] = bag


def _bag_digest(s: State, owner: int | None) -> Hashable:
    return tuple(s.bag)


def _redact_rng(d: dict[str, Any], owner: int | None) -> None:
    d.pop("rng", None)


def _resample_rng(d: dict[str, Any], owner: int | None, seed: int) -> None:
    if "rng" not in d:
        d["rng"] = seed_state(seed ^ 0x51A7E)


def _rng_digest(s: State, owner: int | None) -> Hashable:
    return s.rng


BAG = HiddenPart("bag", _redact_bag, _resample_bag, _bag_digest, barrier=BAG_ORDER)
RNG = HiddenPart("rng", _redact_rng, _resample_rng, _rng_digest,
                 barrier="Undo stops here: the dice were rolled.")

# --- the count of forced decisions -----------------------------------------------------------
# Whether a decision had a single legal choice (and was applied without asking) can depend
# on hidden cards (a committed card's cost decides whether a non-player ally is affordable),
# so the count is nobody's to see; it is bookkeeping only.


def _redact_forced(d: dict[str, Any], owner: int | None) -> None:
    d["forced"] = 0


def _keep(d: dict[str, Any], owner: int | None, seed: int) -> None:
    return None


def _no_digest(s: State, owner: int | None) -> Hashable:
    return 0


FORCED = HiddenPart("forced", _redact_forced, _keep, _no_digest)

PARTS: tuple[HiddenPart, ...] = (HAND, DISCARD, COMMITTED, BAG, RNG, FORCED)
