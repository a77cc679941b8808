"""The interactive tutorial: a guided first game against an easy bot.

`script` holds the lessons as data (what to say, why, and which of the real decision's
choices to teach), `plan` looks ahead with the engine to find the choice that leads where a
lesson goes, `runner` drives the steps on a real table and remembers the progress, and
`overlay` dims the table around the one target to click."""
