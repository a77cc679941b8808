"""The Folklore module's rules (R26): priming an Artifact instead of a recharge (R26.2, R8.2),
placing it at the end of generated character movement (R26.3.1, R26.3.6-R26.3.8), playing and
resolving a Folklore Card (R26.3.2-R26.3.5, R26.3.9), the Folklore Track (R26.8, R28.1), the
expert hand (R26.1.3), and the effects `folklore_track` and `prime_artifact`.

Card options are carried out through the effect registry (`push_effect`), one effect at a time
in the listed order, each used "at" `artifact:<space>` so an effect knows the Artifact's
space (the contested space for an owner's reply, O70). All work still to do lives in frames
(CardFrame, OptionFrame...), so a save taken mid card resolution resumes exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.aac import triggers
from engine.aac.catalog.effects import FolkloreTrackEffect, PrimeArtifactEffect
from engine.aac.catalog.expansion.folklore_cards import FolkloreOption
from engine.aac.core import Ctx, decision
from engine.aac.folklore.events import (
    ArtifactPlaced,
    ArtifactPrimed,
    ArtifactsBound,
    FolkloreCardPlayed,
    FolkloreOptionChosen,
    FolkloreTrackMoved,
)
from engine.aac.folklore.state import (
    HAND,
    NAME,
    active,
    artifact_regions,
    artifacts_out,
    card,
    deck,
    fdata,
    new_data,
    option,
)
from engine.aac.names import space
from engine.aac.rules.effects import Use, effect, handlers, push_effect
from engine.aac.rules.movement import MoveFrame, TrackMoveFrame
from engine.aac.rules.setup import order_from_start
from engine.aac.state import FIGURE_IN_POOL
from engine.kernel.decisions import Choice, Decision
from engine.kernel.frames import Frame
from engine.kernel.rng import Rng

TRACK_MAX = 4  # R26.8


# --- setup (R26.1) -----------------------------------------------------------------------------


def setup(ctx: Ctx) -> None:
    """R26.1: 3 Artifacts in the slots, the cube at 0, 6 cards shuffled: 3 to the hand (seen
    by the owner only), 3 set aside unseen; with the expert hand each seat keeps 3 of 6."""
    s = ctx.s
    d = s.ext[NAME] = new_data(s.n)
    rng = Rng(s.rng)
    expert = bool(s.options.get("folklore_expert_hand"))
    for seat, p in enumerate(s.players):
        cards = list(deck(ctx.r, p.character))
        if expert:
            d["hand"][seat] = cards  # all 6, until the seat keeps 3 (ExpertHandFrame)
            continue
        rng.shuffle(cards)
        d["hand"][seat] = cards[:HAND]
        d["aside"][seat] = cards[HAND:]
    s.rng = rng.state
    if expert:
        ctx.push(ExpertHandFrame(0, ()))


@dataclass(slots=True)
class ExpertHandFrame(Frame, kind="aac.folklore_expert_hand"):
    """R26.1.3 expert variant / R32.1: each seat, in turn order, keeps 3 of its 6 cards."""

    idx: int
    kept: tuple[str, ...]

    def _seat(self, ctx: Ctx) -> int:
        return order_from_start(ctx.s)[self.idx]

    def step(self, ctx: Ctx) -> Decision | None:
        if self.idx >= ctx.s.n:
            ctx.pop()
            return None
        seat = self._seat(ctx)
        hand = fdata(ctx.s)["hand"][seat]
        ch = [Choice(f"keep:{cid}", f"Keep {card(ctx.r, cid).name}", (f"card:{cid}",), cid)
              for cid in hand if cid not in self.kept]
        left = HAND - len(self.kept)
        return decision(seat, "folklore_keep",
                        f"Choose the Folklore Cards for your hand ({left} more)", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        self.kept += (c.data,)
        if len(self.kept) < HAND:
            return
        seat = self._seat(ctx)
        d = fdata(ctx.s)
        hand = list(d["hand"][seat])
        d["hand"][seat] = [x for x in hand if x in self.kept]
        d["aside"][seat] = [x for x in hand if x not in self.kept]
        self.idx += 1
        self.kept = ()


# --- the Folklore Track (R26.8, R28.1) ----------------------------------------------------------


def move_track(ctx: Ctx, seat: int, steps: int) -> None:
    """Move the cube; +1 at 4 does nothing, a -1 at 0 is never asked (costs are checked)."""
    d = fdata(ctx.s)
    old = d["track"][seat]
    new = max(0, min(TRACK_MAX, old + steps))
    d["track"][seat] = new
    if new != old:
        ctx.s.score_dirty |= 1 << seat
    ctx.emit(FolkloreTrackMoved(seat, old, new))


@effect("folklore_track")
def _folklore_track(ctx: Ctx, seat: int, e: FolkloreTrackEffect, use: Use) -> None:
    move_track(ctx, seat, e.steps)


# --- priming (R26.2, R8.2) ---------------------------------------------------------------------


def can_prime(ctx: Ctx, seat: int) -> bool:
    d = fdata(ctx.s)
    return d["slots"][seat] > 0 and not d["primed"][seat]


def prime(ctx: Ctx, seat: int, instead: bool) -> None:
    d = fdata(ctx.s)
    d["slots"][seat] -= 1
    d["primed"][seat] = True
    ctx.emit(ArtifactPrimed(seat, instead))


@effect("prime_artifact")
def _prime_artifact(ctx: Ctx, seat: int, e: PrimeArtifactEffect, use: Use) -> None:
    """Not possible with one primed already or none left (then nothing happens)."""
    if can_prime(ctx, seat):
        prime(ctx, seat, False)


def on_recharge(ctx: Ctx, hook: triggers.Hook) -> None:
    """R8.2 / R26.2.1 / R32.11: every recharge may instead prime an Artifact (O13)."""
    if hook.choice is None:
        if can_prime(ctx, hook.seat):
            hook.choices.append(Choice("folklore:prime", "Prime an Artifact instead",
                                       (f"artifact_slot:{hook.seat}",), (NAME, None)))
    elif hook.key() == NAME:
        prime(ctx, hook.seat, True)
        hook.handled = True


# --- placing an Artifact (R26.3) ---------------------------------------------------------------


def why_not(ctx: Ctx, seat: int) -> list[str]:
    """Why the seat may not place an Artifact where its figure stands now, one reason per
    failed condition of R26.2-R26.3 in words (empty: it may). Movement itself (that the seat
    has generated character movement, R26.3.6) is the caller's condition. "Right after a
    teleport" (R26.3.6, O52): the figure still stands where a teleport this turn set it, with
    the facing chosen then; one step later an earlier teleport no longer matters."""
    s, r = ctx.s, ctx.r
    d = fdata(s)
    p = s.players[seat]
    out: list[str] = []
    if not d["primed"][seat]:
        out.append("You have no primed Artifact (prime one instead of a recharge).")
    if not d["hand"][seat]:
        out.append("You have no Folklore Card left in your hand.")
    if s.options.get("folklore_active_only") and seat != s.active:
        out.append("Only the player whose turn it is may place Artifacts (house rule).")
    if d["placed"][seat] == s.turn:
        out.append("You have placed an Artifact this turn already.")
    sp = p.figure
    if not sp or sp == FIGURE_IN_POOL:
        out.append("Your figure is not on a map space.")
        return out
    if sp in r.bridge_spaces:
        out.append("An Artifact cannot go on a bridge space.")
        return out
    if d["teleport"][seat] == f"{sp}|{p.behind}|{s.turn}":
        out.append("An Artifact cannot be placed right after a teleport.")
    reg = r.space_regions[sp][0]
    if artifacts_out(d, seat) == 0 and reg == p.start_region:
        out.append(f"Your first Artifact cannot go in your starting region, {ctx.name(reg)}.")
    if reg in artifact_regions(r, d, seat):
        out.append(f"You already have an Artifact in {ctx.name(reg)}.")
    return out


def can_place(ctx: Ctx, seat: int) -> bool:
    return active(ctx.s) and not why_not(ctx, seat)


def _place_label(ctx: Ctx, seat: int) -> str:
    sp = ctx.s.players[seat].figure
    on = fdata(ctx.s)["map"].get(sp, [])
    what = " (on an opponent's Artifact)" if on else ""
    return f"Place your Artifact on {space(ctx.r, sp)}{what} and play a Folklore Card"


def on_gain_movement(ctx: Ctx, hook: triggers.Hook) -> None:
    """While moving with character movement (R26.3.6: after none, some or all of it): place
    the primed Artifact here; the rest of the character movement is forfeited (R26.3.1)."""
    frame = hook.info["frame"]
    if isinstance(frame, TrackMoveFrame) or not active(ctx.s):
        return
    seat = hook.seat
    if hook.choice is None:
        if not why_not(ctx, seat):
            sp = ctx.s.players[seat].figure
            hook.choices.append(Choice("folklore:place", _place_label(ctx, seat), (sp,),
                                       (NAME, sp)))
        return
    if hook.key() != NAME:
        return
    hook.handled = True
    # O69: flexible points stay, for the tracks only (or are lost with the house rule)
    flex = 0 if ctx.opt("folklore_forfeit_flexible") else frame.flex
    stack = ctx.s.stack
    i = next(k for k in range(len(stack) - 1, -1, -1) if stack[k] is frame)
    stack[i] = TrackMoveFrame.of(frame, flex)
    place(ctx, seat)


def after_movement(ctx: Ctx, hook: triggers.Hook) -> None:
    """All character movement of an opportunity used (R26.3.6): place now, or not. An
    opportunity stopped with character points left was offered the placement while moving."""
    frame: MoveFrame = hook.info["frame"]
    if frame.char + frame.flex == 0 and can_place(ctx, hook.seat):
        ctx.push(PlaceOfferFrame(hook.seat))


def on_teleport(ctx: Ctx, hook: triggers.Hook) -> None:
    if active(ctx.s):
        fdata(ctx.s)["teleport"][hook.seat] = (f"{hook.info['dst']}|{hook.info['behind']}|"
                                               f"{ctx.s.turn}")


def on_artifact_regions(ctx: Ctx, hook: triggers.Hook) -> None:
    """The regions of the seat's Artifacts (rusne_3 B, teleports into them: R26.3.9)."""
    if active(ctx.s):
        hook.value = tuple(artifact_regions(ctx.r, fdata(ctx.s), hook.seat))


