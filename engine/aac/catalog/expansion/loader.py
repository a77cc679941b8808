"""Load, validate and cross-check the Folklore & Pilgrimage catalog (`assets/aac/data/expansion/`).

The seven files are validated with their models (this package) and the same effect vocabulary
as the base game, then checked against each other and against the base catalog: ids unique
across all twelve files, every reference resolving (characters, monuments, neutral bridges and
patron tokens of the base files; cards, categories, board spaces, edges and Blockades inside),
the stated counts, and an `id` on every effect object. Problems are :class:`CatalogError`
lines starting with the file and the field, for example
``expansion/folklore_cards.json: decks[0].cards[2]: unknown card id 'freyith_9'``.
"""

from __future__ import annotations

from collections import Counter as CountOf
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from engine.aac.catalog.common import walk_models
from engine.aac.catalog.effects import EffectBase
from engine.aac.catalog.expansion.folklore_cards import FolkloreCardsFile
from engine.aac.catalog.expansion.folklore_track import FolkloreTrackFile
from engine.aac.catalog.expansion.neutral_bridges import NeutralBridgesFile
from engine.aac.catalog.expansion.patron_tokens import PatronTokensFile
from engine.aac.catalog.expansion.pilgrim_board import PilgrimBoardFile
from engine.aac.catalog.expansion.scoring_cards import ScoringCardsFile
from engine.aac.catalog.expansion.shrines import ShrinesFile
from engine.aac.catalog.loader import (
    CATALOG_FILES,
    Catalog,
    CatalogError,
    check_unique_ids,
    default_data_dir,
    read_json,
    validate,
)

EXPANSION_DIR: Final[str] = "expansion"
EXPANSION_FILES: Final[tuple[str, ...]] = (
    "folklore_cards.json",
    "folklore_track.json",
    "scoring_cards.json",
    "pilgrim_board.json",
    "shrines.json",
    "patron_tokens.json",
    "neutral_bridges_pilgrimage.json",
)


@dataclass(frozen=True, slots=True)
class Expansion:
    """The seven validated expansion files (loaded, not yet played by the rules)."""

    folklore_cards: FolkloreCardsFile
    folklore_track: FolkloreTrackFile
    scoring_cards: ScoringCardsFile
    pilgrim_board: PilgrimBoardFile
    shrines: ShrinesFile
    patron_tokens: PatronTokensFile
    neutral_bridges: NeutralBridgesFile

    def files(self) -> dict[str, object]:
        """File name -> its top-level model, in EXPANSION_FILES order."""
        return dict(zip(EXPANSION_FILES, (
            self.folklore_cards, self.folklore_track, self.scoring_cards, self.pilgrim_board,
            self.shrines, self.patron_tokens, self.neutral_bridges), strict=True))


def load_expansion(base: Catalog, data_dir: Path | None = None) -> Expansion:
    """Load and validate `data_dir/expansion/*.json` (default: the game's assets) against the
    already loaded base catalog. Raises :class:`CatalogError` on any problem."""
    directory = (default_data_dir() if data_dir is None else Path(data_dir)) / EXPANSION_DIR
    label = {name: f"{EXPANSION_DIR}/{name}" for name in EXPANSION_FILES}
    raw = {name: read_json(directory, name, label[name]) for name in EXPANSION_FILES}
    exp = Expansion(
        folklore_cards=validate(label["folklore_cards.json"], FolkloreCardsFile,
                                raw["folklore_cards.json"]),
        folklore_track=validate(label["folklore_track.json"], FolkloreTrackFile,
                                raw["folklore_track.json"]),
        scoring_cards=validate(label["scoring_cards.json"], ScoringCardsFile,
                               raw["scoring_cards.json"]),
        pilgrim_board=validate(label["pilgrim_board.json"], PilgrimBoardFile,
                               raw["pilgrim_board.json"]),
        shrines=validate(label["shrines.json"], ShrinesFile, raw["shrines.json"]),
        patron_tokens=validate(label["patron_tokens.json"], PatronTokensFile,
                               raw["patron_tokens.json"]),
        neutral_bridges=validate(label["neutral_bridges_pilgrimage.json"], NeutralBridgesFile,
                                 raw["neutral_bridges_pilgrimage.json"]),
    )
    first = base_ids(base)
    problems = check_unique_ids({label[n]: raw[n] for n in EXPANSION_FILES},
                                [label[n] for n in EXPANSION_FILES], first)
    problems += _Checker(exp, base).run()
    if problems:
        raise CatalogError(problems)
    return exp


def base_ids(base: Catalog) -> dict[str, str]:
    """Every id of the base catalog -> where it is (`map.json: regions[0].id`)."""
    out: dict[str, str] = {}
    for name in CATALOG_FILES:
        for path, node in walk_models(getattr(base, name.removesuffix(".json"))):
            ident = getattr(node, "id", None)
            if isinstance(ident, str):
                out.setdefault(ident, f"{name}: {path + '.' if path else ''}id")
    return out


