"""Player words for everything the engine names: catalog ids, location and target strings,
decision kinds, score categories.

The engine identifies things by catalog ids (`shop_i_06`, `sp_east_out_ccw`, `br_fixed_north_east`)
and by small location strings (`slot:3:top`, `section:ember_forge:2`). None of these may reach a
player. This module is the one place that turns them into words:

- `catalog_words(catalog)` builds, from the validated catalog, a short name (fits a button or a log
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

This module imports only the catalog's models at run time (engine.aac.data imports it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from engine.aac.catalog import Catalog
from engine.aac.catalog import effects as ef
from engine.aac.catalog.common import walk_models
from engine.aac.catalog.map import MapFile

if TYPE_CHECKING:
    from engine.aac.data import Rules

Who = Callable[[int], str]  # a seat's name in a log line (the modules' events take one)

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
    # Folklore Card effects (engine.aac.rules: exhausted, binding, device, activation...)
    "load_energy": "Load energy",
    "load_slot_any": "Load energy: which slot",
    "return_to_reserve": "Return energy to the reserve",
    "swap_with_exhausted": "Swap with the exhausted pool",
    "bind_from_pool": "Bind energy",
    "relocate_bound": "Move bound energy",
    "place_from_reserve": "Free energy into a section",
    "rearrange_tiles": "Rearrange tiles",
    "swap_action_tokens": "Swap Action Tokens",
    "tile_icon_movement": "Movement from a tile",
    "activate_exhausted": "Activate exhausted energy",
    "pool_magnet": "Magnet activated",
    "pool_compass": "Compass activated",
    "players_act": "Act with a Folklore Card",
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
    "resolve_order": "Resolve completions",
    "completer_bind": "Bind energy",
    "participant": "Section resolves",
    "magnet": "Magnet activated",
    "compass": "Compass activated",
    "rewind": "Rewind",
    "rewind_second": "Rewind",
    "recharge": "Recharge",
    "folklore_keep": "Choose your Folklore hand",
    "folklore_place": "Place an Artifact",
    "folklore_card": "Play a Folklore Card",
    "folklore_option": "Folklore Card option",
    "folklore_extra": "First card: extra option",
    "folklore_reply": "Reply on your Artifact",
    "pilgrimage_blocker": "Mark the closed Compass space",
    "pilgrimage_shrine": "Construct a Shrine",
    "pilgrimage_frame": "Choose a Shrine frame",
    "pilgrimage_move": "Move your Pilgrimage",
    "pilgrimage_benefit": "Shrine benefit",
    "pilgrimage_energy": "Your energy on the Pilgrim Board",
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


def catalog_entities(catalog: Catalog) -> list[dict[str, Any]]:
    """The fields of every catalog object with an id, file by file (the order is irrelevant:
    ids are unique)."""
    out: list[dict[str, Any]] = []
    for part in (catalog.achievements, catalog.characters, catalog.map, catalog.monuments,
                 catalog.tiles):
        out.extend(vars(node) for _, node in walk_models(part)
                   if isinstance(vars(node).get("id"), str))
    return out


def _space_words(m: MapFile, rn: dict[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """Names of the map's path and bridge spaces (see the module docstring)."""
    short: dict[str, str] = {}
    long_: dict[str, str] = {}
    nb: dict[str, list[str]] = {s.id: [] for s in m.spaces}
    for e in m.edges:
        nb[e.a].append(e.b)
        nb[e.b].append(e.a)
    spaces = {s.id: s for s in m.spaces}
    bridge_to: dict[str, tuple[str, str]] = {}  # path space -> (bridge, other region)
    for sid, s in spaces.items():
        regs = s.regions
        if not regs:
            continue
        role = s.bridge_site.role if s.bridge_site is not None else ""
        a, b = rn.get(regs[0], regs[0]), rn.get(regs[1], regs[1])
        which = {"ring_inner": "inner bridge", "ring_outer": "outer bridge"}.get(role, "bridge")
        short[sid] = f"the {which} between {a} and {b}"
        long_[sid] = f"the {which} between {a} and {b} (a bridge space)"
        for n in nb[sid]:
            reg = spaces[n].region
            other = regs[1] if reg == regs[0] else regs[0]
            bridge_to[n] = (which, rn.get(other, other))
    for sid, s in spaces.items():
        if not s.region:
            continue
        r = rn.get(s.region, s.region)
        if s.kind == "start":
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


