"""The table's hotspots and tooltips: which things on the table answer the pending decision
(legal targets), what the pointer is over, what every thing says on hover and why a click
did nothing; the rings around legal targets and the other seats' last moves."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

from engine.aac import api
from engine.aac.api import TYPES
from engine.aac.api import categories as score_categories
from game.aac import table_modules
from game.aac.guide import links
from game.aac.module_sheet import ModuleSheet
from game.aac.table.model import ModuleHost
from game.aac.targets import Hotspot, target_kind
from game.shell import hotspots as shell
from game.shell import theme
from game.shell.hotspots import inside
from game.shell.scenegraph import Button, Canvas, Node

if TYPE_CHECKING:
    from engine.kernel.decisions import Choice, Decision
    from game.aac.board_view import BoardView
    from game.aac.device_view import DeviceView, SeatsView
    from game.aac.hud import Handoff, TopBar
    from game.aac.recap import Recap
    from game.aac.table.driver import TurnDriver
    from game.aac.table.hints import HintAsker
    from game.aac.table.talk import TurnTalk


class PointedTable(ModuleHost, shell.PointedTable, Protocol):
    """What the hotspots read and call of the table besides the shell's: the views whose
    hotspots they gather and refresh (the board, the device, the seats' rows, the modules'
    sheets), the marks of the others' moves, and the table as the modules' code sees it
    (their targets and "why not")."""

    @property
    def board(self) -> BoardView: ...

    @property
    def device(self) -> DeviceView: ...

    @property
    def seats(self) -> SeatsView: ...

    @property
    def topbar(self) -> TopBar: ...

    @property
    def handoff(self) -> Handoff: ...

    @property
    def driver(self) -> TurnDriver: ...

    @property
    def recap(self) -> Recap: ...

    @property
    def talk(self) -> TurnTalk: ...

    @property
    def hints(self) -> HintAsker: ...

    @property
    def module_panels(self) -> Mapping[str, ModuleSheet]: ...

    def viewer_seat(self) -> int: ...

    def recap_viewer(self) -> int: ...

    def recap_badge(self) -> int: ...

    def in_multi_step_pick(self) -> bool: ...

    def score_shown(self, seat: int) -> int: ...


POOL_TARGETS = ("exhausted", "reserve", "shop")
SHEET_HINT = "Something you can choose now is there: open it to see it highlighted."


def _choice_types(ch: Choice) -> list[str]:
    """The energy type a choice moves, read from its id ("load:compass", "pay:rose",
    "from:shop:magnet", "wild>shop"...): [] when it names none or several."""
    parts = ch.id.replace(">", ":").replace("<", ":").split(":")
    found = [p for p in parts if p in TYPES]
    return found[:1] if len(set(found)) == 1 else []


# choices of the modules answered by pointing AND by a prompt button (each module says which)
ALSO_BUTTONS = frozenset().union(*(m.also_buttons for m in table_modules.all_modules()))
ALSO_BUTTON_KINDS = frozenset().union(
    *(m.also_button_kinds for m in table_modules.all_modules()))

REFUSALS = frozenset({"decline", "skip"})  # choice ids that turn an offer down
TAKE_BUTTONS = 4  # at most this many accepting answers get a button beside the refusal


def take_beside_decline(d: Decision, buttons: list[Choice]) -> list[Choice]:
    """"Take …" beside every "Decline …": when the prompt offers a refusal, the few answers
    that accept (otherwise only a place to click on the table) get a button too, first."""
    if not any(c.id in REFUSALS for c in buttons):
        return buttons
    accept = [c for c in d.choices if c not in buttons]
    return accept + buttons if 0 < len(accept) <= TAKE_BUTTONS else buttons


class HotspotIndex(shell.HotspotIndex[PointedTable, Hotspot]):
    def __init__(self, t: PointedTable) -> None:
        super().__init__(t)
        # the buttons that open a closed (or folded) module sheet holding targets of the
        # pending decision: ringed like the targets, so the player sees a choice is there
        self.sheet_buttons: list[Button] = []

    def refresh(self) -> None:
        """Rebuild hotspots and the prompt from the shown state and the pending decision."""
        self.t.board.refresh()
        self.t.device.refresh(self.t.viewer_seat())
        self.t.seats.refresh()
        for panel in self.t.module_panels.values():
            panel.follow(self.t.device.seat)
            panel.refresh()
        self.gather((node for view in (self.t.board, self.t.device, self.t.seats,
                                      *self.t.module_panels.values())
                    for node in view.children), Hotspot)
        self.legal = {}
        d = self.t.pending
        self.t.driver.check_handoff()
        buttons = self.index(d)
        human = d is not None and self.t.session.is_human(d.seat)
        if d is not None and human:
            buttons = take_beside_decline(d, buttons)
        self.sheet_buttons = self._sheet_buttons(d) if d is not None and human else []
        self._set_prompt(d, buttons)

    def _sheet_buttons(self, d: Decision) -> list[Button]:
        """For each module sheet that is closed (its tab) or folded (its unfold button) while
        some choice of `d` is pointed at on it and nowhere else in sight: the button that
        shows it."""
        out: list[Button] = []
        for m in table_modules.in_play(self.t.game.state):
            panel = self.t.module_panels.get(m.name)
            tab = self.t.module_tabs.get(m.name)
            if not isinstance(panel, ModuleSheet) or (panel.visible and not panel.folded):
                continue
            if not any(m.on_sheet(tg) and tg not in self.spots
                       for ch in d.choices for tg in self.targets_of(ch)):
                continue
            btn = panel.fold if panel.visible else tab
            if btn is not None:
                out.append(btn)
        return out

    def targets_of(self, ch: Choice) -> tuple[str, ...]:
        """A choice's board targets, plus the energy-type cell of a pool it names: "load a
        Compass from the exhausted pool" also lights (and answers a click on) the Compass in
        that pool, so one click on a type picks it with no "which type?" popup."""
        typed = [f"{t}:{ty}" for t in ch.targets if t in POOL_TARGETS
                 for ty in _choice_types(ch)]
        # the modules' own targets (a card's option on the card...); a Scoring Card in the
        # supply on itself
        extra = [x for m in table_modules.in_play(self.t.game.state)
                 for x in m.extra_targets(self.t, ch)]
        typed += extra
        if not extra and ch.id.startswith("card:") and not ch.targets and \
                isinstance(ch.data, str):
            typed.append(f"scoring_card:{ch.data}")
        return ch.targets + tuple(typed)

    def choice_targets(self, ch: Choice, d: Decision) -> tuple[str, ...]:
        return self.targets_of(ch)

    def wants_button(self, d: Decision, ch: Choice, pointed: bool) -> bool:
        return not pointed or ch.id in ALSO_BUTTONS or d.kind in ALSO_BUTTON_KINDS

    def _set_prompt(self, d: Decision | None, buttons: list[Choice]) -> None:
        if self.prompt_waiting(d) or d is None:
            return
        name = self.t.session.name(d.seat)
        col = self.t.session.colour(d.seat)
        n_t = len({t for t in self.legal})
        detail = "Click a highlighted place on the table" if n_t else "Choose below"
        if n_t and buttons:
            detail += ", or choose below"
        detail += "."
        if self.t.in_multi_step_pick():  # Esc opens the menu; going back is a right-click
            detail += " Right-click goes back one step."
        asked = self.t.hints.for_now()  # the hint asked for this decision, with its reason
        if asked is not None:
            detail = f"Hint: {asked.reason}"
        self.t.prompt.set(f"{name}: {d.prompt}", detail, col, buttons)

    def tooltip_for(self, node: Node | None) -> str:
        if node is self.t.topbar.undo_button:
            return self.t.topbar.undo_tip()
        if node is self.t.topbar.log_button and self.t.recap_badge():
            return (node.tooltip() + "\nWhile you waited: what the others did is at its top "
                    f"({self.t.recap_badge()} of their turns).")
        if node in self.sheet_buttons and isinstance(node, Button):
            return node.tooltip() + "\n" + SHEET_HINT
        return super().tooltip_for(node)

    def seat_tip(self, seat: int) -> str:
        s = self.t.session
        kind = s.seat_word(seat, level=True)
        ch = self.t.rules.characters.get(s.characters[seat]) if seat < len(s.characters) else None
        lines = [f"{s.name(seat)} — {kind}, {theme.SEAT_SHAPE_NAMES[seat % 5].lower()} marker",
                 f"Score if the game ended now: {self.t.score_shown(seat)} VP"]
        if ch is not None:
            lines += [f"Power {'I' * pw.tier} {pw.name}: {pw.text}" for pw in ch.powers]
        if seat != self.t.device.seat:
            lines.append("Hover their row at the bottom right to see their device.")
        return "\n".join(lines)

    def score_tip(self, seat: int) -> str:
        """The running score of `seat` by category (R24: as if the game ended now)."""
        if seat >= len(self.t.shown.players):
            return ""
        b = api.score_breakdown(self.t.shown, seat)
        cats = score_categories(self.t.shown.modules)
        parts = [f"{c.short} {b.part(c.name)}" for c in cats if b.part(c.name)]
        return (f"Score now: {b.total} VP" + (" = " + " + ".join(parts) if parts else "") +
                ".")

    def why_not(self, target: str) -> str:
        d = self.t.pending
        waiting = self.waiting_why()
        if waiting or d is None:
            return waiting
        decided = self.t.talk.why_decided(target, d)  # a forced decision used it already
        if decided:
            return decided
        kind = target_kind(target)
        s = self.t.shown
        if kind == "section":
            _, mon, idx = target.split(":")
            m = s.monuments.get(mon)
            if m is not None and int(idx) < len(m.spaces) and m.spaces[int(idx)] >= 0:
                return "that space already holds energy."
        if kind == "pool_slot":
            if d.kind.startswith("claim"):  # in the middle of a Claim: its next question
                return (f"the tiles of this Claim are chosen; the question now is "
                        f"\u201c{d.prompt}\u201d.")
            return "tiles are claimed with a Claim action."
        if kind == "space":
            return self._space_why_not(target, d)
        for mod in table_modules.in_play(self.t.game.state):
            mod_why = mod.why_not(self.t, target, d)
            if mod_why:
                return mod_why
        if kind in ("slot", "exhausted", "reserve", "shop"):
            return f"the question is “{d.prompt}”, and this is not one of its answers."
        return f"not an answer to “{d.prompt}”."

    def _space_why_not(self, target: str, d: Decision) -> str:
        """A space that answers nothing now; where the deciding figure stands in a Folklore
        game, the engine's reasons why no Artifact may be placed there (R26.3)."""
        for mod in table_modules.in_play(self.t.game.state):
            mod_why = mod.space_why_not(self.t, target, d)
            if mod_why:
                return mod_why
        return "your figure cannot go there now."

    def rule_for(self, target: str) -> str:
        """The rule ("R9.3", in the guide's rules reference) a target stands for now."""
        d = self.t.pending
        return links.rule_for_target(target, d.kind if d is not None else "")

    def guide_rule(self, node: Node | None) -> str:
        """The rule F1 opens while the pointer is over `node` ("" for none)."""
        return self.rule_for(node.target) if isinstance(node, Hotspot) else ""

    def draw_highlights(self, c: Canvas) -> None:
        """The rings of the legal targets and of the buttons showing a sheet of some (the
        others' last moves: halos under the pieces, BoardView.marks)."""
        pulse = self.pulse()  # TableScene.pulsing: a slow pulse while the decision is new
        if pulse is None:
            return
        hovered = self.t.app.hovered
        for btn in self.sheet_buttons:
            if self.on_screen(btn):
                self.ring(c, btn, False, btn is hovered, pulse)
        for target in self.legal:
            for spot in self.spots.get(target, []):
                if not self.on_screen(spot) or self._covered(spot):
                    continue
                self.ring(c, spot, spot.round, spot is hovered, pulse)

    def _covered(self, spot: Hotspot) -> bool:
        """Under an open module sheet (and not on it): no ring is drawn there."""
        r = spot.world_rect()
        for panel in self.t.module_panels.values():
            if panel.visible and not inside(spot, panel) and \
                    panel.world_rect().collidepoint(r.center):
                return True
        return False

    def legal_points(self) -> list[tuple[str, tuple[float, float]]]:
        """(target, virtual centre) of every highlighted target, in decision order."""
        out: list[tuple[str, tuple[float, float]]] = []
        for target in self.legal:
            for spot in self.spots.get(target, []):
                r = spot.world_rect()
                if self.hover_node(r.centerx, r.centery) is spot:
                    out.append((target, (float(r.centerx), float(r.centery))))
                    break
        return out
