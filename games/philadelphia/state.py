"""Philadelphia game state (seed 003): setup, the shared primitives every phase and effect
uses (drawing, paying, losing, posting, defaulting, hand-change events), the pending-effect
stack, views, secrets and the outcome.

Turn structure lives in one step per rulebook phase (``action``, ``recruitment``,
``update``); card and item effects in ``effects``; effects that wait for a choice are frames
on ``self.stack`` (``pending``). While a frame waits, only its choosers act, whatever the
phase: an effect is never interrupted by another (seed Q10).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from games.core import Move, Notice, OptionSpec, Outcome, Rng, StepGame
from games.core.errors import InvalidOptions
from games.core.text import Msg, joined

from .action import ActionStep
from .cards import CURRENT_VERSION, Card, Job, PhilaData, data, term
from .describe import describe
from .moves import CODEC, Give
from .pending import Frame
from .recruitment import RecruitmentStep
from .update import UpdateStep
from .view import (
    AdView,
    CardView,
    ItemView,
    PendingView,
    Phase,
    PhilaView,
    PlayerView,
    RevealView,
)

MAX_EVENTS = 12

# Engine versions (a record replays with the rules of the version it was recorded with):
# 1 = the first reconstruction (ads paid VP; seat 0 always started; the astronaut's owner
#     rolled in the extra round);
# 2 = the card list rebuilt from the published sources (issue 19), the start player drawn
#     from the game's seed, the extra round's roller and the overtime item per the options.
ENGINE_VERSION = CURRENT_VERSION
PUBLISHED_LIST = 2

OPTIONS = (
    OptionSpec(
        "overtime",
        "残業 (overtime): `free` = buying it gives 1 VP without using up the action (the "
        "designer's note 2); `action` = the buy uses an action like any other",
        "choice",
        "free",
        choices=("free", "action"),
    ),
    OptionSpec(
        "extra_roller",
        "Who rolls the die in an astronaut's extra round: `start` = the holder of the start "
        "player card (seed 採用フェイズ); `astronaut` = the extra round's only player",
        "choice",
        "start",
        choices=("start", "astronaut"),
    ),
)
DEFAULT_OPTIONS: dict[str, Any] = {o.name: o.default for o in OPTIONS}


@dataclass
class Ad:
    """A posted ad: its card, its month markers and the posting event that put it there."""

    card: str
    months: int
    posted_event: int
    succeeded: bool = False


@dataclass
class Player:
    hand: list[str] = field(default_factory=list)
    money: int = 0
    vp: int = 0
    ads: list[Ad] = field(default_factory=list)


@dataclass
class Reveal:
    seat: int
    reason: str
    cards: tuple[str, ...]


class PhilaState(StepGame[PhilaView]):
    """One game of Philadelphia for 2-4 players.

    ``version`` is the engine version whose rules and card list it plays (setting
    ``engine_version`` before the first move, as a replay does, sets the game up again
    with that version's); ``components`` replaces the card list (tests).
    """

    steps: ClassVar = {
        Phase.ACTION: ActionStep(),
        Phase.RECRUITMENT: RecruitmentStep(),
        Phase.UPDATE: UpdateStep(),
    }
    codec = CODEC

    def __init__(
        self,
        n_seats: int,
        seed: int,
        components: PhilaData | None = None,
        options: Mapping[str, Any] | None = None,
        version: int = ENGINE_VERSION,
    ) -> None:
        if not 2 <= n_seats <= 4:
            raise InvalidOptions(f"Philadelphia needs 2–4 players; there are {n_seats}.")
        self.n_seats = n_seats
        self.seed = seed
        self.components = components
        self.options = {**DEFAULT_OPTIONS, **(options or {})}
        self._setup(version)

    @property
    def engine_version(self) -> int:
        """The engine version whose rules this game plays (seed-set before the first move)."""
        return self._version

    @engine_version.setter
    def engine_version(self, version: int) -> None:
        if version == getattr(self, "_version", None):
            return
        if self.moves_applied:
            raise ValueError("the engine version is fixed once a move has been applied")
        self._setup(version)

    @property
    def published_list(self) -> bool:
        """Whether this game plays the rebuilt card list and rules of engine version 2."""
        return self._version >= PUBLISHED_LIST

    def _setup(self, version: int) -> None:
        """ゲームの準備 with the card list and rules of engine ``version``."""
        n_seats = self.n_seats
        self._version = version
        self.data = self.components or data(version)
        self.rules = self.data.rules
        self.rng = Rng(self.seed)
        self.players = [Player() for _ in range(n_seats)]
        self.deck: list[str] = [c.id for c in self.data.cards]  # top = end
        self.discard: list[str] = []
        self.item_deck: list[str] = [i.id for i in self.data.items for _ in range(i.copies)]
        self.item_deck.append(self.data.field.id)
        self.item_discard: list[str] = []
        self.item_row: list[str] = []
        self.field_up = False
        self.stack: list[Frame] = []
        self.event_no = 0
        self.start_player = 0
        self.round = 0
        self.extra_round_of: int | None = None
        self.extra_rounds: list[int] = []
        # action phase
        self.turn_order: list[int] = []
        self.turn_index = 0
        self.actions_left = 0
        self.bought = False
        self.nurse_used: set[str] = set()
        # recruitment phase
        self.die: int | None = None
        self.die_fixed: int | None = None
        self.roller = 0
        self.recruit_stage = ""
        self.translators_used: set[str] = set()
        self.translators_declined: set[str] = set()
        self.successes: list[str] = []
        self.defaults: list[str] = []
        self.reveal: Reveal | None = None
        self.events: list[str] = []
        self.pending_notices: dict[int, list[str]] = {}
        self.result: Outcome | None = None
        self.phase: Phase = Phase.ACTION

        # ゲームの準備 5: the start player is chosen by any method; we draw it from the seed
        if self.published_list:
            self.start_player = self.rng.randrange(n_seats)
        # ゲームの準備 1-6
        self.rng.shuffle(self.deck)
        self.rng.shuffle(self.item_deck)
        while len(self.item_row) < self.rules.item_row:
            item = self.item_deck.pop()
            if item == self.data.field.id:  # 準備 4: the field card goes back, reshuffled
                self.item_deck.append(item)
                self.rng.shuffle(self.item_deck)
                continue
            self.item_row.append(item)
        for i in range(n_seats):
            seat = (self.start_player + i) % n_seats
            self.players[seat].hand.extend(self.take_from_deck(self.rules.start_hand))
            self.players[seat].money = self.rules.start_money
        self.begin(Phase.ACTION)

    # -- lookups ---------------------------------------------------------------------------

    def card(self, card_id: str) -> Card:
        return self.data.card_index[card_id]

    def job(self, card_id: str) -> Job:
        return self.data.card_index[card_id].job

    def name(self, card_id: str) -> str:
        """``Café (cafe-a)``: the job's keyed name and the card id."""
        return Msg(
            "philadelphia.card_label", "{name} ({card})", name=self.job_name(card_id), card=card_id
        )

    def job_name(self, card_id: str) -> str:
        """The card's job name as a keyed term (``philadelphia.term.job.<job>``)."""
        job = self.job(card_id)
        return term("job", job.id, job.name)

    def find_ad(self, card_id: str) -> tuple[int, Ad] | None:
        for seat, p in enumerate(self.players):
            for ad in p.ads:
                if ad.card == card_id:
                    return seat, ad
        return None

    def ads_with(self, seat: int, timing: str, kind: str) -> list[Ad]:
        """``seat``'s posted ads having effect ``kind`` at ``timing`` (e.g. while_posted)."""
        return [ad for ad in self.players[seat].ads if self.job(ad.card).has(timing, kind)]

    def seats_from(self, first: int) -> list[int]:
        """All seats clockwise starting at ``first``."""
        return [(first + i) % self.n_seats for i in range(self.n_seats)]

    def posting_cost(self, seat: int, card_id: str) -> int:
        """The posting cost of ``card_id`` from ``seat``'s hand now (cost rules applied)."""
        job = self.job(card_id)
        rule = job.cost_rule
        if rule is None:
            return job.cost
        if rule.kind == "free_if_small_hand" and len(self.players[seat].hand) <= rule.hand:
            return 0
        if rule.kind == "free_if_poor" and self.players[seat].money <= rule.money:
            return 0
        return job.cost

    # -- log -------------------------------------------------------------------------------

    def say(self, key: str, template: str, **params: Any) -> str:
        """A keyed event sentence (``philadelphia.<key>``), also kept for the view."""
        msg = Msg(f"philadelphia.{key}", template, **params)
        self.events.append(msg)
        if len(self.events) > MAX_EVENTS:
            del self.events[: len(self.events) - MAX_EVENTS]
        return msg

    def p(self, seat: int) -> str:
        return f"p{seat + 1}"

    def tell(self, seat: int, text: str) -> None:
        self.pending_notices.setdefault(seat, []).append(text)

    # -- cards -----------------------------------------------------------------------------

    def take_from_deck(self, n: int) -> list[str]:
        """Up to ``n`` cards off the ad deck, reshuffling the discard pile when it runs out."""
        out: list[str] = []
        while len(out) < n:
            if not self.deck:
                if not self.discard:
                    break
                self.deck = self.discard
                self.discard = []
                self.rng.shuffle(self.deck)
            out.append(self.deck.pop())
        return out

    def roll(self) -> list[str]:
        """The roller rolls the recruitment die (seed 採用フェイズ; Q8: the same player rerolls)."""
        self.die = self.rng.randint(1, self.rules.die_faces)
        return [
            self.say(
                "roll", "{p} rolls the recruitment die: {die}.", p=self.p(self.roller), die=self.die
            )
        ]

    def cards_available(self) -> int:
        return len(self.deck) + len(self.discard)

    def snapshot(self) -> list[int]:
        """Hand sizes now: the start of a hand-change event (seed Q7)."""
        self.event_no += 1
        return [len(p.hand) for p in self.players]

    def close_event(self, before: Sequence[int], event: int | None = None) -> list[str]:
        """End a hand-change event: every player whose hand size changed gets each posted
        painter's money once (Q7: cards moved together count once). A painter posted by this
        very event does not see it (Q3)."""
        event = self.event_no if event is None else event
        out: list[str] = []
        for seat, n in enumerate(before):
            if len(self.players[seat].hand) == n:
                continue
            for ad in self.ads_with(seat, "while_posted", "painter"):
                if ad.posted_event >= event:
                    continue
                effect = self.job(ad.card).while_posted
                assert effect is not None
                self.players[seat].money += effect.money
                out.append(
                    self.say(
                        "painter",
                        "{p}'s painter: the hand changed, +{m} money.",
                        p=self.p(seat),
                        m=effect.money,
                    )
                )
        return out

    def draw(self, seat: int, n: int, reason: str) -> list[str]:
        """``seat`` draws ``n`` cards as one hand-change event (no hand limit: seed Q1)."""
        before = self.snapshot()
        got = self.take_from_deck(n)
        self.players[seat].hand.extend(got)
        self.mark_revealed()
        out = [
            self.say(
                "draw", "{p} draws {n} card(s) ({why}).", p=self.p(seat), n=len(got), why=reason
            )
        ]
        return out + self.close_event(before)

    def to_discard(self, cards: Iterable[str]) -> None:
        self.discard.extend(cards)

    # -- money -----------------------------------------------------------------------------

    def lose(self, seat: int, amount: int, reason: str) -> list[str]:
        """An effect says ``seat`` loses money: as much as they have (Q2), unless a posted
        guard turns it into a gain (the guard answers only 'lose', never 'pay')."""
        guards = self.ads_with(seat, "while_posted", "guard")
        if guards and amount > 0:
            effect = self.job(guards[0].card).while_posted
            assert effect is not None
            self.players[seat].money += effect.money
            return [
                self.say(
                    "guard",
                    "{p}'s guard: instead of losing {n} money ({why}), {p} gains {m}.",
                    p=self.p(seat),
                    n=amount,
                    why=reason,
                    m=effect.money,
                )
            ]
        lost = min(amount, self.players[seat].money)
        self.players[seat].money -= lost
        return [
            self.say("lose", "{p} loses {n} money ({why}).", p=self.p(seat), n=lost, why=reason)
        ]

    # -- posting and leaving the area -------------------------------------------------------

    def post_cards(self, seat: int, cards: Sequence[str]) -> list[str]:
        """Post ``cards`` from ``seat``'s hand at the same time, paying their costs (already
        checked). One hand-change event; the logistics company's give belongs to it (Q7).
        Then while-posted triggers of ads posted earlier (hotel), then each on-post effect."""
        from . import pending

        player = self.players[seat]
        costs = [self.posting_cost(seat, c) for c in cards]
        before = self.snapshot()
        event = self.event_no
        for card_id, cost in zip(cards, costs, strict=True):
            player.money -= cost
            player.hand.remove(card_id)
            player.ads.append(Ad(card_id, 0, event))
        out = [
            self.say(
                "post",
                "{p} posts {ads}.",
                p=self.p(seat),
                card_ids=tuple(cards),
                ads=joined(
                    [
                        Msg(
                            "philadelphia.post_item",
                            "{card} for {cost}",
                            card=self.name(c),
                            cost=cost,
                        )
                        for c, cost in zip(cards, costs, strict=True)
                    ],
                    " and ",
                ),
            )
        ]
        sequence: list[Frame] = []
        for card_id in cards:
            if self.job(card_id).has("on_post", "give_then_discard"):
                sequence.append(pending.GiveFrame(seat))
        sequence.append(pending.CloseEvent(before, event))
        for card_id in cards:
            job = self.job(card_id)
            for hotel in self.ads_with(seat, "while_posted", "hotel"):
                effect = self.job(hotel.card).while_posted
                assert effect is not None
                if hotel.posted_event < event and job.industry == effect.industry:
                    sequence.append(pending.HotelTrigger(seat, hotel.card))
        for card_id in cards:
            if self.job(card_id).on_post is not None:
                sequence.append(pending.OnPost(seat, card_id, event))
        self.push_sequence(sequence)
        return out

    def remove_ad(self, card_id: str) -> tuple[int, Ad]:
        found = self.find_ad(card_id)
        assert found is not None, card_id
        seat, ad = found
        self.players[seat].ads.remove(ad)
        return seat, ad

    def default_ads(self, cards: Sequence[str], reason: str) -> list[str]:
        """Make ``cards`` default at the same time: discard, on-default effects, and the
        railway of their owner (one not defaulting with them) takes them back to hand."""
        from . import effects

        owners: list[tuple[int, str]] = []
        for card_id in cards:
            seat, _ad = self.remove_ad(card_id)
            self.discard.append(card_id)
            owners.append((seat, card_id))
        out: list[str] = []
        if cards:
            out.append(
                self.say(
                    "default",
                    "{ads} default(s) ({why}).",
                    ads=joined(
                        [
                            Msg(
                                "philadelphia.owned_ad",
                                "{p}'s {card}",
                                p=self.p(s),
                                card=self.name(c),
                            )
                            for s, c in owners
                        ]
                    ),
                    why=reason,
                )
            )
        self.defaults.extend(cards)
        for seat, card_id in owners:
            out += effects.on_default(self, seat, card_id)
        by_seat: dict[int, list[str]] = {}
        for seat, card_id in owners:
            by_seat.setdefault(seat, []).append(card_id)
        for seat, lost in by_seat.items():
            railways = self.ads_with(seat, "while_posted", "railway")
            if not railways:
                continue
            effect = self.job(railways[0].card).while_posted
            assert effect is not None
            before = self.snapshot()
            back = [c for c in lost if c in self.discard]
            for card_id in back:
                self.discard.remove(card_id)
                self.players[seat].hand.append(card_id)
            self.players[seat].money += effect.money * len(back)
            if back:
                out.append(
                    self.say(
                        "railway",
                        "{p}'s railway takes {ads} back to hand and pays {m} money.",
                        p=self.p(seat),
                        ads=joined([self.name(c) for c in back]),
                        m=effect.money * len(back),
                    )
                )
            out += self.close_event(before)
        return out

    # -- the pending-effect stack ----------------------------------------------------------

    def push(self, frame: Frame) -> None:
        self.stack.append(frame)

    def push_sequence(self, frames: Sequence[Frame]) -> None:
        """Queue ``frames`` to resolve in the given order, before anything already waiting."""
        for frame in reversed(frames):
            self.stack.append(frame)

    def settle(self) -> list[str]:
        """Resolve frames that need no choice until one waits for a player (or none is left)."""
        out: list[str] = []
        while self.stack:
            top = self.stack[-1]
            if top.finished:
                self.stack.pop()
                continue
            if top.choosers(self):
                return out
            self.stack.pop()
            out += top.run(self)
        return out

    # -- action-phase bookkeeping ----------------------------------------------------------

    @property
    def current(self) -> int | None:
        if self.phase is not Phase.ACTION or self.turn_index >= len(self.turn_order):
            return None
        return self.turn_order[self.turn_index]

    # -- protocol --------------------------------------------------------------------------

    def _apply(self, seat: int, move: Move) -> list[str]:
        self.pending_notices = {}
        return super()._apply(seat, move)

    def notices(self, seat: int, move: Move) -> Mapping[int, Notice]:
        out: dict[int, Notice] = {}
        for s, texts in self.pending_notices.items():  # each tells a hidden card: an undo barrier
            if len(texts) == 1:
                out[s] = Notice(texts[0], reveals=True)
            else:  # one move told this seat several things: one notice carries them all
                out[s] = Notice(joined(texts, " "), reveals=True)
        return out

    def public_notation(self, seat: int, move: Move) -> str | None:
        if isinstance(move, Give):
            return "give (a card)" + (f" p{move.to + 1}" if move.to is not None else "")
        return move.notation

    def phase_name(self) -> str:
        if self.is_over():
            return Msg("philadelphia.phase.game_over", "Game over")
        if self.extra_round_of is not None:
            return Msg(
                "philadelphia.phase.extra_round",
                "Round {round} (extra round of {p}): {phase}",
                round=self.round,
                p=f"p{self.extra_round_of + 1}",
                phase=self.step.name(self),
            )
        return Msg(
            "philadelphia.phase.round",
            "Round {round}: {phase}",
            round=self.round,
            phase=self.step.name(self),
        )

    def end_game(self) -> list[str]:
        vp = {s: p.vp for s, p in enumerate(self.players)}
        money = {s: p.money for s, p in enumerate(self.players)}
        order = sorted(range(self.n_seats), key=lambda s: (-vp[s], -money[s]))
        ranks: dict[int, int] = {}
        for i, s in enumerate(order):
            if i and (vp[s], money[s]) == (vp[order[i - 1]], money[order[i - 1]]):
                ranks[s] = ranks[order[i - 1]]
            else:
                ranks[s] = i + 1
        winners = frozenset(s for s in order if ranks[s] == 1)
        reached = [self.p(s) for s in order if vp[s] >= self.rules.vp_goal]
        template = "{reached} reached {goal} VP after round {round}; most VP wins, then most money"
        key = "philadelphia.end_reason"
        if len(winners) > 1:
            template += " (a draw: same VP and money)"
            key = "philadelphia.end_reason_draw"
        reason = Msg(
            key, template, reached=", ".join(reached), goal=self.rules.vp_goal, round=self.round
        )
        self.result = Outcome(
            scores=vp,
            ranks=ranks,
            winners=winners,
            reason=reason,
            details={s: {"vp": vp[s], "money": money[s]} for s in range(self.n_seats)},
        )
        return [self.say("end", "The game ends: {why}.", why=reason)]

    def outcome(self) -> Outcome | None:
        return self.result

    # -- views -----------------------------------------------------------------------------

    def card_view(self, card_id: str) -> CardView:
        job = self.job(card_id)
        return CardView(
            id=card_id,
            job=job.id,
            name=job.name,
            name_ja=job.name_ja,
            industry=job.industry,
            cost=job.cost,
            reward=job.reward,
            vp=job.vp,
            duration=job.duration,
            numbers=tuple(sorted(job.numbers)),
            text=job.text,
        )

    def item_view(self, item_id: str) -> ItemView:
        if item_id == self.data.field.id:
            f = self.data.field
            return ItemView(f.id, f.name, f.name_ja, 0, f.text)
        item = self.data.item(item_id)
        return ItemView(item.id, item.name, item.name_ja, item.price, item.text)

    def describe(self, seat: int, move: Move) -> str:
        return describe(self, seat, move)  # games/philadelphia/describe.py

    def view(self, seat: int | None) -> PhilaView:
        players = tuple(
            PlayerView(
                seat=s,
                vp=p.vp,
                money=p.money,
                hand_size=len(p.hand),
                hand=tuple(self.card_view(c) for c in sorted(p.hand)) if s == seat else None,
                ads=tuple(AdView(self.card_view(ad.card), ad.months, ad.succeeded) for ad in p.ads),
                chosen=self._secret_choice(s) if s == seat else None,
            )
            for s, p in enumerate(self.players)
        )
        pending = None
        if self.stack and not self.is_over():
            top = self.stack[-1]
            pending = PendingView(
                kind=top.kind,
                owner=top.owner,
                choosers=tuple(sorted(top.choosers(self))),
                prompt=top.prompt(self),
                cards=tuple(self.card_view(c) for c in top.public_cards()),
            )
        reveal = None
        if self.reveal is not None:
            reveal = RevealView(
                self.reveal.seat,
                self.reveal.reason,
                tuple(self.card_view(c) for c in self.reveal.cards),
            )
        result = self.outcome()
        return PhilaView(
            viewer=seat,
            n_seats=self.n_seats,
            round=self.round,
            extra_round_of=self.extra_round_of,
            phase=self.phase,
            start_player=self.start_player,
            current=self.current,
            actions_left=self.actions_left if self.phase is Phase.ACTION else 0,
            bought_this_turn=self.bought,
            players=players,
            item_row=tuple(self.item_view(i) for i in self.item_row),
            field=self.item_view(self.data.field.id) if self.field_up else None,
            deck_size=len(self.deck),
            discard=tuple(self.discard),
            item_deck_size=len(self.item_deck),
            item_discard_size=len(self.item_discard),
            die=self.die,
            die_fixed=self.die_fixed,
            successes=tuple(self.successes),
            defaults=tuple(self.defaults),
            pending=pending,
            revealed=reveal,
            to_act=tuple(sorted(self.to_act())),
            vp_goal=self.rules.vp_goal,
            last_events=tuple(self.events),
            outcome=result.to_dict() if result is not None else None,
        )

    def _secret_choice(self, seat: int) -> str | None:
        if self.stack:
            return self.stack[-1].secret_choice(seat)
        return None

    def secrets(self, seat: int) -> Mapping[tuple[Any, ...], Any]:
        out: dict[tuple[Any, ...], Any] = {
            ("players", seat, "hand"): tuple(sorted(self.players[seat].hand))
        }
        chosen = self._secret_choice(seat)
        if chosen is not None:
            out[("players", seat, "chosen")] = chosen
        return out

    # -- invariants (tests) ----------------------------------------------------------------

    def card_count(self) -> int:
        """Ad cards in deck + discard + hands + areas + frames holding revealed cards."""
        held = sum(len(f.public_cards()) for f in self.stack if f.holds_cards)
        return (
            len(self.deck)
            + len(self.discard)
            + sum(len(p.hand) + len(p.ads) for p in self.players)
            + held
        )

    def item_count(self) -> int:
        return len(self.item_deck) + len(self.item_discard) + len(self.item_row) + self.field_up


def new_game(options: Mapping[str, Any], seats: int, seed: int) -> PhilaState:
    """A new game for ``seats`` players (2-4) with resolved ``options`` (``OPTIONS``)."""
    return PhilaState(seats, seed, options=options)
