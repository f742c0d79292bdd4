"""Phase 1, Restructuring (seed "○フェイズ1"): every player secretly chooses who works.

* All players choose at once and in secret (``work <card>`` / ``beach <card>`` one card at a
  time, then ``commit``); nothing is shown until everyone has committed, then all structures
  are revealed together.
* The CEO always works and has 3 slots (after the first bank break: the reserve cards' number).
  CEO slots hold any card; managers (black cards, 2–10 slots) hold non-managers only, so the
  pyramid has at most three levels. A structure that does not fit is refused when chosen; the
  seed's penalty (everyone but the CEO to the beach) is applied should one reach the reveal.
* Busy marketeers are neither at work nor on the beach.
* Reveal milestones: first waitress, errand boy and cart operator played; first to lower prices
  (a pricing or discount manager at work).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from games.core import Move, Msg, Seat, Step

from .data import components
from .model import Phase, Turn
from .moves import Beach, Commit, Work
from .rules import claim, counted, emp, listing, pretty, structure_fits, tag, why_not_fits

if TYPE_CHECKING:
    from .game import FcmState

REVEAL_MILESTONES = (
    ("waitress", "first_waitress"),
    ("errand_boy", "first_errand_boy"),
    ("cart_operator", "first_cart_operator"),
)


def start_turn(game: FcmState, seat: int) -> None:
    """Fresh Working 9–5 bookkeeping from the cards at work."""
    p = game.players[seat]
    t = Turn()
    t.recruits_left = emp("ceo").amount
    for card in p.at_work_cards():
        e = emp(card.kind)
        if e.action == "recruit":
            t.recruits_left += e.amount
            if e.amount > 1:
                t.discount_actions += e.amount
        elif e.action == "train":
            t.trainers[card.uid] = e.amount
    p.turn = t


def describe(kinds: list[str]) -> str:
    if not kinds:
        return Msg("food_chain_magnate.only_ceo", "only the CEO")
    counts: dict[str, int] = {}
    for k in kinds:
        counts[k] = counts.get(k, 0) + 1
    return Msg(
        "food_chain_magnate.ceo_and",
        "CEO, {others}",
        others=listing([counted(n, k) for k, n in sorted(counts.items())]),
    )


def reveal(game: FcmState) -> list[str]:
    """Everyone has committed: turn the structures face up (seed phase 1)."""
    game.mark_revealed()
    events: list[str] = []
    for seat in game.order:
        p = game.players[seat]
        kinds = list(p.pending)
        p.at_work = set()
        if not structure_fits(kinds, game.ceo_slots):
            events.append(
                Msg(
                    "food_chain_magnate.structure_penalty",
                    "{who}'s structure does not fit ({why}): everyone but the CEO goes to the "
                    "beach this turn.",
                    who=tag(seat),
                    why=why_not_fits(kinds, game.ceo_slots),
                )
            )
            kinds = []
        for kind in kinds:
            card = next(c for c in p.cards if c.kind == kind and c.uid not in p.at_work)
            p.at_work.add(card.uid)
        p.pending = []
        p.revealed = True
        start_turn(game, seat)
        beach = p.kinds({c.uid for c in p.beach_cards()})
        nobody = Msg("food_chain_magnate.nobody", "nobody")
        events.append(
            Msg(
                "food_chain_magnate.structure",
                "{who} works with {work}; on the beach: {beach}.",
                who=tag(seat),
                work=describe(sorted(kinds)),
                beach=listing([pretty(k) for k in beach], nobody),
            )
        )
    for seat in game.order:
        p = game.players[seat]
        working = {c.kind for c in p.at_work_cards()}
        for kind, mid in REVEAL_MILESTONES:
            if kind in working:
                claim(game, seat, mid, events)
        if any(emp(k).price_delta < 0 for k in working):
            claim(game, seat, "first_lower_prices", events)
    return events


class Restructuring(Step["FcmState"]):
    moves = (Work, Beach, Commit)
    title = "Restructuring"
    title_key = "food_chain_magnate.term.step.restructuring"

    def enter(self, game: FcmState) -> list[str]:
        game.turn += 1
        events: list[str] = [Msg("food_chain_magnate.turn", "Turn {n} begins.", n=game.turn)]
        if game.next_ceo_slots is not None:
            game.ceo_slots = game.next_ceo_slots
            game.next_ceo_slots = None
        for p in game.players:
            p.pending = []
            p.at_work = set()
            p.revealed = False
            p.committed = not p.cards
        if all(p.committed for p in game.players):
            events += reveal(game)
        return events

    def actors(self, game: FcmState) -> frozenset[Seat]:
        return frozenset(p.seat for p in game.players if not p.committed)

    def candidates(self, game: FcmState, seat: Seat) -> Iterable[Move]:
        p = game.players[seat]
        moves: list[Move] = [Work(k) for k in sorted({c.kind for c in p.cards})]
        moves += [Beach(k) for k in sorted(set(p.pending))]
        moves.append(Commit())
        return moves

    def refusal(self, game: FcmState, seat: Seat, move: Move) -> str | None:
        p = game.players[seat]
        if isinstance(move, Commit):
            return None
        assert isinstance(move, (Work, Beach))
        if move.card not in components().employees:
            return Msg(
                "food_chain_magnate.unknown_card",
                "`{card}` is not an employee card.",
                card=move.card,
            )
        chosen = p.pending.count(move.card)
        if isinstance(move, Beach):
            if not chosen:
                return Msg(
                    "food_chain_magnate.not_chosen",
                    "No {kind} is in the structure you are choosing.",
                    kind=pretty(move.card),
                )
            return None
        if move.card == "ceo":
            return Msg(
                "food_chain_magnate.ceo_works", "The CEO always works; choose the cards under it."
            )
        owned = sum(1 for c in p.cards if c.kind == move.card)
        if owned <= chosen:
            busy = sum(1 for c in p.busy.values() if c.kind == move.card)
            extra = f" ({busy} busy with campaigns)" if busy else ""
            return Msg(
                "food_chain_magnate.no_more_cards",
                "You have no other {kind} to put to work: you own {owned}{extra} and chose "
                "{chosen}.",
                kind=pretty(move.card),
                owned=owned,
                extra=extra,
                chosen=chosen,
            )
        kinds = [*p.pending, move.card]
        if not structure_fits(kinds, game.ceo_slots):
            return Msg(
                "food_chain_magnate.does_not_fit",
                "A {kind} does not fit in your structure: {why}.",
                kind=pretty(move.card),
                why=why_not_fits(kinds, game.ceo_slots),
            )
        return None

    def apply(self, game: FcmState, seat: Seat, move: Move) -> list[str]:
        p = game.players[seat]
        if isinstance(move, Work):
            p.pending.append(move.card)
            return []
        if isinstance(move, Beach):
            p.pending.remove(move.card)
            return []
        p.committed = True
        events: list[str] = [
            Msg("food_chain_magnate.committed", "{who} has chosen who works.", who=tag(seat))
        ]
        if all(q.committed for q in game.players):
            events += reveal(game)
        return events

    def next_phase(self, game: FcmState) -> Phase:
        return Phase.ORDER_OF_BUSINESS

    def default_move(self, game: FcmState, seat: Seat) -> Move | None:
        return Commit()
