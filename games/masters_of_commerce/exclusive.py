"""Phase 5, exclusive (expert variant; seed フェーズ5 独占, Notes 7, 8).

In each district the merchant renting the most deeds (tie: who paid more rent there; still
tied: nobody) receives the district's exclusive token and おける — may place — it on one of
their deeds there; a contract under the token cannot change. From engine version 3 the
winner always chooses, and may leave the token off (``exclusive none``); before, a single
qualifying deed took it automatically.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from games.core import Move, Step
from games.core.text import Msg

from .income import expected_income
from .moves import PlaceExclusive, seat_tag
from .phases import Phase

if TYPE_CHECKING:
    from .state import MocState


class ExclusiveStep(Step["MocState"]):
    """District leaders place (or move, or from version 3 withhold) the exclusive token."""

    moves = (PlaceExclusive,)
    title = "Exclusive"
    title_key = "moc.term.phase.exclusive"

    def enter(self, game: MocState) -> list[str]:
        """In each district the merchant renting most deeds gets the token (Note 7)."""
        events: list[str] = []
        game.exclusive_pending = {}
        for landlord in game.active_landlords():
            winner = district_leader(game, landlord)
            if winner is None:
                current = token_deed(game, landlord)
                if current is not None:
                    game.contracts[current].exclusive = False
                    events.append(
                        Msg(
                            "moc.exclusive.removed",
                            "Nobody leads p{landlord}'s district: its exclusive token is removed.",
                            landlord=landlord + 1,
                            deed=current,
                        )
                    )
                continue
            options = winner_deeds(game, landlord, winner)
            if len(options) == 1 and not game.v3:
                events.append(place(game, winner, options[0]))
            else:
                game.exclusive_pending[landlord] = winner
                events.append(
                    Msg(
                        "moc.exclusive.leads",
                        "p{merchant} leads p{landlord}'s district and places its exclusive token.",
                        merchant=winner + 1,
                        landlord=landlord + 1,
                    )
                )
        if game.v3:
            for merchant in sorted(set(game.exclusive_pending.values())):
                game.prompt(
                    merchant,
                    Msg(
                        "moc.prompt.exclusive",
                        "You lead a district: you may place its exclusive token on one of your "
                        "deeds there (its contract then cannot change), or leave it off.",
                    ),
                    self.candidates(game, merchant),
                )
        return events

    def actors(self, game: MocState) -> frozenset[int]:
        return frozenset(game.exclusive_pending.values())

    def next_phase(self, game: MocState) -> Phase | None:
        return game.then(Phase.AUCTION)

    def candidates(self, game: MocState, seat: int) -> Iterable[Move]:
        mine = [landlord for landlord, m in game.exclusive_pending.items() if m == seat]
        moves: list[Move] = []
        for landlord in mine:
            moves += [PlaceExclusive(d) for d in winner_deeds(game, landlord, seat)]
            if game.v3:
                moves.append(PlaceExclusive(None, landlord if len(mine) > 1 else None))
        return moves

    def default_move(self, game: MocState, seat: int) -> Move | None:
        """Place the token on the best deed: the most expected profit (income − rent)."""
        landlord = min(land for land, m in game.exclusive_pending.items() if m == seat)
        deeds = winner_deeds(game, landlord, seat)
        best = max(deeds, key=lambda d: expected_income(game, d) - game.contracts[d].rent)
        return PlaceExclusive(best)

    def refusal(self, game: MocState, seat: int, move: Move) -> str | None:
        assert isinstance(move, PlaceExclusive)
        mine = sorted(landlord for landlord, m in game.exclusive_pending.items() if m == seat)
        if not mine:
            return Msg("moc.exclusive.none", "You place no exclusive token now.")
        if move.deed is None:
            if not game.v3:
                return Msg(
                    "moc.exclusive.must_place",
                    "This game follows the rules of engine version {version}: the leading "
                    "merchant must place the exclusive token.",
                    version=game.engine_version,
                )
            if move.landlord is None:
                if len(mine) > 1:
                    return Msg(
                        "moc.exclusive.which",
                        "You lead several districts; say which token you leave off, e.g. "
                        "`exclusive none {first}`.",
                        first=seat_tag(mine[0]),
                    )
            elif move.landlord not in mine:
                return Msg(
                    "moc.exclusive.not_yours",
                    "You are not placing the exclusive token of {landlord}'s district.",
                    landlord=seat_tag(move.landlord),
                )
            return None
        if move.landlord is not None:
            return Msg("moc.exclusive.form", "Write `exclusive <deed>` or `exclusive none`.")
        reason = game.unknown_deed(move.deed)
        if reason is not None:
            return reason
        landlord = game.owner[move.deed]
        if game.exclusive_pending.get(landlord) != seat:
            return Msg(
                "moc.exclusive.not_yours",
                "You are not placing the exclusive token of {landlord}'s district.",
                landlord=seat_tag(landlord),
            )
        c = game.contracts.get(move.deed)
        if c is None or c.merchant != seat:
            return Msg("moc.not_your_contract", "You do not rent {deed}.", deed=move.deed)
        return None

    def apply(self, game: MocState, seat: int, move: Move) -> list[str]:
        assert isinstance(move, PlaceExclusive)
        if move.deed is not None:
            return [place(game, seat, move.deed)]
        landlord = (
            move.landlord
            if move.landlord is not None
            else next(land for land, m in game.exclusive_pending.items() if m == seat)
        )
        current = token_deed(game, landlord)
        if current is not None:
            game.contracts[current].exclusive = False
        del game.exclusive_pending[landlord]
        return [
            Msg(
                "moc.exclusive.left_off",
                "p{merchant} leaves p{landlord}'s exclusive token off the board.",
                merchant=seat + 1,
                landlord=landlord + 1,
            )
        ]


def district_leader(game: MocState, landlord: int) -> int | None:
    """The merchant renting most deeds in the district; tie: more rent paid this year;
    still tied: nobody (Note 7, decision 14)."""
    counts: dict[int, list[int]] = {}
    for d in game.district[landlord]:
        c = game.contracts.get(d)
        if c is not None:
            tally = counts.setdefault(c.merchant, [0, 0])
            tally[0] += 1
            tally[1] += game.rent_paid.get(d, 0)
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1][0], -kv[1][1], kv[0]))
    if ranked and (len(ranked) == 1 or ranked[0][1] != ranked[1][1]):
        return ranked[0][0]
    return None


def token_deed(game: MocState, landlord: int) -> str | None:
    """The deed of the district holding its exclusive token, if any."""
    for d in game.district[landlord]:
        c = game.contracts.get(d)
        if c is not None and c.exclusive:
            return d
    return None


def winner_deeds(game: MocState, landlord: int, merchant: int) -> list[str]:
    """The merchant's rented deeds in the district (where the token may go)."""
    return [
        d
        for d in game.district[landlord]
        if d in game.contracts and game.contracts[d].merchant == merchant
    ]


def place(game: MocState, seat: int, deed: str) -> str:
    """Put the district's token on ``deed`` (moving it if it lay elsewhere)."""
    landlord = game.owner[deed]
    for d in game.district[landlord]:
        if d in game.contracts:
            game.contracts[d].exclusive = d == deed
    game.exclusive_pending.pop(landlord, None)
    return Msg(
        "moc.exclusive.placed",
        "p{merchant} puts p{landlord}'s exclusive token on {deed}.",
        merchant=seat + 1,
        landlord=landlord + 1,
        deed=deed,
    )
