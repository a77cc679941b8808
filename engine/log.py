"""Readable game-log lines from events."""

from __future__ import annotations

from engine import events as ev
from engine.data import Rules


def _seat(r: Rules, chars: list[str], seat: int) -> str:
    if 0 <= seat < len(chars) and chars[seat]:
        return f"{r.names.get(chars[seat], chars[seat])} (seat {seat + 1})"
    return f"seat {seat + 1}"


def _loc(r: Rules, loc: str) -> str:
    kind, _, rest = loc.partition(":")
    if kind == "slot":
        pos, row = rest.split(":")
        return f"position {pos} ({row} row)"
    if kind == "section":
        mon, idx = rest.rsplit(":", 1)
        return f"{r.names.get(mon, mon)} (space {int(idx) + 1})"
    if kind == "bound":
        return f"the bound energy area of {r.names.get(rest, rest)}"
    if kind == "pillar":
        return f"the Pillar of {r.names.get(r.pillar_region.get(rest, ''), rest)}"
    if kind == "achievement":
        aid, col = rest.split(":")
        return f"the achievement {r.names.get(aid, aid)} ({col} column)"
    if kind == "track":
        return f"the {rest.title()} Track"
    return {"exhausted": "the exhausted pool", "reserve": "the reserve", "shop": "the Tile Pool",
            "staging": "the staging area"}.get(loc, loc)


def describe(e: ev.Event, r: Rules, chars: list[str]) -> str:
    """One line for the game log."""
    def who(seat: int) -> str:
        return _seat(r, chars, seat)

    def nm(x: str) -> str:
        return r.names.get(x, x)

    if isinstance(e, ev.TurnStarted):
        extra = " (final round)" if e.final_round else ""
        return f"--- Turn {e.turn}: {who(e.seat)}{extra} ---"
    if isinstance(e, ev.TurnTypeChosen):
        return f"{who(e.seat)} takes an {e.turn_type.title()} turn."
    if isinstance(e, ev.TokenMoved):
        why = f" ({e.reason})" if e.reason else ""
        return f"{who(e.owner)}: {e.etype} from {_loc(r, e.src)} to {_loc(r, e.dst)}{why}."
    if isinstance(e, ev.TilesPushed):
        side = "left" if e.inserted_at == 1 else "right"
        return f"{who(e.seat)} pushes {e.tile} in from the {side}; {e.ejected} leaves the device."
    if isinstance(e, ev.TileClaimed):
        where = f"position {e.position}" if e.position else "the staging area"
        return (f"{who(e.seat)} claims {e.tile} (slot {e.pool_slot}, price {e.price}), replacing "
                f"{e.replaced} at {where}.")
    if isinstance(e, ev.PoolChanged):
        return "Tile Pool: " + ", ".join(t or "-" for t in e.slots) + "."
    if isinstance(e, ev.SectionCompleted):
        by = who(e.completer) if e.completer >= 0 else f"no completer ({e.cause})"
        return f"{nm(e.monument)}: section {e.section} completed by {by}."
    if isinstance(e, ev.SectionConstructed):
        nxt = f"; next is {e.next_section}" if e.next_section else "; fully constructed"
        return f"{nm(e.monument)}: section {e.section} constructed{nxt}."
    if isinstance(e, ev.SectionDeconstructed):
        return f"{nm(e.monument)}: section {e.section} deconstructed to the bottom of its stack."
    if isinstance(e, ev.FigureMoved):
        return f"{who(e.seat)} moves " + " -> ".join(e.path) + "."
    if isinstance(e, ev.FigureTeleported):
        return f"{who(e.seat)} teleports from {e.src or '-'} to {e.dst}."
    if isinstance(e, ev.TrackMoved):
        return f"{who(e.seat)}: {e.track.title()} Track peg {e.from_peg} -> {e.to_peg}."
    if isinstance(e, ev.ChannelMarker):
        return f"{who(e.seat)}'s Channel Marker is now {'charged' if e.charged else 'exhausted'}."
    if isinstance(e, ev.BridgeBuilt):
        where = e.space or "the box"
        return f"{who(e.seat)} places Bridge Token {e.tier} (side {e.side}) on {where}."
    if isinstance(e, ev.BridgeBenefit):
        return f"{who(e.seat)} gains the bridge benefit of {e.space}: {e.text}"
    if isinstance(e, ev.PerkTaken):
        return f"{who(e.seat)} takes the {e.kind} perk: {e.text.rstrip('.')}."
    if isinstance(e, ev.ActionUpgraded):
        return f"{who(e.seat)} upgrades column {e.column} with {nm(e.token)}."
    if isinstance(e, ev.ConduitGained):
        return f"{who(e.seat)} gains conduit {e.token} above position {e.space}."
    if isinstance(e, ev.ConduitsRearranged):
        return f"{who(e.seat)} rearranges conduits: {', '.join(c or '-' for c in e.conduits)}."
    if isinstance(e, ev.PatronTaken):
        return f"{who(e.seat)} takes the Patron Token of {nm(e.monument)}."
    if isinstance(e, ev.PatronUsed):
        return f"{who(e.seat)} uses a Patron Token on {nm(e.monument)}."
    if isinstance(e, ev.AchievementClaimed):
        return f"{who(e.seat)} claims {nm(e.achievement)} ({e.column}) with a {e.etype}."
    if isinstance(e, ev.PowerUsed):
        return f"{who(e.seat)} uses {nm(e.power)}: {e.text}."
    if isinstance(e, ev.ScoreChanged):
        return f"{who(e.seat)}: score {e.old} -> {e.new}."
    if isinstance(e, ev.FinalRoundTriggered):
        return (f"Every monument is built: the final round begins (triggered on "
                f"{who(e.seat)}'s turn).")
    if isinstance(e, ev.GameEnded):
        return ("Game over. Scores: " + ", ".join(f"{who(i)} {s}" for i, s in enumerate(e.scores))
                + ". Winner: " + " & ".join(who(w) for w in e.winners) + ".")
    if isinstance(e, ev.SetupDone):
        return ("Setup: " + ", ".join(who(i) for i in range(len(e.seats))) + "; monuments "
                + ", ".join(nm(m) for m in e.monuments) + f"; {who(e.start_player)} starts.")
    return repr(e)
