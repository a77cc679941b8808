"""The in-game guide: "How to play" pages and the rules reference, as data.

`model` holds the page types and the books (a module adds pages with `register`), `howto`
and `reference` the base game's pages, `links` maps a table target to the rule it is about,
`positions` plays the real engine to the positions the pictures show and `art` draws them
with the table's own views. Nothing is imported here, so the table can import `links`
without pulling in the drawing code."""
