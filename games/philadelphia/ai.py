"""A heuristic Philadelphia player: build hands (explore, acquire, submit), post the ads
that pay much more than they take from the hand, turn money into VP with overtime (buying a
cheap item to turn the row over when rich), and answer every effect's choice sensibly.

It reads the state directly (it is part of the game package) but returns only legal moves;
its only randomness is the ``rng`` it is given. ``Style`` tunes it (money values are in
money units; one VP is worth ``vp_value``); the balance tool (tools/philadelphia_sim.py)
plays the named styles in ``STYLES`` against each other and the fixed simple strategies
against it. ``choose(state, seat, rng)`` is the policy interface (games.core.ai.Policy).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from games.core import Move, Rng

from . import combos, pending
from .moves import (
    Acquire,
    Buy,
    DefaultAd,
    Discard,
    Done,
    Explore,
    FixDie,
    Give,
    Keep,
    Nurse,
    Pass,
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

# Rough money value of an effect, by (timing, effect id): see docs/rules/philadelphia.md.
EFFECT_VALUE: dict[tuple[str, str], float] = {
    ("on_post", "draw"): 1.2,
    ("on_post", "give_then_discard"): -1.5,
    ("on_post", "default_ad"): 1.5,
    ("while_posted", "hotel"): 2.0,
    ("while_posted", "painter"): 6.0,
    ("while_posted", "railway"): 2.5,
    ("while_posted", "guard"): 1.0,
    ("while_posted", "nurse"): 1.0,
    ("while_posted", "detective"): 1.5,
    ("while_posted", "translator"): 1.5,
    ("on_success", "draw"): 1.0,
    ("on_success", "explore"): 1.0,
    ("on_success", "default_ad"): 1.5,
    ("on_success", "post_from_hand"): 1.5,
    ("on_success", "return_ad"): 1.0,
    ("on_success", "others_lose"): 2.0,
    ("on_success", "pass_left"): 0.0,
    ("on_success", "discard_draw"): 0.8,
    ("on_success", "take_ad"): 2.0,
    ("on_success", "extra_round"): 5.0,
    ("on_success", "unmark_own"): 0.8,
    ("on_success", "others_give"): 2.0,
    ("on_default", "lose"): -3.0,
    ("on_default", "gain"): 1.5,
    ("on_default", "clear_markers"): 0.5,
}
CARD_VALUE = 1.1  # money value of one more card in hand
ACTION_VALUE = 2.0  # money value of one more action
_VALUE_CACHE: dict[tuple[int, tuple[str, ...]], float] = {}


@dataclass(frozen=True)
class Style:
    """Knobs of the heuristic player."""

    name: str = "balanced"
    post_min: float = 7.0  # least net money value (less what the hand loses) to post an ad
    submit_min: int = 3  # submit when the best hands from the hand score this many VP
    reserve: int = 1  # money kept back when acquiring cards
    item_bias: float = 0.0  # added to every item's value
    vp_value: float = 5.0  # money one VP is worth (an overtime item sells 1 VP for 7)
    explore_first: bool = False  # explore before acquiring
    ads_target: int = 0  # post while fewer ads than this are posted
    rich: int = 6  # money from which a full hand is emptied to acquire
    plenty: int = 12  # money from which more money is worth little
    cycle: int = 10  # money from which a cheap item is bought to turn the row over
    overtime_spare: int = 3  # money left after overtime (with fewer than 2 ads) to buy it
    post_professionals: bool = False  # post a professional (never in a hand) when affordable


STYLES: dict[str, Style] = {
    "balanced": Style(),
    "poster": Style("poster", post_min=1.0, submit_min=4, reserve=2, ads_target=3),
    "hands": Style("hands", post_min=99.0, reserve=0, vp_value=3.5),
    "shopper": Style("shopper", item_bias=2.0),
    "rusher": Style("rusher", submit_min=1, explore_first=True),
}


def success_chance(g: PhilaState, card: str, months: int = 0) -> float:
    """Chance that an ad with ``months`` markers succeeds before it defaults."""
    job = g.job(card)
    p = len(job.numbers) / g.rules.die_faces
    checks = max(0, job.duration - months)
    return 1 - (1 - p) ** checks


class HeuristicPolicy:
    """The registered AI policy (``choose(state, seat, rng)``)."""

    def __init__(self, style: Style | None = None) -> None:
        self.style = style or Style()

    # -- hand evaluation -------------------------------------------------------------------

    def hand_value(self, g: PhilaState, hand: Sequence[str]) -> float:
        """VP the hand can make now plus a little for near-hands, in VP."""
        key = (id(g.data), combos.job_key(g.data, hand))
        hit = _VALUE_CACHE.get(key)
        if hit is None:
            if len(_VALUE_CACHE) > 200_000:
                _VALUE_CACHE.clear()
            hit = _VALUE_CACHE[key] = self._hand_value(g, key[1])
        return hit

    def _hand_value(self, g: PhilaState, jobs: Sequence[str]) -> float:
        vp, _ = combos.best_partition(g.data, [f"{j}-a" for j in jobs])
        counts: dict[str, int] = {}
        industries: dict[str, set[str]] = {}
        for job_id in jobs:
            job = g.data.job(job_id)
            counts[job.id] = counts.get(job.id, 0) + 1
            industries.setdefault(job.industry, set()).add(job.id)
        potential = 0.0
        for job_id, n in counts.items():
            if n in (2, 3):
                potential += 0.5 * g.data.job(job_id).copies / 4
        for names in industries.values():
            if len(names) == 2:
                potential += 0.3
        return vp + potential

    def ad_value(self, g: PhilaState, seat: int, card: str) -> float:
        """Expected money from posting ``card`` now, effects included, less its cost."""
        job = g.job(card)
        chance = success_chance(g, card)
        value = chance * (job.reward + job.vp * self.style.vp_value) - g.posting_cost(seat, card)
        for timing in ("on_post", "while_posted", "on_success", "on_default"):
            effect = getattr(job, timing)
            if effect is not None:
                bonus = EFFECT_VALUE.get((timing, effect.kind), 0.0)
                if timing == "on_post" and effect.kind == "gain":
                    bonus = float(effect.money)
                if timing == "on_default":
                    bonus *= 1 - success_chance(g, card)
                value += bonus
        if job.has("while_posted", "hotel"):
            service = sum(
                1 for c in g.players[seat].hand if c != card and g.job(c).industry == "service"
            )
            value += 2.5 * min(service, 2)
        if job.has("while_posted", "railway"):
            value += 1.0 * len(g.players[seat].ads)
        targets = job.has("on_success", "take_ad") or job.has("on_success", "default_ad")
        if targets and not any(g.players[s].ads for s in range(g.n_seats) if s != seat):
            value -= 1.0
        return value

    def card_keep_value(self, g: PhilaState, seat: int, hand: Sequence[str], card: str) -> float:
        """How much ``card`` adds to ``hand`` (money units): for hands or for posting."""
        with_card = self.hand_value(g, [*hand, card]) - self.hand_value(g, hand)
        as_ad = max(0.0, self.ad_value(g, seat, card)) * 0.6
        return max(with_card * self.style.vp_value, as_ad)

    def worst_cards(self, g: PhilaState, seat: int, hand: Sequence[str]) -> list[tuple[float, str]]:
        """Cards of ``hand`` by how little they are worth in it, least first."""
        scored = []
        for c in hand:
            rest = list(hand)
            rest.remove(c)
            scored.append((self.card_keep_value(g, seat, rest, c), c))
        scored.sort()
        return scored

    # -- choosing --------------------------------------------------------------------------

    def choose(self, state: Any, seat: int, rng: Rng) -> Move:
        g: PhilaState = state
        move = self._choose_frame(g, seat, rng) if g.stack else self._choose_action(g, seat, rng)
        if move is not None and g.step.refusal(g, seat, move) is None:
            return move
        legal = list(g.legal_moves(seat))
        return legal[0]

    def _choose_action(self, g: PhilaState, seat: int, rng: Rng) -> Move | None:
        step = g.step
        me = g.players[seat]
        hand = me.hand
        style = self.style
        goal = g.rules.vp_goal
        vp_now, best = combos.best_partition(g.data, hand)

        final = max(p.vp for p in g.players) >= goal  # the game ends with this round
        if final:
            move = self._final_round(g, seat, best)
            if move is not None:
                return move

        # 1. Money into VP: overtime (1 VP for 7 money, no action spent by default); with
        # money to spare and none in the row, a cheap item turns the row over.
        overtime = self._overtime(g, seat)
        if overtime is not None and (
            len(me.ads) >= 2 or me.money - g.data.item(overtime).price >= style.overtime_spare
        ):
            return Buy(overtime)
        if overtime is None and not g.bought and me.money >= style.cycle:
            cheap = self._best_item(g, seat, floor=-2.0)
            if cheap is not None:
                return Buy(cheap)

        # 2. Submitting wins (or scores well enough).
        if best and step.refusal(g, seat, Submit(best[0].kind, best[0].label)) is None:
            late = max(p.vp for p in g.players) >= goal - 3
            if (
                me.vp + vp_now >= goal
                or vp_now >= style.submit_min
                or (len(hand) >= g.rules.hand_limit - 1)
                or (late and vp_now >= 1)
            ):
                return Submit(best[0].kind, best[0].label)

        # 2. A professional never scores in a hand: posting it only earns (and makes room).
        if style.post_professionals:
            professional = self._best_professional(g, seat)
            if professional is not None:
                return Post(professional)

        # 2. The ad that pays best, weighed against what it takes from the hand.
        # money buys less once there is plenty of it (one overtime per turn, hand limit)
        weight = 1.0 if me.money < style.plenty else 0.3
        best_post = self.best_post(g, seat)
        can_post = best_post is not None and best_post[0] >= style.post_min
        room = g.rules.hand_limit - len(hand)
        explore_ok = step.refusal(g, seat, Explore()) is None

        # 3. Keep the money engine running: a few ads posted at all times.
        if can_post and (me.money < 4 or len(me.ads) < style.ads_target) and weight == 1.0:
            assert best_post is not None
            return Post(best_post[1])

        # 4. Money to spare but no room to acquire: make room (bank a hand, post a card).
        if me.money >= style.rich and room < 3:
            if best and step.refusal(g, seat, Submit(best[0].kind, best[0].label)) is None:
                return Submit(best[0].kind, best[0].label)
            if best_post is not None and best_post[0] >= style.post_min - 2:
                return Post(best_post[1])

        # 5. Room in hand and money to spare: buy cards (explore is free but slow).
        acquire = min(g.rules.acquire_max, room, me.money - style.reserve, g.cards_available())
        if style.explore_first and explore_ok and rng.randrange(2) == 0:
            return Explore()
        if acquire >= 2:
            return Acquire(acquire)

        # 5. A full hand: post what does not belong in a hand.
        if can_post:
            assert best_post is not None
            return Post(best_post[1])

        # 6. A helpful item.
        if not g.bought:
            item = self._best_item(g, seat)
            if item is not None:
                return Buy(item)

        # 7. The nurse's extra action when money is plentiful.
        if me.money >= 8 and step.refusal(g, seat, Nurse()) is None:
            return Nurse()

        if explore_ok:
            return Explore()
        if acquire >= 1:
            return Acquire(acquire)

        # 8. Anything that still makes sense.
        if best:
            return Submit(best[0].kind, best[0].label)
        if best_post is not None:
            return Post(best_post[1])
        if step.refusal(g, seat, Pass()) is None:
            return Pass()
        return None

    def best_post(self, g: PhilaState, seat: int) -> tuple[float, str] | None:
        """The affordable card of ``seat``'s hand best posted now and its value (money): its
        ``ad_value`` (weighted down to 0.3 from ``Style.plenty`` money) less what the hand
        loses without it (``hand_value``, in VP at ``vp_value``); ``None`` if none is
        affordable. Ties go to the first card in hand."""
        me = g.players[seat]
        hand = me.hand
        base = self.hand_value(g, hand)
        weight = 1.0 if me.money < self.style.plenty else 0.3
        best: tuple[float, str] | None = None
        for c in hand:
            if g.posting_cost(seat, c) > me.money:
                continue
            rest = list(hand)
            rest.remove(c)
            loss = (base - self.hand_value(g, rest)) * self.style.vp_value
            value = self.ad_value(g, seat, c) * weight - loss
            if best is None or value > best[0]:
                best = (value, c)
        return best

    def _best_professional(self, g: PhilaState, seat: int) -> str | None:
        """The professional (専門職) card in ``seat``'s hand worth most as an ad
        (``ad_value``) among those it can afford to post, or ``None``."""
        me = g.players[seat]
        options = [
            (self.ad_value(g, seat, c), c)
            for c in me.hand
            if g.job(c).is_professional and g.posting_cost(seat, c) <= me.money
        ]
        return max(options)[1] if options else None

    def _final_round(self, g: PhilaState, seat: int, best: Sequence[combos.Combo]) -> Move | None:
        """The last round: every VP counts now, then money breaks ties."""
        me = g.players[seat]
        if best:
            return Submit(best[0].kind, best[0].label)
        if not g.bought and g.die_fixed is None and "chance" in g.item_row:
            price = g.data.item("chance").price
            gains = [self._die_vp(g, seat, n) for n in range(1, g.rules.die_faces + 1)]
            if price <= me.money and max(gains) >= 1:
                return Buy("chance")
        options = []
        for c in me.hand:
            job = g.job(c)
            cost = g.posting_cost(seat, c)
            if job.vp and cost <= me.money:
                hits = g.die_fixed in job.numbers if g.die_fixed else len(job.numbers) / 6
                options.append((hits * job.vp - cost / 10, c))
        if options and max(options)[0] > 0.3:
            return Post(max(options)[1])
        return None

    def _die_vp(self, g: PhilaState, seat: int, die: int) -> float:
        """VP ``seat`` wins on ``die`` less the best opponent's."""
        vps = [0] * g.n_seats
        for s, p in enumerate(g.players):
            for ad in p.ads:
                job = g.job(ad.card)
                if die in job.numbers:
                    vps[s] += job.vp
        others = max((v for s, v in enumerate(vps) if s != seat), default=0)
        return vps[seat] - others

    def _overtime(self, g: PhilaState, seat: int) -> str | None:
        """An overtime item in the row that ``seat`` can buy now, if any."""
        if g.bought:
            return None
        for item_id in dict.fromkeys(g.item_row):
            item = g.data.item(item_id)
            if item.effect.kind == "overtime" and item.price <= g.players[seat].money:
                return item_id
        return None

    def _best_item(self, g: PhilaState, seat: int, floor: float = 0.5) -> str | None:
        """The item worth most to ``seat`` now, if it is worth more than ``floor``."""
        me = g.players[seat]
        best: tuple[float, str] | None = None
        for item_id in dict.fromkeys(g.item_row):
            item = g.data.item(item_id)
            if item.price > me.money:
                continue
            value = self._item_value(g, seat, item.effect.kind, item.effect) - item.price
            value += self.style.item_bias
            if best is None or value > best[0]:
                best = (value, item_id)
        if best is not None and best[0] > floor:
            return best[1]
        return None

    def _item_value(self, g: PhilaState, seat: int, kind: str, effect: Any) -> float:
        me = g.players[seat]
        if kind == "fix_die":
            if g.die_fixed is not None:
                return -10.0
            gains = [self._die_gain(g, seat, n) for n in range(1, g.rules.die_faces + 1)]
            return max(gains) - sum(gains) / len(gains)
        if kind == "submit":
            vp, _best = combos.best_partition(g.data, me.hand)
            return vp * self.style.vp_value + 1.5 if vp >= 1 else -10.0
        if kind == "draw":
            return effect.cards * CARD_VALUE
        if kind == "discard_draw":
            junk = [v for v, _c in self.worst_cards(g, seat, me.hand) if v < 0.5]
            return len(junk) * 0.6
        if kind == "post_together":
            good = [c for c in me.hand if self.ad_value(g, seat, c) > 1.5]
            return 1.5 if len(good) >= 2 else -10.0
        if kind == "unmark":
            due = [ad for ad in me.ads if ad.months and ad.months >= g.job(ad.card).duration - 1]
            return 1.2 * min(2, len(due))
        if kind == "overtime":
            free = ACTION_VALUE if g.options["overtime"] == "free" else 0.0
            return effect.vp * self.style.vp_value + free
        return 0.0

    def _die_gain(self, g: PhilaState, seat: int, die: int) -> float:
        """Money ``seat`` gains on ``die`` less what the best opponent gains."""
        mine = 0.0
        theirs = [0.0] * g.n_seats
        for s, p in enumerate(g.players):
            for ad in p.ads:
                job = g.job(ad.card)
                if die in job.numbers:
                    theirs[s] += job.reward + job.vp * self.style.vp_value
        mine = theirs[seat]
        others = max((t for s, t in enumerate(theirs) if s != seat), default=0.0)
        return mine - 0.5 * others

    # -- answering effects -----------------------------------------------------------------

    def _choose_frame(self, g: PhilaState, seat: int, rng: Rng) -> Move | None:
        frame = g.stack[-1]
        me = g.players[seat]
        if isinstance(frame, pending.KeepFrame):
            scored = [(self.card_keep_value(g, seat, me.hand, c), c) for c in frame.cards]
            return Keep(max(scored)[1])
        if isinstance(frame, pending.SubmitFrame):
            _vp, best = combos.best_partition(g.data, me.hand)
            if best:
                return Submit(best[0].kind, best[0].label)
            return Done()
        if isinstance(frame, pending.DiscardFrame):
            worst = self.worst_cards(g, seat, me.hand)
            if len(frame.discarded) < frame.least:
                return Discard(worst[0][1])
            limit = CARD_VALUE * 0.7 if frame.draw_after else -1.0
            if worst and worst[0][0] < limit:
                return Discard(worst[0][1])
            return Done()
        if isinstance(frame, pending.GiveFrame):
            worst = self.worst_cards(g, seat, me.hand)
            others = [s for s in range(g.n_seats) if s != seat]
            poorest = min(others, key=lambda s: (g.players[s].vp, g.players[s].money))
            return Give(worst[0][1], poorest)
        if isinstance(frame, pending.GatherFrame):
            worst = self.worst_cards(g, seat, me.hand)
            return Give(worst[0][1])
        if isinstance(frame, pending.TargetFrame):
            return self._target(g, seat, frame)
        if isinstance(frame, pending.PostFrame):
            budget = frame.budget(g)
            options = [
                (self.ad_value(g, seat, c), c)
                for c in frame.affordable(g)
                if g.posting_cost(seat, c) <= budget
            ]
            options = [o for o in options if o[0] >= self.style.post_min]
            if options:
                return Post(max(options)[1])
            return Done()
        if isinstance(frame, pending.RerollFrame):
            die = g.die or 1
            now = self._die_gain(g, seat, die)
            faces = range(1, g.rules.die_faces + 1)
            mean = sum(self._die_gain(g, seat, n) for n in faces) / g.rules.die_faces
            return Reroll() if mean > now + 0.5 else Skip()
        if isinstance(frame, pending.FixDieFrame):
            faces = range(1, g.rules.die_faces + 1)
            return FixDie(max(faces, key=lambda n: (self._die_gain(g, seat, n), -n)))
        if isinstance(frame, pending.UnmarkFrame):
            marked = [
                (ad.months - g.job(ad.card).duration, g.job(ad.card).reward, ad.card)
                for ad in me.ads
                if ad.months > 0
            ]
            if marked:
                return Unmark(max(marked)[2])
            return Done()
        return None

    def _target(self, g: PhilaState, seat: int, frame: pending.TargetFrame) -> Move | None:
        options = frame.eligible(g)
        if frame.action == "return":
            due = [
                c
                for c in options
                if (found := g.find_ad(c)) is not None
                and found[1].months >= g.job(c).duration - 1
                and not found[1].succeeded
            ]
            if due:
                return ReturnAd(max(due, key=lambda c: g.job(c).reward))
            return Skip()
        theirs = []
        for c in options:
            found = g.find_ad(c)
            if found is None:
                continue
            owner, ad = found
            if owner == seat:
                continue
            job = g.job(c)
            worth = (job.reward + job.vp * self.style.vp_value) * success_chance(g, c, ad.months)
            if ad.succeeded:
                worth = 0.5  # its reward is already paid
            if frame.action == "take":
                worth += self.card_keep_value(g, seat, g.players[seat].hand, c)
            theirs.append((worth, c))
        if theirs:
            card = max(theirs)[1]
            return DefaultAd(card) if frame.action == "default" else Take(card)
        if frame.optional:
            return Skip()
        card = options[0]
        return DefaultAd(card) if frame.action == "default" else Take(card)


POLICY = HeuristicPolicy()
