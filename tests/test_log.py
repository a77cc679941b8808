"""Game-log lines read as sentences."""

from __future__ import annotations

from engine.aac import events as ev
from engine.aac.data import rules
from engine.aac.log import describe


def test_perk_line_ends_with_one_full_stop() -> None:
    r = rules()
    line = describe(ev.PerkTaken(0, "section", "Free 1 Compass and 1 Magnet energy from your "
                                               "reserve."), r, ["aureon"])
    assert line.endswith("from your reserve.") and not line.endswith("..")
    line = describe(ev.PerkTaken(0, "bonus", "Recharge"), r, ["aureon"])
    assert line.endswith("perk: Recharge.")


def test_score_line_names_category_and_cause() -> None:
    """Issue 11: "score 1 -> 0" says which category changed and why."""
    r = rules()
    e = ev.ScoreChanged(1, 1, 0, (ev.ScorePart("tile_pool", 1, 0, "energy paid for a tile"),))
    line = describe(e, r, ["aureon", "freyith"])
    assert line == "Freyith: 1 → 0 VP (Tile Pool −1: energy paid for a tile)."
    two = ev.ScoreChanged(0, 3, 8, (ev.ScorePart("reserve", 3, 6, "a reserve row fully freed"),
                                    ev.ScorePart("monuments", 0, 2, "Rose bound at Ember Forge")))
    assert describe(two, r, ["aureon"]).endswith(
        "3 → 8 VP (Energy Reserve +3: a reserve row fully freed; Monuments +2: Rose bound at "
        "Ember Forge).")
    assert describe(ev.ScoreChanged(0, 2, 3), r, ["aureon"]) == "Aureon: 2 → 3 VP."
    # the explanation is not part of what happened: events compare equal without it
    assert e == ev.ScoreChanged(1, 1, 0)


def test_log_lines_use_place_and_tile_names() -> None:
    r = rules()
    chars = ["aureon", "freyith"]
    moved = describe(ev.FigureMoved(0, ("sp_north_start", "sp_north_out_cw",
                                        "br_fixed_north_east", "sp_east_out_ccw"), ""), r, chars)
    assert moved == ("Aureon moves 3 spaces over the outer bridge between Cinderreach "
                     "and Glasswater Coast to Glasswater Coast, by the outer bridge to "
                     "Cinderreach.")
    pool = describe(ev.PoolChanged(("shop_i_06", "", "shop_ii_01", "shop_iii_01"), ()), r, chars)
    assert pool.startswith("Tile Pool: Tier I tile (1 top slot, 2 bottom slots; pillar), "
                           "empty, Tier II tile")
    done = describe(ev.SectionCompleted("ember_forge", "ember_forge_s2", 1, "placement"), r,
                    chars)
    assert done == "Ember Forge: section 2 completed by Freyith."
    token = describe(ev.TokenMoved(0, "compass", "section:ember_forge:1", "bound:r_north",
                                   "bound"), r, chars)
    assert token == ("Aureon: Compass from Ember Forge (space 2) to the bound energy "
                     "area of Ember Forge (bound).")
