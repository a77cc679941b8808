"""The component catalog: validated, typed models of `assets/aac/data/*.json` and
`assets/aac/data/expansion/*.json`.

One module per catalog file and one per shared vocabulary:

- `common`: the frozen model base, small value objects, the plain closed sets (energy types,
  icons, movement kinds...) and `walk_models`;
- vocabularies: `effects` (every effect name of both catalogs, with the plain-form helpers),
  `triggers`, `counters` (counters and conditions), `scoring` (scoring objects and Scoring
  Card values);
- base files: `map`, `monuments`, `tiles`, `characters`, `achievements`, loaded and
  cross-checked by `loader`;
- `expansion`: one module per expansion file and its `loader` (cross-checked against the base).

`load_catalog()` gives the base :class:`Catalog`, `load_expansion(catalog)` the
:class:`Expansion`; every problem in the data raises :class:`CatalogError` naming the file and
the field. The engine builds its rule tables from these objects once (engine.aac.data.rules).
"""

from engine.aac.catalog.expansion import (
    EXPANSION_DIR,
    EXPANSION_FILES,
    Expansion,
    load_expansion,
)
from engine.aac.catalog.loader import (
    CATALOG_FILES,
    Catalog,
    CatalogError,
    default_data_dir,
    format_loc,
    load_catalog,
)

__all__ = [
    "CATALOG_FILES",
    "EXPANSION_DIR",
    "EXPANSION_FILES",
    "Catalog",
    "CatalogError",
    "Expansion",
    "default_data_dir",
    "format_loc",
    "load_catalog",
    "load_expansion",
]
