"""The pending-effect stack: effects that wait for a player's choice, and the automatic steps
queued around them so that everything resolves in order and nothing interrupts (seed Q10).

A ``Frame`` either needs choices (``choosers`` is non-empty: those seats act, whatever the
phase, and a frame with several choosers lets them choose at the same time) or runs on its
own (``run``). A choice frame whose choices have run out also finishes through ``run``.
The stack is last-in first-out; ``PhilaState.push_sequence`` queues frames in order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from games.core import Move
from games.core.text import Msg, joined

from . import combos
from .moves import (
    DefaultAd,
    Discard,
    Done,
    FixDie,
    Give,
    Keep,
    Post,
    Reroll,
    ReturnAd,
    Skip,
    Submit,
    Take,
    Unmark,
)

if TYPE_CHECKING:
    from .state import PhilaState

ANY = 99  # "any number" of cards


class Frame:
    """One queued effect step. ``owner`` is the seat whose effect it is."""

    kind: str = ""
    holds_cards: ClassVar[bool] = False  # its public_cards are off the deck (conservation)

    def __init__(self, owner: int) -> None:
        self.owner = owner
        self.finished = False

    def choosers(self, g: PhilaState) -> frozenset[int]:
        return frozenset()

    def options(self, g: PhilaState, seat: int) -> list[Move]:
        return []

    def refusal(self, g: PhilaState, seat: int, move: Move) -> str | None:
        if move in self.options(g, seat):
            return None
        shown = ", ".join(f"`{m.notation}`" for m in self.options(g, seat)[:6])
        return Msg(
            "philadelphia.not_a_choice",
            "First finish the effect waiting now ({prompt}); `{move}` is not one of its "
            "choices. Choose {shown}.",
            prompt=self.prompt(g),
            move=move.notation,
            shown=shown,
        )

    def choose(self, g: PhilaState, seat: int, move: Move) -> list[str]:
        raise NotImplementedError

    def run(self, g: PhilaState) -> list[str]:
        """Finish without (further) choices."""
        return []

    def prompt(self, g: PhilaState) -> str:
        return self.kind

    def public_cards(self) -> tuple[str, ...]:
        return ()

    def secret_choice(self, seat: int) -> str | None:
        return None


def _me(g: PhilaState, seat: int) -> str:
    return g.p(seat)


# -- automatic steps ------------------------------------------------------------------------


class CloseEvent(Frame):
    """Ends a posting's hand-change event after any give that is part of it (Q7)."""

    kind = "close"

    def __init__(self, before: Sequence[int], event: int) -> None:
        super().__init__(-1)
        self.before = list(before)
        self.event = event

    def run(self, g: PhilaState) -> list[str]:
        return g.close_event(self.before, self.event)


class HotelTrigger(Frame):
    """A posted hotel pays for another service ad posted after it (Q3)."""

    kind = "hotel"

    def __init__(self, owner: int, hotel: str) -> None:
        super().__init__(owner)
        self.hotel = hotel

    def run(self, g: PhilaState) -> list[str]:
        effect = g.job(self.hotel).while_posted
        assert effect is not None
        g.players[self.owner].money += effect.money
        out = [
            g.say(
                "hotel",
                "{p}'s hotel: +{m} money and {n} card(s).",
                p=g.p(self.owner),
                m=effect.money,
                n=effect.cards,
            )
        ]
        return out + g.draw(self.owner, effect.cards, Msg("philadelphia.word.hotel", "hotel"))


class OnPost(Frame):
    kind = "on_post"

    def __init__(self, owner: int, card: str, event: int) -> None:
        super().__init__(owner)
        self.card = card
        self.event = event

    def run(self, g: PhilaState) -> list[str]:
        from . import effects

        return effects.on_post(g, self.owner, self.card, self.event)


class SuccessEffect(Frame):
    """A success effect reserved when the reward was taken; runs even if the card has left
    its area since (Q4)."""

    kind = "on_success"

    def __init__(self, owner: int, card: str) -> None:
        super().__init__(owner)
        self.card = card

    def run(self, g: PhilaState) -> list[str]:
        from . import effects

        return effects.on_success(g, self.owner, self.card)