@dataclass(slots=True)
class PlaceOfferFrame(Frame, kind="aac.folklore_place"):
    """R32.15: at the end of the character movement, place the primed Artifact or not."""

    seat: int

    def step(self, ctx: Ctx) -> Decision | None:
        if not can_place(ctx, self.seat):
            ctx.pop()
            return None
        sp = ctx.s.players[self.seat].figure
        ch = [Choice("folklore:place", _place_label(ctx, self.seat), (sp,)),
              Choice("decline", "Do not place an Artifact")]
        return decision(self.seat, "folklore_place", "Place your primed Artifact here?", ch)

    def apply(self, ctx: Ctx, c: Choice) -> None:
        ctx.pop()
        if c.id != "decline":
            place(ctx, self.seat)


def place(ctx: Ctx, seat: int) -> None:
    """R26.3.1: the primed Artifact onto the figure's space; then a card from the hand."""
    s = ctx.s
    d = fdata(s)
    sp = s.players[seat].figure
    on = d["map"].setdefault(sp, [])
    owner = on[0] if on else -1
    on.append(seat)
    d["primed"][seat] = False
    d["placed"][seat] = s.turn
    ctx.emit(ArtifactPlaced(seat, sp, owner))
    ctx.push(CardFrame(seat, sp, owner, "", (), 0, not d["played"][seat]))


