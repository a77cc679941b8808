"""Age of Reason's new-game screen: 2 to 7 seats, each a person (with a name) or a bot of a
level the game offers (its definition's levels, never a fixed list), each country chosen or
dealt at random; the rules options for the rulebook's open points in plain words (the
engine's RULES_OPTIONS: a title, and what on and off mean when pointed at); the random first
alliances; the seed. At 2 players the screen says the game is made for 3 to 7. The last
set-up started is remembered."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from engine.aor.api import AOR, RULES_OPTION_TITLES, RULES_OPTIONS, SEATS, tables
from game.aor import look, pieces
from game.aor import settings as aor_settings
from game.aor.session import AorSession
from game.shell import theme
from game.shell.layout import VW
from game.shell.name_field import NameField
from game.shell.scenegraph import Button, Canvas
from game.shell.scenes.base import menu_button, title_text
from game.shell.scenes.seats_setup import SeatsSetup
from game.shell.session import SeatSpec

if TYPE_CHECKING:
    from game.shell.scenes.base import Nav

ROW_Y, ROW_H = 118.0, 56.0
OPT_X, OPT_Y, OPT_W, OPT_STEP = 880.0, 118.0, 680.0, 31.0
DESC_Y = OPT_Y + len(RULES_OPTIONS) * OPT_STEP + 8
RANDOM_ALLIANCES = ("Random first alliances: the first turn's rows are drawn at random, no "
                    "bidding (R5.6). Off: the alliances are bid for every turn.")
LEVEL_WORDS = {"random": "plays any legal move", "easy": "plays sensibly, without looking ahead",
               "normal": "weighs odds and coalitions", "hard": "plays whole moves out ahead"}


def levels() -> list[str]:
    """The bot levels the game offers (its definition's; more once its bots land)."""
    return list(AOR.bot_levels)


class SetupScene(SeatsSetup):
    SEATS = SEATS

    def __init__(self, app: Nav) -> None:
        super().__init__(app)
        lv = levels()
        self.default_level = "normal" if "normal" in lv else lv[-1]
        self.options = {k: v[0] for k, v in RULES_OPTIONS.items()}
        self.random_alliances = False
        self.focus = ""  # the option the description box explains
        self.seats = self.remembered_seats()
        self.build()

    def levels(self) -> list[str]:
        return levels()

    # --- the remembered set-up ----------------------------------------------------------------

    def remembered_seats(self) -> list[SeatSpec]:
        st = aor_settings.of(self.app.settings)
        lv = levels()
        lo, hi = SEATS
        if not lo <= len(st.setup_humans) <= hi:
            return [SeatSpec(True, self.default_level, name=self.remembered_name(0)),
                    SeatSpec(False, self.default_level), SeatSpec(False, self.default_level)]
        t = tables()
        seats: list[SeatSpec] = []
        taken: set[str] = set()
        for i, human in enumerate(st.setup_humans):
            level = st.setup_levels[i] if i < len(st.setup_levels) else ""
            cid = st.setup_countries[i] if i < len(st.setup_countries) else ""
            country = cid if cid in t.country_index and cid not in taken else None
            if country:
                taken.add(country)
            seats.append(SeatSpec(human, level if level in lv else self.default_level, country,
                                  self.remembered_name(i) if human else ""))
        for k, v in st.setup_options.items():
            if k in RULES_OPTIONS:
                self.options[k] = v
        self.random_alliances = st.setup_random_alliances
        return seats

    def remember(self) -> None:
        st = aor_settings.of(self.app.settings)
        st.setup_humans = [s.human for s in self.seats]
        st.setup_levels = [s.level for s in self.seats]
        st.setup_countries = [s.character or "" for s in self.seats]
        st.setup_options = dict(self.options)
        st.setup_random_alliances = self.random_alliances
        self.app.save_settings()

    # --- layout ---------------------------------------------------------------------------------
    def build(self) -> None:
        self.clear()
        lv = levels()
        for i, seat in enumerate(self.seats):
            y = ROW_Y + i * ROW_H
            self.add(NameField(self, i, 110, y, 230, 42, seat.human,
                                   "A bot goes by its country's name.", 15))
            self.add(Button("Person" if seat.human else "Bot", 350, y, 100, 42,
                            partial(self.toggle_kind, i), 14,
                            tip="A person at this table, or a bot"))
            tip = "Bot strength: " + ", ".join(f"{x} ({LEVEL_WORDS.get(x, x)})" for x in lv)
            self.add(Button(f"Level: {seat.level}", 460, y, 160, 42,
                            partial(self.cycle_level, i), 13, enabled=not seat.human, tip=tip))
            name = look.name(look.country_index(seat.character)) if seat.character else \
                "Random"
            self.add(Button(f"Country: {name}", 630, y, 220, 42, partial(self.cycle_country, i),
                            13, tip="Click for the next country, or Random (dealt when the "
                                    "game starts, R2.1)"))
        n = len(self.seats)
        y = ROW_Y + n * ROW_H
        lo, hi = SEATS
        self.add(Button("+ seat", 350, y, 100, 38, self.add_seat, 14, enabled=n < hi))
        self.add(Button("\u2212 seat", 460, y, 100, 38, self.del_seat, 14, enabled=n > lo))
        self.add(Button(f"Seed: {self.seed}", 110, 620, 230, 40, self.new_seed, 14,
                        tip="Same seed and the same choices: the same game. Click for a new "
                            "one."))
        ra = Button(f"Random first alliances: {'on' if self.random_alliances else 'off'}", 350,
                    620, 500, 40, self.toggle_random, 13, tip=RANDOM_ALLIANCES)
        ra.option = "random_alliances"  # type: ignore[attr-defined]
        self.add(ra)
        for k, key in enumerate(RULES_OPTIONS):
            on = self.options.get(key, RULES_OPTIONS[key][0])
            b = Button(f"{RULES_OPTION_TITLES[key]}: {'on' if on else 'off'}", OPT_X,
                       OPT_Y + k * OPT_STEP, OPT_W, OPT_STEP - 4, partial(self.toggle_opt, key),
                       12, tip=RULES_OPTIONS[key][1], selected=on != RULES_OPTIONS[key][0])
            b.option = key  # type: ignore[attr-defined]
            self.add(b)
        self.add(Button("Defaults", OPT_X + OPT_W - 120, OPT_Y - 40, 120, 30, self.defaults, 12,
                        tip="Every rules option back to the rulebook's reading"))
        self.add(menu_button("Start the game", 800, self.start, x=VW / 2 - 360, w=340))
        self.add(menu_button("Back", 800, self.app.open_menu, x=VW / 2 + 20, w=340))

    # --- seats and options ---------------------------------------------------------------------
    def cycle_country(self, i: int) -> None:
        self.next_role(i, list(tables().countries))
        self.build()

    def toggle_opt(self, key: str) -> None:
        self.options[key] = not self.options.get(key, RULES_OPTIONS[key][0])
        self.focus = key
        self.build()

    def toggle_random(self) -> None:
        self.random_alliances = not self.random_alliances
        self.focus = "random_alliances"
        self.build()

    def defaults(self) -> None:
        self.options = {k: v[0] for k, v in RULES_OPTIONS.items()}
        self.build()

    def start(self) -> None:
        self.commit_name()
        self.remember()
        opts = {k: v for k, v in self.options.items() if v != RULES_OPTIONS[k][0]}
        seats = [SeatSpec(s.human, s.level, s.character, s.name if s.human else "")
                 for s in self.seats]
        self.app.start_session(AorSession.new(seats, self.seed, opts, self.random_alliances))

    # --- frame -----------------------------------------------------------------------------------
    def on_update(self, dt: float) -> None:
        self.clock += dt
        hovered = self.app.hovered
        key = getattr(hovered, "option", None) if isinstance(hovered, Button) else None
        if isinstance(key, str):
            self.focus = key

    def draw_self(self, c: Canvas) -> None:
        c.fill(theme.BG, 0, 0, 1600, 900)
        title_text(c, "New game of Age of Reason", 50)
        for i, seat in enumerate(self.seats):
            y = ROW_Y + i * ROW_H
            country = look.country_index(seat.character) if seat.character else -1
            if country >= 0:
                pieces.disc(c, 62, y + 20, 15, country)
            else:
                c.circle((92, 78, 66), 62, y + 21, 15)
                c.text("?", 62, y + 21, 15, theme.CREAM, True, "center")
            c.text(f"{i + 1}", 86, y + 21, 14, theme.CREAM, True, "midleft")
        n = len(self.seats)
        y = ROW_Y + n * ROW_H + 62
        if n == 2:
            c.text_box("Two players: playable, but Age of Reason is made for 3 to 7; with two, "
                       "five countries have no player (R2.1, R14).", 110, y - 8, 740, 44, 14,
                       theme.GOLD, True, align="left")
        else:
            nb = 7 - n
            c.text(f"{n} players, {nb} {'country' if nb == 1 else 'countries'} without a "
                   "player: they hold their discs, block places and may be bought as allies.",
                   110, y + 12, 13, theme.PANEL_DARK, False, "midleft", max_w=740)
        c.text("Seed and start", 110, 606, 13, theme.PANEL_DARK, True, "bottomleft")
        c.text("Rules options (the rulebook's open points)", OPT_X, OPT_Y - 24, 14,
               theme.PANEL_DARK, True, "midleft", max_w=OPT_W - 140)
        self._describe(c)

    def _describe(self, c: Canvas) -> None:
        x, y, w, h = OPT_X, DESC_Y, OPT_W, 790 - DESC_Y - 10
        c.fill(theme.PANEL, x, y, w, h, 10)
        c.fill(theme.PANEL_EDGE, x, y, w, h, 10, 1.5)
        key = self.focus
        if key == "random_alliances":
            title, text = "Random first alliances", RANDOM_ALLIANCES
        elif key in RULES_OPTIONS:
            on = self.options.get(key, RULES_OPTIONS[key][0])
            title = f"{RULES_OPTION_TITLES[key]} ({'on' if on else 'off'})"
            text = RULES_OPTIONS[key][1]
        else:
            title = "Point at an option to read it in words"
            text = ("Each option settles a point the rulebook leaves open; the defaults follow "
                    "the most plausible reading. Highlighted buttons differ from it.")
        c.text(title, x + 12, y + 14, 14, theme.INK, True, "midleft", max_w=w - 24)
        c.text_box(text, x + 12, y + 26, w - 24, h - 30, 13, theme.INK, False, align="left")

