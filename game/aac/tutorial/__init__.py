"""The interactive tutorial: a guided first game against an easy bot, one continuous game
from its first turn to a scored section.

`script` holds the lessons as data (what to say, why, and which of the real decision's
choices to teach; the look-ahead that finds the choice leading where a lesson goes is the
engine's, engine.aac.tutorial_plan), `runner` drives the steps on a real table and remembers
the progress, and `overlay` dims the table around the one target to click."""