class FinishSuccess(Frame):
    """After its effect, a successful ad still in its owner's area goes to the discard pile."""

    kind = "finish"

    def __init__(self, owner: int, card: str) -> None:
        super().__init__(owner)
        self.card = card

    def run(self, g: PhilaState) -> list[str]:
        found = g.find_ad(self.card)
        if found is not None and found[0] == self.owner:
            g.remove_ad(self.card)
            g.discard.append(self.card)
        return []


# -- choices --------------------------------------------------------------------------------


class KeepFrame(Frame):
    """Keep one of the cards revealed by explore (or the hair salon); the rest are discarded."""

    kind = "keep"
    holds_cards = True

    def __init__(self, owner: int, cards: Sequence[str], reason: str) -> None:
        super().__init__(owner)
        self.cards = list(cards)
        self.reason = reason

    def choosers(self, g: PhilaState) -> frozenset[int]:
        return frozenset((self.owner,)) if self.cards else frozenset()

    def options(self, g: PhilaState, seat: int) -> list[Move]:
        return [Keep(c) for c in self.cards]

    def refusal(self, g: PhilaState, seat: int, move: Move) -> str | None:
        if isinstance(move, Keep) and move.card not in self.cards:
            return Msg(
                "philadelphia.keep_not_revealed",
                "{card} is not among the revealed cards; keep one of {cards}.",
                card=move.card,
                cards=", ".join(self.cards),
            )
        return super().refusal(g, seat, move)

    def choose(self, g: PhilaState, seat: int, move: Move) -> list[str]:
        assert isinstance(move, Keep)
        before = g.snapshot()
        self.cards.remove(move.card)
        g.players[seat].hand.append(move.card)
        g.discard.extend(self.cards)
        self.cards = []
        self.finished = True
        out = [g.say("keep", "{p} keeps {card}.", p=_me(g, seat), card=g.name(move.card))]
        return out + g.close_event(before)

    def prompt(self, g: PhilaState) -> str:
        return Msg(
            "philadelphia.prompt.keep",
            "{p} keeps 1 of the cards revealed by {why}",
            p=g.p(self.owner),
            why=self.reason,
        )

    def public_cards(self) -> tuple[str, ...]:
        return tuple(self.cards)


class SubmitFrame(Frame):
    """役提出 (or the work-style reform item): submit hands one by one, then ``done``. The
    whole submission is one hand-change event; the detective draws only after the action."""

    kind = "submit"

    def __init__(self, owner: int, via_item: bool, before: Sequence[int]) -> None:
        super().__init__(owner)
        self.via_item = via_item
        self.before = list(before)
        self.scored = 0

    def choosers(self, g: PhilaState) -> frozenset[int]:
        if combos.available(g.data, g.players[self.owner].hand):
            return frozenset((self.owner,))
        return frozenset()

    def options(self, g: PhilaState, seat: int) -> list[Move]:
        hand = g.players[self.owner].hand
        out: list[Move] = [Submit(c.kind, c.label) for c in combos.available(g.data, hand)]
        return [*out, Done()]

    def refusal(self, g: PhilaState, seat: int, move: Move) -> str | None:
        if isinstance(move, Submit):
            return submit_refusal(g, seat, move)
        return super().refusal(g, seat, move)

    def choose(self, g: PhilaState, seat: int, move: Move) -> list[str]:
        if isinstance(move, Done):
            self.finished = True
            return self.run(g)
        assert isinstance(move, Submit)
        return self.score(g, move)

    def score(self, g: PhilaState, move: Submit) -> list[str]:
        combo = combos.parse(g.data, move.hand, move.jobs)
        assert combo is not None
        player = g.players[self.owner]
        cards = combos.cards_for(g.data, player.hand, combo)
        assert cards is not None
        for c in cards:
            player.hand.remove(c)
        g.discard.extend(cards)
        vp = combos.score(g.data, combo)
        player.vp += vp
        self.scored += vp
        return [
            g.say(
                "submit",
                "{p} submits {kind} ({cards}): +{vp} VP.",
                p=g.p(self.owner),
                kind=Msg("philadelphia.hand." + combo.score_key, combo.score_key),
                cards=joined([g.name(c) for c in cards]),
                vp=vp,
            )
        ]

    def run(self, g: PhilaState) -> list[str]:
        out = g.close_event(self.before)
        if self.scored and not self.via_item:
            for ad in g.ads_with(self.owner, "while_posted", "detective"):
                effect = g.job(ad.card).while_posted
                assert effect is not None
                out += g.draw(
                    self.owner, effect.cards, Msg("philadelphia.word.detective", "detective")
                )
        return out

    def prompt(self, g: PhilaState) -> str:
        return Msg(
            "philadelphia.prompt.submit",
            "{p} may submit more hands, or say done",
            p=g.p(self.owner),
        )


