"""Player words for everything the engine names: catalog ids, location and target strings,
decision kinds, score categories.

The engine identifies things by catalog ids (`shop_i_06`, `sp_east_out_ccw`, `br_fixed_north_east`)
and by small location strings (`slot:3:top`, `section:ember_forge:2`). None of these may reach a
player. This module is the one place that turns them into words:

- `catalog_words(raw)` builds, from the raw catalog files, a short name (fits a button or a log
  line) and a long name (for tooltips) for every catalog id. `engine.aac.data.build_rules` stores
  them as `Rules.names` and `Rules.long_names`, so rule code keeps using `ctx.name(id)`, a dict
  lookup, on its hot path.
- The phrase helpers (`loc`, `target`, `path`, `kind`, `energy`, ...) take a `Rules` and turn
  compound strings into words.

Naming scheme (what a player can find on the board):
- path spaces by region and place: "Cinderreach start space", "Cinderreach, by the bridge to
  Anfirien Vale", "Cinderreach, by the inner bridge to Glasswater Coast", "Cinderreach,
  Glasswater Coast side" (the middle space of that side), "Anfirien Vale, between the
  Cinderreach and Glasswater Coast bridges";
- bridge spaces by the regions they join: "the bridge between Anfirien Vale and Cinderreach",
  "the outer bridge between Cinderreach and Glasswater Coast" (outer regions share two);
- shop tiles, which have no printed name, by what they hold: "Tier II tile (2+1, foot)" short,
  "a tier II tile: 2 top slots, 1 bottom slot, winged foot" long; starting tiles by owner and
  number: "Aureon's tile 3 (foot)";
- sections "Ember Forge, section 2"; energy types capitalised ("Compass").

This module imports nothing of the engine at run time (engine.aac.data imports it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.aac.data import Rules

ENERGY = ("Compass", "Rose", "Magnet", "Wild")
ENERGY_BY_ID = {"compass": "Compass", "rose": "Rose", "magnet": "Magnet", "wild": "Wild"}
ICON_SHORT = {"move": "foot", "monument": "castle", "pillar": "pillar"}
ICON_PLURAL = {"move": "feet", "monument": "castles", "pillar": "pillars"}
ICON_LONG = {"move": "winged foot", "monument": "castle", "pillar": "pillar"}
ROMAN = ("", "I", "II", "III", "IV", "V")
TRACK_WORDS = {"monument": "Monument Track", "pillar": "Pillar Track"}


# Decision kinds (Decision.kind) in words: what the seat is being asked.
KIND_WORDS = {
    "turn_type": "Choose the turn type",
    "choose_character": "Choose a character",
    "choose_facing": "Choose the figure's facing",
    "expert_load": "Secret loading",
    "expert_pool": "Secret loading: Tile Pool",
    "push_tile": "Push a tile",
    "second_push": "Second push",
    "chronari_reverse": "Reverse Flow",
    "load_slot": "Load a slot",
    "action": "Choose an action",
    "deploy_tile": "Deploy",
    "deploy_energy": "Deploy: place energy",
    "claim_pick": "Claim a tile",
    "claim_pay": "Pay for the tile",
    "claim_replace": "Replace a tile",
    "interest": "Interest",
    "reposition_from": "Reposition",
    "reposition_to": "Reposition: where to",
    "move": "Movement",
    "teleport": "Teleport",
    "facing": "Choose the figure's facing",
    "bridge": "Place a bridge",
    "bridge_benefit": "Bridge benefit",
    "deposit": "Deposit in the Tile Pool",
    "replenish_slot": "Replenish",
    "replenish_tile": "Replenish",
    "upgrade": "Action Upgrade",
    "conduit": "Conduit Token",
    "copy_bonus": "Copy a bonus tile",
    "rearrange_conduits": "Rearrange conduits",
    "custodian": "Custodian",
    "effect_option": "Choose an effect",
    "free_any": "Free an energy",
    "power_edict": "Edict of Plenty",
    "channel_position": "Channel Marker",
    "power_offer": "Use a power",
    "end_of_advance": "End of the Advance turn",
    "end_of_turn_ability": "End-of-turn abilities",
    "migration": "Migration",
    "entropy": "Entropy",
    "entropy_here": "Entropy",
    "entropy_other": "Entropy",
    "patron_take": "Monument Patron Token",
    "resolve_order": "Resolve completed sections",
    "completer_bind": "Bind energy",
    "participant": "Section resolves",
    "magnet": "Magnet activated",
    "compass": "Compass activated",
    "rewind": "Rewind",
    "rewind_second": "Rewind",
}

PLACES = {
    "exhausted": "the exhausted pool",
    "reserve": "the reserve",
    "shop": "the Tile Pool bank",
    "staging": "the staging area",
    "tile_pool": "the Tile Pool",
}


def cap(text: str) -> str:
    """The text with its first letter capitalised (for a phrase that starts a sentence)."""
    return text[:1].upper() + text[1:] if text else text


def energy(t: int | str) -> str:
    """Energy type in words: 0..3 or "compass".. -> "Compass"."""
    if isinstance(t, int):
        return ENERGY[t % 4]
    return ENERGY_BY_ID.get(t, cap(t))


def icons_short(icons: Sequence[str]) -> str:
    out = []
    for ic in dict.fromkeys(icons):
        n = sum(1 for x in icons if x == ic)
        out.append(ICON_SHORT.get(ic, ic) if n == 1 else f"{n} {ICON_PLURAL.get(ic, ic)}")
    return ", ".join(out)


def icons_long(icons: Sequence[str]) -> str:
    if not icons:
        return "no icons"
    out = []
    for ic in dict.fromkeys(icons):
        n = sum(1 for x in icons if x == ic)
        word = ICON_LONG.get(ic, ic)
        out.append(word if n == 1 else f"{n} × {word}")
    return ", ".join(out)


def _slots(n: int, what: str) -> str:
    return f"{n} {what} slot" + ("" if n == 1 else "s")


# --- the catalog's ids -----------------------------------------------------------------------


def _walk(o: Any, out: list[dict[str, Any]]) -> None:
    if isinstance(o, dict):
        if isinstance(o.get("id"), str):
            out.append(o)
        for v in o.values():
            _walk(v, out)
    elif isinstance(o, list):
        for v in o:
            _walk(v, out)


def catalog_entities(raw: dict[str, Any]) -> list[dict[str, Any]]:
    """Every object with an "id" in the raw catalog files, in file order."""
    out: list[dict[str, Any]] = []
    for key in sorted(raw):
        _walk(raw[key], out)
    return out


def _space_words(m: dict[str, Any], rn: dict[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """Names of the map's path and bridge spaces (see the module docstring)."""
    short: dict[str, str] = {}
    long_: dict[str, str] = {}
    nb: dict[str, list[str]] = {s["id"]: [] for s in m["spaces"]}
    for e in m["edges"]:
        nb[e["a"]].append(e["b"])
        nb[e["b"]].append(e["a"])
    spaces = {s["id"]: s for s in m["spaces"]}
    bridge_to: dict[str, tuple[str, str]] = {}  # path space -> (bridge, other region)
    for sid, s in spaces.items():
        regs = s.get("regions")
        if not regs:
            continue
        role = (s.get("bridge_site") or {}).get("role", "")
        a, b = rn.get(regs[0], regs[0]), rn.get(regs[1], regs[1])
        which = {"ring_inner": "inner bridge", "ring_outer": "outer bridge"}.get(role, "bridge")
        short[sid] = f"the {which} between {a} and {b}"
        long_[sid] = f"the {which} between {a} and {b} (a bridge space)"
        for n in nb[sid]:
            reg = spaces[n].get("region")
            other = regs[1] if reg == regs[0] else regs[0]
            bridge_to[n] = (which, rn.get(other, other))
    for sid, s in spaces.items():
        reg = s.get("region")
        if not reg:
            continue
        r = rn.get(reg, reg)
        if s.get("kind") == "start":
            short[sid] = f"{r} start space"
            long_[sid] = f"{r} start space (figures begin the game here)"
        elif sid in bridge_to:
            which, other = bridge_to[sid]
            short[sid] = f"{r}, by the {which} to {other}"
        else:
            sides = [bridge_to[n][1] for n in nb[sid] if n in bridge_to]
            if len(sides) == 2 and sides[0] == sides[1]:
                short[sid] = f"{r}, {sides[0]} side"
                long_[sid] = (f"{r}: the middle space of its side facing {sides[0]}, between the "
                              f"two bridges to {sides[0]}")
            elif len(sides) == 2:
                short[sid] = f"{r}, between the {sides[0]} and {sides[1]} bridges"
            else:
                short[sid] = f"{r}, a path space"
    return short, long_


