"""The combat stage: the high point of Age of Reason, over the map while a combat is fought.

The attacker on the left, the defender (a player, a non-player country's disc or an Empire
marker) on the right, the area fought over at the top with its discs; each side's card lies
face down as it is chosen (face up only for its owner while the table is theirs), the allies
who may help put down their Ally or Blank face down, the non-player allies bought stand
beside their side; the cards flip together; the dice are thrown with pymunk in the tray in
the middle (the engine's values, physics only shows); then each side's strength is built up
term by term from the CombatResolved event (dice difference, soldiers, ships, allies, boxes,
supports) and the outcome is told with its unrest. A Reserves re-roll throws again.

The stage follows the animations (the animator calls its steps) and, at rest, the combat
under way (engine.aor.api.combat_status: after a save is loaded mid-combat, say)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from engine.aor.api import Term, area, combat_status, events, names, tables
from engine.aor.api import marker as marker_info
from game.aor import look, pieces
from game.aor import map_geometry as mg
from game.aor.dice import DiceRoll, seed_for
from game.aor.layout import STAGE
from game.shell import theme
from game.shell.scenegraph import Canvas, Node, TextLog

if TYPE_CHECKING:
    from game.aor.map_view import MapView
    from game.aor.table.model import TableModel

ev = events
X0, Y0, W, H = STAGE
CARD_W, CARD_H = 92.0, 136.0
SIDE_W = 300.0
TRAY = (X0 + 342.0, Y0 + 172.0, 236.0, 140.0)
FELT = (44, 70, 52)
FELT_EDGE = (96, 66, 40)
TERM_WORDS = {"dice": "Dice difference", "soldiers": "Soldiers", "ships": "Ships",
              "npc_defence": "Defence of a country without a player", "marker": "The marker",
              "allies": "Ally", "npc_allies": "Ally bought", "advancement": "",
              "support": ""}


@dataclass
class Helper:
    seat: int
    side: str  # "attacker" | "defender"
    state: str = "asked"  # "asked" | "down" | "out"
    card: str = ""  # once turned


@dataclass
class Fight:
    """What the stage shows of one combat."""

    attacker: int
    a_country: int
    area: str
    kind: str  # "disc" | "marker"
    d_country: int  # -1 for a marker
    d_seat: int  # -1: no player defends
    marker: str
    helpers: list[Helper] = field(default_factory=list)
    down: dict[int, str] = field(default_factory=dict)  # seat -> card ("?" unknown)
    npcs: list[tuple[int, str]] = field(default_factory=list)  # (country, side)
    revealed: bool = False
    flip: float = 0.0
    roll: DiceRoll | None = None
    dice: tuple[int, ...] = ()
    rerolls: int = 0
    result: events.CombatResolved | None = None
    shown_a: int = 0  # terms shown so far
    shown_d: int = 0
    totals: bool = False  # the sums and the outcome are shown
    step: str = "cards"  # a line of what happens now


class CombatStage(Node):
    interactive = True

    def __init__(self, table: TableModel, map_view: MapView) -> None:
        super().__init__(X0, Y0, W, H, z=30)
        self.table = table
        self.map_view = map_view
        self.fight: Fight | None = None
        self.visible = False
        self.alpha = 1.0
        self.hold = False  # the outcome is held on screen (animation)
        self._surf: pygame.Surface | None = None  # the stage but its dice and sums (cached)
        self._key: object = None

    # --- the animator's steps ----------------------------------------------------------------
    def begin(self, e: events.AttackDeclared) -> None:
        s = self.table.shown
        c = e.country
        d_seat = s.seat_of[c] if c >= 0 else -1
        self.fight = Fight(e.seat, s.players[e.seat].country, e.area, e.kind, c, d_seat,
                           e.marker, self.helpers(e.seat, e.area, c))
        self.fight.step = "The cards are chosen in secret"
        self.visible = True

    def helpers(self, attacker: int, aid: str, target: int) -> list[Helper]:
        """The players who may help either side (R8.3): a disc in the area and a row shared
        with a side; against a marker only the attacker's (O27, or nobody with the option)."""
        s = self.table.shown
        t = tables()
        a = t.area_index[aid]

        def row(c: int) -> int:
            if c not in s.alliance:
                return -1
            return 0 if s.alliance.index(c) in t.top_row else 1

        me = s.players[attacker].country
        d_seat = s.seat_of[target] if target >= 0 else -1
        out = []
        for seat, p in enumerate(s.players):
            if seat in (attacker, d_seat) or s.discs[a][p.country] <= 0:
                continue
            r = row(p.country)
            if r >= 0 and r == row(me):
                if target < 0 and s.options.get("no_allies_vs_markers"):
                    continue
                out.append(Helper(seat, "attacker"))
            elif target >= 0 and r >= 0 and r == row(target):
                out.append(Helper(seat, "defender"))
        return out

    def face_down(self, seat: int, role: str) -> None:
        f = self.fight
        if f is None:
            return
        f.down[seat] = "?"
        for h in f.helpers:
            if h.seat == seat:
                h.state = "down"
        if role == "ally" and not any(h.seat == seat for h in f.helpers):
            f.helpers.append(Helper(seat, "attacker", "down"))

    def stay_out(self, seat: int) -> None:
        f = self.fight
        if f is None:
            return
        for h in f.helpers:
            if h.seat == seat:
                h.state = "out"

    def npc(self, country: int, side: str) -> None:
        if self.fight is not None:
            self.fight.npcs.append((country, side))

    def reveal(self, e: events.CombatRevealed) -> None:
        f = self.fight
        if f is None:
            return
        f.down[e.attacker] = e.attacker_card
        if e.defender >= 0:
            f.down[e.defender] = e.defender_card
        for seat, card in e.allies:
            f.down[seat] = card
            for h in f.helpers:
                if h.seat == seat:
                    h.card = card
        f.revealed = True
        f.step = "The cards are turned"

    def set_flip(self, k: float) -> None:
        if self.fight is not None:
            self.fight.flip = k

    def throw(self, dice: tuple[int, ...], seed: int, reroll: bool) -> DiceRoll:
        f = self.fight
        assert f is not None
        if reroll:
            f.rerolls += 1
        n = len(dice)
        colours = [pieces.ATTACK_DIE, pieces.ATTACK_DIE, pieces.DEFEND_DIE,
                   pieces.DEFEND_DIE][:n] if n == 4 else [pieces.DEFEND_DIE] * n
        left = [True, True, False, False][:n] if n == 4 else [False] * n
        roll = DiceRoll(TRAY, dice, colours, seed, left)
        f.roll = roll
        f.dice = dice
        f.step = "Reserves: the battle is fought again" if reroll else "The dice are thrown"
        return roll

    def set_dice(self, side: str, dice: tuple[int, int]) -> None:
        """One side's dice (a re-roll of one side only keeps the other's)."""
        f = self.fight
        if f is None:
            return
        d = list(f.dice) if len(f.dice) == 4 else [1, 1, 1, 1]
        if side == "attacker":
            d[0], d[1] = dice
        else:
            d[2], d[3] = dice
        f.dice = tuple(d)

    def resolve(self, e: events.CombatResolved) -> None:
        f = self.fight
        if f is None:
            return
        f.result = e
        f.dice = (*e.attacker_dice, *e.defender_dice)
        f.helpers = [Helper(seat, side, "down" if card else "out", card)
                     for seat, side, card in e.allies]
        for seat, _side, card in e.allies:
            if card:
                f.down[seat] = card
        if f.roll is None or list(f.roll.values) != list(f.dice):
            f.roll = rested(f.dice)
        f.step = "Strength"

    def show_term(self, side: str) -> None:
        f = self.fight
        if f is None:
            return
        if side == "attacker":
            f.shown_a += 1
        else:
            f.shown_d += 1

    def show_totals(self) -> None:
        if self.fight is not None:
            self.fight.totals = True
            r = self.fight.result
            if r is not None:
                self.fight.shown_a = len(r.attacker_terms)
                self.fight.shown_d = len(r.defender_terms)

    def close(self) -> None:
        self.fight = None
        self.visible = False
        self.hold = False

    def sync(self) -> None:
        """At rest: show the combat under way in the game (or nothing)."""
        st = combat_status(self.table.game)
        if st is None:
            if not self.hold:
                self.close()
            return
        s = self.table.shown
        t = tables()
        c = t.country_index.get(st.defender_country, -1) if st.defender_country else -1
        f = Fight(st.attacker, s.players[st.attacker].country, st.area, st.kind, c,
                  st.defender, st.marker,
                  [Helper(x, side, "out" if x in st.stayed_out else
                          "down" if x in st.face_down else "asked") for x, side in st.allies])
        for seat in st.face_down:
            f.down[seat] = "?"
        for seat, card in st.revealed:
            f.down[seat] = card
            for h in f.helpers:
                if h.seat == seat:
                    h.card = card
        f.npcs = [(t.country_index[x], side) for x, side in st.npc_allies]
        if st.revealed:
            f.revealed, f.flip = True, 1.0
        if st.dice:
            f.dice = tuple(st.dice)
            old = self.fight
            if old is not None and old.roll is not None and list(old.roll.values) == list(
                    f.dice) and old.attacker == f.attacker and old.area == f.area:
                f.roll, f.rerolls = old.roll, old.rerolls
            else:
                f.roll = rested(f.dice)
        f.step = {"attacker_card": "The attacker chooses a card", "defender_card":
                  "The defender chooses a card", "allies": "Allies may help",
                  "npc_attacker": "Allies without a player may be bought",
                  "npc_defender": "Allies without a player may be bought",
                  "reserves": "Reserves may re-roll the battle"}.get(st.at, "")
        self.fight = f
        self.visible = True

    def frame_rate(self) -> float:
        f = self.fight
        if self.visible and f is not None and f.roll is not None and not f.roll.finished:
            return 60.0
        return 0.0

    def on_click(self, lx: float, ly: float, button: int) -> bool:
        return True  # the stage takes clicks meant for the map under it

    def tooltip(self) -> str:
        f = self.fight
        if f is None:
            return ""
        return ("The combat: each side's strength is its dice difference, the soldiers of its "
                "card, the ships in a sea or a colony, 1 per ally and its boxes' bonuses "
                "(R8.5.4). Higher wins; a tie holds (R8.5.6).")

    # --- drawing ---------------------------------------------------------------------------------
    def static_key(self, f: Fight, c: Canvas) -> object:
        """What the cached picture of the stage depends on (all but the dice and the sums)."""
        return (id(f), f.revealed, round(f.flip, 3), tuple(sorted(f.down.items())),
                tuple((h.seat, h.side, h.state, h.card) for h in f.helpers), tuple(f.npcs),
                f.roll is None, self.table.hand_viewer(), self.table.rev, round(c.s, 5))

    def draw_self(self, c: Canvas) -> None:
        f = self.fight
        if f is None:
            return
        key = self.static_key(f, c)
        pad = 6
        if self._surf is None or self._key != key:
            self._key = key
            surf = pygame.Surface((round((W + 2 * pad) * c.s) + 2,
                                   round((H + 2 * pad) * c.s) + 2), pygame.SRCALPHA)
            cc = Canvas(surf, c.s, pad * c.s, pad * c.s)
            TextLog.push(cc.rect(0, 0, W, H), type(self).__name__, surf)
            try:
                self.draw_static(cc, f)
            finally:
                TextLog.pop()
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            self._surf = surf
        x, y = c.pt(0, 0)
        pp = round(pad * c.s)
        c.surf.blit(self._surf, (x - pp, y - pp))
        self._dice(c, f)
        self._breakdown(c, f)

    def draw_static(self, c: Canvas, f: Fight) -> None:
        """The stage but its dice and sums: drawn once per change of the cards, the helpers
        or the table (a roll of the dice draws over it 60 times a second)."""
        t = tables()
        c.fill((16, 12, 10), 3, 5, W, H, 12)
        c.fill(FELT, 0, 0, W, H, 12)
        c.fill(FELT_EDGE, 0, 0, W, H, 12, 5)
        c.fill((200, 160, 96), 5, 5, W - 10, H - 10, 9, 1)
        info = area(f.area)
        foe = (look.name(f.d_country) if f.kind == "disc" else
               names.marker(t, f.marker, where=False))
        head = f"{look.name(f.a_country)} attacks {foe} in {names.the_area(t, f.area)}"
        c.text(head, W / 2, 24, 22, theme.CREAM, True, "center", max_w=W - 40)
        if info.ship_area:
            sub = "A ship area: the attacker plays a ship card; ships count (R7.3.1, R8.5.4)"
        elif info.coast_ship_optional:
            sub = "A coast: ships on the cards do not count here (R8.5.4)"
        else:
            sub = "Land: only soldiers count on the cards (R8.5.4)"
        c.text(sub, W / 2, 48, 12, theme.PANEL_DARK, False, "center", max_w=W - 40)
        # the area fought over, as on the map
        g = mg.AREAS[f.area]
        pc = c.sub(W / 2 - mg.TAB_W * 0.6 - g.tab[0] * 1.2, 62 - g.tab[1] * 1.2, 1.2)
        self.map_view.draw_plaque(pc, g, t.area_index[f.area], self.table.shown)
        self._side(c, f, "attacker", 24)
        self._side(c, f, "defender", W - SIDE_W - 24)
        self._tray(c, f)

    def _viewer_sees(self, seat: int) -> bool:
        return seat == self.table.hand_viewer()

    def _side(self, c: Canvas, f: Fight, side: str, x: float) -> None:
        y = 70.0
        if side == "attacker":
            country, seat = f.a_country, f.attacker
            role = "Attacker"
        else:
            country, seat = f.d_country, f.d_seat
            role = "Defender"
        c.fill((30, 48, 36), x, y, SIDE_W, 250, 10)
        c.fill(theme.darken(look.colour(country), 0.1) if country >= 0 else (120, 100, 70),
               x, y, SIDE_W, 250, 10, 2)
        if country >= 0:
            pieces.disc(c, x + 26, y + 24, 16, country)
            name = look.name(country)
        else:
            pieces.marker(c, x + 26, y + 24, 14, f.marker)
            name = "Empire marker"
        c.text(name, x + 50, y + 18, 17, theme.CREAM, True, "midleft", max_w=SIDE_W - 60)
        who = role
        if seat >= 0:
            sess = self.table.session
            if not sess.is_human(seat):
                who += f" · a bot ({sess.seats[seat].level})"
            elif sess.seats[seat].name:  # the name typed (the country is said above)
                who += f" · {sess.player_name(seat)}"
            else:
                who += " · a person"
        elif country >= 0:
            who += " · no player"
        c.text(who, x + 50, y + 38, 11, theme.PANEL_DARK, False, "midleft", max_w=SIDE_W - 60)
        cx, cy = x + 16 + CARD_W / 2, y + 60 + CARD_H / 2
        if seat >= 0:
            card = f.down.get(seat, "")
            if not card:
                c.fill((64, 90, 70), cx - CARD_W / 2, cy - CARD_H / 2, CARD_W, CARD_H, 8)
                c.fill((130, 160, 130), cx - CARD_W / 2, cy - CARD_H / 2, CARD_W, CARD_H, 8,
                       1.5)
                c.text_box("Choosing a card", cx - CARD_W / 2 + 6, cy - 30, CARD_W - 12, 60,
                           12, theme.PANEL_DARK)
            else:
                self._card(c, cx, cy, CARD_W, CARD_H, seat, card, f)
        elif country >= 0:
            c.fill((64, 90, 70), cx - CARD_W / 2, cy - CARD_H / 2, CARD_W, CARD_H, 8)
            c.text_box("Defends with 4 and two dice, no card (R8.7)", cx - CARD_W / 2 + 6,
                       cy - 40, CARD_W - 12, 80, 12, theme.CREAM)
        else:
            m = marker_info(f.marker)
            pieces.marker(c, cx, cy - 10, 30, f.marker)
            c.text_box(f"Defends with {m.strength or 0} and two dice (R7.6.2)",
                       cx - CARD_W / 2 + 4, cy + 30, CARD_W - 8, 40, 11, theme.CREAM)
        # the helpers of this side
        hx = x + CARD_W + 30
        c.text("Allies", hx, y + 66, 12, theme.PANEL_DARK, True, "midleft")
        helpers = [h for h in f.helpers if h.side == side]
        npcs = [n for n, sd in f.npcs if sd == side]
        if not helpers and not npcs:
            c.text_box("No ally can help here" if side == "attacker" or f.kind == "disc"
                       else "Nobody helps a marker (R7.6.1)", hx, y + 80, SIDE_W - CARD_W - 40,
                       40, 11, theme.PANEL_DARK, align="left")
        yy = y + 92
        for h in helpers[:4]:
            hc = self.table.shown.players[h.seat].country
            pieces.disc(c, hx + 10, yy, 8, hc)
            card = f.down.get(h.seat, "") if h.state == "down" else ""
            if h.state == "out":
                text = "stays out"
            elif not card:
                text = "Deciding"
            else:
                text = ""
            if card:
                self._card(c, hx + 40, yy, 28, 40, h.seat, card, f, small=True)
                text = look.name(hc)
                if f.revealed and card != "?":
                    kind = tables().cards[card].kind
                    text += ": +1" if kind == "ally" else ": Blank"
                c.text(text, hx + 60, yy, 11, theme.CREAM, False, "midleft",
                       max_w=SIDE_W - CARD_W - 100)
            else:
                c.text(f"{look.name(hc)}: {text}", hx + 24, yy, 11, theme.CREAM, False,
                       "midleft", max_w=SIDE_W - CARD_W - 60)
            yy += 44
        for n in npcs:
            pieces.disc(c, hx + 10, yy, 8, n)
            c.text(f"{look.name(n)}: +1 (bought)", hx + 24, yy, 11, theme.CREAM, False,
                   "midleft", max_w=SIDE_W - CARD_W - 60)
            yy += 26

    def _card(self, c: Canvas, x: float, y: float, w: float, h: float, seat: int, card: str,
              f: Fight, small: bool = False) -> None:
        """A committed card: face down until the flip (its owner sees its face while the table
        is theirs); turning, it narrows and widens."""
        country = self.table.shown.players[seat].country
        known = card != "?" and card in tables().cards
        if f.revealed and known:
            k = f.flip
            if k < 0.5:
                ww = w * (1 - 2 * k)
                if ww > 1:
                    pieces.card_back(c, x, y, ww, h, country)
                return_face = False
            else:
                ww = w * (2 * k - 1)
                return_face = True
            if return_face and ww > 1:
                pieces.card_face(c, x, y, ww, h, card)
            return
        if known and self._viewer_sees(seat) and not small:
            pieces.card_face(c, x, y, w, h, card)
            c.text("only you see it", x, y + h / 2 + 10, 10, theme.PANEL_DARK, False,
                   "center")
            return
        pieces.card_back(c, x, y, w, h, country)
        if not small:
            c.text("face down", x, y + h / 2 + 10, 10, theme.PANEL_DARK, False, "center")

    def _tray(self, c: Canvas, f: Fight) -> None:
        tx, ty, tw, th = TRAY
        lx, ly = tx - X0, ty - Y0
        c.fill((20, 14, 10), lx - 6, ly - 4, tw + 14, th + 14, 12)
        c.fill(FELT_EDGE, lx - 8, ly - 8, tw + 16, th + 16, 12)
        c.fill((28, 84, 56), lx, ly, tw, th, 6)
        c.fill((22, 64, 44), lx, ly, tw, th, 6, 2)
        if f.roll is None:
            c.text("The dice tray", lx + tw / 2, ly + th / 2 - 8, 13, (120, 170, 130), True,
                   "center")
            c.text("red: the attacker's", lx + tw / 2, ly + th / 2 + 12, 10, (120, 170, 130),
                   False, "center", max_w=tw - 16)
            c.text("blue: the defender's", lx + tw / 2, ly + th / 2 + 26, 10, (120, 170, 130),
                   False, "center", max_w=tw - 16)

    def _dice(self, c: Canvas, f: Fight) -> None:
        """The dice in the tray, their values once at rest, the Reserves note."""
        if f.roll is None:
            return
        tx, ty, tw, th = TRAY
        lx, ly = tx - X0, ty - Y0
        f.roll.draw(c.sub(-X0, -Y0))
        if f.roll.finished and len(f.dice) == 4:
            a, d = abs(f.dice[0] - f.dice[1]), abs(f.dice[2] - f.dice[3])
            c.text(f"{f.dice[0]} and {f.dice[1]}: {a}", lx - 4, ly + th + 20, 12,
                   (240, 180, 170), True, "midleft", max_w=tw / 2)
            c.text(f"{f.dice[2]} and {f.dice[3]}: {d}", lx + tw + 4, ly + th + 20, 12,
                   (180, 200, 250), True, "midright", max_w=tw / 2)
        if f.rerolls:
            c.text("Reserves: re-rolled", lx + tw / 2, ly + th + 40, 12, theme.GOLD, True, "center")

    def _breakdown(self, c: Canvas, f: Fight) -> None:
        y0 = 340.0
        r = f.result
        if r is None:
            c.text(f.step, W / 2, y0 + 40, 16, theme.PANEL_DARK, True, "center", max_w=W - 60)
            d = self.table.pending
            if d is not None and self.table.session.is_human(d.seat) and d.kind in (
                    "attack_card", "defence_card", "ally"):
                who = self.table.seat_name(d.seat)
                c.text(f"{who}: choose your card in your hand below. Nobody else sees it.",
                       W / 2, y0 + 70, 14, theme.GOLD, True, "center", max_w=W - 60)
            return
        for side, terms, shown, x, total in (
                ("attacker", r.attacker_terms, f.shown_a, 24.0, r.attacker_strength),
                ("defender", r.defender_terms, f.shown_d, W - SIDE_W - 24, r.defender_strength)):
            yy = y0
            for term in terms[:shown]:
                label, value = self.term_words(term, r, side)
                c.text(label, x + 8, yy, 13, theme.CREAM, False, "midleft",
                       max_w=SIDE_W - 60)
                c.text(f"+{value}" if yy > y0 else str(value), x + SIDE_W - 8, yy, 14,
                       theme.CREAM, True, "midright")
                yy += 19
            if f.totals:
                c.line(theme.PANEL_DARK, (x + 8, yy - 6), (x + SIDE_W - 8, yy - 6), 1)
                c.text("Strength", x + 8, yy + 8, 15, theme.GOLD, True, "midleft")
                c.text(str(total), x + SIDE_W - 8, yy + 8, 20, theme.GOLD, True, "midright")
            del side
        if f.totals:
            self._outcome(c, r)

    def term_words(self, term: Term, r: events.CombatResolved, side: str) -> tuple[str, int]:
        t = tables()
        k = term.kind
        if k == "dice":
            d = r.attacker_dice if side == "attacker" else r.defender_dice
            return f"Dice difference ({d[0]} and {d[1]})", term.value
        if k in ("advancement", "support"):
            return t.box_by_id[term.ref].name, term.value
        if k == "allies":
            return f"Ally: {look.name(look.country_index(term.ref))}", term.value
        if k == "npc_allies":
            return f"Bought ally: {look.name(look.country_index(term.ref))}", term.value
        if k == "npc_defence":
            return "No player's defence", term.value
        if k == "marker":
            return "The marker's number", term.value
        if k == "soldiers":
            return "Soldiers on the card", term.value
        if k == "ships":
            return "Ships on the card", term.value
        return TERM_WORDS.get(k, k), term.value

    def _outcome(self, c: Canvas, r: events.CombatResolved) -> None:
        t = tables()
        a_name = look.name(r.attacker_country)
        d_name = look.name(r.defender_country) if r.kind == "disc" else "the marker"
        if r.result == "tie":
            line = f"A tie at {r.attacker_strength}: the attack fails, nothing moves."
        elif r.result == "attacker":
            how = {"overwhelming": ": an overwhelming victory", "pyrrhic": ": a narrow victory"}
            line = f"{a_name} wins by {r.margin}{how.get(r.degree, '')}."
            line += (" Its disc replaces the marker." if r.kind == "marker" else
                     f" Its disc replaces one of {d_name}'s.")
        else:
            line = f"{d_name[0].upper() + d_name[1:]} holds by {r.margin}: the attack fails."
        bits = []
        for seat, n in r.unrest:
            bits.append(f"{self.table.seat_name(seat)} +{n}")
        tail = ("Unrest: " + ", ".join(bits) + ".") if bits else "Nobody gains unrest."
        if r.reward_vp:
            tail += f" {a_name} scores {names.vp(r.reward_vp)}."
        if r.reward_gold:
            tail += f" {a_name} takes {r.reward_gold} gold."
        y = H - 64
        c.fill((24, 18, 14), 40, y, W - 80, 52, 10)
        c.fill(theme.GOLD, 40, y, W - 80, 52, 10, 2)
        c.text(line, W / 2, y + 17, 17, theme.CREAM, True, "center", max_w=W - 110)
        c.text(tail, W / 2, y + 38, 12, theme.PANEL_DARK, False, "center", max_w=W - 110)
        del t


def rested(dice: tuple[int, ...]) -> DiceRoll:
    """A throw already come to rest on `dice` (a loaded game, a skipped animation): the
    same seeded throw, run to its end at once, silently."""
    roll = DiceRoll(TRAY, dice, [pieces.ATTACK_DIE] * 2 + [pieces.DEFEND_DIE] * 2,
                    seed_for(*dice), [True, True, False, False], quiet=True)
    for _ in range(40):
        if roll.finished:
            break
        roll.advance(0.1)
    roll.finish()
    return roll