# --- playing a card (R26.3.2-R26.3.5) ----------------------------------------------------------


def payable(ctx: Ctx, seat: int, o: FolkloreOption) -> bool:
    """R26.8 / ruling 2: a cost is paid in full or the option cannot be chosen."""
    track = fdata(ctx.s)["track"][seat]
    for e in o.cost:
        if isinstance(e, FolkloreTrackEffect):
            track += e.steps
            if track < 0:
                return False
        elif e.effect not in handlers():
            return False
    return True


def option_why_not(ctx: Ctx, seat: int, oid: str) -> str:
    """Why `seat` may not perform the Folklore option `oid` now, in player words ("" when
    nothing about the option itself stands in the way): already performed from this card
    (R26.3.3, O51), its cost cannot be paid (R26.8, O53), not the card being resolved, or a
    reply comes only from the owner's played cards (R26.3.3)."""
    frame = next((f for f in reversed(ctx.s.stack) if isinstance(f, CardFrame)), None)
    c, o = option(ctx.r, oid)
    if frame is None:
        return "no Folklore Card is being resolved."
    if frame.stage == 3:
        if seat != frame.owner:
            return "only the owner of the other Artifact replies now."
        if c.id not in fdata(ctx.s)["played"][frame.owner]:
            return "a reply comes from one of your played cards."
    elif c.id != frame.card:
        return f"the card being resolved is {card(ctx.r, frame.card).name}."
    elif oid in frame.done:
        return "that option was performed already; each option of a card once (R26.3.3)."
    if not payable(ctx, seat, o):
        return ("its cost cannot be paid: your Folklore Track is at 0, so it cannot move "
                "down (R26.8).")
    return ""


def perform(ctx: Ctx, seat: int, oid: str, sp: str, reply: bool) -> None:
    """One option: its cost paid now, then its effects in the listed order (OptionFrame)."""
    _, o = option(ctx.r, oid)
    ctx.emit(FolkloreOptionChosen(seat, oid, reply))
    for e in o.cost:
        if isinstance(e, FolkloreTrackEffect):
            move_track(ctx, seat, e.steps)
        else:  # the catalog's costs are Folklore Track moves only
            push_effect(ctx, seat, e, option(ctx.r, oid)[0].name)
    if o.effects:
        ctx.push(OptionFrame(seat, oid, 0, sp))


