"""Age of Reason's scenes: set-up, table, results, guide."""