def catalog_words(catalog: Catalog) -> tuple[dict[str, str], dict[str, str]]:
    """(short, long) player words for every id of the validated catalog."""
    short: dict[str, str] = {}
    long_: dict[str, str] = {}
    ents = catalog_entities(catalog)
    for o in ents:  # everything with a printed name first
        if isinstance(o.get("name"), str):
            short[o["id"]] = o["name"]
    for key, word in ENERGY_BY_ID.items():
        short[key] = word
    for key, word in ICON_LONG.items():
        short[key] = cap(word)
    m = catalog.map
    rn = {r.id: r.name for r in m.regions}
    chars = {c.id: c.name for c in catalog.characters.characters}
    mons = {x.id: x.name for x in catalog.monuments.monuments}
    region_mon = {r.id: mons.get(r.monument_site.monument, "") for r in m.regions}
    s, lg = _space_words(m, rn)
    short.update(s)
    long_.update(lg)
    for reg in m.regions:
        r = reg.name
        mon = region_mon.get(reg.id) or r
        site = reg.monument_site
        short[site.id] = f"the site of {mon}"
        short[site.bound_area.id] = f"the bound energy area of {mon}"
        long_[site.bound_area.id] = f"the bound energy area of {mon} ({r})"
        short[site.patron_token_spot.id] = f"the Patron Token spot of {mon}"
        for p in reg.pillar.spaces:
            short[p.id] = f"the Pillar of {r}, {p.side} space"
            long_[p.id] = f"the {p.side} space of the Pillar of Civilization in {r}"
    for e in m.edges:
        a, b = short.get(e.a, e.a), short.get(e.b, e.b)
        short[e.id] = f"the path from {a} to {b}"
    for f in m.forks:
        short[f.id] = f"the fork at {short.get(f.space, f.space)}"
    for monument in catalog.monuments.monuments:
        for sec in monument.sections:
            short[sec.id] = f"{monument.name}, section {sec.number}"
            for k, sp in enumerate(sec.spaces):
                short[sp.id] = (f"{monument.name}, section {sec.number}, "
                                f"space {k + 1} ({energy(sp.symbol)})")
    for rt in catalog.monuments.randomizer_tokens:
        short[rt.id] = f"the randomizer token of {mons.get(rt.monument, rt.monument)}"
    tiles = catalog.tiles
    for st in tiles.starting_tiles.tiles:
        owner = chars.get(st.character, st.character)
        ic = icons_short(st.icons)
        # the two tiles printed "0" start in staging: players count from 1, so they are
        # the spare tiles (told apart by their icons)
        num = "spare tile" if st.number == "0" else f"tile {st.number}"
        short[st.id] = f"{owner}'s {num}" + (f" ({ic})" if ic else "")
        long_[st.id] = (f"{owner}'s {'spare ' if st.number == '0' else ''}starting "
                        f"{'tile' if st.number == '0' else num}: "
                        f"{_slots(st.top_slots, 'top')}, "
                        f"{_slots(st.bottom_slots, 'bottom')}, {icons_long(st.icons)}")
    for sh in tiles.shop_tiles:
        ic = icons_short(sh.icons)
        short[sh.id] = (f"Tier {sh.stack} tile ({_slots(sh.top_slots, 'top')}, "
                        f"{_slots(sh.bottom_slots, 'bottom')}" + (f"; {ic})" if ic else ")"))
        long_[sh.id] = (f"a tier {sh.stack} tile: {_slots(sh.top_slots, 'top')}, "
                        f"{_slots(sh.bottom_slots, 'bottom')}, {icons_long(sh.icons)}")
    for stack in tiles.conduit_tokens.stacks:
        short[stack.id] = f"the {ICON_LONG.get(stack.icon, stack.icon)} conduit stack"
        for tok in stack.tokens_top_to_bottom:
            kind = "double " if tok.double else ""
            short[tok.id] = f"{kind}{icons_short(tok.icons[:1])} conduit"
            long_[tok.id] = f"a {kind}conduit token with {icons_long(tok.icons)}"
    for up in tiles.action_upgrades:
        for cp in up.copies:
            short[cp.id] = f"{up.name} ({cp.min_players}+ players copy)"
    dev = tiles.device
    for pos in dev.positions:
        short[pos.id] = f"position {pos.position}"
    for k, d in enumerate(dev.on_deck_spaces):
        short[d.id] = f"staging space {'AB'[k] if k < 2 else k + 1}"
    for cs in dev.conduit_spaces:
        short[cs.id] = f"the conduit space above position {cs.above_position}"
    for ch in catalog.characters.characters:
        nm_ = ch.name
        short[ch.channel_marker.id] = f"{nm_}'s Channel Marker"
        short[ch.quick_start.id] = f"{nm_}'s quick-start set-up"
        for bt in ch.bridge_tokens:
            tier = ROMAN[bt.tier]
            short[bt.id] = f"{nm_}'s Bridge Token {tier}"
            for sd in bt.sides:
                short[sd.id] = f"{nm_}'s Bridge Token {tier}, side {sd.side}"
        for pw in ch.powers:
            short.setdefault(pw.id, pw.name)
    for o in ents:  # whatever is left: readable words from its own fields
        i: str = o["id"]
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