def submit_refusal(g: PhilaState, seat: int, move: Submit) -> str | None:
    """Why ``move`` names no hand ``seat`` can submit now, or ``None``."""
    combo = combos.parse(g.data, move.hand, move.jobs)
    if combo is None:
        return Msg(
            "philadelphia.not_a_hand",
            "`{hand} {jobs}` is not a hand: a pair, three or four names one job (`submit pair "
            "cafe`); a flush names 3 or 4 different jobs of one industry joined by + "
            "(`submit flush cafe+hotel+cinema`). Professionals never count.",
            hand=move.hand,
            jobs=move.jobs,
        )
    if combos.cards_for(g.data, g.players[seat].hand, combo) is None:
        return Msg(
            "philadelphia.hand_missing",
            "You do not hold the cards for {hand} of {jobs}.",
            hand=move.hand,
            jobs=move.jobs,
        )
    return None


class DiscardFrame(Frame):
    """Discard between ``least`` and ``most`` cards (one event), then maybe draw as many."""

    kind = "discard"

    def __init__(self, owner: int, least: int, most: int, draw_after: bool, reason: str) -> None:
        super().__init__(owner)
        self.least = least
        self.most = most
        self.draw_after = draw_after
        self.reason = reason
        self.discarded: list[str] = []
        self.before: list[int] | None = None

    def choosers(self, g: PhilaState) -> frozenset[int]:
        if len(self.discarded) < self.most and g.players[self.owner].hand:
            return frozenset((self.owner,))
        return frozenset()

    def options(self, g: PhilaState, seat: int) -> list[Move]:
        out: list[Move] = [Discard(c) for c in sorted(g.players[self.owner].hand)]
        if len(self.discarded) >= self.least:
            out.append(Done())
        return out

    def refusal(self, g: PhilaState, seat: int, move: Move) -> str | None:
        if isinstance(move, Discard) and move.card not in g.players[seat].hand:
            return Msg("philadelphia.not_in_hand", "{card} is not in your hand.", card=move.card)
        if isinstance(move, Done) and len(self.discarded) < self.least:
            return Msg(
                "philadelphia.must_discard",
                "You must discard {n} card(s) first ({why}).",
                n=self.least - len(self.discarded),
                why=self.reason,
            )
        return super().refusal(g, seat, move)

    def choose(self, g: PhilaState, seat: int, move: Move) -> list[str]:
        if isinstance(move, Done):
            self.finished = True
            return self.run(g)
        assert isinstance(move, Discard)
        if self.before is None:
            self.before = g.snapshot()
        g.players[seat].hand.remove(move.card)
        g.discard.append(move.card)
        self.discarded.append(move.card)
        out = [g.say("discard", "{p} discards {card}.", p=g.p(seat), card=g.name(move.card))]
        if len(self.discarded) >= self.most:
            self.finished = True
            out += self.run(g)
        return out

    def run(self, g: PhilaState) -> list[str]:
        out: list[str] = []
        if self.before is not None:
            out += g.close_event(self.before)
        if self.draw_after and self.discarded:
            out += g.draw(self.owner, len(self.discarded), self.reason)
        return out

    def prompt(self, g: PhilaState) -> str:
        # one key per wording: any | up_to | exactly, then _draw when cards are drawn after
        if self.least == self.most:
            key, most = "exactly", "{n}"
        elif self.most >= ANY:
            key, most = "any", "any number of"
        else:
            key, most = "up_to", "up to {n}"
        then = ", then draws as many" if self.draw_after else ""
        key += "_draw" if self.draw_after else ""
        text = "{p} discards " + most + " card(s)" + then + " ({why})"
        return Msg(
            "philadelphia.prompt.discard_" + key,
            text,
            p=g.p(self.owner),
            n=self.most,
            why=self.reason,
        )


