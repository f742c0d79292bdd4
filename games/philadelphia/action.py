"""Action phase (seed アクションフェイズ): from the start player clockwise, each player takes
2 actions before the next player: explore, acquire, post, buy, submit hands, or pass when
nothing else is possible. A posted nurse sells one more action for 3 money while an action
is left (Q10). During an astronaut's extra round only its owner acts (Q9).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from games.core import Move
from games.core.text import Msg, joined

from . import combos, effects, pending
from .cards import term
from .moves import Acquire, Buy, Explore, Nurse, Pass, Post, Submit
from .stepbase import PhilaStep
from .view import Phase

if TYPE_CHECKING:
    from .state import PhilaState


class ActionStep(PhilaStep):
    title = "Action phase"
    title_key = "philadelphia.term.phase.action"

    def enter(self, game: PhilaState) -> list[str]:
        game.round += 1
        game.die_fixed = None
        if game.extra_rounds:
            owner = game.extra_rounds.pop(0)
            game.extra_round_of = owner
            game.turn_order = [owner]
            # 採用フェイズ: "the round's start player rolls"; the start player card stays
            # where it is during an extra round (version 1: the astronaut's owner rolled)
            astronaut = not game.published_list or game.options["extra_roller"] == "astronaut"
            game.roller = owner if astronaut else game.start_player
            head = game.say(
                "extra_round_start",
                "Round {r}: {p}'s extra round (astronaut); only {p} acts.",
                r=game.round,
                p=game.p(owner),
            )
        else:
            game.extra_round_of = None
            game.turn_order = game.seats_from(game.start_player)
            game.roller = game.start_player
            head = game.say(
                "round_start",
                "Round {r} begins; {p} is the start player.",
                r=game.round,
                p=game.p(game.start_player),
            )
        game.turn_index = 0
        self.start_turn(game)
        return [head]

    def start_turn(self, game: PhilaState) -> None:
        game.actions_left = game.rules.actions_per_turn
        game.bought = False
        game.nurse_used = set()

    def phase_actors(self, game: PhilaState) -> frozenset[int]:
        current = game.current
        return frozenset() if current is None else frozenset((current,))

    def is_done(self, game: PhilaState) -> bool:
        return not game.stack and game.turn_index >= len(game.turn_order)

    def next_phase(self, game: PhilaState) -> Phase:
        return Phase.RECRUITMENT

    def proceed(self, game: PhilaState) -> list[str]:
        if game.actions_left > 0 or game.turn_index >= len(game.turn_order):
            return []
        game.turn_index += 1
        if game.turn_index < len(game.turn_order):
            self.start_turn(game)
        return []

    # -- candidates and refusals -----------------------------------------------------------

    def phase_candidates(self, game: PhilaState, seat: int) -> Iterable[Move]:
        player = game.players[seat]
        out: list[Move] = [Explore()]
        room = game.rules.hand_limit - len(player.hand)
        most = min(game.rules.acquire_max, room, player.money, game.cards_available())
        out += [Acquire(n) for n in range(1, most + 1)]
        out += [Post(c) for c in sorted(player.hand)]
        out += [Buy(i) for i in dict.fromkeys(game.item_row)]
        out += [Submit(c.kind, c.label) for c in combos.available(game.data, player.hand)]
        out += [Nurse(), Pass()]
        return out

    def phase_refusal(self, game: PhilaState, seat: int, move: Move) -> str | None:
        player = game.players[seat]
        rules = game.rules
        if isinstance(move, Explore):
            if len(player.hand) >= rules.hand_limit:
                return Msg(
                    "philadelphia.explore_full",
                    "You hold {n} cards; explore needs {m} or fewer (seed 探査).",
                    n=len(player.hand),
                    m=rules.hand_limit - 1,
                )
            if not game.cards_available():
                return Msg(
                    "philadelphia.deck_empty",
                    "The ad deck and its discard pile are empty; there is nothing to reveal.",
                )
            return None
        if isinstance(move, Acquire):
            return self._acquire_refusal(game, seat, move.count)
        if isinstance(move, Post):
            if move.card not in player.hand:
                return Msg(
                    "philadelphia.not_in_hand",
                    "{card} is not in your hand.",
                    card=move.card,
                )
            cost = game.posting_cost(seat, move.card)
            if cost > player.money:
                return Msg(
                    "philadelphia.cannot_afford",
                    "Posting {card} costs {cost} money; you have {money}.",
                    card=game.name(move.card),
                    cost=cost,
                    money=player.money,
                )
            return None
        if isinstance(move, Buy):
            return self._buy_refusal(game, seat, move.item)
        if isinstance(move, Submit):
            return pending.submit_refusal(game, seat, move)
        if isinstance(move, Nurse):
            return self._nurse_refusal(game, seat)
        if isinstance(move, Pass):
            if self._can_do_something(game, seat):
                return Msg(
                    "philadelphia.pass_not_allowed",
                    "You may pass only when no other action is possible (seed パス).",
                )
            return None
        return Msg(
            "philadelphia.not_now",
            "`{move}` answers an effect, and no effect is waiting; take an action (explore, "
            "acquire, post, buy, submit).",
            move=move.notation,
        )

    def _acquire_refusal(self, game: PhilaState, seat: int, count: int) -> str | None:
        player = game.players[seat]
        rules = game.rules
        if not 1 <= count <= rules.acquire_max:
            return Msg(
                "philadelphia.acquire_range",
                "Acquire draws 1 to {m} cards.",
                m=rules.acquire_max,
            )
        if len(player.hand) + count > rules.hand_limit:
            return Msg(
                "philadelphia.acquire_full",
                "You hold {n} cards; acquiring {k} would make {t}, more than {m} (seed 獲得).",
                n=len(player.hand),
                k=count,
                t=len(player.hand) + count,
                m=rules.hand_limit,
            )
        price = count * rules.acquire_price
        if price > player.money:
            return Msg(
                "philadelphia.acquire_money",
                "Acquiring {k} card(s) costs {c} money; you have {money}.",
                k=count,
                c=price,
                money=player.money,
            )
        if count > game.cards_available():
            return Msg(
                "philadelphia.acquire_deck",
                "Only {a} card(s) are left in the ad deck and discard pile.",
                a=game.cards_available(),
            )
        return None

    def _buy_refusal(self, game: PhilaState, seat: int, item_id: str) -> str | None:
        player = game.players[seat]
        if game.bought:
            return Msg(
                "philadelphia.bought",
                "You have already bought an item this turn (one per turn, seed 購入).",
            )
        if item_id not in game.item_row:
            row = ", ".join(dict.fromkeys(game.item_row)) or "nothing"
            return Msg(
                "philadelphia.no_item",
                "There is no `{item}` in the item row; it shows {row}.",
                item=item_id,
                row=row,
            )
        price = game.data.item(item_id).price
        if price > player.money:
            return Msg(
                "philadelphia.item_money",
                "{item} costs {price} money; you have {money}.",
                item=term("item", item_id, game.data.item(item_id).name),
                price=price,
                money=player.money,
            )
        return None

    def _nurse_refusal(self, game: PhilaState, seat: int) -> str | None:
        nurses = game.ads_with(seat, "while_posted", "nurse")
        if not nurses:
            return Msg("philadelphia.no_nurse", "You have no nurse posted.")
        free = [ad for ad in nurses if ad.card not in game.nurse_used]
        if not free:
            return Msg(
                "philadelphia.nurse_used",
                "Your nurse has already sold you an action this turn.",
            )
        effect = game.job(free[0].card).while_posted
        assert effect is not None
        if game.players[seat].money < effect.price:
            return Msg(
                "philadelphia.nurse_money",
                "The nurse's action costs {price} money (to pay, not to lose); you have {money}.",
                price=effect.price,
                money=game.players[seat].money,
            )
        return None

    def _can_do_something(self, game: PhilaState, seat: int) -> bool:
        player = game.players[seat]
        rules = game.rules
        if len(player.hand) < rules.hand_limit and game.cards_available():
            return True  # explore
        if any(game.posting_cost(seat, c) <= player.money for c in player.hand):
            return True
        if not game.bought and any(game.data.item(i).price <= player.money for i in game.item_row):
            return True
        return bool(combos.available(game.data, player.hand))
        # acquire is possible only when explore is (room in hand, cards left)

    # -- applying --------------------------------------------------------------------------

    def phase_apply(self, game: PhilaState, seat: int, move: Move) -> list[str]:
        player = game.players[seat]
        if isinstance(move, Nurse):
            nurse = next(
                ad
                for ad in game.ads_with(seat, "while_posted", "nurse")
                if ad.card not in game.nurse_used
            )
            effect = game.job(nurse.card).while_posted
            assert effect is not None
            player.money -= effect.price
            game.nurse_used.add(nurse.card)
            game.actions_left += 1
            return [
                game.say(
                    "nurse",
                    "{p} pays the nurse {price} money for one more action.",
                    p=game.p(seat),
                    price=effect.price,
                )
            ]
        game.actions_left -= 1
        if isinstance(move, Explore):
            return effects.reveal_and_keep(
                game, seat, game.rules.explore_reveal, Msg("philadelphia.word.explore", "explore")
            )
        if isinstance(move, Acquire):
            price = move.count * game.rules.acquire_price
            player.money -= price
            head = game.say(
                "acquire",
                "{p} pays {c} money to acquire {k} card(s).",
                p=game.p(seat),
                c=price,
                k=move.count,
            )
            return [head, *game.draw(seat, move.count, Msg("philadelphia.word.acquire", "acquire"))]
        if isinstance(move, Post):
            return game.post_cards(seat, [move.card])
        if isinstance(move, Buy):
            return self._buy(game, seat, move.item)
        if isinstance(move, Submit):
            frame = pending.SubmitFrame(seat, False, game.snapshot())
            game.push(frame)
            return frame.score(game, move)
        assert isinstance(move, Pass)
        from .state import Reveal

        game.reveal = Reveal(seat, "pass", tuple(sorted(player.hand)))
        game.mark_revealed()
        player.money += game.rules.pass_money
        return [
            game.say(
                "pass",
                "{p} cannot act: passes, reveals their hand ({cards}) and gains {m} money.",
                p=game.p(seat),
                cards=joined([game.name(c) for c in sorted(player.hand)])
                or Msg("philadelphia.word.empty", "empty"),
                m=game.rules.pass_money,
            )
        ]

    def _buy(self, game: PhilaState, seat: int, item_id: str) -> list[str]:
        item = game.data.item(item_id)
        game.players[seat].money -= item.price
        game.bought = True
        game.item_row.remove(item_id)
        game.item_discard.append(item_id)
        out = [
            game.say(
                "buy",
                "{p} buys {item} for {price} money.",
                p=game.p(seat),
                item=term("item", item.id, item.name),
                item_id=item_id,
                price=item.price,
            )
        ]
        out += refill_items(game)
        if item.effect.kind == "overtime" and game.options["overtime"] == "free":
            game.actions_left += 1  # designer's note 2: it does not use up the action
        return out + effects.use_item(game, seat, item_id)

    def phase_default(self, game: PhilaState, seat: int) -> Move | None:
        for move in (Explore(), Pass()):
            if self.phase_refusal(game, seat, move) is None:
                return move
        return None


def refill_items(game: PhilaState) -> list[str]:
    """Fill the item row back to 3 from the item deck (reshuffling its discard pile when it
    runs out). The field card, when it turns up, goes beside the row for the round."""
    out: list[str] = []
    field_id = game.data.field.id
    while len(game.item_row) < game.rules.item_row:
        if not game.item_deck:
            if not game.item_discard:
                break
            game.item_deck = game.item_discard
            game.item_discard = []
            game.rng.shuffle(game.item_deck)
        card = game.item_deck.pop()
        if card == field_id:
            game.field_up = True
            out.append(
                game.say(
                    "field",
                    "The field card {name} turns up: until the end of the round every "
                    "successful ad pays {m} more money.",
                    name=term("field", game.data.field.id, game.data.field.name),
                    m=game.data.field.effect.money,
                )
            )
            continue
        game.item_row.append(card)
    game.mark_revealed()
    return out