class _Checker:
    """Reference and count checks over a schema-valid expansion catalog."""

    def __init__(self, exp: Expansion, base: Catalog) -> None:
        self.e = exp
        self.problems: list[str] = []
        self.characters = {c.id for c in base.characters.characters}
        self.monuments = {m.id for m in base.monuments.monuments}
        self.patrons = {p.id: p for p in base.monuments.monument_patron_tokens}
        self.neutral = {n.id for n in base.map.neutral_bridge_tokens}

    def err(self, file: str, path: str, message: str) -> None:
        self.problems.append(f"{EXPANSION_DIR}/{file}: {path}: {message}")

    def ref(self, file: str, path: str, value: str | None, known: Iterable[str], what: str) -> bool:
        if value is None or value in known:
            return True
        self.err(file, path, f"unknown {what} id {value!r}")
        return False

    def count(self, file: str, path: str, stated: int, actual: int, what: str) -> None:
        if stated != actual:
            self.err(file, path, f"{stated} but {actual} {what} listed")

    def run(self) -> list[str]:
        self.check_effect_ids()
        self.check_folklore_cards()
        self.check_folklore_track()
        self.check_scoring_cards()
        self.check_pilgrim_board()
        self.check_shrines()
        self.check_patron_tokens()
        self.check_neutral_bridges()
        return self.problems

    def check_effect_ids(self) -> None:
        """Every expansion effect object carries its positional id (expansion README)."""
        for file, model in self.e.files().items():
            for path, node in walk_models(model):
                if isinstance(node, EffectBase) and node.id is None:
                    self.err(file, f"{path}.id", f"the {node.effect} effect has no id")

    def check_folklore_cards(self) -> None:
        f = "folklore_cards.json"
        fc = self.e.folklore_cards
        cards = {c.id: c for c in fc.cards}
        self.count(f, "card_count", fc.card_count, len(fc.cards), "cards")
        for i, card in enumerate(fc.cards):
            p = f"cards[{i}]"
            self.ref(f, f"{p}.character", card.character, self.characters, "character")
            if card.id != f"{card.character}_{card.number}":
                self.err(f, f"{p}.id", f"expected {card.character}_{card.number!r}")
            self.count(f, f"{p}.option_count", card.option_count, len(card.options), "options")
            for j, opt in enumerate(card.options):
                if opt.label != "ABCD"[j]:
                    self.err(f, f"{p}.options[{j}].label", f"expected {'ABCD'[j]!r}")
                if opt.id != f"{card.id}_{opt.label.lower()}":
                    self.err(f, f"{p}.options[{j}].id", f"expected {card.id}_{opt.label.lower()}")
        per_char = CountOf(c.character for c in fc.cards)
        for ch in sorted(self.characters):
            if per_char[ch] != 6:
                self.err(f, "cards", f"{per_char[ch]} cards of {ch!r}, expected 6")
        for i, deck in enumerate(fc.decks):
            p = f"decks[{i}]"
            self.ref(f, f"{p}.character", deck.character, self.characters, "character")
            for j, cid in enumerate(deck.cards):
                if self.ref(f, f"{p}.cards[{j}]", cid, cards, "card") and (
                    cards[cid].character != deck.character or cards[cid].number != j + 1
                ):
                    self.err(f, f"{p}.cards[{j}]", f"{cid!r} is not {deck.character}'s card "
                             f"{j + 1}")
        if sorted(d.character for d in fc.decks) != sorted(self.characters):
            self.err(f, "decks", "must hold one deck per character")

    def check_folklore_track(self) -> None:
        f = "folklore_track.json"
        ft = self.e.folklore_track
        positions = [p.position for p in ft.track.positions]
        if positions != list(range(ft.track.min_position, ft.track.max_position + 1)):
            self.err(f, "track.positions", f"positions {positions} do not run from "
                     f"{ft.track.min_position} to {ft.track.max_position}")
        unprimed = {s.id for s in ft.artifacts.slots if s.kind == "unprimed"}
        primed = [s for s in ft.artifacts.slots if s.kind == "primed"]
        self.count(f, "artifacts.per_character", ft.artifacts.per_character, len(unprimed),
                   "unprimed slots")
        self.count(f, "artifacts.max_primed", ft.artifacts.max_primed, len(primed),
                   "primed slots")
        for i, ext in enumerate(ft.extensions):
            p = f"extensions[{i}]"
            self.ref(f, f"{p}.character", ext.character, self.characters, "character")
            self.count(f, f"{p}.artifacts", ft.artifacts.per_character, len(ext.artifacts),
                       "artifacts")
            for j, art in enumerate(ext.artifacts):
                self.ref(f, f"{p}.artifacts[{j}].start_slot", art.start_slot, unprimed,
                         "unprimed artifact slot")
            if not ft.track.min_position <= ext.tracking_cube.start_position <= (
                ft.track.max_position
            ):
                self.err(f, f"{p}.tracking_cube.start_position", "off the track")
        if sorted(x.character for x in ft.extensions) != sorted(self.characters):
            self.err(f, "extensions", "must hold one extension per character")

    def check_scoring_cards(self) -> None:
        f = "scoring_cards.json"
        sc = self.e.scoring_cards
        self.count(f, "card_count", sc.card_count, len(sc.cards), "cards")
        categories = {c.id for c in sc.categories}
        for i, card in enumerate(sc.cards):
            self.ref(f, f"cards[{i}].category", card.category, categories, "scoring category")

    def check_pilgrim_board(self) -> None:
        f = "pilgrim_board.json"
        pb = self.e.pilgrim_board
        spaces = {s.id for s in pb.spaces}
        frames = {fr.id for fr in pb.shrine_frames}
        edges = {e.id: e for e in pb.edges}
        blockades = {b.id for b in pb.blockades}
        nodes = spaces | frames | {pb.summit.id}
        self.ref(f, "start_space", pb.start_space, spaces, "space")
        for i, sid in enumerate(pb.summit.spaces):
            self.ref(f, f"summit.spaces[{i}]", sid, spaces, "space")
        for i, fr in enumerate(pb.shrine_frames):
            for key in ("fork_space", "beside_space", "exit_space"):
                self.ref(f, f"shrine_frames[{i}].{key}", getattr(fr, key), spaces, "space")
        for i, e in enumerate(pb.edges):
            self.ref(f, f"edges[{i}].from", e.from_, nodes, "board space or frame")
            self.ref(f, f"edges[{i}].to", e.to, nodes, "board space or frame")
            self.ref(f, f"edges[{i}].blockade", e.blockade, blockades, "blockade")
        for i, fk in enumerate(pb.forks):
            self.ref(f, f"forks[{i}].space", fk.space, spaces, "space")
            self.ref(f, f"forks[{i}].direct", fk.direct, spaces, "space")
            self.ref(f, f"forks[{i}].shrine_frame", fk.shrine_frame, frames, "shrine frame")
        for i, te in enumerate(pb.tier_entries):
            self.ref(f, f"tier_entries[{i}].blockade", te.blockade, blockades, "blockade")
            self.ref(f, f"tier_entries[{i}].entry_space", te.entry_space, nodes, "board space")
            for j, eid in enumerate(te.edges):
                self.ref(f, f"tier_entries[{i}].edges[{j}]", eid, edges, "edge")
        for i, b in enumerate(pb.blockades):
            p = f"blockades[{i}]"
            self.ref(f, f"{p}.stop_space_if_unpaid", b.stop_space_if_unpaid, spaces, "space")
            if self.ref(f, f"{p}.guards_edge", b.guards_edge, edges, "edge"):
                edge = edges[b.guards_edge]
                if edge.blockade != b.id:
                    self.err(f, f"{p}.guards_edge", f"edge {edge.id!r} names blockade "
                             f"{edge.blockade!r}")
                if edge.from_ != b.stop_space_if_unpaid:
                    self.err(f, f"{p}.stop_space_if_unpaid", f"not the start of {edge.id!r}")
        slots = {s.id for s in pb.speed_track.slots}
        self.ref(f, "speed_track.start_slot", pb.speed_track.start_slot, slots, "speed slot")
        self.count(f, "shrine_supply.count", pb.shrine_supply.count,
                   len(self.e.shrines.shrines), "shrines (shrines.json)")
        self.count(f, "shrine_frames", len(self.e.shrines.shrines), len(pb.shrine_frames),
                   "shrine frames for the shrines of shrines.json")

    def check_shrines(self) -> None:
        f = "shrines.json"
        sh = self.e.shrines
        self.count(f, "shrine_count", sh.shrine_count, len(sh.shrines), "shrines")
        ranks = sorted(s.bot_rank for s in sh.shrines)
        if ranks != list(range(1, len(sh.shrines) + 1)):
            self.err(f, "shrines", f"bot ranks {ranks} are not 1 to {len(sh.shrines)}")

    def check_patron_tokens(self) -> None:
        f = "patron_tokens.json"
        pt = self.e.patron_tokens
        self.count(f, "token_count", pt.token_count, len(pt.tokens), "tokens")
        for i, tok in enumerate(pt.tokens):
            p = f"tokens[{i}]"
            self.ref(f, f"{p}.home_monument", tok.home_monument, self.monuments, "monument")
            if self.ref(f, f"{p}.replaces_base_patron_token", tok.replaces_base_patron_token,
                        self.patrons, "base patron token") and (
                self.patrons[tok.replaces_base_patron_token].monument != tok.home_monument
            ):
                self.err(f, f"{p}.home_monument",
                         f"{tok.replaces_base_patron_token!r} belongs to another monument")
            self.ref(f, f"{p}.use", tok.use, {pt.use.id}, "patron use")
        replaced = [t.replaces_base_patron_token for t in pt.tokens]
        if sorted(replaced) != sorted(self.patrons):
            self.err(f, "tokens", "must replace every base patron token exactly once")

    def check_neutral_bridges(self) -> None:
        f = "neutral_bridges_pilgrimage.json"
        nb = self.e.neutral_bridges
        self.count(f, "bridge_count", nb.bridge_count, len(nb.bridges), "bridges")
        for i, br in enumerate(nb.bridges):
            self.ref(f, f"bridges[{i}].replaces_neutral_bridge", br.replaces_neutral_bridge,
                     self.neutral, "base neutral bridge token")