class GiveFrame(Frame):
    """Logistics company: give 1 card to another player, part of the posting event (Q7)."""

    kind = "give"

    def choosers(self, g: PhilaState) -> frozenset[int]:
        return frozenset((self.owner,)) if g.players[self.owner].hand else frozenset()

    def options(self, g: PhilaState, seat: int) -> list[Move]:
        others = [s for s in range(g.n_seats) if s != self.owner]
        return [Give(c, to) for c in sorted(g.players[self.owner].hand) for to in others]

    def refusal(self, g: PhilaState, seat: int, move: Move) -> str | None:
        if isinstance(move, Give):
            if move.card not in g.players[seat].hand:
                return Msg(
                    "philadelphia.not_in_hand", "{card} is not in your hand.", card=move.card
                )
            if move.to is None or move.to == seat or not 0 <= move.to < g.n_seats:
                return Msg(
                    "philadelphia.give_to",
                    "Name the player who receives the card, e.g. `give {card} p2` (not yourself).",
                    card=move.card,
                )
        return super().refusal(g, seat, move)

    def choose(self, g: PhilaState, seat: int, move: Move) -> list[str]:
        assert isinstance(move, Give) and move.to is not None
        g.players[seat].hand.remove(move.card)
        g.players[move.to].hand.append(move.card)
        g.tell(
            move.to,
            Msg(
                "philadelphia.gave_you_logistics",
                "{p} gave you {card} (logistics company).",
                p=g.p(seat),
                card=g.name(move.card),
            ),
        )
        self.finished = True
        return [g.say("give", "{p} gives a card to {q}.", p=g.p(seat), q=g.p(move.to))]

    def prompt(self, g: PhilaState) -> str:
        return Msg(
            "philadelphia.prompt.give",
            "{p} gives 1 card to another player (logistics company)",
            p=g.p(self.owner),
        )


