"""The component catalog: validated models of ``assets/data/*.json``.

Use :func:`load_catalog` to get a :class:`Catalog`; every problem in the data
raises :class:`CatalogError`.
"""

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
    "Catalog",
    "CatalogError",
    "default_data_dir",
    "format_loc",
    "load_catalog",
]
