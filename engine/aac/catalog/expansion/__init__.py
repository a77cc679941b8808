"""The Folklore & Pilgrimage expansion catalog: one model module per file of
`assets/aac/data/expansion/`, validated with the base game's vocabularies (loaded, not yet
played)."""

from engine.aac.catalog.expansion.loader import (
    EXPANSION_DIR,
    EXPANSION_FILES,
    Expansion,
    load_expansion,
)

__all__ = ["EXPANSION_DIR", "EXPANSION_FILES", "Expansion", "load_expansion"]
