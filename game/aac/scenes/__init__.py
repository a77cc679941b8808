"""An Age Contrived's scenes: set-up, table, results, guide."""
