"""Which rule a thing on the table stands for: the link from hover text and "why not"
messages into the rules reference (game.guide.reference, numbered like RULES.md)."""

from __future__ import annotations

# target kind -> rule, when the decision being asked does not say more
BY_KIND: dict[str, str] = {
    "section": "R7.2.1",
    "monument": "R15",
    "perk": "R17.2",
    "bonus": "R17.4",
    "bonus_tile": "R17.4",
    "patron": "R21.1",
    "pool_slot": "R9.3",
    "shop": "R7.2.2",
    "slot": "R1.7",
    "staging": "R5.2",
    "action": "R6.5",
    "conduit": "R19.2",
    "track": "R13.2",
    "exhausted": "R1.4",
    "reserve": "R17.2",
    "pillar": "R13.5.2",
    "bound": "R13.5.1",
    "achievement": "R22.3",
    "power": "R25.1",
    "space": "R12.2",
    # Folklore (R26) and the parts both modules share (R28-R30)
    "artifact_slot": "R26.2.1",
    "card": "R26.3.1",
    "option": "R26.3.2",
    "folklore_option": "R26.3.2",
    "folklore_track": "R26.5",
    "scoring_card": "R30.2",
    # Pilgrimage (R27)
    "pilgrim": "R27.8",
    "shrine": "R27.5.2",
    "frame": "R27.5.2",
    "speed": "R27.2.1",
    "pilgrim_board": "R27.5",
}

# (target kind, decision kind) -> rule: the same thing means another rule in that question
BY_DECISION: dict[tuple[str, str], str] = {
    ("slot", "load_slot"): "R5.3",
    ("exhausted", "load_slot"): "R5.3",
    ("slot", "action"): "R6.1",
    ("slot", "deploy_tile"): "R7.1",
    ("slot", "claim_replace"): "R9.4",
    ("slot", "magnet"): "R16.3",
    ("slot", "replenish_slot"): "R17.6",
    ("staging", "claim_replace"): "R9.4",
    ("shop", "interest"): "R9.6",
    ("exhausted", "interest"): "R9.6",
    ("shop", "claim_pay"): "R9.3",
    ("shop", "reposition_from"): "R10.1",
    ("section", "reposition_from"): "R10.1",
    ("section", "compass"): "R16.4",
    ("monument", "end_of_advance"): "R21.2",
    ("bound", "completer_bind"): "R15.5.4",
    ("action", "upgrade"): "R18.1",
    ("action", "channel_position"): "R6.5.5",
    ("space", "bridge"): "R20.2",
    ("exhausted", "move"): "R13.2",
    ("space", "folklore_place"): "R26.3.1",
    ("card", "folklore_keep"): "R26.1.3",
    ("option", "folklore_reply"): "R26.3.3",
    ("option", "folklore_extra"): "R26.3.4",
    ("bound", "place_doubler"): "R28.3",
    ("pillar", "place_doubler"): "R28.3",
    ("scoring_card", "gain_scoring_card"): "R28.4",
    ("pilgrim", "deploy_energy"): "R27.3",
    ("pilgrim", "reposition_to"): "R27.3",
    ("pilgrim", "reposition_from"): "R27.3",
    ("pilgrim", "compass"): "R27.3",
    ("pilgrim", "pilgrimage_energy"): "R27.5.2",
    ("shrine", "pilgrimage_benefit"): "R27.8.3",
}

INFO: dict[str, str] = {
    "supply": "R9.5",
    "channel": "R5.4",
    "reserves": "R17.2",
    "reserve": "R17.2",
    "exhausted pool": "R1.4",
    "bank": "R7.2.2",
    "top": "R24",
    "patron": "R21.2",
}


def target_kind(target: str) -> str:
    if target.startswith(("sp_", "br_")):
        return "space"
    return target.split(":", 1)[0]


def rule_for_target(target: str, decision_kind: str = "") -> str:
    """The rule id ("R9.3") a table target stands for while `decision_kind` is asked, or ""."""
    kind = target_kind(target)
    if kind == "info":
        sub = target.split(":")[1] if target.count(":") else ""
        return INFO.get(sub, "")
    if kind == "action" and (kind, decision_kind) not in BY_DECISION:
        pos = target.rsplit(":", 1)[-1]
        return f"R6.5.{pos}" if pos in ("1", "2", "3", "4", "5") else "R6.5"
    if kind == "space" and target.startswith("br_") and decision_kind != "bridge":
        return "R12.5" if decision_kind == "move" else "R20.3"
    return BY_DECISION.get((kind, decision_kind)) or BY_KIND.get(kind, "")
