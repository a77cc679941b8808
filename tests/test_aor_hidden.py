"""Hidden information (R8.9, R15; engine.aor.hidden): what each seat's view holds, the bots'
resampling, and undo stopping at every reveal, draw and roll."""

from __future__ import annotations

from typing import Any

from engine.aor.config import AorConfig
from engine.aor.definition import AOR
from engine.aor.game import Game, new_game
from engine.aor.invariants import check
from engine.kernel.bots import RandomBot
from tests.aor_builder import Builder, card, choose


def strings(x: Any, out: set[str]) -> set[str]:
    if isinstance(x, str):
        out.add(x)
    elif isinstance(x, dict):
        for v in x.values():
            strings(v, out)
    elif isinstance(x, list | tuple):
        for v in x:
            strings(v, out)
    return out


def known_to(g: Game, viewer: int, owner: int) -> set[str]:
    """The owner's cards the viewer may know: those turned face up (shown this turn, or in
    the combat under way)."""
    p = g.state.players[owner]
    out = set(p.shown)
    for fr in g.state.stack:
        for seat, c in getattr(fr, "revealed", ()):
            if seat == owner:
                out.add(c)
    return out


def test_views_hide_hands_discards_commits_bag_order_and_rng() -> None:
    """A seat's view holds no card of another seat's hand, discard pile or face-down commit
    that was not turned face up; sizes are public; the bag only sorted; no RNG."""
    for seed in (1, 2):
        g = new_game(AorConfig(players=4, seed=seed))
        bots = [RandomBot(seed + k) for k in range(4)]
        steps = 0
        while not g.is_over and steps < 700:
            for viewer in range(4):
                view = g.view(viewer)
                seen = strings(view, set())
                assert "rng" not in view and view["bag"] == sorted(view["bag"])
                for owner in range(4):
                    if owner == viewer:
                        continue
                    p = g.state.players[owner]
                    vp = view["players"][owner]
                    assert vp["hand"] == len(p.hand) and vp["discard"] == len(p.discard)
                    secret = (set(p.hand) | set(p.discard) | {p.committed}) - {""}
                    leaked = secret & seen - known_to(g, viewer, owner)
                    assert not leaked, (viewer, owner, leaked)
            d = g.pending
            g.choose(bots[d.seat].choose(g.view(d.seat), d))
            steps += 1


def test_resampled_games_are_consistent_and_keep_the_seats_own_cards() -> None:
    g = new_game(AorConfig(players=5, seed=3))
    bots = [RandomBot(k) for k in range(5)]
    for step in range(400):
        if g.is_over:
            break
        d = g.pending
        if step % 7 == 0:
            view = g.view(d.seat)
            guess = AOR.resample(view, step)
            assert check(guess.t, guess.state) == []
            assert guess.state.players[d.seat].hand == g.state.players[d.seat].hand
            assert guess.pending is not None and guess.pending.ids() == d.ids()
        g.choose(bots[d.seat].choose(g.view(d.seat), d))


def combat() -> tuple[Game, Builder]:
    b = Builder(["prussia", "austria", "france"])
    b.alliance(["prussia", "france", "spain", "russia"],
               ["austria", "great_britain", "united_provinces"])
    b.discs("mitteleuropa", prussia=1, austria=1, france=1)
    b.box("reserves_1", "prussia")
    return b.at_action("prussia", at="attack"), b


def test_undo_within_a_seats_run_is_exact_and_stops_at_another_seat() -> None:
    g, b = combat()
    before = g.snapshot()
    g.choose("attack_disc:area_mitteleuropa:country_austria")
    assert g.can_undo
    g.undo()
    assert g.snapshot() == before
    choose(g, "attack_disc:area_mitteleuropa:country_austria",
           f"card:{card('prussia', '1/0/1')}")
    assert not g.can_undo  # Austria decides now: undo never crosses another seat


def test_undo_stops_at_the_reveal_and_the_dice() -> None:
    """R15: the reveal (the last ally's commit turns every card) and the dice are barriers."""
    g, b = combat()
    choose(g, "attack_disc:area_mitteleuropa:country_austria",
           f"card:{card('prussia', '1/0/1')}", f"card:{card('austria', 'blank')}",
           f"card:{card('france', 'ally')}")
    assert g.pending.kind == "reserves"  # Prussia decides again, after the dice
    assert not g.can_undo and "rolled" in g.can_undo.reason


def test_undo_stops_when_markers_are_drawn() -> None:
    b = Builder(["prussia", "austria"])
    b.alliance(["prussia", "france", "spain", "russia"],
               ["austria", "great_britain", "united_provinces"])
    g = b.at_action("austria", segment=6)
    # Austria's last action of turn 1 (nothing to attack) ends the turn: the VP step, the
    # new turn's draw
    g.choose("box:none")
    assert g.state.turn == 2 and not g.can_undo


def test_a_hot_seat_knows_when_something_private_shows() -> None:
    g, b = combat()
    assert g.private_now()  # hands are private
    choose(g, "attack_disc:area_mitteleuropa:country_austria",
           f"card:{card('prussia', '1/0/1')}")
    assert b.seat("prussia") in g.hidden_seats(b.seat("austria"))