class TargetFrame(Frame):
    """Choose a posted ad: make it default, take it into your hand, or return your own."""

    def __init__(
        self,
        owner: int,
        action: str,
        whose: str,
        optional: bool,
        source: str,
        before_event: int | None = None,
    ) -> None:
        super().__init__(owner)
        self.action = action  # "default" | "take" | "return"
        self.whose = whose  # "any" | "others" | "own"
        self.optional = optional
        self.source = source  # the card whose effect this is
        self.before_event = before_event  # only ads posted before this event (Q3)
        self.kind = action

    def eligible(self, g: PhilaState) -> list[str]:
        out: list[str] = []
        for seat in g.seats_from(self.owner):
            if self.whose == "others" and seat == self.owner:
                continue
            if self.whose == "own" and seat != self.owner:
                continue
            for ad in g.players[seat].ads:
                if ad.card == self.source:
                    continue
                if self.before_event is not None and ad.posted_event >= self.before_event:
                    continue
                out.append(ad.card)
        return out

    def choosers(self, g: PhilaState) -> frozenset[int]:
        return frozenset((self.owner,)) if self.eligible(g) else frozenset()

    def _move(self, card: str) -> Move:
        if self.action == "default":
            return DefaultAd(card)
        if self.action == "take":
            return Take(card)
        return ReturnAd(card)

    def options(self, g: PhilaState, seat: int) -> list[Move]:
        out = [self._move(c) for c in self.eligible(g)]
        return [*out, Skip()] if self.optional else out

    def refusal(self, g: PhilaState, seat: int, move: Move) -> str | None:
        ad = getattr(move, "ad", None)
        if ad is not None and type(move) is type(self._move(ad)) and ad not in self.eligible(g):
            found = g.find_ad(ad)
            # one key per reason, so each key has one template
            if found is None:
                key, text = "not_posted", "{ad} is not a posted ad."
            elif self.before_event is not None and found[1].posted_event >= self.before_event:
                key = "same_time"
                text = "{ad} was posted at the same time as {src}, so {src} cannot choose it."
            elif self.whose == "others":
                key, text = "own_area", "{ad} is in your own area; choose an ad of another player."
            else:
                key, text = "not_for", "{ad} cannot be chosen for {src}."
            full_key = "philadelphia.bad_target." + key
            return Msg(full_key, text, ad=ad, src=g.name(self.source))
        if isinstance(move, Skip) and not self.optional:
            return Msg(
                "philadelphia.must_choose",
                "{src}'s effect is not optional: choose an ad.",
                src=g.name(self.source),
            )
        return super().refusal(g, seat, move)

    def choose(self, g: PhilaState, seat: int, move: Move) -> list[str]:
        self.finished = True
        if isinstance(move, Skip):
            return [
                g.say("skip", "{p} declines {src}'s effect.", p=g.p(seat), src=g.name(self.source))
            ]
        card = getattr(move, "ad")  # noqa: B009
        if self.action == "default":
            return g.default_ads(
                [card],
                Msg(
                    "philadelphia.reason.owners_job",
                    "{p}'s {job}",
                    p=g.p(seat),
                    job=g.job_name(self.source),
                ),
            )
        victim, _ad = g.remove_ad(card)
        before = g.snapshot()
        g.players[seat].hand.append(card)
        verb = (
            Msg("philadelphia.word.takes", "takes")
            if self.action == "take"
            else Msg("philadelphia.word.returns", "returns")
        )
        out = [
            g.say(
                self.action,
                "{p} {verb} {q}'s {card} into their hand.",
                p=g.p(seat),
                verb=verb,
                q=g.p(victim),
                card=g.name(card),
            )
        ]
        return out + g.close_event(before)

    def prompt(self, g: PhilaState) -> str:
        what = {
            "default": "an ad to default",
            "take": "another player's ad to take into hand",
            "return": "one of their ads to return to hand",
        }[self.action]
        may = "may choose" if self.optional else "chooses"
        # one key per action and optionality, so each key has one template
        key = f"philadelphia.prompt.{self.action}_" + ("may" if self.optional else "must")
        text = "{p} " + may + " " + what + " ({job})"
        return Msg(key, text, p=g.p(self.owner), job=g.job_name(self.source))


class PostFrame(Frame):
    """Post up to ``most`` ads from hand, paying their costs, all at the same time (moving
    company: 1; job fair: 2)."""

    kind = "post"

    def __init__(self, owner: int, most: int, reason: str) -> None:
        super().__init__(owner)
        self.most = most
        self.reason = reason
        self.selected: list[str] = []

    def budget(self, g: PhilaState) -> int:
        return g.players[self.owner].money - sum(
            g.posting_cost(self.owner, c) for c in self.selected
        )

    def affordable(self, g: PhilaState) -> list[str]:
        budget = self.budget(g)
        return [
            c
            for c in sorted(g.players[self.owner].hand)
            if c not in self.selected and g.posting_cost(self.owner, c) <= budget
        ]

    def choosers(self, g: PhilaState) -> frozenset[int]:
        if len(self.selected) < self.most and self.affordable(g):
            return frozenset((self.owner,))
        return frozenset()

    def options(self, g: PhilaState, seat: int) -> list[Move]:
        return [*(Post(c) for c in self.affordable(g)), Done()]

    def refusal(self, g: PhilaState, seat: int, move: Move) -> str | None:
        if isinstance(move, Post) and move.card not in self.affordable(g):
            if move.card not in g.players[seat].hand or move.card in self.selected:
                return Msg(
                    "philadelphia.not_in_hand", "{card} is not in your hand.", card=move.card
                )
            return Msg(
                "philadelphia.cannot_afford_left",
                "Posting {card} costs {cost} money; you have {money} left for it.",
                card=g.name(move.card),
                cost=g.posting_cost(seat, move.card),
                money=self.budget(g),
            )
        return super().refusal(g, seat, move)

    def choose(self, g: PhilaState, seat: int, move: Move) -> list[str]:
        if isinstance(move, Post):
            self.selected.append(move.card)
            if len(self.selected) < self.most and self.affordable(g):
                return []
        self.finished = True
        return self.run(g)

    def run(self, g: PhilaState) -> list[str]:
        if not self.selected:
            return []
        cards, self.selected = self.selected, []
        return g.post_cards(self.owner, cards)

    def prompt(self, g: PhilaState) -> str:
        return Msg(
            "philadelphia.prompt.post",
            "{p} may post up to {n} ad(s) from hand ({why})",
            p=g.p(self.owner),
            n=self.most,
            why=self.reason,
        )


