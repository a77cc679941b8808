"""The parts of Age of Reason's table, one job each: the shown state walked event by event
(display), the event animator, the turn driver (bots, hand-off, queued input), the hotspots
and tooltips, the hint."""
