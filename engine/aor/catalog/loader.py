"""Load, validate and cross-check Age of Reason's catalog (assets/aor/data/*.json).

`load_catalog()` reads the seven files, validates each against its strict model
(engine.aor.catalog.models) and runs the cross-file checks the catalog README promises (ids
unique, references resolve, counts match the rulebook's totals). Every problem is a
`CatalogError` line "<file>: <field path>: <message>", e.g.
``cards.json: sets[2].cards[4].soldiers: Input should be greater than or equal to 0``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, TypeVar

from pydantic import BaseModel, ValidationError

from engine.aor.catalog.models import (
    BoxesFile,
    CardsFile,
    ComponentsFile,
    CountriesFile,
    GoldPerDisc,
    MapFile,
    MarkersFile,
    TracksFile,
)
from engine.kernel.assets import asset_dir

CATALOG_FILES: Final[tuple[str, ...]] = (
    "action_boxes.json", "cards.json", "components.json", "countries.json",
    "empire_markers.json", "map.json", "tracks.json",
)

M = TypeVar("M", bound=BaseModel)


class CatalogError(ValueError):
    """The catalog is unreadable, malformed or inconsistent; `problems` holds one line each."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems: tuple[str, ...] = tuple(problems)
        super().__init__("\n".join(self.problems))


@dataclass(frozen=True, slots=True)
class Catalog:
    """The seven validated catalog files."""

    boxes: BoxesFile
    cards: CardsFile
    components: ComponentsFile
    countries: CountriesFile
    markers: MarkersFile
    map: MapFile
    tracks: TracksFile


def default_data_dir() -> Path:
    """``assets/aor/data``: inside a PyInstaller bundle if frozen, else in the repo."""
    return asset_dir("aor", "data")