class RerollFrame(Frame):
    """Translator: void the roll or let it stand (once per recruitment phase; Q8)."""

    kind = "reroll"

    def __init__(self, owner: int, card: str) -> None:
        super().__init__(owner)
        self.card = card

    def choosers(self, g: PhilaState) -> frozenset[int]:
        return frozenset((self.owner,))

    def options(self, g: PhilaState, seat: int) -> list[Move]:
        return [Reroll(), Skip()]

    def choose(self, g: PhilaState, seat: int, move: Move) -> list[str]:
        self.finished = True
        if isinstance(move, Skip):
            g.translators_declined.add(self.card)
            return [g.say("no_reroll", "{p} lets the roll stand.", p=g.p(seat))]
        g.translators_used.add(self.card)
        g.translators_declined.clear()
        out = [
            g.say(
                "reroll",
                "{p}'s translator voids the roll of {die}; {q} rolls again.",
                p=g.p(seat),
                die=g.die,
                q=g.p(g.roller),
            )
        ]
        return out + g.roll()

    def prompt(self, g: PhilaState) -> str:
        return Msg(
            "philadelphia.prompt.reroll",
            "{p} may void the roll of {die} with the translator",
            p=g.p(self.owner),
            die=g.die,
        )


class FixDieFrame(Frame):
    """Recruitment chance: choose this round's die number (the first user binds it; Q5)."""

    kind = "die"

    def choosers(self, g: PhilaState) -> frozenset[int]:
        return frozenset((self.owner,))

    def options(self, g: PhilaState, seat: int) -> list[Move]:
        return [FixDie(n) for n in range(1, g.rules.die_faces + 1)]

    def refusal(self, g: PhilaState, seat: int, move: Move) -> str | None:
        if isinstance(move, FixDie) and not 1 <= move.number <= g.rules.die_faces:
            return Msg(
                "philadelphia.die_range",
                "The die shows 1 to {faces}.",
                faces=g.rules.die_faces,
            )
        return super().refusal(g, seat, move)

    def choose(self, g: PhilaState, seat: int, move: Move) -> list[str]:
        assert isinstance(move, FixDie)
        g.die_fixed = move.number
        self.finished = True
        return [
            g.say(
                "fix_die",
                "{p} fixes this round's recruitment die at {n}.",
                p=g.p(seat),
                n=move.number,
            )
        ]

    def prompt(self, g: PhilaState) -> str:
        return Msg(
            "philadelphia.prompt.fix_die",
            "{p} chooses the number of this round's die",
            p=g.p(self.owner),
        )


class UnmarkFrame(Frame):
    """Contract extension: remove up to ``most`` month markers from your ads."""

    kind = "unmark"

    def __init__(self, owner: int, most: int) -> None:
        super().__init__(owner)
        self.most = most
        self.removed = 0

    def marked(self, g: PhilaState) -> list[str]:
        return [ad.card for ad in g.players[self.owner].ads if ad.months > 0]

    def choosers(self, g: PhilaState) -> frozenset[int]:
        if self.removed < self.most and self.marked(g):
            return frozenset((self.owner,))
        return frozenset()

    def options(self, g: PhilaState, seat: int) -> list[Move]:
        return [*(Unmark(c) for c in self.marked(g)), Done()]

    def refusal(self, g: PhilaState, seat: int, move: Move) -> str | None:
        if isinstance(move, Unmark) and move.ad not in self.marked(g):
            return Msg(
                "philadelphia.no_marker",
                "{ad} is not one of your ads with a month marker.",
                ad=move.ad,
            )
        return super().refusal(g, seat, move)

    def choose(self, g: PhilaState, seat: int, move: Move) -> list[str]:
        if isinstance(move, Done):
            self.finished = True
            return []
        assert isinstance(move, Unmark)
        found = g.find_ad(move.ad)
        assert found is not None
        found[1].months -= 1
        self.removed += 1
        return [
            g.say(
                "unmark",
                "{p} removes a month marker from {card}.",
                p=g.p(seat),
                card=g.name(move.ad),
            )
        ]

    def prompt(self, g: PhilaState) -> str:
        return Msg(
            "philadelphia.prompt.unmark",
            "{p} removes up to {n} month marker(s)",
            p=g.p(self.owner),
            n=self.most - self.removed,
        )