def catalog_words(raw: dict[str, Any]) -> tuple[dict[str, str], dict[str, str]]:
    """(short, long) player words for every catalog id. `raw` maps file stem -> parsed JSON."""
    short: dict[str, str] = {}
    long_: dict[str, str] = {}
    ents = catalog_entities(raw)
    for o in ents:  # everything with a printed name first
        if isinstance(o.get("name"), str):
            short[o["id"]] = o["name"]
    for key, word in ENERGY_BY_ID.items():
        short[key] = word
    for key, word in ICON_LONG.items():
        short[key] = cap(word)
    m = raw.get("map", {})
    rn = {r["id"]: r["name"] for r in m.get("regions", [])}
    chars = {c["id"]: c["name"] for c in raw.get("characters", {}).get("characters", [])}
    mons = {x["id"]: x["name"] for x in raw.get("monuments", {}).get("monuments", [])}
    region_mon = {r["id"]: mons.get(r["monument_site"]["monument"], "")
                  for r in m.get("regions", [])}
    if m:
        s, lg = _space_words(m, rn)
        short.update(s)
        long_.update(lg)
    for reg in m.get("regions", []):
        r = reg["name"]
        mon = region_mon.get(reg["id"]) or r
        site = reg["monument_site"]
        short[site["id"]] = f"the site of {mon}"
        short[site["bound_area"]["id"]] = f"the bound energy area of {mon}"
        long_[site["bound_area"]["id"]] = f"the bound energy area of {mon} ({r})"
        short[site["patron_token_spot"]["id"]] = f"the Patron Token spot of {mon}"
        for p in reg["pillar"]["spaces"]:
            short[p["id"]] = f"the Pillar of {r}, {p['side']} space"
            long_[p["id"]] = f"the {p['side']} space of the Pillar of Civilization in {r}"
    for e in m.get("edges", []):
        a, b = short.get(e["a"], e["a"]), short.get(e["b"], e["b"])
        short[e["id"]] = f"the path from {a} to {b}"
    for f in m.get("forks", []):
        short[f["id"]] = f"the fork at {short.get(f['space'], f['space'])}"
    for mon in raw.get("monuments", {}).get("monuments", []):
        for sec in mon["sections"]:
            short[sec["id"]] = f"{mon['name']}, section {sec['number']}"
            for k, sp in enumerate(sec.get("spaces", [])):
                if isinstance(sp, dict) and "id" in sp:
                    short[sp["id"]] = (f"{mon['name']}, section {sec['number']}, "
                                       f"space {k + 1} ({energy(sp.get('symbol', ''))})")
    for rt in raw.get("monuments", {}).get("randomizer_tokens", []):
        short[rt["id"]] = f"the randomizer token of {mons.get(rt['monument'], rt['monument'])}"
    tiles = raw.get("tiles", {})
    for st in tiles.get("starting_tiles", {}).get("tiles", []):
        owner = chars.get(st["character"], st["character"])
        ic = icons_short(st["icons"])
        short[st["id"]] = f"{owner}'s tile {st['number']}" + (f" ({ic})" if ic else "")
        long_[st["id"]] = (f"{owner}'s starting tile {st['number']}: "
                           f"{_slots(st['top_slots'], 'top')}, "
                           f"{_slots(st['bottom_slots'], 'bottom')}, {icons_long(st['icons'])}")
    for st in tiles.get("shop_tiles", []):
        ic = icons_short(st["icons"])
        short[st["id"]] = (f"Tier {st['stack']} tile ({st['top_slots']}+{st['bottom_slots']}"
                           + (f", {ic})" if ic else ")"))
        long_[st["id"]] = (f"a tier {st['stack']} tile: {_slots(st['top_slots'], 'top')}, "
                           f"{_slots(st['bottom_slots'], 'bottom')}, {icons_long(st['icons'])}")
    for stack in tiles.get("conduit_tokens", {}).get("stacks", []):
        short[stack["id"]] = f"the {ICON_LONG.get(stack['icon'], stack['icon'])} conduit stack"
        for tok in stack["tokens_top_to_bottom"]:
            kind = "double " if tok.get("double") else ""
            short[tok["id"]] = f"{kind}{icons_short(tok['icons'][:1])} conduit"
            long_[tok["id"]] = f"a {kind}conduit token with {icons_long(tok['icons'])}"
    for up in tiles.get("action_upgrades", []):
        for cp in up.get("copies", []):
            short[cp["id"]] = f"{up['name']} ({cp['min_players']}+ players copy)"
    dev = tiles.get("device", {})
    for pos in dev.get("positions", []):
        short[pos["id"]] = f"position {pos['position']}"
    for k, d in enumerate(dev.get("on_deck_spaces", [])):
        short[d["id"]] = f"staging space {'AB'[k] if k < 2 else k + 1}"
    for cs in dev.get("conduit_spaces", []):
        short[cs["id"]] = f"the conduit space above position {cs['above_position']}"
    for ch in raw.get("characters", {}).get("characters", []):
        nm = ch["name"]
        if isinstance(ch.get("channel_marker"), dict):
            short[ch["channel_marker"]["id"]] = f"{nm}'s Channel Marker"
        if isinstance(ch.get("quick_start"), dict) and "id" in ch["quick_start"]:
            short[ch["quick_start"]["id"]] = f"{nm}'s quick-start set-up"
        for bt in ch.get("bridge_tokens", []):
            tier = ROMAN[int(bt["tier"])]
            short[bt["id"]] = f"{nm}'s Bridge Token {tier}"
            for sd in bt.get("sides", []):
                short[sd["id"]] = f"{nm}'s Bridge Token {tier}, side {sd['side']}"
        for pw in ch.get("powers", []):
            short.setdefault(pw["id"], pw.get("name", "a power"))
    for o in ents:  # whatever is left: readable words from its own fields
        i = o["id"]
        if i in short:
            continue
        if "slot" in o and "price" in o:
            short[i] = f"Tile Pool slot {o['slot']}"
        elif "column" in o and i.startswith("ach_spot"):
            short[i] = f"achievement spot {i.split('_')[2]}, {o['column']} column"
        elif i.startswith("ach_spot"):
            short[i] = f"achievement spot {i.split('_')[2]}"
        elif "type" in o and "tokens" in o:
            short[i] = f"the {energy(o['type'])} row of the reserve"
        elif "position" in o and i.startswith("reserve_col"):
            short[i] = f"column {o['position']} of the reserve"
        else:
            words = i.replace("_", " ").replace(" catalog", " catalogue")
            for pre in ("loc ", "reserve area ", "pool "):
                if words.startswith(pre) and pre == "loc ":
                    words = words[4:] + " area"
            short[i] = "the " + words
    for i, v in short.items():
        long_.setdefault(i, v)
    return short, long_


