"""The table scene's parts, one job each: the event animator, the turn driver, hotspots and
tooltips, the hint (game.aac.scenes.table composes them); and what the views and the modules'
table code may see of the table (`model`, `module_hook`)."""
