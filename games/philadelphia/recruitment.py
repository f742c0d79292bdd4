"""Recruitment phase (seed 採用フェイズ): the round's start player rolls the die (unless a
recruitment chance fixed it: Q5); a posted translator may void the roll once, and the same
player rolls again (Q8); then every posted ad whose recruitment numbers show succeeds at
once: all rewards are paid, each success effect is reserved (Q4) and resolves in turn (start
player first, clockwise, each area in posting order), and the ad then goes to the discard
pile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import pending
from .stepbase import PhilaStep
from .view import Phase

if TYPE_CHECKING:
    from .state import PhilaState


class RecruitmentStep(PhilaStep):
    title = "Recruitment phase"
    title_key = "philadelphia.term.phase.recruitment"

    def enter(self, game: PhilaState) -> list[str]:
        game.recruit_stage = "roll"
        game.translators_used.clear()
        game.translators_declined.clear()
        game.successes = []
        game.defaults = []
        return self.proceed(game)

    def is_done(self, game: PhilaState) -> bool:
        return not game.stack and game.recruit_stage == "done"

    def next_phase(self, game: PhilaState) -> Phase:
        return Phase.UPDATE

    def proceed(self, game: PhilaState) -> list[str]:
        out: list[str] = []
        while not game.stack and game.recruit_stage != "done":
            stage = game.recruit_stage
            if stage == "roll":
                if game.die_fixed is not None:
                    game.die = game.die_fixed
                    out.append(
                        game.say(
                            "die_fixed_used",
                            "The die is fixed at {n} (recruitment chance).",
                            n=game.die,
                        )
                    )
                    game.recruit_stage = "judge"
                else:
                    out += game.roll()
                    game.recruit_stage = "translate"
            elif stage == "translate":
                card = self.next_translator(game)
                if card is None:
                    game.recruit_stage = "judge"
                else:
                    owner = game.find_ad(card)
                    assert owner is not None
                    game.push(pending.RerollFrame(owner[0], card))
            elif stage == "judge":
                out += self.judge(game)
                game.recruit_stage = "effects"
                out += game.settle()
            else:
                game.recruit_stage = "done"
        return out

    def next_translator(self, game: PhilaState) -> str | None:
        for seat in game.seats_from(game.roller):
            for ad in game.ads_with(seat, "while_posted", "translator"):
                if ad.card in game.translators_used or ad.card in game.translators_declined:
                    continue
                return ad.card
        return None

    def judge(self, game: PhilaState) -> list[str]:
        die = game.die
        boom = game.data.field.effect.money if game.field_up else 0
        winners = [
            (seat, ad)
            for seat in game.seats_from(game.roller)
            for ad in game.players[seat].ads
            if die in game.job(ad.card).numbers
        ]
        out: list[str] = []
        frames: list[pending.Frame] = []
        for seat, ad in winners:
            job = game.job(ad.card)
            ad.succeeded = True
            game.players[seat].money += job.reward + boom
            game.players[seat].vp += job.vp
            game.successes.append(ad.card)
            # a job paying victory points too (data version 1) has its own sentence
            key, text = "success", "{p}'s {card} succeeds on a {die} ({nums}): +{m} money."
            if job.vp:
                key = "success_vp"
                text = "{p}'s {card} succeeds on a {die} ({nums}): +{m} money, +{vp} VP."
            out.append(
                game.say(
                    key,
                    text,
                    p=game.p(seat),
                    card=game.name(ad.card),
                    card_id=ad.card,
                    die=die,
                    nums="/".join(str(n) for n in sorted(job.numbers)),
                    m=job.reward + boom,
                    vp=job.vp,
                )
            )
            if job.on_success is not None:
                frames.append(pending.SuccessEffect(seat, ad.card))
            frames.append(pending.FinishSuccess(seat, ad.card))
        if not winners:
            out.append(game.say("no_success", "No posted ad succeeds on a {die}.", die=die))
        game.push_sequence(frames)
        return out