# --- phrases for compound strings --------------------------------------------------------------


def nm(r: Rules, key: str) -> str:
    """Short words for a catalog id (the id itself only if the catalog does not know it)."""
    return r.names.get(key, key)


def long_name(r: Rules, key: str) -> str:
    return r.long_names.get(key) or r.names.get(key, key)


def tile(r: Rules, tid: str) -> str:
    return r.names.get(tid, "a tile") if tid else "no tile"


def section(r: Rules, sec: str) -> str:
    return r.names.get(sec, "a section")


def section_number(r: Rules, sec: str) -> str:
    sd = r.sections.get(sec)
    return f"section {sd.number}" if sd is not None else "a section"


def space(r: Rules, sid: str) -> str:
    if sid == "tile_pool":
        return "the Tile Pool"
    return r.names.get(sid, "a space") if sid else "off the board"


def source(r: Rules, src: str) -> str:
    """The source of an effect as frames keep it (a catalog id such as a bonus tile, a power
    name, "position 4: Movement", "Rose") in words for a prompt: "Movement (position 4)"."""
    if src.startswith("position ") and ": " in src:
        pos, _, name = src.partition(": ")
        return f"{name} ({pos})"
    return cap(r.names.get(src, src))


def path(r: Rules, spaces: Iterable[str]) -> str:

    return " → ".join(space(r, s) for s in spaces)


