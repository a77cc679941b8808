"""Readable game-log lines from events, in player words (engine.aac.names): never catalog ids."""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from engine.aac import events as ev
from engine.aac import names as nw
from engine.aac.config import module_title
from engine.aac.data import Rules
from engine.aac.scoring import category


def seat_name(r: Rules, chars: Sequence[str], seat: int,
              names: Sequence[str] = ()) -> str:
    """How the log calls a seat: the name its player typed (`names`), else its character's
    name, else "Player 2" (before characters are known), counted from 1."""
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    if 0 <= seat < len(chars) and chars[seat] and chars[seat] in r.names:
        return r.names[chars[seat]]
    return f"Player {seat + 1}"


def _loc(r: Rules, loc: str) -> str:
    return nw.loc(r, loc)


def signed(n: int) -> str:
    """+2 / −1 with a real minus sign."""
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "±0"


def score_line(e: ev.ScoreChanged, who: str) -> str:
    """ "Freyith: 1 → 0 VP (Tile Pool −1: energy paid for a tile)." """
    head = f"{who}: {e.old} → {e.new} VP"
    if not e.parts:
        return head + "."
    bits = []
    for part in e.parts:
        cat = category(part.category)
        words = cat.said if cat is not None else nw.cap(part.category.replace("_", " "))
        text = f"{words} {signed(part.new - part.old)}"
        if part.cause:
            text += f": {part.cause}"
        bits.append(text)
    return f"{head} ({'; '.join(bits)})."


def _moved(r: Rules, e: ev.FigureMoved) -> str:
    steps = e.path[1:]
    land = nw.space(r, steps[-1]) if steps else nw.space(r, e.path[0] if e.path else "")
    bridges = [s for s in steps[:-1] if s in r.space_regions and s in r.bridge_role]
    via = ""
    if bridges:
        via = " over " + " and ".join(nw.space(r, b) for b in dict.fromkeys(bridges))
    n = len(steps)
    return f"moves {n} space{'' if n == 1 else 's'}{via} to {land}"


def describe(e: ev.Event, r: Rules, chars: Sequence[str], names: Sequence[str] = ()) -> str:
    """One line for the game log; `names`: the names the players typed (seat order), else
    the characters' names call the seats."""
    if not isinstance(e, ev.ALL_EVENTS):
        line = getattr(e, "log_line", None)  # a module's event says itself (engine.aac.folklore)
        if callable(line):
            return str(line(r, lambda seat: seat_name(r, chars, seat, names)))
        return "Something happened on the table."  # an event no rule area describes
    return _describe(e, r, chars, names)  # type: ignore[arg-type]


