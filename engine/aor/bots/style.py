"""How each seat plays Age of Reason, counted from a game's choices and events: the
tournament's style report (issue 30).

Per seat and game:
- the auction (R5): bids made, phases won and the gold paid for them;
- boxes taken by kind (advancement, support, trading: R6), Reserves re-rolls (R6.5.7) and War
  Office second attacks (R6.5.8);
- attack actions by kind (R7.1): conversions (I), attacks on a player's disc and on a
  non-player's disc (II), on an Empire marker (III), and how many of each the attacker won;
  defences and defences held;
- as an eligible ally (R8.3): Ally cards and Blanks turned; non-player allies bought (R8.4);
- gold levied (R4.5); unrest at the end of each turn (before the halving, R12.6);
- final VP by source: areas each turn, Empire-marker rewards, lost to unrest (R11).

`style_report(results)` averages them per seat label over a tournament's results and derives
the rates (success per attack kind, Ally share, gold per phase won); `style_table` prints it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from engine.aor import events as ev
from engine.aor.catalog import tables
from engine.kernel.decisions import Decision
from engine.kernel.events import Event

ATTACK_KINDS = ("convert", "player", "npc", "marker")


@dataclass(slots=True)
class SeatStyle:
    bids: int = 0
    phases_won: int = 0
    gold_bid: int = 0  # gold paid for phases won
    boxes_advancement: int = 0
    boxes_support: int = 0
    boxes_trading: int = 0
    reserves_used: int = 0
    second_attacks: int = 0
    attacks_convert: int = 0
    attacks_player: int = 0
    attacks_npc: int = 0
    attacks_marker: int = 0
    won_convert: int = 0
    won_player: int = 0
    won_npc: int = 0
    won_marker: int = 0
    defences: int = 0
    defences_held: int = 0
    ally_cards: int = 0
    blanks: int = 0
    npc_bought: int = 0
    gold_levied: int = 0
    unrest_1: int = 0  # unrest at the end of turn 1 (before halving)
    unrest_2: int = 0
    unrest_3: int = 0
    vp_areas_1: int = 0
    vp_areas_2: int = 0
    vp_areas_3: int = 0
    vp_markers: int = 0
    vp_unrest: int = 0  # VP lost to unrest (as a negative number)
    vp: int = 0


class StyleCounter:
    """Counts one game per seat; `note` each choice before it is applied, `add` its events.
    (engine.kernel.definition.StyleCounter)"""

    def __init__(self, n: int) -> None:
        self.seats = [SeatStyle() for _ in range(n)]
        self._seat_of: list[int] = []

    def note(self, runner: Any, decision: Decision, choice_id: str) -> None:
        self._seat_of = list(runner.state.seat_of)
        if decision.kind == "second_attack" and choice_id != "attack:none":
            self.seats[decision.seat].second_attacks += 1

    def add(self, events: Iterable[Event]) -> None:
        t = tables()
        for e in events:
            if isinstance(e, ev.BidMade):
                self.seats[e.seat].bids += 1
            elif isinstance(e, ev.AuctionPhaseWon):
                self.seats[e.seat].phases_won += 1
                self.seats[e.seat].gold_bid += e.amount
            elif isinstance(e, ev.BoxTaken):
                kind = t.box_by_id[e.box].kind
                x = self.seats[e.seat]
                setattr(x, f"boxes_{kind}", getattr(x, f"boxes_{kind}") + 1)
            elif isinstance(e, ev.ReservesUsed):
                self.seats[e.seat].reserves_used += 1
            elif isinstance(e, ev.Converted):
                self.seats[e.seat].attacks_convert += 1
                self.seats[e.seat].won_convert += 1
            elif isinstance(e, ev.CombatResolved):
                self._combat(e)
            elif isinstance(e, ev.NpcBought):
                self.seats[e.seat].npc_bought += 1
            elif isinstance(e, ev.Levied):
                self.seats[e.seat].gold_levied += e.gold
            elif isinstance(e, ev.TurnEnded):
                for seat, before, _ in e.halved:
                    if 1 <= e.turn <= 3:
                        setattr(self.seats[seat], f"unrest_{e.turn}", before)
            elif isinstance(e, ev.AreaScored):
                self._scored(e)
            elif isinstance(e, ev.UnrestRolled):
                self.seats[e.seat].vp_unrest -= e.lost
                self.seats[e.seat].vp -= e.lost

    def _combat(self, e: ev.CombatResolved) -> None:
        a = self.seats[e.attacker]
        if e.kind == "marker":
            kind = "marker"
        elif e.defender >= 0:
            kind = "player"
        else:
            kind = "npc"
        setattr(a, f"attacks_{kind}", getattr(a, f"attacks_{kind}") + 1)
        if e.result == "attacker":
            setattr(a, f"won_{kind}", getattr(a, f"won_{kind}") + 1)
            a.vp_markers += e.reward_vp
            a.vp += e.reward_vp
        if e.defender >= 0:
            d = self.seats[e.defender]
            d.defences += 1
            if e.result != "attacker":
                d.defences_held += 1
        t = tables()
        for seat, _, card in e.allies:
            if not card:
                continue
            if t.cards[card].kind == "ally":
                self.seats[seat].ally_cards += 1
            else:
                self.seats[seat].blanks += 1

    def _scored(self, e: ev.AreaScored) -> None:
        if not 1 <= e.turn <= 3:
            return
        for country, _, _, vp in e.ranks:
            seat = self._seat_of[country] if country < len(self._seat_of) else -1
            if seat >= 0 and vp:
                x = self.seats[seat]
                setattr(x, f"vp_areas_{e.turn}", getattr(x, f"vp_areas_{e.turn}") + vp)
                x.vp += vp

    def result(self) -> dict[str, Any]:
        return {"style": [asdict(x) for x in self.seats]}


def style_report(results: Sequence[Mapping[str, Any]]) -> dict[str, dict[str, float]]:
    """Per seat label: every counter's mean per game, the rates, and the search's CPU-time
    safety cap firings (in all)."""
    sums: dict[str, dict[str, float]] = {}
    for res in results:
        if res.get("error") or "style" not in res:
            continue
        n = len(res["labels"])
        for seat, label in enumerate(res["labels"]):
            acc = sums.setdefault(label, {"games": 0.0, "cap_fired": 0.0})
            acc["games"] += 1
            acc["cap_fired"] += float((res.get("cap_fired") or [0] * n)[seat])
            for k, v in res["style"][seat].items():
                acc[k] = acc.get(k, 0.0) + float(v)
    out: dict[str, dict[str, float]] = {}
    for label, acc in sums.items():
        g = acc["games"]
        row = {k: round(v / g, 3) for k, v in acc.items() if k not in ("games", "cap_fired")}
        row["games"] = g
        row["cap_fired"] = acc["cap_fired"]
        for kind in ATTACK_KINDS:
            tried = acc.get(f"attacks_{kind}", 0.0)
            row[f"rate_{kind}"] = round(acc.get(f"won_{kind}", 0.0) / tried, 3) if tried else 0.0
        turned = acc.get("ally_cards", 0.0) + acc.get("blanks", 0.0)
        row["ally_share"] = round(acc.get("ally_cards", 0.0) / turned, 3) if turned else 0.0
        won = acc.get("phases_won", 0.0)
        row["gold_per_phase"] = round(acc.get("gold_bid", 0.0) / won, 2) if won else 0.0
        d = acc.get("defences", 0.0)
        row["held_rate"] = round(acc.get("defences_held", 0.0) / d, 3) if d else 0.0
        out[label] = row
    return out


def _table(report: Mapping[str, Mapping[str, float]], title: str,
           cols: Sequence[tuple[str, str, str]]) -> list[str]:
    lines = [title, f"{'seat':<10}" + "".join(f"{h:>9}" for _, h, _ in cols)]
    for label, row in report.items():
        cells = []
        for key, _, fmt in cols:
            v = row.get(key, 0.0)
            cells.append(f"{100 * v:>8.0f}%" if fmt == "%" else f"{v:>9.{fmt}f}")
        lines.append(f"{label:<10}" + "".join(cells))
    return lines


def style_table(report: Mapping[str, Mapping[str, float]]) -> str:
    """The style report as plain text: means per seat per game, rates over all games."""
    lines = _table(report, "Auction and boxes (per game)", (
        ("games", "games", "0"), ("bids", "bids", "1"), ("phases_won", "won", "2"),
        ("gold_bid", "gold", "2"), ("gold_per_phase", "gold/won", "2"),
        ("boxes_advancement", "advance", "2"), ("boxes_support", "support", "2"),
        ("boxes_trading", "trading", "2"), ("reserves_used", "reroll", "2"),
        ("second_attacks", "2nd att", "2")))
    lines.append("")
    lines += _table(report, "Attacks (per game) and success rates", (
        ("attacks_convert", "convert", "2"), ("attacks_player", "v player", "2"),
        ("rate_player", "won", "%"), ("attacks_npc", "v npc", "2"), ("rate_npc", "won", "%"),
        ("attacks_marker", "v marker", "2"), ("rate_marker", "won", "%"),
        ("defences", "defended", "2"), ("held_rate", "held", "%")))
    lines.append("")
    lines += _table(report, "Allies, gold, unrest (per game)", (
        ("ally_cards", "Ally", "2"), ("blanks", "Blank", "2"), ("ally_share", "Ally %", "%"),
        ("npc_bought", "NPC buy", "2"), ("gold_levied", "levied", "2"),
        ("unrest_1", "unrest 1", "1"), ("unrest_2", "unrest 2", "1"),
        ("unrest_3", "unrest 3", "1")))
    lines.append("")
    lines += _table(report, "Final VP by source (per game); capped: searches the CPU-time cap "
                    "cut short (in all)", (
        ("vp_areas_1", "turn 1", "1"), ("vp_areas_2", "turn 2", "1"),
        ("vp_areas_3", "turn 3", "1"), ("vp_markers", "markers", "2"),
        ("vp_unrest", "unrest", "1"), ("vp", "total", "1"), ("cap_fired", "capped", "0")))
    return "\n".join(lines)

