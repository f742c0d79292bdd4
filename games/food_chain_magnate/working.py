"""Phase 3, Working 9–5 (seed "○フェイズ3"): players act one at a time in turn order, each
doing all their actions before the next. A player's actions go in the seed's order — recruit,
train, marketing campaigns, food and drinks, houses and gardens, restaurants — so once a later
kind of action is taken, earlier kinds are closed for that player. ``done`` ends the turn.

The action kinds live in one module each (recruit, train, marketing, food, houses,
restaurants); this step dispatches to them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from types import ModuleType
from typing import TYPE_CHECKING

from games.core import Move, Msg, Seat, Step

from . import food, houses, marketing, recruit, restaurants, train
from .model import MARKETING, SUBSTEP_NAMES, Phase
from .moves import WORKING_MOVES, Advertise, Done
from .rules import tag

if TYPE_CHECKING:
    from .game import FcmState

MODULES: tuple[ModuleType, ...] = (recruit, train, marketing, food, houses, restaurants)
_BY_MOVE: dict[type[Move], ModuleType] = {m: mod for mod in MODULES for m in mod.MOVES}


def module_of(move: Move) -> ModuleType | None:
    return _BY_MOVE.get(type(move))


def finish(game: FcmState, seat: int) -> list[str]:
    """End ``seat``'s Working 9–5: unused multi-recruit actions become salary cuts."""
    p = game.players[seat]
    p.turn.done = True
    p.turn.unused_discounts = min(p.turn.recruits_left, p.turn.discount_actions)
    events: list[str] = [
        Msg("food_chain_magnate.working_done", "{who} is done working.", who=tag(seat))
    ]
    if p.turn.unused_discounts:
        events.append(
            Msg(
                "food_chain_magnate.recruit_discount",
                "{who}'s {n} unused recruiting actions will cut salaries by ${cut}.",
                who=tag(seat),
                n=p.turn.unused_discounts,
                cut=5 * p.turn.unused_discounts,
            )
        )
    game.current += 1
    skip_out(game)
    return events


def skip_out(game: FcmState) -> None:
    """Chains out of the game (bankrupt) take no turn."""
    while game.current < len(game.order) and game.players[game.order[game.current]].out:
        game.current += 1


class Working(Step["FcmState"]):
    moves = WORKING_MOVES
    title = "Working 9–5"
    title_key = "food_chain_magnate.term.step.working"

    def enter(self, game: FcmState) -> list[str]:
        game.current = 0
        skip_out(game)
        return []

    def actors(self, game: FcmState) -> frozenset[Seat]:
        if game.current < len(game.order):
            return frozenset({game.order[game.current]})
        return frozenset()

    def candidates(self, game: FcmState, seat: Seat) -> Iterable[Move]:
        return list(self._candidates(game, seat))

    def _candidates(self, game: FcmState, seat: Seat) -> Iterator[Move]:
        p = game.players[seat]
        if p.turn.pending_campaign is not None:
            yield from marketing.advertise_candidates(game, seat)
            return
        for mod in MODULES:
            if p.turn.sub <= mod.SUB:
                yield from mod.candidates(game, seat)
        yield Done()

    def refusal(self, game: FcmState, seat: Seat, move: Move) -> str | None:
        p = game.players[seat]
        pending = p.turn.pending_campaign
        if pending is not None and not isinstance(move, Advertise):
            return Msg(
                "food_chain_magnate.advertise_first",
                "First choose what campaign #{n} advertises and for how long: "
                "`advertise <product> <turns>`.",
                n=pending,
            )
        if isinstance(move, Done):
            return None
        mod = module_of(move)
        assert mod is not None
        if p.turn.sub > mod.SUB:
            return Msg(
                "food_chain_magnate.substep_passed",
                "You have moved on to {now}; {this} comes earlier in Working 9–5 (recruit, "
                "train, marketing, food and drinks, houses and gardens, restaurants).",
                now=substep_name(p.turn.sub),
                this=substep_name(mod.SUB),
            )
        return mod.refusal(game, seat, move)

    def apply(self, game: FcmState, seat: Seat, move: Move) -> list[str]:
        p = game.players[seat]
        if isinstance(move, Done):
            return finish(game, seat)
        mod = module_of(move)
        assert mod is not None
        p.turn.sub = max(p.turn.sub, mod.SUB if not isinstance(move, Advertise) else MARKETING)
        return mod.apply(game, seat, move)

    def is_done(self, game: FcmState) -> bool:
        return game.current >= len(game.order)

    def next_phase(self, game: FcmState) -> Phase:
        return Phase.DINNERTIME

    def default_move(self, game: FcmState, seat: Seat) -> Move | None:
        p = game.players[seat]
        if p.turn.pending_campaign is not None:
            return next(marketing.advertise_candidates(game, seat))
        return Done()


def substep_name(sub: int) -> str:
    """A Working 9–5 step's name (``SUBSTEP_NAMES``), keyed
    ``food_chain_magnate.term.substep.<name>``."""
    name = SUBSTEP_NAMES[sub]
    key = "food_chain_magnate.term.substep." + name.replace(" ", "_")
    return Msg(key, name)
