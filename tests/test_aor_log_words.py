"""Age of Reason's words in the log and the prompts read as English: a possessive of a name
ending in s (the United Provinces) takes an apostrophe alone, and a country's starting discs
(R2.4: five markers drawn, several may name one area) name each area once, with its count."""

from __future__ import annotations

from engine.aor import events as ev
from engine.aor import names as nw
from engine.aor.log import describe
from tests.aor_builder import T, cidx


def test_possessive_of_a_name_ending_in_s() -> None:
    assert nw.possessive("United Provinces") == "United Provinces'"
    assert nw.possessive("France") == "France's"


def test_r2_4_starting_discs_name_each_area_once_with_its_count() -> None:
    na = [m for m, x in T.markers.items() if x.area == T.area_index["area_nordamerika"]][:2]
    ind = [m for m, x in T.markers.items() if x.area == T.area_index["area_indien"]][:1]
    assert len(na) == 2 and ind, "the catalog has markers for these areas"
    russia = cidx("russia")
    line = describe(ev.StartingDiscs(russia, tuple(na + ind)), T, [russia])
    assert line == "Russia starts with discs: 2 in North America, 1 in India."
