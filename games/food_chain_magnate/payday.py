"""Phase 5, Payday (seed "○フェイズ5"); skipped in the intro game.

* Each player may fire any cards at work or on the beach (``fire <card>``), but not busy
  marketeers; then pays (``pay``) $5 per salaried card owned, busy marketeers included.
* Cuts (mandatory): $5 per unused recruit action of recruiting managers / HR directors; $15
  with the first-train milestone; marketeers are free with the first-billboard milestone. The
  total is never below $0.
* A player who cannot pay must fire salaried staff first; only when no other salaried card is
  left may (must) they fire an unpayable busy marketeer — its campaign stays on the board.
* A player with the $100 milestone must fire their CFO now (done automatically).
* Milestone: first to pay $20 or more (after the cuts).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from games.core import Move, Msg, Seat, Step

from .data import components
from .model import Phase
from .moves import Fire, Pay
from .rules import R, claim, emp, pretty, return_card, salary_due, tag

if TYPE_CHECKING:
    from .game import FcmState


def salaried_free(game: FcmState, seat: int) -> list[str]:
    """Kinds of non-busy cards that draw a salary now."""
    p = game.players[seat]
    free_marketeers = p.has("first_billboard")
    return [
        c.kind
        for c in p.cards
        if emp(c.kind).salary and not (free_marketeers and emp(c.kind).action == "campaign")
    ]


def may_fire_busy(game: FcmState, seat: int) -> bool:
    p = game.players[seat]
    return p.cash < salary_due(game, seat)[1] and not salaried_free(game, seat)


class Payday(Step["FcmState"]):
    moves = (Fire, Pay)
    title = "Payday"
    title_key = "food_chain_magnate.term.step.payday"

    def enter(self, game: FcmState) -> list[str]:
        events: list[str] = []
        if game.intro:
            return events
        for p in game.players:
            p.paid = False
            if p.has("first_have_100"):
                for card in [c for c in p.cards if emp(c.kind).action == "cfo"]:
                    return_card(game, p.seat, card)
                    events.append(
                        Msg(
                            "food_chain_magnate.cfo_fired",
                            "{who} must fire their CFO (the CEO is the CFO now).",
                            who=tag(p.seat),
                        )
                    )
            if not p.cards and not p.busy:
                p.paid = True
        return events

    def actors(self, game: FcmState) -> frozenset[Seat]:
        return frozenset(p.seat for p in game.players if not p.paid)

    def candidates(self, game: FcmState, seat: Seat) -> Iterable[Move]:
        p = game.players[seat]
        kinds = {c.kind for c in p.cards}
        if may_fire_busy(game, seat):
            kinds |= {c.kind for c in p.busy.values() if emp(c.kind).salary}
        return [Fire(k) for k in sorted(kinds)] + [Pay()]

    def refusal(self, game: FcmState, seat: Seat, move: Move) -> str | None:
        p = game.players[seat]
        due = salary_due(game, seat)[1]
        if isinstance(move, Pay):
            if p.cash >= due:
                return None
            if salaried_free(game, seat):
                return Msg(
                    "food_chain_magnate.cannot_pay",
                    "You owe ${due} in salaries but have ${cash}: fire salaried employees "
                    "until you can pay.",
                    due=due,
                    cash=p.cash,
                )
            return Msg(
                "food_chain_magnate.fire_busy",
                "You owe ${due} but have ${cash} and no other salaried employees: fire a busy "
                "marketeer (its campaign stays).",
                due=due,
                cash=p.cash,
            )
        assert isinstance(move, Fire)
        if move.card not in components().employees:
            return Msg(
                "food_chain_magnate.unknown_card",
                "`{card}` is not an employee card.",
                card=move.card,
            )
        if any(c.kind == move.card for c in p.cards):
            return None
        if any(c.kind == move.card for c in p.busy.values()):
            if may_fire_busy(game, seat) and emp(move.card).salary:
                return None
            return Msg(
                "food_chain_magnate.busy_no_fire",
                "A busy marketeer cannot be fired while its campaign runs, unless you cannot pay "
                "it and have no other salaried employee left.",
            )
        return Msg(
            "food_chain_magnate.no_card_fire", "You have no {kind} to fire.", kind=pretty(move.card)
        )

    def apply(self, game: FcmState, seat: Seat, move: Move) -> list[str]:
        p = game.players[seat]
        if isinstance(move, Fire):
            card = next((c for c in p.cards if c.kind == move.card), None)
            if card is not None:
                return_card(game, seat, card)
                return [
                    Msg(
                        "food_chain_magnate.fired",
                        "{who} fires a {kind}.",
                        who=tag(seat),
                        kind=pretty(move.card),
                    )
                ]
            number = min(n for n, c in p.busy.items() if c.kind == move.card)
            game.supply[move.card] += 1
            del p.busy[number]
            return [
                Msg(
                    "food_chain_magnate.fired_busy",
                    "{who} cannot pay the busy {kind} of campaign #{n} and fires it; the "
                    "campaign stays.",
                    who=tag(seat),
                    kind=pretty(move.card),
                    n=number,
                )
            ]
        gross, due = salary_due(game, seat)
        p.cash -= due
        game.bank += due
        p.paid = True
        events: list[str] = [
            Msg(
                "food_chain_magnate.paid",
                "{who} pays ${due} in salaries{cut}.",
                who=tag(seat),
                due=due,
                cut=Msg(
                    "food_chain_magnate.salary_cut",
                    " (${gross} less ${cut} in cuts)",
                    gross=gross,
                    cut=gross - due,
                )
                if gross != due
                else "",
            )
        ]
        if due >= R.salary_milestone:
            claim(game, seat, "first_pay_20", events)
        return events

    def is_done(self, game: FcmState) -> bool:
        return game.intro or all(p.paid for p in game.players)

    def next_phase(self, game: FcmState) -> Phase:
        return Phase.MARKETING

    def default_move(self, game: FcmState, seat: Seat) -> Move | None:
        if self.refusal(game, seat, Pay()) is None:
            return Pay()
        p = game.players[seat]
        kinds = salaried_free(game, seat) or [c.kind for c in p.busy.values() if emp(c.kind).salary]
        return Fire(sorted(kinds)[0])
