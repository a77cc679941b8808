"""New-game setup: 2-5 seats, each human (with a name) or bot with a level, character chosen
or random (its powers shown beside the seats), the seed, rules options, and the expansion
modules (Folklore) with their own options, each described in plain words beside the seats
while it is pointed at. Names and the last set-up started are remembered in the settings."""

from __future__ import annotations

from functools import lru_cache, partial
from typing import TYPE_CHECKING

from engine.aac.api import MODULES, OPTION_MODULE, RULES_OPTIONS, level_note, option_title, rules
from game.aac import settings as aac_settings
from game.aac import tokens
from game.aac.session import AacSession
from game.shell import theme
from game.shell.bot_worker import bot_levels
from game.shell.layout import VW
from game.shell.name_field import NameField
from game.shell.scenegraph import Button, Canvas
from game.shell.scenes.base import menu_button, title_text
from game.shell.scenes.seats_setup import SeatsSetup
from game.shell.session import SeatSpec

if TYPE_CHECKING:
    from game.shell.scenes.base import Nav

ROW_Y, ROW_H = 130.0, 62.0
PANEL_X, PANEL_Y, PANEL_W, PANEL_H = 1000.0, 130.0, 560.0, 630.0
MOD_X, MOD_Y, MOD_W = 680.0, 540.0, 296.0
MOD_BOTTOM = 770.0  # the module buttons stay above the Start / Back buttons

# The R3.3.9 variant (RULES.md's "expert variant"), in words that do not share "expert" with
# the bot level of that name; the option is still `expert_loading` in configs and saves.
SECRET_LOADING = "Secret loading (advanced start, R3.3.9)"
SECRET_LOADING_TIP = ("An advanced start: all starting energy begins exhausted and every seat "
                      "loads its first tiles as it likes, in secret (the table hides the other "
                      "devices until play begins). Off: each character's quick start.")

# The expansion modules the set-up offers, in words for the description panel (a module
# registered under another name shows its own ModuleDef.title and text). A module that is
# not registered (engine.aac.modules.MODULES) is shown, but cannot be chosen yet.
MODULE_WORDS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "folklore": (
        "Folklore",
        "Each god gets a Character Board Extension with three Artifacts, a Folklore Track "
        "and a secret hand of three Folklore Cards.",
        ("Prime: when you would recharge your Channel Marker, you may instead move an "
         "Artifact to the primed slot (one at a time).",
         "Place: after moving your figure, set the primed Artifact down on a non-bridge "
         "space and play a card from your hand: do one of its options.",
         "On another god's Artifact you do two options, its owner answers with one of their "
         "played cards, and both Artifacts go to that region's bound area.",
         "Climb the Folklore Track: 3, 7, 12 or 18 points at the end. Cards also bring "
         "Doubler Tokens (a bound energy counts twice) and secret Scoring Cards."),
    ),
    "pilgrimage": (
        "Pilgrimage",
        "Beside the map stands the Pilgrim Board, Mount Eldranir: each god's pilgrim climbs "
        "from the start towards the summit, building Shrines on the way.",
        ("Deploy, Reposition or a Compass may put energy on the board's energy spaces. With "
         "2 of a god's energy there, a Shrine completion follows at the end of the turn.",
         "In a Shrine completion each god with energy there builds a Shrine, moves up to "
         "speed plus that energy, then activates or exhausts it.",
         "Speed is 0 to 2: raise it instead of recharging; Blockades between the tiers cost "
         "speed to pass. Entering a built Shrine gives its benefit.",
         "At the end: 4, 9 or 15 points by tier, 20 to 25 on the summit, 2 per Blockade "
         "taken. The game ends only once every Shrine is built too."),
    ),
}
MODULE_ICONS = {"folklore": "folklore_back", "pilgrimage": "shrine"}
UNAVAILABLE = "not in this version yet"


def module_names() -> list[str]:
    """The modules to offer: the known ones, then any other registered module."""
    return [*MODULE_WORDS, *(m for m in MODULES if m not in MODULE_WORDS)]


