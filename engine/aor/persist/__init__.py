"""Age of Reason's saves: the strict save models (models), the catalog and rules checks
(validate), the upgrade table (upgrade), reading and writing (io) and the scenario saves
(scenarios)."""