# --- effects: what an effect does, in words (choice labels, hover help) ------------------------


def _n(n: int, one: str, many: str = "") -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _free(e: ef.FreeReserveEffect) -> str:
    if set(e.types) == {"any"}:  # two entries are two different types (Folklore Cards)
        n = len(e.types)
        return ("free 1 energy of any type" if n == 1
                else f"free {n} energy of different types") + " from your reserve"
    return "free " + " + ".join("1 of any type" if t == "any" else energy(t) for t in e.types)


def _positions(e: ef.DeployEffect) -> str:
    """ "position 4 or 5" (one tile of two), "positions 4 and 5" (both)."""
    ps = [str(x) for x in e.from_positions]
    if len(ps) == 1:
        return f"position {ps[0]}"
    if e.tiles >= len(ps):
        return f"positions {', '.join(ps[:-1])} and {ps[-1]}"
    return f"position {', '.join(ps[:-1])} or {ps[-1]}"


def _replenish(e: ef.ReplenishTileEffect) -> str:
    extra = " (tiles with an icon)" if e.filter == "has_icon" else ""
    return f"replenish the top row of {_n(e.tiles, 'tile')}{extra}"


def _load(e: ef.LoadEnergyEffect) -> str:
    if e.into == "empty_slots_of_one_active_tile":
        more = sum(1 for x in e.energies if x != "activated_wild")
        return (f"load the activated Wild and {_n(more, 'energy', 'energy')} from your "
                "exhausted pool into one active tile")
    wild = sum(1 for x in e.energies if x == "wild_from_exhausted")
    if wild == len(e.energies):
        return f"load {_n(wild, 'Wild', 'Wilds')} from your exhausted pool into empty slots"
    return f"load up to {_n(len(e.energies), 'energy', 'energy')} from your exhausted pool"


def _exhaust(e: ef.ExhaustEnergyEffect) -> str:
    return {"this": "exhaust the activated energy",
            "activated_wild": "exhaust the activated Wild",
            "all_bottom_row": "exhaust every energy in your bottom row"}[e.which]


def _teleport(e: ef.TeleportCharacterEffect) -> str:
    where = {"tile_pool": "into the Tile Pool",
             "any_non_bridge_space": "to any space that is not a bridge",
             "non_bridge_space_in_region_with_your_artifact":
                 "to a space in a region with one of your Artifacts"}[e.to]
    return f"teleport your figure {where}"


def _relocate_bound(e: ef.RelocateBoundEnergyEffect) -> str:
    where = ("your figure's region" if e.to == "character_region"
             else "a region where your figure or one of your bridge tokens is")
    return f"move up to {_n(e.count, 'bound energy', 'bound energy')} to {where}"


def _doubler(e: ef.PlaceDoublerEffect) -> str:
    on = {None: "", "monument": " in a Monument bound area", "pillar": " on a Pillar"}[e.on]
    where = " in a region with one of your Artifacts" if e.region else ""
    return f"place {_n(e.count, 'Doubler Token')}{on}{where}"


def _bind(e: ef.BindEnergyEffect) -> str:
    to = {"monument": "a Monument bound area", "pillar": "a Pillar of Civilization",
          "monument_or_pillar": "a Monument bound area or a Pillar"}[e.destination]
    where = " in the region of that Artifact" if e.region == "artifact_region" else ""
    return f"bind {_n(e.count, 'energy', 'energy')} from your exhausted pool to {to}{where}"


def _place(e: ef.PlaceEnergyEffect) -> str:
    types = " or ".join(energy(t) for t in e.types)
    return (f"place {_n(e.count, 'energy', 'energy')} ({types}) from your reserve in a monument "
            "section without completing it")


