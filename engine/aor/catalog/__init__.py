"""Age of Reason's component catalog: strict models (models), loading and cross-checks
(loader), and the index tables the rules read (tables)."""

from engine.aor.catalog.loader import Catalog, CatalogError, default_data_dir, load_catalog
from engine.aor.catalog.tables import BoxInfo, CardInfo, MarkerInfo, Tables, build_tables, tables

__all__ = ["BoxInfo", "CardInfo", "Catalog", "CatalogError", "MarkerInfo", "Tables",
           "build_tables", "default_data_dir", "load_catalog", "tables"]