def module_words(name: str) -> tuple[str, str, tuple[str, ...]]:
    """(title, one-line summary, points) of a module for the set-up screen."""
    if name in MODULE_WORDS:
        return MODULE_WORDS[name]
    m = MODULES.get(name)
    return (m.title, m.text, ()) if m is not None else (name.capitalize(), "", ())


def _owner(key: str) -> str:
    """The module an option belongs to (engine.aac.config.OPTION_MODULE; "*": the parts
    every module shares), "" for the base game's."""
    return OPTION_MODULE.get(key, "")


def module_options(name: str) -> list[str]:
    """The rules options shown under a module while it is chosen: its variants, the house
    rules of its open points, and those of the parts the modules share (Doublers...)."""
    return [k for k in RULES_OPTIONS if _owner(k) in (name, "*")]


def base_options() -> list[str]:
    """The rules options of the base game (those of no module)."""
    return [k for k in RULES_OPTIONS if not _owner(k)]


@lru_cache(maxsize=1)
def character_extras() -> dict[str, tuple[str, str, str]]:
    """Per character id: (title, passive name, passive text) from the validated catalog (the
    engine's rules tables do not carry the titles)."""
    return {ch.id: (ch.title, ch.passive.name if ch.passive else "",
                    ch.passive.text if ch.passive else "")
            for ch in rules().base.characters.characters}