def track(kind: str) -> str:
    return TRACK_WORDS.get(kind, f"{cap(kind)} Track")


def kind(k: str) -> str:
    """A decision kind in words ("push_tile" -> "Push a tile")."""
    return KIND_WORDS.get(k) or cap(k.replace("_", " "))


def monument_of_region(r: Rules, region: str) -> str:
    mon = r.regions[region].monument if region in r.regions else ""
    return r.names.get(mon, "") or r.names.get(region, region)


def bound_area(r: Rules, region: str) -> str:
    return f"the bound energy area of {monument_of_region(r, region)}"


def pillar(r: Rules, pil: str) -> str:
    reg = r.pillar_region.get(pil, "")
    return f"the Pillar of {r.names.get(reg, 'Civilization')}"


# Energy location kind -> its words (filled by engine.aac.locations, where every location is
# declared with its words; this module imports nothing of the engine at run time).
LOCATION_WORDS: dict[str, Callable[[Rules, str], str]] = {}


def loc(r: Rules, where: str) -> str:
    """A location string of engine.aac.locations / events.TokenMoved in words, with its
    article: "slot:3:top" -> "position 3 (top row)", "section:ember_forge:1" -> "Ember Forge
    (space 2)"."""
    cache = _LOC_CACHE.get(id(r))
    if cache is None or cache[0] is not r:
        cache = _LOC_CACHE[id(r)] = (r, {})
    hit = cache[1].get(where)
    if hit is None:
        head, _, rest = where.partition(":")
        words = LOCATION_WORDS.get(head) if rest else None
        hit = words(r, rest) if words is not None else (
            PLACES.get(where) or r.names.get(where, "the table"))
        if len(cache[1]) < 20_000:
            cache[1][where] = hit
    return hit


