"""Attack actions (R7): reach (R7.3), the targets a player may choose (D6, D12), converting an
Aktion marker (R7.5, with its card choice) and declaring a combat (R8.1, engine.aor.combat).

Choice ids: "attack:none", "convert:<area id>", "attack_disc:<area id>:<country id>",
"attack_marker:<marker id>" (one choice per distinct marker face in an area: markers with the
same face are interchangeable; the lowest id stands for them).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.aor import events as ev
from engine.aor import names as nw
from engine.aor.catalog import Tables
from engine.aor.combat import attacker_cards, new_combat
from engine.aor.core import CONVERT_COST, Ctx, affordable, enemies, pay
from engine.aor.state import Player, State
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame

NO_ATTACK = "attack:none"


def reachable(t: Tables, s: State, country: int, area: int) -> bool:
    """R7.3.2-R7.3.4: seas always (with the ship requirement); Europe's land areas with a
    disc there or in an adjacent area, or adjacent to the home country; colonies only with a
    disc there. Discs on the map only, as they stand now (R7.4)."""
    if t.colony[area]:
        return s.discs[area][country] > 0
    if t.ship_area[area]:
        return True
    if s.discs[area][country] > 0:
        return True
    opts = s.options
    for b, opt in t.area_edges[area]:
        if s.discs[b][country] > 0 and (not opt or opts.get(opt)):
            return True
    return any(h == country and (not opt or opts.get(opt)) for h, opt in t.home_edges[area])


def conversion_cards(t: Tables, p: Player) -> list[str]:
    """R7.5.2: a ship card (whatever it shows), or the Blank only without one."""
    ships = [c for c in p.hand if t.cards[c].ships > 0]
    return ships or [c for c in p.hand if t.cards[c].kind == "blank"]


def distinct_markers(t: Tables, s: State, area: int, aktion: bool) -> list[str]:
    """The markers of an area with distinct faces (lowest id of each face)."""
    seen: dict[tuple[int, bool, int, int, int], str] = {}
    for mid in s.markers[area]:
        m = t.markers[mid]
        if m.aktion != aktion:
            continue
        key = m.face
        if key not in seen or mid < seen[key]:
            seen[key] = mid
    return sorted(seen.values())


def attack_choices(ctx: Ctx, seat: int, second: bool = False) -> list[Choice]:
    """D6 / D12: every legal attack action, and none (R7, O7, O8, O16, O33)."""
    s, t = ctx.s, ctx.t
    p = s.players[seat]
    me = p.country
    out = [Choice(NO_ATTACK, "No second attack" if second else "No attack")]
    if p.supply <= 0:
        return out  # O8: no disc to put on the map
    af = affordable(t, p)
    presence = ctx.opt("conversion_needs_presence")
    can_convert = af >= CONVERT_COST and bool(conversion_cards(t, p))
    # R7.3.1: a legal card exists for a ship area / for a land area (the same for every area
    # of its kind)
    has_card = {ship: bool(attacker_cards(t, p, a)) for a, ship in
                ((t.ship_area.index(True), True), (t.ship_area.index(False), False))}
    for a, aid in enumerate(t.areas):
        name = nw.the_area(t, aid)
        if can_convert and t.colony[a] and (not presence or s.discs[a][me] > 0):
            aktion = distinct_markers(t, s, a, True)
            if aktion:
                out.append(Choice(f"convert:{aid}", f"Convert an Aktion marker in {name} "
                                  f"({CONVERT_COST} gold and a ship card)", (aid, aktion[0]),
                                  ("convert", a, -1, aktion[0])))
        if not has_card[t.ship_area[a]] or not reachable(t, s, me, a):
            continue
        row = s.discs[a]
        for c in range(len(t.countries)):
            if row[c] > 0 and c != me and enemies(t, s, me, c):
                cid = t.countries[c]
                out.append(Choice(f"attack_disc:{aid}:{cid}",
                                  f"Attack {nw.country(t, c)} in {name}", (aid, cid),
                                  ("disc", a, c, "")))
        for mid in distinct_markers(t, s, a, False):
            out.append(Choice(f"attack_marker:{mid}", f"Attack {nw.marker(t, mid)}",
                              (aid, mid), ("marker", a, -1, mid)))
    return out


def attack_decision(ctx: Ctx, seat: int, second: bool) -> Decision:
    t, s = ctx.t, ctx.s
    who = nw.seat(t, s, seat)
    prompt = (f"{who}: make a second attack (War Office)?" if second
              else f"{who}: attack, convert an Aktion marker, or pass?")
    return Decision(seat, "second_attack" if second else "attack", prompt,
                    tuple(attack_choices(ctx, seat, second)))


def declare(ctx: Ctx, seat: int, data: tuple[str, int, int, str]) -> Frame:
    """The frame of the chosen attack action."""
    kind, area, target, marker = data
    s, t = ctx.s, ctx.t
    if kind == "convert":
        return ConvertFrame(seat, area)
    ctx.emit(ev.AttackDeclared(seat, t.areas[area], kind, target, marker))
    return new_combat(t, s, seat, area, target, marker)


@dataclass(slots=True)
class ConvertFrame(Frame, kind="aor.convert"):
    """R7.5: which card to show (a ship card, or the Blank without one), then pay 2 gold and
    replace an Aktion marker with a disc. No dice, no allies, no unrest."""

    seat: int
    area: int

    def step(self, ctx: Ctx) -> Decision | None:
        s, t = ctx.s, ctx.t
        cards = conversion_cards(t, s.players[self.seat])
        ch = tuple(Choice(f"card:{c}", f"Show your {nw.card(t, c)}", (c,), c) for c in cards)
        return Decision(self.seat, "convert_card", "Convert an Aktion marker in "
                        f"{nw.the_area(t, t.areas[self.area])}: show which ship card?", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        s, t = ctx.s, ctx.t
        p = s.players[self.seat]
        card = c.data
        pay(ctx, self.seat, CONVERT_COST)
        mid = distinct_markers(t, s, self.area, True)[0]
        s.markers[self.area].remove(mid)
        s.removed.append(mid)
        s.discs[self.area][p.country] += 1
        p.supply -= 1
        info = t.cards[card]
        if info.kind == "combat" or ctx.opt("blank_conversion_discarded"):
            p.hand.remove(card)  # R7.5.4; the Blank returns to hand (O15)
            p.discard.append(card)
        if info.kind == "combat" and card not in p.shown:
            p.shown.append(card)  # O31: shown to all
        ctx.emit(ev.Converted(self.seat, t.areas[self.area], mid, card, CONVERT_COST))
        s.stack.pop()
