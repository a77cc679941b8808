"""How bots play, counted from a game's decisions and events: the style report.

A person's game has Actions turns, claims, bridges, upgrades; a bot that only pushes tiles and
builds with its Patron Token looks broken even when it wins. `StyleCounter` is fed every choice
of a game (the decision, the choice id, the events it caused) and counts per seat:

- `advance_turns`, `actions_turns` (R4.2), `empty_actions_turns` (an Actions turn without one
  activation, R6.4), `second_pushes` (a second tile pushed in one Advance turn, R5.4);
- `claims` (a Claim started, R9) and `empty_claims` (a Claim that took no tile: nothing was
  affordable, O16), `tiles_claimed`;
- `bridges` (R20), `upgrades` (R18), `conduits` (R19);
- `patron_uses` (R21) and `patron_sections` (sections completed by that seat's Patron Token,
  with no completer: nobody binds); `sections_built` (sections the seat completed: as their
  completer, R15, or with its Patron Token), and in the report `own_patron_share`, the share
  of those its Patron Token built;
- `energy_lost` (energy on a tile pushed off the device, exhausted unused: R5.2, O10).

`style_report(results)` averages the counters per seat label over a tournament's results
(engine.tools.tournament.play_game puts them under "style", through GameStyle).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

from engine.aac import events as ev
from engine.aac.data import Rules
from engine.aac.state import GameState
from engine.kernel.decisions import Decision
from engine.kernel.events import Event

__all__ = ["COLUMNS", "GameStyle", "SeatStyle", "StyleCounter", "starts_claim", "style_report"]

CLAIM_EFFECTS = frozenset({"claim_tiles", "claim_rightmost_free"})
LOST_REASON = "tile left the device"  # engine.aac.rules.advance: the ejected tile's energy
SPENT_REASON = "spent on an action"  # engine.aac.rules.actions.ActionsFrame.apply


@dataclass(slots=True)
class SeatStyle:
    advance_turns: int = 0
    actions_turns: int = 0
    empty_actions_turns: int = 0
    second_pushes: int = 0
    claims: int = 0
    empty_claims: int = 0
    tiles_claimed: int = 0
    bridges: int = 0
    upgrades: int = 0
    conduits: int = 0
    patron_uses: int = 0
    patron_sections: int = 0
    sections_built: int = 0
    energy_lost: int = 0


# report columns: (counter or "turns" / "patron_share", heading)
COLUMNS: tuple[tuple[str, str], ...] = (
    ("advance_turns", "adv"), ("actions_turns", "act"), ("empty_actions_turns", "empty"),
    ("second_pushes", "2nd"), ("claims", "claim"), ("empty_claims", "no-tile"),
    ("bridges", "bridge"), ("upgrades", "upgr"), ("conduits", "cond"),
    ("patron_uses", "patron"), ("patron_sections", "p-sect"), ("sections_built", "built"),
    ("energy_lost", "lost"),
)


def _effect_claims(e: Any) -> bool:
    name = getattr(e, "effect", "")
    if name in CLAIM_EFFECTS:
        return True
    return name == "sequence" and any(_effect_claims(x) for x in getattr(e, "steps", ()))


def starts_claim(s: GameState, r: Rules, d: Decision, cid: str) -> bool:
    """Does this choice start a Claim (R9)? An action option naming a claim effect
    ("opt:<i>:claim_tiles"), or an activation whose Action Token is a Claim (alone or in an
    "and" sequence). Asked before the choice is applied (the token may change after it)."""
    if cid.startswith("opt:"):
        parts = cid.split(":")
        return len(parts) >= 3 and parts[2] in CLAIM_EFFECTS
    if cid.startswith("act:") and d.kind == "action":
        try:
            pos = int(cid.split(":")[1])
            tok = r.action_tokens[s.players[d.seat].actions[pos - 1]]
        except (ValueError, IndexError, KeyError):
            return False
        return _effect_claims(tok.effect)
    return False


class StyleCounter:
    """Counts one game's style per seat; call `note(state, rules, decision, choice)` before
    each choice is applied and `add(events)` with the events it caused."""

    def __init__(self, n: int) -> None:
        self.seats = [SeatStyle() for _ in range(n)]
        self.sections = 0  # sections completed in all (every cause)
        self.patron_sections = 0
        self._turn_seat = -1
        self._turn_type = ""
        self._acted = False
        self._pushes = 0
        self._claim_open = [False] * n  # a Claim started that has taken no tile yet
        self._patron_seat = -1  # who used a Patron Token last (its completion follows)

    def note(self, s: GameState, r: Rules, d: Decision, cid: str) -> None:
        if starts_claim(s, r, d, cid):
            self._close_claim(d.seat)
            self.seats[d.seat].claims += 1
            self._claim_open[d.seat] = True

    def _close_claim(self, seat: int) -> None:
        if self._claim_open[seat]:
            self.seats[seat].empty_claims += 1
            self._claim_open[seat] = False

    def _end_turn(self) -> None:
        k = self._turn_seat
        if k < 0:
            return
        if self._turn_type == "actions" and not self._acted:
            self.seats[k].empty_actions_turns += 1
        for seat in range(len(self.seats)):
            self._close_claim(seat)
        self._turn_seat, self._turn_type, self._acted, self._pushes = -1, "", False, 0

    def add(self, events: Iterable[Event]) -> None:
        for e in events:
            if isinstance(e, ev.TurnStarted | ev.GameEnded):
                self._end_turn()
            elif isinstance(e, ev.TurnTypeChosen):
                self._turn_seat, self._turn_type = e.seat, e.turn_type
                self._acted, self._pushes = False, 0
                if e.turn_type == "advance":
                    self.seats[e.seat].advance_turns += 1
                elif e.turn_type == "actions":
                    self.seats[e.seat].actions_turns += 1
            elif isinstance(e, ev.TilesPushed):
                if e.seat == self._turn_seat and self._turn_type == "advance":
                    self._pushes += 1
                    if self._pushes == 2:
                        self.seats[e.seat].second_pushes += 1
            elif isinstance(e, ev.TokenMoved):
                if e.reason == SPENT_REASON and e.owner == self._turn_seat:
                    self._acted = True
                elif e.reason == LOST_REASON and e.src.startswith("slot:"):
                    self.seats[e.owner].energy_lost += 1
            elif isinstance(e, ev.TileClaimed):
                self.seats[e.seat].tiles_claimed += 1
                self._claim_open[e.seat] = False
            elif isinstance(e, ev.BridgeBuilt):
                self.seats[e.seat].bridges += 1
            elif isinstance(e, ev.ActionUpgraded):
                self.seats[e.seat].upgrades += 1
            elif isinstance(e, ev.ConduitGained):
                self.seats[e.seat].conduits += 1
            elif isinstance(e, ev.PatronUsed):
                self.seats[e.seat].patron_uses += 1
                self._patron_seat = e.seat
            elif isinstance(e, ev.SectionCompleted):
                self.sections += 1
                if e.cause == "patron":
                    self.patron_sections += 1
                    if self._patron_seat >= 0:
                        self.seats[self._patron_seat].patron_sections += 1
                        self.seats[self._patron_seat].sections_built += 1
                elif 0 <= e.completer < len(self.seats):
                    self.seats[e.completer].sections_built += 1

    def result(self) -> list[dict[str, int]]:
        """Per seat, the counters as a plain dict (for a tournament's result)."""
        return [asdict(x) for x in self.seats]


class GameStyle:
    """A StyleCounter fed by the game-neutral tournament (engine.kernel.definition's
    StyleCounter protocol): its result holds the per seat counters under "style" and the
    game's section counts."""

    def __init__(self, n: int) -> None:
        self.counter = StyleCounter(n)

    def note(self, runner: Any, decision: Decision, choice_id: str) -> None:
        self.counter.note(runner.state, runner.rules, decision, choice_id)

    def add(self, events: Iterable[Event]) -> None:
        self.counter.add(events)

    def result(self) -> dict[str, Any]:
        c = self.counter
        return {"style": c.result(), "sections": c.sections,
                "patron_sections": c.patron_sections}


def style_report(results: Iterable[Mapping[str, Any]]) -> dict[str, dict[str, float]]:
    """Per seat label: every counter's mean per game, the mean game length in turns, the share
    of sections built by a Patron Token (of all sections completed in that label's games) and
    how often the search's CPU-time safety cap fired."""
    sums: dict[str, dict[str, float]] = {}
    for res in results:
        if res.get("error") or "style" not in res:
            continue
        for seat, label in enumerate(res["labels"]):
            acc = sums.setdefault(label, {"games": 0.0, "turns": 0.0, "sections": 0.0,
                                          "all_patron_sections": 0.0, "cap_fired": 0.0})
            acc["games"] += 1
            acc["turns"] += float(res["turns"])
            acc["sections"] += float(res.get("sections", 0))
            acc["all_patron_sections"] += float(res.get("patron_sections", 0))
            acc["cap_fired"] += float((res.get("cap_fired") or [0] * len(res["labels"]))[seat])
            acc["guard"] = acc.get("guard", 0.0) + float(
                (res.get("guard") or [0] * len(res["labels"]))[seat])
            for k, v in res["style"][seat].items():
                acc[k] = acc.get(k, 0.0) + float(v)
    out: dict[str, dict[str, float]] = {}
    for label, acc in sums.items():
        g = acc["games"]
        row = {k: round(v / g, 2) for k, v in acc.items() if k not in ("games",)}
        row["games"] = g
        row["patron_share"] = (round(acc["all_patron_sections"] / acc["sections"], 3)
                               if acc["sections"] else 0.0)
        row["own_patron_share"] = (round(acc.get("patron_sections", 0.0)
                                         / acc["sections_built"], 3)
                                   if acc.get("sections_built") else 0.0)
        row["cap_fired"] = acc["cap_fired"]
        out[label] = row
    return out


def style_table(report: Mapping[str, Mapping[str, float]]) -> str:
    """The style report as plain text: one row per seat label, means per seat per game."""
    head = f"{'seat':<10}{'games':>6}{'turns':>7}" + "".join(f"{h:>8}" for _, h in COLUMNS)
    lines = ["Style per seat per game (means); p-share: sections built by a Patron Token "
             "(nobody binds) of all sections; own-p: of the sections the seat built, the "
             "share its Patron Token built; guard: decisions the progress guard took; "
             "capped: searches the CPU-time cap cut short (in all)",
             head + f"{'p-share':>9}{'own-p':>7}{'guard':>8}{'capped':>8}"]
    for label, row in report.items():
        line = f"{label:<10}{int(row['games']):>6}{row['turns']:>7.1f}"
        line += "".join(f"{row.get(k, 0.0):>8.2f}" for k, _ in COLUMNS)
        line += (f"{100 * row['patron_share']:>8.0f}%"
                 f"{100 * row.get('own_patron_share', 0.0):>6.0f}%{row.get('guard', 0.0):>8.2f}"
                 f"{int(row['cap_fired']):>8}")
        lines.append(line)
    return "\n".join(lines)