_LOC_CACHE: dict[int, tuple[Rules, dict[str, str]]] = {}  # per Rules: location -> words


def target(r: Rules, t: str, seat_names: Sequence[str] = ()) -> str:
    """A Choice target string (see engine.kernel.decisions.Choice) in words."""
    head, _, rest = t.partition(":")
    parts = rest.split(":") if rest else []

    def who(i: str) -> str:
        k = int(i) if i.isdigit() else -1
        return seat_names[k] if 0 <= k < len(seat_names) else "a player"

    if not rest:
        if t in PLACES:
            return PLACES[t]
        return space(r, t) if t in r.space_xy else r.names.get(t, "a place on the table")
    if head in ("slot", "section", "bound", "pillar", "achievement"):
        return loc(r, t)
    if head == "track":
        return f"{who(parts[0])}'s {track(parts[-1])}" if len(parts) > 1 else f"the {track(rest)}"
    if head == "staging":
        return f"staging tile: {tile(r, parts[-1])}"
    if head == "pool_slot":
        return f"Tile Pool slot {rest}"
    if head == "action":
        return f"the action token at position {parts[-1]}"
    if head == "conduit":
        return f"the conduit space above position {parts[-1]}"
    if head == "bonus_tile":
        return f"the bonus tile {r.names.get(rest, '')}".rstrip()
    if head == "bonus":
        return f"the bonus tile of {r.names.get(rest, 'a monument')}"
    if head == "patron":
        return f"the Monument Patron Token of {r.names.get(rest, 'a monument')}"
    if head == "perk":
        return f"the section perk of {r.names.get(rest, 'a monument')}"
    if head == "monument":
        return r.names.get(rest, "a monument")
    if head == "power":
        return r.names.get(rest, "a power")
    if head == "info":
        return ""
    return r.names.get(t, "a place on the table")


def bridge_value(r: Rules, value: str, seat_names: Sequence[str] = ()) -> str:
    """What stands on a bridge space (GameState.bridges value) in words."""
    if not value:
        return "an empty gap"
    if value.startswith("n:"):
        return r.names.get(value[2:], "a neutral bridge")
    bits = value.split(":")
    if len(bits) == 3 and bits[1].isdigit() and bits[2].isdigit():
        k = int(bits[1])
        who = seat_names[k] if k < len(seat_names) else "a player"
        return f"{who}'s Bridge Token {ROMAN[int(bits[2]) % len(ROMAN)]}"
    return "a bridge"
