"""The table scene's parts, one job each: the event animator, the turn driver, the layer
cache, hotspots and tooltips (game.scenes.table composes them)."""