class GatherFrame(Frame):
    """Every participant chooses a card at the same time (hidden until all have chosen);
    then the cards move at once: to the effect's owner (lawyer) or to the left (post office)."""

    kind = "give"

    def __init__(self, owner: int, mode: str, participants: Sequence[int]) -> None:
        super().__init__(owner)
        self.mode = mode  # "to_owner" | "pass_left"
        self.participants = list(participants)
        self.picks: dict[int, str] = {}

    def choosers(self, g: PhilaState) -> frozenset[int]:
        return frozenset(s for s in self.participants if s not in self.picks and g.players[s].hand)

    def options(self, g: PhilaState, seat: int) -> list[Move]:
        return [Give(c) for c in sorted(g.players[seat].hand)]

    def refusal(self, g: PhilaState, seat: int, move: Move) -> str | None:
        if isinstance(move, Give):
            if move.to is not None:
                return Msg(
                    "philadelphia.give_no_target",
                    "The effect decides who receives the card: write `give {card}`.",
                    card=move.card,
                )
            if move.card not in g.players[seat].hand:
                return Msg(
                    "philadelphia.not_in_hand", "{card} is not in your hand.", card=move.card
                )
        return super().refusal(g, seat, move)

    def choose(self, g: PhilaState, seat: int, move: Move) -> list[str]:
        assert isinstance(move, Give)
        self.picks[seat] = move.card
        return [g.say("chosen", "{p} has chosen a card.", p=g.p(seat))]

    def run(self, g: PhilaState) -> list[str]:
        before = g.snapshot()
        for seat, card in self.picks.items():
            g.players[seat].hand.remove(card)
        out: list[str] = []
        gifts: dict[int, list[tuple[int, str]]] = {}
        for seat, card in self.picks.items():
            to = self.owner if self.mode == "to_owner" else (seat + 1) % g.n_seats
            g.players[to].hand.append(card)
            gifts.setdefault(to, []).append((seat, card))
            out.append(g.say("give", "{p} gives a card to {q}.", p=g.p(seat), q=g.p(to)))
        for to, given in gifts.items():
            if len(given) == 1:
                seat, card = given[0]
                g.tell(
                    to,
                    Msg(
                        "philadelphia.gave_you",
                        "{p} gave you {card}.",
                        p=g.p(seat),
                        card=g.name(card),
                    ),
                )
            else:
                cards = joined(
                    [
                        Msg(
                            "philadelphia.given_item",
                            "{card} from {p}",
                            card=g.name(card),
                            p=g.p(seat),
                        )
                        for seat, card in given
                    ]
                )
                g.tell(
                    to,
                    Msg(
                        "philadelphia.gave_you_several",
                        "You were given {n} cards: {cards}.",
                        n=len(given),
                        cards=cards,
                    ),
                )
        return out + g.close_event(before)

    def prompt(self, g: PhilaState) -> str:
        if self.mode == "to_owner":
            return Msg(
                "philadelphia.prompt.lawyer",
                "every other player gives {p} a card of their choice (lawyer)",
                p=g.p(self.owner),
            )
        return Msg(
            "philadelphia.prompt.post_office",
            "every player passes a card to the player on their left (post office)",
        )

    def secret_choice(self, seat: int) -> str | None:
        return self.picks.get(seat)