def _describe(e: ev.AacEvent, r: Rules, chars: Sequence[str], names: Sequence[str]) -> str:
    """One match over the events' union: a new event type is a type error until it has its
    line (assert_never)."""
    def who(seat: int) -> str:
        return seat_name(r, chars, seat, names)

    def nm(x: str) -> str:
        return r.names.get(x, "something")

    seat_names = [who(i) for i in range(len(chars))]
    match e:
        case ev.TurnStarted():
            extra = " (final round)" if e.final_round else ""
            return f"--- Turn {e.turn}: {who(e.seat)}{extra} ---"
        case ev.TurnTypeChosen():
            return f"{who(e.seat)} takes an {e.turn_type.title()} turn."
        case ev.TokenMoved():
            why = f" ({e.reason})" if e.reason else ""
            return (f"{who(e.owner)}: {nw.energy(e.etype)} from {_loc(r, e.src)} to "
                    f"{_loc(r, e.dst)}{why}.")
        case ev.TilesPushed():
            side = "left" if e.inserted_at == 1 else "right"
            return (f"{who(e.seat)} pushes {nw.tile(r, e.tile)} in from the {side}; "
                    f"{nw.tile(r, e.ejected)} leaves the device.")
        case ev.TileClaimed():
            where = f"position {e.position}" if e.position else "the staging area"
            return (f"{who(e.seat)} claims the {nw.tile(r, e.tile)} (slot {e.pool_slot}, price "
                    f"{e.price}), replacing {nw.tile(r, e.replaced)} at {where}.")
        case ev.PoolChanged():
            return "Tile Pool: " + ", ".join(nw.tile(r, t) if t else "empty" for t in e.slots) + "."
        case ev.SectionCompleted():
            by = who(e.completer) if e.completer >= 0 else f"no completer ({e.cause})"
            return f"{nm(e.monument)}: {nw.section_number(r, e.section)} completed by {by}."
        case ev.SectionConstructed():
            nxt = (f"; next is {nw.section_number(r, e.next_section)}" if e.next_section
                   else "; fully constructed")
            return f"{nm(e.monument)}: {nw.section_number(r, e.section)} constructed{nxt}."
        case ev.SectionDeconstructed():
            return (f"{nm(e.monument)}: {nw.section_number(r, e.section)} deconstructed to the "
                    "bottom of its stack.")
        case ev.FigureMoved():
            return f"{who(e.seat)} {_moved(r, e)}."
        case ev.FigureTeleported():
            src = nw.space(r, e.src) if e.src else "off the board"
            return f"{who(e.seat)} teleports from {src} to {nw.space(r, e.dst)}."
        case ev.FacingChosen():
            return f"{who(e.seat)} faces away from {nw.space(r, e.behind)}."
        case ev.TrackMoved():
            return f"{who(e.seat)}: {nw.track(e.track)} peg {e.from_peg} → {e.to_peg}."
        case ev.ChannelMarker():
            state = "charged" if e.charged else "exhausted"
            return f"{who(e.seat)}'s Channel Marker is now {state}."
        case ev.BridgeBuilt():
            tier = nw.ROMAN[e.tier] if 0 < e.tier < len(nw.ROMAN) else str(e.tier)
            if not e.space:
                return f"{who(e.seat)} puts Bridge Token {tier} (side {e.side}) in the box."
            over = ""
            if e.replaced.startswith(("n:", "p:")):
                over = f", replacing {nw.bridge_value(r, e.replaced, seat_names)}"
            return (f"{who(e.seat)} places Bridge Token {tier} (side {e.side}) on "
                    f"{nw.space(r, e.space)}{over}.")
        case ev.BridgeBenefit():
            return (f"{who(e.seat)} gains the bridge benefit of {nw.space(r, e.space)}: "
                    f"{e.text.rstrip('.')}.")
        case ev.PerkTaken():
            return f"{who(e.seat)} takes the {e.kind} perk: {e.text.rstrip('.')}."
        case ev.ActionUpgraded():
            return f"{who(e.seat)} upgrades column {e.column} with {nm(e.token)}."
        case ev.ConduitGained():
            return f"{who(e.seat)} gains a {nm(e.token)} above position {e.space}."
        case ev.ConduitsRearranged():
            return (f"{who(e.seat)} rearranges conduits: "
                    + ", ".join(nm(c) if c else "empty" for c in e.conduits) + ".")
        case ev.TilesRearranged():
            return (f"{who(e.seat)} rearranges the active tiles: "
                    + ", ".join(nm(t) for t in e.device) + ".")
        case ev.ActionTokensSwapped():
            a, b = e.positions
            return (f"{who(e.seat)} swaps the Action Tokens of positions {a} and {b}: "
                    f"{nm(e.actions[a - 1])} is now at position {a}, {nm(e.actions[b - 1])} at "
                    f"position {b}.")
        case ev.PatronTaken():
            return f"{who(e.seat)} takes the Patron Token of {nm(e.monument)}."
        case ev.PatronUsed():
            return f"{who(e.seat)} uses a Patron Token on {nm(e.monument)}."
        case ev.AchievementClaimed():
            return (f"{who(e.seat)} claims {nm(e.achievement)} ({e.column} column) with a "
                    f"{nw.energy(e.etype)}.")
        case ev.PowerUsed():
            name = nm(e.power)
            text = f": {e.text.rstrip('.')}" if e.text and e.text != name else ""
            return f"{who(e.seat)} uses {name}{text}."
        case ev.ScoreChanged():
            return score_line(e, who(e.seat))
        case ev.FinalRoundTriggered():
            return (f"Every monument is built: the final round begins (triggered on "
                    f"{who(e.seat)}'s turn).")
        case ev.GameEnded():
            scores = ", ".join(f"{who(i)} {s}" for i, s in enumerate(e.scores))
            winners = " & ".join(who(w) for w in e.winners)
            return f"Game over. Scores: {scores}. Winner: {winners}."
        case ev.SetupDone():
            mods = ""
            if e.modules:
                mods = "; with the " + " and ".join(module_title(m) for m in e.modules) + (
                    " modules" if len(e.modules) > 1 else " module")
            return ("Setup: " + ", ".join(who(i) for i in range(len(e.seats))) + "; monuments "
                    + ", ".join(nm(m) for m in e.monuments) + f"{mods}; {who(e.start_player)} "
                    "starts.")
        case _:
            assert_never(e)
