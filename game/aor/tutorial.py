"""Age of Reason's guided first turn (issue 31 item 6): a seeded three-player game, the
learner as France against two bots, and a coach over the tracks panel (never over anything
the learner must click) that says what to do at each first: the bidding for the alliances,
an action box, an attack, the secret combat card. It follows the game, never drives it:
each lesson opens when its decision comes to the learner and is done once they answered it;
after the first attack the coach says so and offers to play on or to leave."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.aor.layout import BOTTOM_H, BOTTOM_Y, TRACKS_W, TRACKS_X
from game.aor.scenes.table import TableScene
from game.aor.session import AorSession
from game.shell import theme
from game.shell.scenegraph import Button, Canvas, Node
from game.shell.session import SeatSpec

if TYPE_CHECKING:
    from game.shell.scenes.base import Nav

SEED = 20
COUNTRIES = ("country_france", "country_austria", "country_prussia")


@dataclass(frozen=True)
class Lesson:
    id: str
    kinds: tuple[str, ...]  # the learner's decisions it explains
    title: str
    text: str


LESSONS: tuple[Lesson, ...] = (
    Lesson("bid", ("bid", "proposal"), "1. The alliances",
           "Every turn the seven countries are split into two coalitions by bidding. Drag two "
           "countries from \u201cNot yet allied\u201d into boxes A and B at the top right (or "
           "click one, then a box), set your bid with +1 or +5 and press Bid, or Pass. Allies "
           "never attack each other; the spaces also set the order of play."),
    Lesson("box", ("box",), "2. An action box",
           "Your step begins with one disc in an action box. Click a highlighted space on the "
           "right: Banking gives 5 gold now, Army Training +1 in every combat this turn, "
           "trading boxes pay for your discs on the map. Hover a box to read it in full."),
    Lesson("attack", ("attack", "second_attack"), "3. An attack",
           "Then you may attack once. The map lights the areas you may reach: click one to "
           "attack an enemy disc or a numbered Empire marker there (or convert an Aktion "
           "marker). Hover an area to see its ranking and who may attack there."),
    Lesson("card", ("attack_card", "defence_card"), "4. Your secret card",
           "Choose a combat card from your hand below: its soldiers (and ships at sea) add to "
           "your dice. The cards turn together, then the dice roll in the tray and each "
           "side's strength is added up term by term."),
)
DONE = Lesson("done", (), "Your first turn",
              "That was an auction, a box and an attack: the heart of every turn. At the "
              "turn's end each area is scored by its ranking. Play on to the end of the game, "
              "or leave for the menu (the guide, F1, has every rule).")


def start(nav: Nav) -> TableScene:
    """Open the tutorial's table: the learner (France) and two bots, the coach over the
    tracks panel."""
    seats = [SeatSpec(True, character=COUNTRIES[0]),
             SeatSpec(False, character=COUNTRIES[1]), SeatSpec(False, character=COUNTRIES[2])]
    session = AorSession.new(seats, SEED)
    nav.start_session(session)
    table = nav.scene
    assert isinstance(table, TableScene)
    coach = Coach(table)
    table.tutorial = coach
    table.add(coach)
    return table


class Coach(Node):
    """The lesson of the moment, over the tracks panel."""

    def __init__(self, table: TableScene) -> None:
        super().__init__(TRACKS_X + 6, BOTTOM_Y + 6, TRACKS_W - 12, BOTTOM_H - 12, z=40)
        self.table = table
        self.done: set[str] = set()  # lessons answered
        self.lesson: Lesson | None = None
        self._asked: tuple[str, int] | None = None  # (lesson, history length) when it opened
        self.finished = False
        self.play_on = Button("Play on", 14, self.h - 50, 150, 38, self.dismiss, 15,
                              tip="Close the coach and play the game to its end")
        self.leave = Button("Main menu", 174, self.h - 50, 150, 38, self.to_menu, 15,
                            tip="Leave the tutorial for the title menu")
        self.add(self.play_on, self.leave)

    # --- following the game --------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.visible:
            return
        t = self.table
        hist = len(t.game.history)
        if self._asked is not None and hist > self._asked[1]:
            self.done.add(self._asked[0])  # the learner answered its question
            self._asked = None
        d = t.pending
        lesson = None
        if d is not None and t.session.is_human(d.seat):
            lesson = next((ls for ls in LESSONS if d.kind in ls.kinds and ls.id not in
                           self.done), None)
            if lesson is not None and self._asked is None:
                self._asked = (lesson.id, hist)
        if "attack" in self.done and (d is None or d.kind not in ("attack_card",
                                                                  "defence_card", "ally",
                                                                  "buy_npc", "reserves")):
            self.finished = True
        if self.finished:
            lesson = DONE
        self.lesson = lesson
        self.play_on.visible = self.leave.visible = self.finished

    def dismiss(self) -> None:
        self.visible = False

    def to_menu(self) -> None:
        self.table.app.open_menu()

    # --- drawing -------------------------------------------------------------------------------
    def draw_self(self, c: Canvas) -> None:
        ls = self.lesson
        if ls is None:
            if not self.done:
                ls = Lesson("wait", (), "Your first turn as France",
                            "The bots are deciding. When it is your turn, this panel says "
                            "what to do; hover anything on the table to read what it is.")
            else:
                ls = Lesson("wait", (), "Well done",
                            "The others play now; the next lesson comes with your next "
                            "decision.")
        c.fill((0, 0, 0), 3, 4, self.w, self.h, 12)
        c.fill(theme.CREAM, 0, 0, self.w, self.h, 12)
        c.fill(theme.HILITE, 0, 0, self.w, self.h, 12, 3)
        c.text("Tutorial", 16, 20, 13, (140, 100, 60), True, "midleft", max_w=self.w - 32)
        c.text(ls.title, 16, 46, 20, theme.INK, True, "midleft", max_w=self.w - 32)
        bottom = self.h - (64 if self.finished else 12)
        c.text_box(ls.text, 16, 64, self.w - 32, bottom - 64, 14, theme.INK, False,
                   align="left")

    def tooltip(self) -> str:
        return "The tutorial's coach: what to do now (it follows your game)"


__all__ = ["Coach", "LESSONS", "start"]
