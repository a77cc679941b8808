"""Age of Reason's table in two moments the whole-game test meets only by chance, set up as
real positions (tests/aor_builder.py) and driven by synthesized clicks with people in every
seat (hot-seat):

- R6.5.8 / R9.2 (D12): a player holding War Office attacks; the table then offers a second
  attack in the same action step and says so in words; after the second the step ends.
- R8.3 / R8.3.1 (O18) / R8.5.1 / R8.5.4 (D9): a person whose country may help a side of the
  combat is handed the table before the secret choice, puts down the Ally card (or the
  Blank); the card stays face down for everyone until the reveal, which shows it, with its
  +1 in the strength of the side it helped (nothing for a Blank); with instant animations
  the status line tells the same.
- R8.2: in a full hand's fan each card answers a click only where it shows."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from engine.aor.game import Game
from game.aor import pieces
from game.aor.scenes.table import TableScene
from game.aor.session import AorSession
from game.shell.app import App
from game.shell.layout import fit
from game.shell.scenegraph import Button, Canvas, Node
from game.shell.session import SeatSpec
from tests.aor_builder import Builder, card
from tests.layout_scan import scan


def post(app: App, kind: int, vx: float, vy: float, **kw: Any) -> None:
    s, ox, oy = fit(*app.window.get_size())
    pos = (round(ox + vx * s), round(oy + vy * s))
    if kind == pygame.MOUSEMOTION:
        kw |= {"rel": (0, 0), "buttons": (0, 0, 0)}
    pygame.event.post(pygame.event.Event(kind, pos=pos, **kw))


def click(app: App, node: Node, at: tuple[float, float] | None = None) -> None:
    r = node.world_rect()
    x, y = at or (r.centerx, r.centery)
    post(app, pygame.MOUSEMOTION, x, y)
    post(app, pygame.MOUSEBUTTONDOWN, x, y, button=1)
    post(app, pygame.MOUSEBUTTONUP, x, y, button=1)
    app.step(1 / 60, draw=False)


def click_card(app: App, t: TableScene, cid: str) -> None:
    """A click on a card of the hand where the player sees it: the fan overlaps, each card
    lies under the next one to its right, so on its left strip."""
    sp = spot(t, cid)
    r = sp.world_rect()
    click(app, sp, (r.x + 6, r.centery))


def settle(app: App, t: TableScene, frames: int = 2000) -> None:
    """Let the animations play out (the table at rest, a decision waiting)."""
    for _ in range(frames):
        if not t.animator.busy and not t.animator.background:
            break
        app.step(1 / 60, draw=False)
    app.step(1 / 60, draw=False)
    assert not t.animator.busy


def at_table(app: App, g: Game) -> TableScene:
    """The builder's position at the table, a person in every seat."""
    s = AorSession(g, [SeatSpec(human=True) for _ in g.state.players], 1)
    app.start_session(s)
    app.step(1 / 60)
    t = app.scene
    assert isinstance(t, TableScene)
    settle(app, t)
    return t


def take_table(app: App, t: TableScene, seat: int) -> None:
    """The hot-seat curtain names `seat`; nobody's cards show under it; a click hands over."""
    assert t.handoff.visible and t.handoff.seat == seat
    assert t.hand_viewer() == -1
    click(app, t.handoff)
    assert not t.handoff.visible and t.hand_viewer() == seat


def prompt_button(t: TableScene, choice_id: str) -> Button:
    found = [b for b in t.prompt.buttons if getattr(b, "choice_id", "") == choice_id]
    assert found, [getattr(b, "choice_id", "") for b in t.prompt.buttons]
    return found[0]


def spot(t: TableScene, target: str) -> Node:
    sp = next(sp for sp in t.hotspots.spots.get(target, []) if t.hotspots.on_screen(sp)
              and not t.covered(sp))
    assert target in t.hotspots.legal, (target, sorted(t.hotspots.legal))
    return sp


def play_card(app: App, t: TableScene, seat: int, cid: str) -> None:
    """A person's secret card: the table handed over, then a click on the card in the hand."""
    if t.handoff.visible:
        take_table(app, t, seat)
    d = t.pending
    assert d is not None and d.seat == seat and t.hand_viewer() == seat
    before = len(t.game.history)
    click_card(app, t, cid)
    assert t.game.history[before:] == [f"card:{cid}"]
    settle(app, t)


