"""Phase 2, merchant income (seed フェーズ2 商人の収入, Note 4), with its lien sub-step.

The four colour dice move the market indicators and every rented deed earns the value under
its colour (x2 deeds double, losses included). A landlord holding last year's lien takes
ONE of that merchant's deeds' income (債務超過と破産 1): when any such choice exists, the
``LIEN`` sub-step lets every holder choose at once before the income is paid.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from games.core import Move, Step
from games.core.text import Msg, joined

from .data import colour_word
from .moves import Lien, money, seat_tag
from .phases import Phase
from .view import IncomeLine

if TYPE_CHECKING:
    from .state import MocState


class IncomeStep(Step["MocState"]):
    """Roll the dice, move the indicators, work out each deed's income; open lien choices."""

    title = "Income"
    title_key = "moc.term.phase.income"

    def enter(self, game: MocState) -> list[str]:
        events = roll_market(game)
        return events + open_liens(game)

    def actors(self, game: MocState) -> frozenset[int]:
        return frozenset()

    def candidates(self, game: MocState, seat: int) -> Iterable[Move]:
        return ()

    def refusal(self, game: MocState, seat: int, move: Move) -> str | None:
        return Msg("moc.income.dice_rolling", "Nobody moves while the dice are rolled.")

    def next_phase(self, game: MocState) -> Phase | None:
        return game.then(Phase.LIEN)


class LienStep(Step["MocState"]):
    """Lien holders choose which deed's income to take (or waive it); then income is paid."""

    moves = (Lien,)
    title = "Merchant income · lien"
    title_key = "moc.term.phase.lien"

    def enter(self, game: MocState) -> list[str]:
        return [] if game.lien_pending else pay_income(game)

    def actors(self, game: MocState) -> frozenset[int]:
        return frozenset(game.lien_pending.values())

    def next_phase(self, game: MocState) -> Phase | None:
        return game.then(Phase.RENT)

    def candidates(self, game: MocState, seat: int) -> Iterable[Move]:
        mine = lien_merchants(game, seat)
        for m in mine:
            yield from (Lien(d, income=game.deed_income[d]) for d in lien_deeds(game, m))
            yield Lien(None, m if len(mine) > 1 else None)

    def default_move(self, game: MocState, seat: int) -> Move | None:
        """Take the best income: the highest-earning deed (the first of equals)."""
        m = lien_merchants(game, seat)[0]
        best = max(lien_deeds(game, m), key=lambda d: game.deed_income[d])
        return Lien(best, income=game.deed_income[best])

    def refusal(self, game: MocState, seat: int, move: Move) -> str | None:
        assert isinstance(move, Lien)
        mine = lien_merchants(game, seat)
        if not mine:
            return Msg("moc.lien.none_held", "You hold no lien income to collect this year.")
        names = joined([seat_tag(m) for m in mine], " and ")
        if move.deed is None:
            if move.merchant is None:
                if len(mine) > 1:
                    return Msg(
                        "moc.lien.whose",
                        "You hold lien income on {names}; say whose you waive, e.g. "
                        "`lien none {first}`.",
                        names=names,
                        first=seat_tag(mine[0]),
                    )
            elif move.merchant not in mine:
                return Msg(
                    "moc.lien.not_on",
                    "You hold no lien income on {merchant} this year (only on {names}).",
                    merchant=seat_tag(move.merchant),
                    names=names,
                )
            return None
        if move.merchant is not None:
            return Msg("moc.lien.form", "Write `lien <deed>`, e.g. `lien r3`, or `lien none`.")
        reason = game.unknown_deed(move.deed)
        if reason is not None:
            return reason
        c = game.contracts.get(move.deed)
        if c is None or c.merchant not in mine:
            rented = (
                Msg("moc.word.not_rented", "not rented")
                if c is None
                else Msg(
                    "moc.word.rented_by", "rented by {merchant}", merchant=seat_tag(c.merchant)
                )
            )
            options = ", ".join(d for m in mine for d in lien_deeds(game, m))
            return Msg(
                "moc.lien.wrong_deed",
                "{deed} is {rented}; your lien takes the income of a deed rented by "
                "{names}: {options}.",
                deed=move.deed,
                rented=rented,
                names=names,
                options=options,
            )
        income = game.deed_income.get(move.deed, 0)
        if income <= 0:
            return Msg(
                "moc.lien.loss",
                "{deed} earns {income} this year; a lien takes income, not a loss. "
                "Choose a deed that earns, or `lien none`.",
                deed=move.deed,
                income=money(income),
            )
        return None

    def apply(self, game: MocState, seat: int, move: Move) -> list[str]:
        assert isinstance(move, Lien)
        if move.deed is None:
            m = move.merchant if move.merchant is not None else lien_merchants(game, seat)[0]
            del game.lien_pending[m]
            del game.lien_income[m]
            event = Msg(
                "moc.lien.waived",
                "p{holder} waives the lien income from p{merchant} this year.",
                holder=seat + 1,
                merchant=m + 1,
            )
        else:
            m = game.contracts[move.deed].merchant
            del game.lien_pending[m]
            del game.lien_income[m]
            game.lien_taken[m] = (move.deed, seat)
            event = Msg(
                "moc.lien.taken",
                "p{holder} takes the income of {deed} (${amount:,}) from p{merchant} (lien).",
                holder=seat + 1,
                deed=move.deed,
                amount=game.deed_income[move.deed],  # lien deeds earn a positive income
                merchant=m + 1,
            )
        return [event] + ([] if game.lien_pending else pay_income(game))


# -- helpers ------------------------------------------------------------------------------