def _loc(loc: Sequence[int | str]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out or "<root>"


def _validate(directory: Path, name: str, model: type[M]) -> M:
    path = directory / name
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CatalogError([f"{name}: <file>: cannot be read ({exc.strerror or exc})"]) from exc
    try:
        return model.model_validate_json(text)
    except ValidationError as exc:
        lines = []
        for err in exc.errors():
            kind = err["type"]
            if kind == "json_invalid":
                lines.append(f"{name}: <file>: not valid JSON ({err['msg']})")
                continue
            loc = [p for p in err["loc"] if not (isinstance(p, str) and p in _UNION_TAGS)]
            lines.append(f"{name}: {_loc(loc)}: {err['msg']}")
        raise CatalogError(lines) from exc


# the tags pydantic adds to a location inside a discriminated union member
_UNION_TAGS = frozenset({"combat_bonus", "gain_gold", "reduce_unrest", "retrieve_discard",
                         "battle_reroll", "attacks_per_step", "gold_per_disc"})


def load_catalog(data_dir: Path | None = None) -> Catalog:
    """Load and validate the catalog from `data_dir` (default: default_data_dir()); raises
    CatalogError on any problem."""
    d = default_data_dir() if data_dir is None else Path(data_dir)
    cat = Catalog(
        boxes=_validate(d, "action_boxes.json", BoxesFile),
        cards=_validate(d, "cards.json", CardsFile),
        components=_validate(d, "components.json", ComponentsFile),
        countries=_validate(d, "countries.json", CountriesFile),
        markers=_validate(d, "empire_markers.json", MarkersFile),
        map=_validate(d, "map.json", MapFile),
        tracks=_validate(d, "tracks.json", TracksFile),
    )
    problems = cross_check(cat)
    if problems:
        raise CatalogError(problems)
    return cat


def cross_check(cat: Catalog) -> list[str]:
    """The checks across files (the catalog README's promises), one line per problem."""
    out: list[str] = []

    def need(ok: bool, line: str) -> None:
        if not ok:
            out.append(line)

    # ids unique across all files
    ids: list[tuple[str, str]] = []
    ids += [("map.json", a.id) for a in cat.map.areas]
    ids += [("map.json", h.id) for h in cat.map.home_countries]
    ids += [("countries.json", c.id) for c in cat.countries.countries]
    ids += [("cards.json", c.id) for s in cat.cards.sets for c in s.cards]
    ids += [("empire_markers.json", m.id) for m in cat.markers.markers]
    ids += [("action_boxes.json", b.id) for b in cat.boxes.boxes]
    ids += [("action_boxes.json", sp.id) for b in cat.boxes.boxes for sp in b.spaces]
    ids += [("tracks.json", s.id) for s in cat.tracks.alliance_display.spaces]
    ids += [("tracks.json", s.id) for s in cat.tracks.alliance_display.proposal_boxes]
    seen = Counter(x for _, x in ids)
    for f, x in ids:
        if seen[x] > 1:
            out.append(f"{f}: {x}: the id is used {seen[x]} times")
            seen[x] = 1

    areas = {a.id: a for a in cat.map.areas}
    countries = {c.id: c for c in cat.countries.countries}
    homes = {h.id: h for h in cat.map.home_countries}

    # map
    for i, ar in enumerate(cat.map.areas):
        want = 3 if ar.region == "europe" else 2
        need(len(ar.vp) == want, f"map.json: areas[{i}].vp: {ar.name} needs {want} VP values")
        need(all(x > y for x, y in zip(ar.vp, ar.vp[1:], strict=False)),
             f"map.json: areas[{i}].vp: the values must go down")
        need(ar.ship_area or ar.region == "europe",
             f"map.json: areas[{i}].ship_area: every colony is a ship area")
    for i, h in enumerate(cat.map.home_countries):
        need(h.country in countries, f"map.json: home_countries[{i}].country: unknown "
             f"country {h.country!r}")
    options = {o.id for o in cat.map.rules_options}
    for i, e in enumerate(cat.map.adjacency):
        for end in (e.a, e.b):
            need(end in areas or end in homes,
                 f"map.json: adjacency[{i}]: unknown area or home country {end!r}")
        need(e.option is None or e.option in options,
             f"map.json: adjacency[{i}].option: unknown option {e.option!r}")

    # countries
    for i, co in enumerate(cat.countries.countries):
        need(co.home in homes, f"countries.json: countries[{i}].home: unknown home {co.home!r}")
        d = co.discs
        need(d.board + d.alliance_display + d.vp_track + d.unrest_track == d.total,
             f"countries.json: countries[{i}].discs: the parts do not add up to the total")
    need(sorted(cat.countries.fixed_order) == sorted(countries),
         "countries.json: fixed_order: must name every country once")
    sps = cat.countries.starting_player_state
    need(sps.cards_in_hand == sum(cat.cards.per_country.model_dump().values()),
         "countries.json: starting_player_state.cards_in_hand: differs from cards per country")

    # cards
    per = cat.cards.per_country
    need(sorted(s.country for s in cat.cards.sets) == sorted(countries),
         "cards.json: sets: one set per country")
    for i, s in enumerate(cat.cards.sets):
        kinds = Counter(c.kind for c in s.cards)
        need(kinds["ally"] == per.ally and kinds["blank"] == per.blank
             and kinds["combat"] == per.combat,
             f"cards.json: sets[{i}].cards: needs {per.ally} Ally, {per.blank} Blank and "
             f"{per.combat} combat cards")
        for j, cd in enumerate(s.cards):
            where = f"cards.json: sets[{i}].cards[{j}]"
            if cd.kind == "combat":
                need(cd.soldiers >= 1, f"{where}.soldiers: a combat card shows a soldier (R1.6)")
                need(cd.cost >= 1, f"{where}.cost: only the Blank is free (R1.6)")
            elif cd.kind == "blank":
                need(cd.cost == 0 and cd.soldiers == 0 and cd.ships == 0,
                     f"{where}: the Blank is free and shows nothing")
        need(any(c.kind == "combat" and c.ships > 0 for c in s.cards),
             f"cards.json: sets[{i}]: a country needs a ship card to convert (CG4)")

    # markers
    mk = cat.markers
    counts = Counter(m.area for m in mk.markers)
    for i, m in enumerate(mk.markers):
        where = f"empire_markers.json: markers[{i}]"
        need(m.area in areas, f"{where}.area: unknown area {m.area!r}")
        if m.face == "aktion":
            need(m.strength is None and m.reward is None,
                 f"{where}: an Aktion marker has no strength or reward")
            need(m.area not in areas or areas[m.area].region == "colony",
                 f"{where}.face: Aktion markers are only in the colonies")
        else:
            need(m.strength is not None, f"{where}.strength: a numbered marker needs one")
    for aid, n in mk.counts_per_area.items():
        need(aid in areas, f"empire_markers.json: counts_per_area.{aid}: unknown area")
        need(counts[aid] == n, f"empire_markers.json: counts_per_area.{aid}: {n} but "
             f"{counts[aid]} markers")
        need(aid not in areas or areas[aid].empire_markers == n,
             f"map.json: {aid}.empire_markers: differs from empire_markers.json")
    need(len(mk.markers) == cat.components.empire_markers.total,
         "empire_markers.json: markers: the total differs from components.json")
    need(len(countries) * mk.setup.draws_per_country + len(cat.tracks.turn_track.spaces)
         * mk.per_turn_draw <= len(mk.markers),
         "empire_markers.json: the bag holds too few markers for setup and every turn")

    # boxes
    for i, b in enumerate(cat.boxes.boxes):
        eff = b.effect
        scope = getattr(eff, "areas", None)
        if isinstance(scope, list):
            for aid in scope:
                need(aid in areas, f"action_boxes.json: boxes[{i}].effect.areas: unknown "
                     f"area {aid!r}")
        if isinstance(eff, GoldPerDisc):
            need(b.kind == "trading", f"action_boxes.json: boxes[{i}]: gold per disc is trading")
        need(b.spaces[0].min_players == 2,
             f"action_boxes.json: boxes[{i}].spaces[0]: every box has a space at 2 players")

    # tracks
    seg = cat.tracks.segment_track
    for k, v in seg.segments_by_players.items():
        need(k.isdigit() and v in seg.spaces,
             f"tracks.json: segment_track.segments_by_players.{k}: not a segment count")
    ad = cat.tracks.alliance_display
    need(sorted(s.number for s in ad.spaces) == list(range(1, len(ad.spaces) + 1)),
         "tracks.json: alliance_display.spaces: numbered 1, 2, 3, ...")
    need(len(ad.spaces) > len(countries), "tracks.json: alliance_display.spaces: too few "
         "spaces for every country")
    need(all((s.number % 2 == 1) == (s.row == "top") for s in ad.spaces),
         "tracks.json: alliance_display.spaces: odd numbers are the top row")
    faces = cat.components.dice.faces
    need(faces == list(range(1, len(faces) + 1)),
         "components.json: dice.faces: a die shows 1, 2, 3, ... once each")
    ut = cat.tracks.unrest_track
    need(ut.lowest < ut.start <= ut.highest,
         "tracks.json: unrest_track: start must lie between lowest and highest")
    need(sps.unrest_space == ut.start,
         "countries.json: starting_player_state.unrest_space: differs from the Unrest Track")
    return out
