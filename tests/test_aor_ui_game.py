"""Age of Reason through the shell, driven only by synthesized mouse and key events (issue 31's
checks): the game picker, the set-up (two people and a bot), the table (a person's bids with
the bidding panel, boxes, attacks of each kind, combat cards chosen behind the hot-seat
hand-off, a Reserves re-roll), a save made in the middle of a combat and reopened from the
Load screen, the scoring at each turn's end and the results."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pygame
import pytest

from engine.aor.api import combat_status
from game.aor.scenes.results import ResultsScene
from game.aor.scenes.setup import SetupScene
from game.aor.scenes.table import TableScene
from game.aor.session import AorSession
from game.shell.app import App
from game.shell.dirs import saves_dir
from game.shell.layout import fit
from game.shell.scenegraph import Button, Node
from game.shell.scenes.load import LoadScene, describe_save
from game.shell.scenes.menu import GameCard, MenuScene, PauseScene, PickerScene

AOR_ID = "age-of-reason"
SECRET = ("attack_card", "defence_card", "ally")
# what a person in this test prefers at each decision (the parts of choice ids), so the game
# reaches a Reserves re-roll and each kind of attack
PREFER = {"box": ["reserves", "war_office"], "reserves": ["reroll"], "buy_npc": ["buy"],
          "ally": ["card"], "second_attack": ["attack"]}
ATTACK_KINDS = ("attack_disc", "attack_marker", "convert")


def post(kind: int, app: App, vx: float, vy: float, **kw: Any) -> None:
    s, ox, oy = fit(*app.window.get_size())
    pos = (round(ox + vx * s), round(oy + vy * s))
    if kind == pygame.MOUSEMOTION:
        kw |= {"rel": (0, 0), "buttons": (0, 0, 0)}
    pygame.event.post(pygame.event.Event(kind, pos=pos, **kw))


def click(app: App, node: Node) -> None:
    r = node.world_rect()
    x, y = r.centerx, r.centery
    post(pygame.MOUSEMOTION, app, x, y)
    post(pygame.MOUSEBUTTONDOWN, app, x, y, button=1)
    post(pygame.MOUSEBUTTONUP, app, x, y, button=1)
    app.step(1 / 60, draw=False)


def key(app: App, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    app.step(1 / 60, draw=False)


def button(scene: Node, label: str) -> Button:
    found = [n for n in scene.walk() if isinstance(n, Button) and n.visible
             and n.label.startswith(label)]
    assert found, f"no button {label!r} on {type(scene).__name__}"
    return found[0]


class Person:
    """What the people at the table do: each decision answered by a click on a highlighted
    place, a prompt button, a popup entry or the bidding panel."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.rng = random.Random(4)
        self.done: Counter[str] = Counter()  # what the people did
        self.secret_handoffs = 0

    @property
    def table(self) -> TableScene:
        t = self.app.scene
        assert isinstance(t, TableScene)
        return t

    def act(self) -> None:
        t = self.table
        d = t.pending
        assert d is not None
        if t.handoff.visible:
            assert t.hand_viewer() == -1  # nobody's cards show under the curtain
            if d.kind in SECRET:
                self.secret_handoffs += 1
            click(self.app, t.handoff)
            assert t.hand_viewer() == d.seat
            return
        if t.popup is not None:
            self.pick_in_popup(d.kind)
            return
        if d.kind in ("bid", "proposal"):
            self.bid(d.kind)
            return
        self.point(d.kind, [c.id for c in d.choices])

    def bid(self, kind: str) -> None:
        t = self.table
        au = t.auction
        if kind == "bid" and au.pass_button.enabled and self.done["bid"] and \
                self.rng.random() < 0.6:
            click(self.app, au.pass_button)
            self.done["pass"] += 1
            return
        st = au.status()
        assert st is not None
        for cid in st.unallied:  # click countries beside the display into A, then B
            if au.bid_button.enabled:
                break
            spot = t.hotspots.spots[f"unallied:{cid}"][0]
            click(self.app, spot)
        if kind == "bid" and au.plus.enabled and not self.done["bid"]:
            click(self.app, au.plus)  # the first bid raised by one
        assert au.bid_button.enabled, au.bid_button.label
        click(self.app, au.bid_button)
        self.done[kind] += 1

    def wanted(self, kind: str, ids: list[str]) -> int:
        if kind in ("attack", "second_attack"):
            order = sorted(ATTACK_KINDS, key=lambda k: self.done[k])
            return max((len(order) - n for n, k in enumerate(order) for i in ids
                        if i.startswith(k + ":")), default=0)
        prefs = PREFER.get(kind, [])
        return max((len(prefs) - n for n, p in enumerate(prefs) for i in ids if p in i),
                   default=0)

    def point(self, kind: str, choice_ids: list[str]) -> None:
        t = self.table
        cands: list[tuple[int, Node]] = []
        for target, chs in t.hotspots.legal.items():
            spot = next((sp for sp in t.hotspots.spots.get(target, [])
                         if t.hotspots.on_screen(sp) and not t.covered(sp)), None)
            if spot is not None:
                cands.append((self.wanted(kind, [c.id for c in chs]), spot))
        cands += [(self.wanted(kind, [getattr(b, "choice_id", "")]), b)
                  for b in t.prompt.buttons]
        assert cands, f"nothing to click for {kind}: {choice_ids}"
        best = max(w for w, _ in cands)
        node = self.rng.choice([n for w, n in cands if w == best])
        before = len(t.game.history)
        click(self.app, node)
        if len(t.game.history) > before:
            self.done[kind] += 1
            self.done_choice(t.game.history[before])

    def pick_in_popup(self, kind: str) -> None:
        popup = self.table.popup
        assert popup is not None
        entries = [b for b in popup.children if hasattr(b, "choice_id")]
        best = max(entries, key=lambda b: self.wanted(kind, [b.choice_id]))
        before = len(self.table.game.history)
        click(self.app, best)
        assert len(self.table.game.history) > before
        self.done[kind] += 1
        self.done_choice(self.table.game.history[before])

    def done_choice(self, cid: str) -> None:
        self.done[cid.split(":")[0]] += 1