def _option_choice(o: FolkloreOption, name: str) -> Choice:
    return Choice(f"option:{o.id}", f"{name} {o.label}: {o.text}", (), o.id)


@dataclass(slots=True)
class CardFrame(Frame, kind="aac.folklore_card"):
    """R26.3.2-R26.3.5 / R32.15: which card (stage 0); one option, or two different ones on
    an opponent's Artifact, in the order chosen (1); the first card's extra option (2, O51);
    the owner's reply from one of their played cards (3); both Artifacts to the region's
    Bound Energy Area (4)."""

    seat: int
    space: str
    owner: int  # the opponent whose Artifact is on the space, -1 if none
    card: str
    done: tuple[str, ...]  # options performed from this card, in order
    stage: int
    first: bool  # the seat's first card of the game (R26.3.4)

    def step(self, ctx: Ctx) -> Decision | None:
        d = fdata(ctx.s)
        r = ctx.r
        if self.stage == 0:
            ch = [Choice(f"card:{cid}", f"Play {card(r, cid).name}", (f"card:{cid}",), cid)
                  for cid in d["hand"][self.seat]]
            return decision(self.seat, "folklore_card", "Play a Folklore Card from your hand",
                            ch)
        c = card(r, self.card)
        left = [o for o in c.options
                if o.id not in self.done and payable(ctx, self.seat, o)]
        if self.stage == 1:
            need = 2 if self.owner >= 0 else 1
            if len(self.done) >= need or not left:
                self.stage = 2
                return None
            ch = [_option_choice(o, "Option") for o in left]
            what = ("choose an option" if need == 1 else
                    "choose two different options, one at a time" if not self.done else
                    "choose the second option")
            return decision(self.seat, "folklore_option", f"{c.name}: {what}", ch)
        if self.stage == 2:
            if not self.first or not left:
                self.stage = 3
                return None
            ch = [_option_choice(o, "Extra option") for o in left]
            ch.append(Choice("skip", "No extra option"))
            return decision(self.seat, "folklore_extra",
                            f"{c.name}: your first card gives one more option", ch)
        if self.stage == 3:
            if self.owner < 0:
                self.stage = 4
                return None
            ch = []
            for cid in d["played"][self.owner]:
                oc = card(r, cid)
                ch += [_option_choice(o, oc.name) for o in oc.options
                       if payable(ctx, self.owner, o)]
            if not ch:
                self.stage = 4
                return None
            ch.append(Choice("decline", "Do not reply"))
            return decision(self.owner, "folklore_reply",
                            "An Artifact was placed on yours: perform one option of a card "
                            "you have played?", ch)
        ctx.pop()
        if self.owner >= 0:  # R26.3.3: both Artifacts to the region's Bound Energy Area
            reg = r.space_regions[self.space][0]
            seats = d["map"].pop(self.space)
            d["bound"].setdefault(reg, []).extend(seats)
            ctx.emit(ArtifactsBound(tuple(seats), self.space, reg))
        return None

    def apply(self, ctx: Ctx, c: Choice) -> None:
        d = fdata(ctx.s)
        if self.stage == 0:
            d["hand"][self.seat].remove(c.data)
            d["played"][self.seat].append(c.data)
            self.card = c.data
            self.stage = 1
            ctx.emit(FolkloreCardPlayed(self.seat, c.data))
            return
        if self.stage == 3:
            self.stage = 4
            if c.id != "decline":
                perform(ctx, self.owner, c.data, self.space, True)
            return
        if self.stage == 2:
            self.stage = 3
            if c.id == "skip":
                return
        self.done += (c.data,)
        perform(ctx, self.seat, c.data, self.space, False)


@dataclass(slots=True)
class OptionFrame(Frame, kind="aac.folklore_option"):
    """The effects of one option, in the listed order (the next one once the last is done)."""

    seat: int
    option: str
    idx: int
    space: str

    def step(self, ctx: Ctx) -> Decision | None:
        c, o = option(ctx.r, self.option)
        if self.idx >= len(o.effects):
            ctx.pop()
            return None
        e = o.effects[self.idx]
        self.idx += 1
        push_effect(ctx, self.seat, e, c.name, False, f"artifact:{self.space}")
        return None

    def apply(self, ctx: Ctx, c: Choice) -> None:  # pragma: no cover - never decides
        raise AssertionError("OptionFrame makes no decision")