def roll_market(game: MocState) -> list[str]:
    """Roll the four dice, move the indicators (stopping at the track ends) and work out
    each rented deed's income; it is paid by ``pay_income``."""
    rolls: dict[str, int] = {}
    for colour in game.c.colours:
        face = game.rng.choice(colour.die)
        rolls[colour.key] = face
        pos = game.position[colour.key] + face
        game.position[colour.key] = max(0, min(len(colour.track) - 1, pos))
    game.last_roll = rolls
    values = {c.key: c.track[game.position[c.key]] for c in game.c.colours}
    event = Msg(
        "moc.market.roll",
        "Dice: {dice}. Market: {market}.",
        dice=joined(
            [
                Msg(
                    "moc.market.die", "{colour} {roll:+d}", colour=colour_word(c), roll=rolls[c.key]
                )
                for c in game.c.colours
            ]
        ),
        market=joined(
            [
                Msg(
                    "moc.market.value",
                    "{colour} {value}",
                    colour=colour_word(c),
                    value=money(values[c.key]),
                )
                for c in game.c.colours
            ]
        ),
        rolls=dict(rolls),
        values=dict(values),
    )
    game.deed_income = {}
    for d in game.sorted_deeds(game.contracts):
        deed = game.c.deed(d)
        game.deed_income[d] = values[deed.colour] * (2 if deed.x2 else 1)
    game.income_lines = []
    return [event]


def open_liens(game: MocState) -> list[str]:
    """Lien income (seed phase 3, 債務超過 1): each holder chooses one deed's income.

    Every income right is used in this income phase. It lapses if the holder is no longer
    a landlord; it brings nothing if none of the merchant's deeds earns a positive income
    (a loss is not income). Otherwise the holder must choose (``lien``).
    """
    events: list[str] = []
    game.lien_pending = {}
    game.lien_taken = {}
    for m, holder in sorted(game.lien_income.items()):
        if not game.is_landlord(holder):
            del game.lien_income[m]
        elif not lien_deeds(game, m):
            del game.lien_income[m]
            rents = any(c.merchant == m for c in game.contracts.values())
            why = "none of their deeds earns an income" if rents else "they rent no deed"
            # one key per reason, so each key has one template
            key = "moc.lien.nothing." + ("no_income" if rents else "no_deed")
            text = "p{holder}'s lien on p{merchant} brings nothing this year: " + why + "."
            events.append(Msg(key, text, holder=holder + 1, merchant=m + 1))
        else:
            game.lien_pending[m] = holder
            events.append(
                Msg(
                    "moc.lien.choosing",
                    "p{holder} is choosing which of p{merchant}'s deeds' income to take (lien).",
                    holder=holder + 1,
                    merchant=m + 1,
                )
            )
    for holder in sorted(set(game.lien_pending.values())):
        merchants = lien_merchants(game, holder)
        game.prompt(
            holder,
            Msg(
                "moc.prompt.lien_income",
                "Your lien on {names}: choose which deed's income you take this year.",
                names=joined([seat_tag(m) for m in merchants], " and "),
                merchants=tuple(m + 1 for m in merchants),
            ),
            LienStep().candidates(game, holder),
        )
    return events


def lien_merchants(game: MocState, seat: int) -> list[int]:
    """Merchants on whose deeds ``seat`` still chooses an income in this lien step."""
    return sorted(m for m, holder in game.lien_pending.items() if holder == seat)


def lien_deeds(game: MocState, merchant: int) -> list[str]:
    """The merchant's rented deeds with a positive income this year (lien choices)."""
    return game.sorted_deeds(
        d
        for d, c in game.contracts.items()
        if c.merchant == merchant and game.deed_income.get(d, 0) > 0
    )


def pay_income(game: MocState) -> list[str]:
    """Pay every rented deed's income: to its merchant, or to the lien holder who chose it.
    A merchant's losses take at most all their money (decision 8)."""
    events: list[str] = []
    by_merchant: dict[int, list[str]] = {}
    for d in game.sorted_deeds(game.contracts):
        by_merchant.setdefault(game.contracts[d].merchant, []).append(d)
    lines: list[IncomeLine] = []
    for m in sorted(by_merchant):
        taken, holder = game.lien_taken.get(m, ("", m))
        total = 0
        for d in by_merchant[m]:
            amount = game.deed_income[d]
            if d == taken:
                game.money[holder] += amount
                lines.append(IncomeLine(d, m, amount, holder))
            else:
                lines.append(IncomeLine(d, m, amount, m))
                total += amount
        before = game.money[m]
        game.money[m] = max(0, before + total)
        # the sign is in the key (a catalogue may word a loss differently); amounts are >= 0
        earns = "p{merchant} earns ${total:,}" if total >= 0 else "p{merchant} earns -${loss:,}"
        key = "moc.income.earns" if total >= 0 else "moc.income.loses"
        if before + total < 0:
            earns += " and can pay only ${paid:,} of the loss"
            key += "_short"
        events.append(Msg(key, earns + ".", merchant=m + 1, total=total, loss=-total, paid=before))
    game.income_lines = lines
    game.lien_taken = {}
    return events


def expected_income(game: MocState, deed: str) -> float:
    """A deed's expected income next year (x2 doubled); see ``expected_value``."""
    d = game.c.deed_index[deed]
    return expected_value(game, d.colour) * (2 if d.x2 else 1)


def expected_value(game: MocState, colour_key: str) -> float:
    """The mean track value of a colour after one roll of its die from the indicator's
    position (the indicator stops at the track ends). For the AI and time-out defaults."""
    colour = game.c.colour(colour_key)
    last = len(colour.track) - 1
    pos = game.position[colour_key]
    return sum(colour.track[max(0, min(last, pos + f))] for f in colour.die) / len(colour.die)