class SetupScene(SeatsSetup):
    SEATS = (2, 5)

    def __init__(self, app: Nav) -> None:
        super().__init__(app)
        levels = bot_levels()
        self.default_level = "normal" if "normal" in levels else levels[0]
        self.r = rules()
        self.options = {k: v[0] for k, v in RULES_OPTIONS.items()}
        self.expert = False
        self.modules: list[str] = []  # the modules chosen, in module_names() order
        self.panel = ""  # the module the description panel shows ("" = the focused seat)
        self.focus = 0  # the seat whose character the powers panel shows
        self.seats = self.remembered_seats()
        self.build()

    def levels(self) -> list[str]:
        return bot_levels()

    # --- remembered set-up ------------------------------------------------------------------
    def remembered_seats(self) -> list[SeatSpec]:
        """The last set-up started (kinds, levels, characters, names, options), checked
        against what this version offers; a fresh set-up the first time."""
        st = aac_settings.of(self.app.settings)
        levels = bot_levels()
        humans = st.setup_humans
        if not 2 <= len(humans) <= 5:
            return [SeatSpec(True, self.default_level, name=self.remembered_name(0)),
                    SeatSpec(False, self.default_level)]
        seats: list[SeatSpec] = []
        taken: set[str] = set()
        for i, human in enumerate(humans):
            level = st.setup_levels[i] if i < len(st.setup_levels) else ""
            ch = st.setup_characters[i] if i < len(st.setup_characters) else ""
            char = ch if ch in self.r.characters and ch not in taken else None
            if char:
                taken.add(char)
            seats.append(SeatSpec(human, level if level in levels else self.default_level,
                                  char, self.remembered_name(i) if human else ""))
        for k, v in st.setup_options.items():
            if k in RULES_OPTIONS:
                self.options[k] = v
        self.expert = st.setup_expert
        self.modules = [m for m in module_names() if m in st.setup_modules and m in MODULES]
        return seats

    def remember(self) -> None:
        st = aac_settings.of(self.app.settings)
        st.setup_humans = [s.human for s in self.seats]
        st.setup_levels = [s.level for s in self.seats]
        st.setup_characters = [s.character or "" for s in self.seats]
        st.setup_options = dict(self.options)
        st.setup_expert = self.expert
        st.setup_modules = list(self.modules)
        self.app.save_settings()

    # --- layout -------------------------------------------------------------------------------
    def build(self) -> None:
        self.clear()
        levels = bot_levels()
        for i, seat in enumerate(self.seats):
            y = ROW_Y + i * ROW_H
            self.add(NameField(self, i, 132, y, 250, 44, seat.human,
                               "Bots go by their character's name."))
            self.add(Button("Human" if seat.human else "Bot", 394, y, 110, 44,
                            partial(self.toggle_kind, i), 15, tip="Human or bot seat"))
            self.add(Button(f"Level: {seat.level}", 514, y, 180, 44,
                            partial(self.cycle_level, i), 14, enabled=not seat.human,
                            tip="Bot strength: " + ", ".join(levels) + "\n"
                                + level_note(seat.level)))
            name = self.r.names.get(seat.character, "") if seat.character else "Random"
            btn = Button(f"Character: {name}", 704, y, 270, 44, partial(self.cycle_char, i),
                         14, tip="Click for the next character (or Random); its powers are "
                                 "shown on the right", selected=i == self.focus)
            btn.seat = i  # type: ignore[attr-defined]
            self.add(btn)
        n = len(self.seats)
        y = ROW_Y + n * ROW_H
        self.add(Button("+ seat", 394, y, 110, 40, self.add_seat, 14, enabled=n < 5))
        self.add(Button("− seat", 514, y, 110, 40, self.del_seat, 14, enabled=n > 2))
        self.add(Button(f"Seed: {self.seed}", 132, 540, 260, 44, self.new_seed, 15,
                        tip="Same seed + same choices = the same game. Click for a new one."))
        y = 620.0
        for k in base_options():
            default, text = RULES_OPTIONS[k]
            on = self.options.get(k, default)
            self.add(Button(f"{option_title(k)}: {'on' if on else 'off'}", 132, y, 520, 40,
                            partial(self.toggle_opt, k), 13, tip=text))
            y += 50
        self.add(Button(f"{SECRET_LOADING}: {'on' if self.expert else 'off'}", 132, y,
                        520, 40, self.toggle_expert, 13, tip=SECRET_LOADING_TIP))
        self.build_modules()

        self.add(menu_button("Start the game", 790, self.start, x=VW / 2 - 360, w=340))
        self.add(menu_button("Back", 790, self.app.open_menu, x=VW / 2 + 20, w=340))

    def build_modules(self) -> None:
        """A button per module (on / off, or disabled with the reason), and under a chosen
        module its own options (an option the modules share, under the first one chosen).
        Every module's button shows; the options share the room left above Start / Back."""
        names = module_names()
        btn_h = 44.0 if len(names) < 2 else 40.0
        gap = 10.0 if len(names) < 2 else 6.0
        shown: set[str] = set()
        opts_of: dict[str, list[str]] = {}
        for name in names:
            opts = [k for k in module_options(name) if k not in shown] \
                if name in self.modules else []
            shown.update(opts)
            opts_of[name] = opts
        n_opts = sum(len(v) for v in opts_of.values())
        room = MOD_BOTTOM - MOD_Y - len(names) * (btn_h + gap)
        step = min(44.0, room / max(1, n_opts))
        y = MOD_Y
        for name in names:
            if y + btn_h > MOD_BOTTOM:
                break
            title, summary, _ = module_words(name)
            ready = name in MODULES
            on = name in self.modules
            state = ("on" if on else "off") if ready else UNAVAILABLE
            tip = f"{title}: {summary}" + ("" if ready else
                                           f"\nThe {title} module is {UNAVAILABLE}.")
            btn = Button(f"{title}: {state}", MOD_X, y, MOD_W, btn_h,
                         partial(self.toggle_module, name), 15 if ready else 13, tip=tip,
                         enabled=ready, icon_name=MODULE_ICONS.get(name, ""),
                         selected=on)
            btn.module = name  # type: ignore[attr-defined]
            self.add(btn)
            y += btn_h + gap
            for k in opts_of[name]:
                default, text = RULES_OPTIONS[k]
                val = self.options.get(k, default)
                ob = Button(f"{option_title(k)}: {'on' if val else 'off'}", MOD_X + 16, y,
                            MOD_W - 16, step - 6, partial(self.toggle_opt, k), 13, tip=text)
                ob.module = name  # type: ignore[attr-defined]
                self.add(ob)
                y += step

    def toggle_module(self, name: str) -> None:
        if name not in MODULES:
            return
        if name in self.modules:
            self.modules.remove(name)
        else:
            self.modules.append(name)
            order = module_names()
            self.modules.sort(key=order.index)
        self.panel = name
        self.build()

    # --- seats ----------------------------------------------------------------------------------
    def cycle_char(self, i: int) -> None:
        self.next_role(i, list(self.r.character_order))
        self.focus = i
        self.build()

    def seat_removed(self) -> None:
        self.focus = min(self.focus, len(self.seats) - 1)

    def toggle_opt(self, k: str) -> None:
        self.options[k] = not self.options.get(k, RULES_OPTIONS[k][0])
        self.build()

    def toggle_expert(self) -> None:
        self.expert = not self.expert
        self.build()

    def start(self) -> None:
        self.commit_name()
        self.remember()
        modules = tuple(m for m in self.modules if m in MODULES)
        off = {k for k in RULES_OPTIONS if _owner(k) not in ("", *modules)
               and not (_owner(k) == "*" and modules)}
        opts = {k: v for k, v in self.options.items()
                if v != RULES_OPTIONS[k][0] and k not in off}
        seats = [SeatSpec(s.human, s.level, s.character, s.name if s.human else "")
                 for s in self.seats]
        self.app.start_session(AacSession.new(seats, self.seed, opts, self.expert, modules))

    # --- frame ----------------------------------------------------------------------------------
    def on_update(self, dt: float) -> None:
        self.clock += dt
        hovered = self.app.hovered
        seat = getattr(hovered, "seat", None) if isinstance(hovered, Button) else None
        module = getattr(hovered, "module", None) if isinstance(hovered, Button) else None
        if isinstance(module, str):
            self.panel = module  # pointing at a module describes it
        elif isinstance(seat, int):
            self.panel = ""
        if isinstance(seat, int) and seat != self.focus and seat < len(self.seats):
            self.focus = seat  # hovering a character button shows its powers
            for n in self.children:
                if isinstance(n, Button) and isinstance(getattr(n, "seat", None), int):
                    n.selected = getattr(n, "seat", -1) == seat

    def draw_self(self, c: Canvas) -> None:
        c.fill(theme.BG, 0, 0, 1600, 900)
        title_text(c, "New game", 60)
        for i, seat in enumerate(self.seats):
            y = ROW_Y + i * ROW_H
            ch = self.r.characters.get(seat.character or "")
            col = theme.hex_colour(ch.colour_hex) if ch else theme.SEAT_COLOURS[i]
            tokens.seat_marker(c, 70, y + 22, 16, col, theme.SEAT_SHAPES[i])
            c.text(f"{i + 1}", 98, y + 22, 15, theme.CREAM, True, "midleft")
        c.text("Seed (shown so a game can be replayed)", 132, 532, 14, theme.PANEL_DARK, True,
               "bottomleft")
        c.text("Rules options", 132, 612, 14, theme.PANEL_DARK, True, "bottomleft")
        c.text("Expansion modules", MOD_X, MOD_Y - 8, 14, theme.PANEL_DARK, True, "bottomleft")
        if self.panel:
            self.draw_module(c, self.panel)
        else:
            self.draw_powers(c)

    def draw_module(self, c: Canvas, name: str) -> None:
        """The description of a module in plain words, in the panel beside the seats."""
        x0, y0, w = PANEL_X, PANEL_Y, PANEL_W
        c.fill(theme.BG_DARK, x0 + 3, y0 + 4, w, PANEL_H, 12)
        c.fill(theme.PANEL, x0, y0, w, PANEL_H, 12)
        c.fill(theme.PANEL_EDGE, x0, y0, w, PANEL_H, 12, 2)
        title, summary, points = module_words(name)
        if name in MODULE_ICONS:
            c.icon(MODULE_ICONS[name], x0 + 34, y0 + 34, 40)
        ready = name in MODULES
        state = ("chosen for this game" if name in self.modules else "not chosen") if ready \
            else UNAVAILABLE
        c.text(f"{title} module", x0 + 62, y0 + 16, 22, theme.INK, True, max_w=w - 80)
        c.text(f"Expansion module · {state}", x0 + 62, y0 + 46, 13, theme.INK_SOFT, True,
               max_w=w - 80)
        y = y0 + 80
        px = max(6, round(14 * c.s))
        width = round((w - 40) * c.s)
        bottom = y0 + PANEL_H - 12
        for ln in theme.wrap(summary, px, width):
            c.text(ln, x0 + 20, y, 14, theme.INK)
            y += 20
        y += 8
        small = max(6, round(13 * c.s))
        for point in points:
            lines = theme.wrap(point, small, round((w - 56) * c.s))
            if y + 18 * len(lines) > bottom:
                break
            c.circle(theme.PANEL_EDGE, x0 + 28, y + 9, 4)
            for ln in lines:
                c.text(ln, x0 + 40, y, 13, theme.INK)
                y += 18
            y += 8
        opts = module_options(name)
        if ready and opts and y + 40 < bottom:
            c.text("House rules and variants (under the module button while it is on):",
                   x0 + 20, y, 13, theme.INK_SOFT, True, max_w=w - 40)
            y += 22
            for k in opts:
                lines = theme.wrap(f"{option_title(k)}: {RULES_OPTIONS[k][1]}", small,
                                   width)
                if y + 18 * len(lines) > bottom:
                    break
                for ln in lines:
                    c.text(ln, x0 + 20, y, 13, theme.INK)
                    y += 18
                y += 6

    def draw_powers(self, c: Canvas) -> None:
        """The focused seat's character: name, title, passive and its three powers."""
        x0, y0, w = PANEL_X, PANEL_Y, PANEL_W
        c.fill(theme.BG_DARK, x0 + 3, y0 + 4, w, PANEL_H, 12)
        c.fill(theme.PANEL, x0, y0, w, PANEL_H, 12)
        c.fill(theme.PANEL_EDGE, x0, y0, w, PANEL_H, 12, 2)
        seat = self.seats[min(self.focus, len(self.seats) - 1)]
        who = f"Player {self.focus + 1}"
        ch = self.r.characters.get(seat.character or "")
        extras = character_extras()
        px = max(6, round(13 * c.s))
        width = round((w - 40) * c.s)
        if ch is None:
            c.text(f"{who}: random character", x0 + 20, y0 + 18, 20, theme.INK, True)
            y = y0 + 56
            for ln in theme.wrap("A character is dealt when the game starts. Click the "
                                 "Character button to choose one; the characters are:", px,
                                 width):
                c.text(ln, x0 + 20, y, 13, theme.INK)
                y += 18
            y += 8
            for cid in self.r.character_order:
                cd = self.r.characters[cid]
                tokens.seat_marker(c, x0 + 30, y + 10, 8, theme.hex_colour(cd.colour_hex),
                                   "circle")
                title = extras.get(cid, ("", "", ""))[0]
                c.text(f"{cd.name}" + (f", {title}" if title else ""), x0 + 46, y + 10, 14,
                       theme.INK, True, "midleft", max_w=w - 70)
                y += 28
            return
        title, passive, passive_text = extras.get(ch.id, ("", "", ""))
        tokens.seat_marker(c, x0 + 32, y0 + 32, 14, theme.hex_colour(ch.colour_hex),
                           theme.SEAT_SHAPES[self.focus % len(theme.SEAT_SHAPES)])
        c.text(ch.name, x0 + 56, y0 + 18, 22, theme.INK, True, max_w=w - 200)
        c.text(f"{who}" + (f" · {title}" if title else ""), x0 + 56, y0 + 46, 13,
               theme.INK_SOFT, True, max_w=w - 80)
        y = y0 + 76
        entries: list[tuple[str, str]] = []
        if passive:
            entries.append((f"Always: {passive}", passive_text))
        entries += [(f"Power {'I' * pw.tier} · {pw.name}", pw.text) for pw in ch.powers]
        c.text("Each power unlocks when you build the bridge token above it.", x0 + 20, y,
               12, theme.INK_SOFT, False, max_w=w - 40)
        y += 24
        small = max(6, round(12.5 * c.s))
        bottom = y0 + PANEL_H - 12
        for head, text in entries:
            if y + 22 + 17 > bottom:
                break
            c.text(head, x0 + 20, y, 15, theme.INK, True, max_w=w - 40)
            y += 22
            for ln in theme.wrap(text, small, width):
                if y + 17 > bottom:
                    break
                c.text(ln, x0 + 20, y, 12.5, theme.INK)
                y += 17
            y += 8

