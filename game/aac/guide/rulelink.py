"""The "Rule R9.3 ▸" link of the table: after a click that is not an answer, the table
says why not (its status line, the toast under the top strip) and this link opens that rule
in the guide. The status line itself is clickable too."""

from __future__ import annotations

from game.aac.table.model import StatusModel
from game.shell import theme
from game.shell.layout import PROMPT_Y, RIGHT_W, RIGHT_X
from game.shell.scenegraph import Canvas, Node


class _Area(Node):
    interactive = True

    def __init__(self, link: RuleLink) -> None:
        super().__init__()
        self.link = link

    def on_click(self, lx: float, ly: float, button: int) -> bool:
        if button != 1:
            return False
        self.link.open()
        return True

    def tooltip(self) -> str:
        return self.link.tip()


class RuleLink(Node):
    """Shown while the table's message is the "why not" it was set with."""

    def __init__(self, table: StatusModel) -> None:
        super().__init__(0, 0, 0, 0, z=30)
        self.table = table
        self.rule = ""
        self.message = ""
        self.chip = _Area(self)
        self.status = _Area(self)
        self.add(self.chip, self.status)
        self.visible = False

    def show(self, message: str, rule: str) -> None:
        self.message, self.rule = message, rule
        self._layout()

    @property
    def label(self) -> str:
        return f"Rule {self.rule} ▸"

    def _layout(self) -> None:
        f = theme.font(12, True)
        w = f.size(self.label)[0] + 18
        self.chip.x, self.chip.y, self.chip.w, self.chip.h = RIGHT_X + RIGHT_W - 12 - w, \
            PROMPT_Y + 8, float(w), 22.0
        px, py, pw, ph = self.table.toast.pill_rect()  # the status line's pill
        self.status.x, self.status.y, self.status.w, self.status.h = px, py, pw, ph

    def on_update(self, dt: float) -> None:
        self.visible = bool(self.rule) and bool(self.message) and \
            self.table.message == self.message and self.table.toast.alpha() > 0
        if self.visible:
            self._layout()

    def open(self) -> None:
        if self.rule:
            self.table.app.open_guide(self.rule)

    def tip(self) -> str:
        return (f"Why not: {self.message}\nClick to read rule {self.rule} in the guide "
                "(F1 opens the guide at any time).")

    def draw_self(self, c: Canvas) -> None:
        ch = self.chip
        c.fill(theme.darken(theme.BUTTON, 0.4), ch.x, ch.y + 2, ch.w, ch.h, 6)
        c.fill(theme.BUTTON, ch.x, ch.y, ch.w, ch.h, 6)
        c.fill(theme.HILITE, ch.x, ch.y, ch.w, ch.h, 6, 1.5)
        c.text(self.label, ch.x + ch.w / 2, ch.y + ch.h / 2, 12, theme.BUTTON_TEXT, True,
               "center")
        st = self.status
        c.line(theme.HILITE, (st.x + 14, st.y + st.h - 5), (st.x + st.w - 14, st.y + st.h - 5), 1)