EFFECT_WORDS: dict[str, Callable[[Any], str]] = {
    "choice": lambda e: " or ".join(describe_effect(o) for o in e.options),
    "sequence": lambda e: " and ".join(describe_effect(o) for o in e.steps),
    "free_reserve": _free,
    "shop_deposit": lambda e: f"deposit {e.count} energy in the Tile Pool",
    "replenish_tile": _replenish,
    "relocate_energy": lambda e: ("move the activated Compass to your Tile Pool bank, an "
                                  "achievement or a matching monument space"),
    "load_into_device": lambda e: "load the activated Magnet into an empty slot of your device",
    "load_energy": _load,
    "exhaust_energy": _exhaust,
    "swap_top_row_with_exhausted": lambda e: (
        f"swap {_n(e.count, 'top-row energy', 'top-row energy')} with your exhausted pool"),
    "recharge": lambda e: "recharge",
    "deploy": lambda e: f"deploy {_n(e.tiles, 'tile')} from {_positions(e)}",
    "claim_tiles": lambda e: (f"claim up to {e.max} tiles"
                              + ("" if e.price_each is None else f" at {e.price_each} each")),
    "claim_rightmost_free": lambda e: "take the rightmost Tile Pool tile free",
    "reposition": lambda e: f"reposition up to {e.times} times",
    "activate_action": lambda e: "use another position's action",
    "upgrade_action": lambda e: "upgrade an action",
    "gain_conduit": lambda e: "gain a conduit token",
    "count_conduits": lambda e: "count conduits",
    "rearrange_conduits": lambda e: "rearrange conduits",
    "reverse_advance_direction": lambda e: (
        f"exhaust {_n(e.cost.exhaust_from_device, 'energy', 'energy')} of your device to push "
        "from the right"),
    "move_character": lambda e: f"move your figure up to {_n(e.amount, 'space')}",
    "move_track": lambda e: f"{_n(e.amount, 'step')} on the {track(e.track)}",
    "movement_points": lambda e: (_n(e.amount, "movement point")
                                  + (" per region with one of your Artifacts" if e.per else "")),
    "extra_character_movement": lambda e: f"+{e.amount} character movement",
    "set_rose_activation": lambda e: (
        f"a Rose activation gives {e.movement_points} movement points"),
    "fly_over_empty_bridge": lambda e: (
        f"fly over an empty bridge space ({_n(e.cost, 'movement point')})"),
    "fly_character": lambda e: ("spend all your movement to fly to a space of your region or "
                                "a neighbouring one"),
    "teleport_character": _teleport,
    "movement_per_claimed_icon": lambda e: (
        f"{e.per_icon} movement per icon on the tiles you claim"),
    "place_bridge": lambda e: "place a bridge token",
    "activate_other_bonus_tile": lambda e: "use another monument bonus tile",
    "construct_section": lambda e: "complete the topmost section of any monument",
    "construct_and_deconstruct": lambda e: (
        "construct a section where you entered and deconstruct one elsewhere, or the reverse"),
    "relocate_bound_energy": _relocate_bound,
    "place_as_any_symbol": lambda e: (
        f"place {_n(e.count, 'non-Wild energy', 'non-Wild energy')} on a monument space of "
        "any symbol"),
    "gain_both_perks": lambda e: "take both perks of a section you complete",
    "bind_from_section": lambda e: (
        f"bind {_n(e.count, 'energy', 'energy')} from a section you helped complete"),
    "character_counts_as_energy": lambda e: (
        f"your figure in the Tile Pool counts as {e.value} energy"),
    # the expansion's own names (not played yet)
    "folklore_track": lambda e: ("move up 1 on your Folklore Track" if e.steps > 0
                                 else "move down 1 on your Folklore Track"),
    "pilgrim_move": lambda e: f"move your Pilgrimage up to {_n(e.max, 'space')}",
    "place_doubler": _doubler,
    "gain_scoring_card": lambda e: ("gain a Scoring Card"
                                    + (" for 1 speed" if e.cost_speed else "")),
    "players_act": lambda e: ("each opponent gets: "
                              + " and ".join(describe_effect(o) for o in e.effects)),
    "prime_artifact": lambda e: "prime one of your Artifacts",
    "swap_action_tokens": lambda e: "swap the places of two of your Action Tokens",
    "rearrange_tiles": lambda e: "put your 5 active tiles in any order",
    "activate_exhausted": lambda e: (
        f"activate up to {_n(e.count, 'energy', 'energy')} from your exhausted pool"),
    "swap_with_exhausted": lambda e: (
        f"swap up to {_n(e.count, 'device energy', 'device energy')} with your exhausted pool"),
    "return_to_reserve": lambda e: (
        f"return {_n(e.count, 'energy', 'energy')} from your exhausted pool to your reserve"),
    "bind_energy": _bind,
    "place_energy": _place,
    "movement_per_tile_icon": lambda e: (
        f"{e.per_icon} movement per icon on one of your active tiles"),
    "construct_shrine": lambda e: "build a Shrine in an empty Shrine frame",
}


def describe_effect(e: ef.EffectBase) -> str:
    """What effect `e` does, in player words (a phrase without a capital: "deploy 1 tile
    from position 4 or 5"); every name of the vocabulary has its words in EFFECT_WORDS."""
    words = EFFECT_WORDS.get(e.effect)
    return words(e) if words is not None else "an effect"


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