def drawn_texts(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text of one frame drawn from scratch (the panels' cached pictures too)."""
    texts: list[str] = []
    orig = Canvas.text

    def text(self: Canvas, s: str, *a: Any, **k: Any) -> Any:
        texts.append(s)
        return orig(self, s, *a, **k)

    monkeypatch.setattr(Canvas, "text", text)
    t = app.scene
    assert isinstance(t, TableScene)
    t.stage._surf = None
    for n in t.walk():
        if hasattr(n, "_surf"):
            n._surf = None
    app.render()
    monkeypatch.setattr(Canvas, "text", orig)
    return texts


# --- R6.5.8, R9.2: War Office's second attack -------------------------------------------------

def war_office_position() -> Builder:
    b = Builder(["prussia", "austria", "france"])
    b.alliance(["prussia", "france", "spain", "russia"],
               ["austria", "great_britain", "united_provinces"])
    b.discs("mitteleuropa", prussia=1, austria=3)
    b.box("war_office_1", "prussia")  # taken in an earlier segment: the rest of the turn (O14)
    b.player("prussia", gold=20).player("austria", gold=20)
    return b


def attack_austria(app: App, t: TableScene, b: Builder, mine: str) -> None:
    """Prussia attacks an Austrian disc in Central Europe (a click on the stack), both play a
    card behind the hot-seat curtain."""
    p, a = b.seat("prussia"), b.seat("austria")
    before = len(t.game.history)
    click(app, spot(t, "stack:area_mitteleuropa:country_austria"))
    assert t.game.history[before:] == ["attack_disc:area_mitteleuropa:country_austria"]
    settle(app, t)
    play_card(app, t, p, card("prussia", mine))
    play_card(app, t, a, card("austria", "blank"))


def test_r6_5_8_r9_2_war_office_offers_a_second_attack_in_the_same_step(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    b = war_office_position()
    t = at_table(app, b.at_action("prussia"))
    p = b.seat("prussia")
    segment = t.game.state.segment
    d = t.pending
    assert d is not None and (d.seat, d.kind) == (p, "box")
    click(app, prompt_button(t, "box:none"))
    d = t.pending
    assert d is not None and (d.seat, d.kind) == (p, "attack")

    attack_austria(app, t, b, "1/0/1")
    # the combat is over; the same step goes on with a second attack, said in words
    d = t.pending
    assert d is not None and (d.seat, d.kind) == (p, "second_attack"), d
    assert t.game.state.segment == segment
    assert t.prompt.title == "Prussia: make a second attack (War Office)?"
    assert "War Office" in t.prompt.title and "second attack" in t.prompt.title
    assert any(b_.label == "No second attack" for b_ in t.prompt.buttons)
    assert "stack:area_mitteleuropa:country_austria" in t.hotspots.legal
    assert not t.stage.visible  # the map is free to point at
    texts = drawn_texts(app, monkeypatch)
    assert t.prompt.title in texts  # on the prompt bar, as drawn
    assert "No second attack" in texts

    attack_austria(app, t, b, "2/0/2")
    # after the second attack Prussia's step is over: the next player's box, same segment
    d = t.pending
    assert d is not None and (d.seat, d.kind) == (b.seat("austria"), "box"), d
    assert t.game.state.segment == segment
    assert t.game.history.count("attack_disc:area_mitteleuropa:country_austria") == 2
    assert not any(h.startswith(("attack:", "second_attack")) for h in t.game.history)


def test_r6_5_8_without_war_office_the_step_ends_after_one_attack(app: App) -> None:
    """The same attack without War Office: no second one is offered (R7.1)."""
    b = Builder(["prussia", "austria", "france"])
    b.alliance(["prussia", "france", "spain", "russia"],
               ["austria", "great_britain", "united_provinces"])
    b.discs("mitteleuropa", prussia=1, austria=3)
    t = at_table(app, b.at_action("prussia", at="attack"))
    attack_austria(app, t, b, "1/0/1")
    d = t.pending
    assert d is not None and (d.seat, d.kind) == (b.seat("austria"), "box"), d


# --- R8.3, O18, R8.5: an ally's secret Ally or Blank, by a person -------------------------------

def ally_position() -> Builder:
    """Prussia attacks Austria in Central Europe; France (Prussia's row, a disc there) may
    help; Spain (Prussia's row, no player) has a disc there too, so Prussia is asked to buy
    its help after France has put its card down: the table rests before the reveal."""
    b = Builder(["prussia", "austria", "france"])
    b.alliance(["prussia", "france", "spain", "russia"],
               ["austria", "great_britain", "united_provinces"])
    b.discs("mitteleuropa", prussia=1, austria=2, france=1, spain=1)
    b.player("prussia", gold=20).player("austria", gold=20).player("france", gold=5)
    b.dice(3, 3, 2, 2)  # both dice differences 0: soldiers and allies decide
    return b


@pytest.mark.app(anim_speed=1.0)
@pytest.mark.parametrize("pick", ["ally", "blank"])
def test_r8_3_o18_a_persons_ally_or_blank_is_handed_over_hidden_then_revealed(
        app: App, monkeypatch: pytest.MonkeyPatch, pick: str) -> None:
    b = ally_position()
    t = at_table(app, b.at_action("prussia", at="attack"))
    p, a, f = b.seat("prussia"), b.seat("austria"), b.seat("france")
    click(app, spot(t, "stack:area_mitteleuropa:country_austria"))
    settle(app, t)
    play_card(app, t, p, card("prussia", "2/0/2"))
    play_card(app, t, a, card("austria", "2/0/2"))

    # D9: France's secret choice, behind the curtain first (R8.3.2: after the attacker)
    d = t.pending
    assert d is not None and (d.seat, d.kind) == (f, "ally")
    assert t.handoff.visible and t.handoff.seat == f
    curtain = drawn_texts(app, monkeypatch)
    assert "Pass the table to France" in curtain
    assert not any("Ally" in x or "Blank" in x for x in curtain)  # nothing of the choice
    take_table(app, t, f)
    ally, blank = card("france", "ally"), card("france", "blank")
    labels = [b_.label for b_ in t.prompt.buttons]
    assert any(x.startswith("Play your Ally card: help Prussia") for x in labels), labels
    assert any(x.startswith("Play your Blank card") for x in labels), labels
    assert {ally, blank} <= set(t.hotspots.legal)  # the two cards in the hand answer too
    chosen = ally if pick == "ally" else blank
    before = len(t.game.history)
    if pick == "ally":
        click_card(app, t, ally)  # the card in the hand
    else:
        click(app, prompt_button(t, f"card:{blank}"))  # or the prompt's button
    assert t.game.history[before:] == [f"card:{chosen}"]
    settle(app, t)

    # Prussia decides whether to buy Spain's help: France's card lies face down, unknown
    d = t.pending
    assert d is not None and (d.seat, d.kind) == (p, "buy_npc")
    assert not t.handoff.visible and t.hand_viewer() == -1  # not a private decision
    fight = t.stage.fight
    assert t.stage.visible and fight is not None and not fight.revealed
    helper = next(h for h in fight.helpers if h.seat == f)
    assert (helper.side, helper.state, fight.down.get(f)) == ("attacker", "down", "?")
    faces: list[str] = []
    face = pieces.card_face

    def spy(c: Any, x: float, y: float, w: float, h: float, cid: str, *a: Any,
            **k: Any) -> Any:
        faces.append(cid)
        return face(c, x, y, w, h, cid, *a, **k)

    monkeypatch.setattr(pieces, "card_face", spy)
    texts = drawn_texts(app, monkeypatch)
    assert ally not in faces and blank not in faces  # drawn only as a card back
    assert not any(x.startswith(("France: +1", "France: Blank", "Ally: France"))
                   for x in texts), [x for x in texts if "France" in x]
    assert not any("Ally card" in ln or "Blank" in ln for ln in t.session.log), t.session.log
    assert any("France puts a card face down as a possible ally" in ln
               for ln in t.session.log), t.session.log

    # the reveal: the cards turn together; France's shows, with its term in the strength
    click(app, prompt_button(t, "skip:country_spain"))
    for _ in range(1200):
        fight = t.stage.fight
        if fight is not None and fight.totals:
            break
        app.step(1 / 60, draw=False)
    assert fight is not None and fight.revealed and fight.totals
    assert fight.down[f] == chosen
    r = fight.result
    assert r is not None
    allies = [x for x in r.attacker_terms if x.kind == "allies"]
    texts = drawn_texts(app, monkeypatch)
    assert chosen in faces  # the card face is drawn at last
    if pick == "ally":
        assert [(x.ref, x.value) for x in allies] == [("country_france", 1)]
        assert "France: +1" in texts and "Ally: France" in texts, texts
        assert r.attacker_strength == r.defender_strength + 1  # 0 + 2 + 1 against 0 + 2
        assert r.result == "attacker"
    else:
        assert allies == []
        assert "France: Blank" in texts and "Ally: France" not in texts, texts
        assert r.attacker_strength == r.defender_strength and r.result == "tie"
    assert any(ln.startswith("Cards turned:") and "France" in ln for ln in t.session.log)


@pytest.mark.parametrize("pick", ["ally", "blank"])
def test_r8_5_with_instant_animations_the_outcome_is_told_on_the_status_line(
        app: App, monkeypatch: pytest.MonkeyPatch, pick: str) -> None:
    """With animations set to instant the combat stage closes at once: the status line says
    the outcome with each side's strength term by term, the ally's +1 among them, or that
    the ally turned a Blank (R8.5.1, R8.5.4)."""
    b = ally_position()
    t = at_table(app, b.at_action("prussia", at="attack"))
    p, a, f = b.seat("prussia"), b.seat("austria"), b.seat("france")
    click(app, spot(t, "stack:area_mitteleuropa:country_austria"))
    play_card(app, t, p, card("prussia", "2/0/2"))
    play_card(app, t, a, card("austria", "2/0/2"))
    play_card(app, t, f, card("france", pick))
    d = t.pending
    assert d is not None and d.kind == "buy_npc" and "France" not in t.message
    click(app, prompt_button(t, "skip:country_spain"))
    assert not t.stage.visible and not t.animator.busy
    said = t.message
    assert said.startswith("Prussia attacks Austria in Central Europe: "), said
    if pick == "ally":
        assert "+ 1 (France, ally) = 3 against" in said and "Blank" not in said, said
    else:
        assert "(France, ally)" not in said and said.endswith("A Blank, no help: France."), said
    assert t.toast.alpha() == 1.0  # shown now, fading after a few seconds
    # the next person handed the table reads the whole line under "Meanwhile on the table"
    t.handoff.show(a)
    assert not scan(app), scan(app)
    line = next(ln for ln in reversed(t.session.log) if ln.startswith("Prussia attacks"))
    rows = drawn_texts(app, monkeypatch)
    assert len(line) > 150 and any(line.endswith(x) and len(x) > 10 for x in rows), rows

def test_r8_2_each_card_of_a_full_hand_answers_where_it_shows(app: App) -> None:
    """The hand is a fan of overlapping cards: each card's ring and click cover only the part
    of it that shows, so pointing at a card's middle picks that card, never the one under or
    over it (R8.2: the attacker's secret card)."""
    b = war_office_position()
    t = at_table(app, b.at_action("prussia", at="attack"))
    click(app, spot(t, "stack:area_mitteleuropa:country_austria"))
    settle(app, t)
    if t.handoff.visible:
        take_table(app, t, b.seat("prussia"))
    d = t.pending
    assert d is not None and d.kind == "attack_card"
    cards = t.hand.card_spots
    assert len(cards) == 11  # the whole hand, Ally included
    rects = [sp.world_rect() for sp in cards]
    for k, (sp, r) in enumerate(zip(cards, rects, strict=True)):
        assert all(not r.colliderect(o) for o in rects[k + 1:]), sp.target  # no overlap
        assert t.hotspots.hover_node(r.centerx, r.centery) is sp or \
            sp.target not in t.hotspots.legal, sp.target
    middle = cards[4].target
    assert middle in t.hotspots.legal
    before = len(t.game.history)
    click(app, cards[4])  # the middle of its strip
    assert t.game.history[before:] == [f"card:{middle}"]