@pytest.mark.app(game=None)
def test_a_whole_game_through_the_shell(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    events: Counter[str] = Counter()
    applied = AorSession.apply

    def apply(self: AorSession, cid: str) -> list[Any]:
        out = applied(self, cid)
        events.update(type(e).__name__ for e in out)
        return out

    monkeypatch.setattr(AorSession, "apply", apply)

    # the picker, the title menu, the set-up: two people and a bot
    assert isinstance(app.scene, PickerScene)
    card = next(n for n in app.scene.walk() if isinstance(n, GameCard)
                and n.front.game_id == AOR_ID)
    click(app, card)
    assert isinstance(app.scene, MenuScene) and app.game.game_id == AOR_ID
    click(app, button(app.scene, "New game"))
    setup = app.scene
    assert isinstance(setup, SetupScene)
    assert [s.human for s in setup.seats] == [True, False, False]
    click(app, [n for n in setup.walk() if isinstance(n, Button) and n.label == "Bot"][0])
    setup = app.scene
    assert isinstance(setup, SetupScene) and [s.human for s in setup.seats] == [True, True, False]
    click(app, button(setup, "Start the game"))
    table = app.scene
    assert isinstance(table, TableScene)
    session = table.session
    assert session.game.state.n == 3 and session.humans == [0, 1]

    person = Person(app)
    saved_in_combat = False
    for _ in range(6000):
        t = app.scene
        if not isinstance(t, TableScene):
            break
        d = t.pending
        if d is not None and t.session.is_human(d.seat) and not t.animator.busy:
            if not saved_in_combat and d.kind == "attack_card" and not t.handoff.visible:
                save_and_reopen(app, t)
                saved_in_combat = True
                continue
            person.act()
        app.step(1 / 60, draw=False)

    # the results, from the shell's show_results at the game's end
    assert isinstance(app.scene, ResultsScene), type(app.scene).__name__
    game = app.scene.session.game
    assert game.is_over
    app.step(1 / 60)  # drawn once
    assert saved_in_combat
    assert person.done["bid"] >= 1 and person.done["box"] >= 1
    assert person.done["attack_disc"] >= 1 and person.done["attack_marker"] >= 1
    assert person.done["convert"] >= 1
    assert person.done["attack_card"] >= 1 and person.secret_handoffs >= 1
    assert person.done["reroll"] >= 1  # a Reserves re-roll, by a person
    assert events["AreaScored"] > 0 and events["TurnEnded"] == 3 and events["GameOver"] == 1
    assert events["ReservesUsed"] >= 1


def save_and_reopen(app: App, t: TableScene) -> None:
    """Ctrl+S in the middle of a combat; leave to the menu; the Load screen lists the save
    as Age of Reason's; open it: the same combat waits for the same decision."""
    st = combat_status(t.game)
    assert st is not None
    d = t.pending
    assert d is not None
    before = (d.seat, d.kind, [c.id for c in d.choices], len(t.game.history))
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert t.message.startswith("Saved to"), t.message
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PauseScene)
    click(app, button(app.scene, "Leave to the menu"))
    if not isinstance(app.scene, MenuScene):  # a confirmation first
        click(app, button(app.scene, "Leave"))
    assert isinstance(app.scene, MenuScene)
    click(app, button(app.scene, "Load"))
    load = app.scene
    assert isinstance(load, LoadScene)
    cards = load.visible_cards()
    mine = [c for c in cards if c.info.path.parent == saves_dir()
            and c.info.path.name.startswith("save-")]
    assert mine, [c.info.path for c in cards]
    words = describe_save(mine[0].info)
    assert "Age of Reason" in words, words
    pic = mine[0].picture()  # the table's thumbnail, saved beside the game
    assert pic is not None and pic.get_width() > 100
    click(app, mine[0])
    again = app.scene
    assert isinstance(again, TableScene) and again is not t
    d2 = again.pending
    assert d2 is not None
    assert (d2.seat, d2.kind, [c.id for c in d2.choices], len(again.game.history)) == before
    st2 = combat_status(again.game)
    assert st2 is not None and st2.area == st.area and st2.attacker == st.attacker
