"""Update phase (seed 更新フェイズ): a month marker on every posted ad; an ad with at least as
many markers as its duration defaults and is discarded (all at the same time). Then, with
someone at 10 VP or more the game ends; otherwise the start player card passes clockwise
(not after an astronaut's extra round, which is no regular round: Q9).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.text import Msg

from .stepbase import PhilaStep
from .view import Phase

if TYPE_CHECKING:
    from .state import PhilaState


class UpdateStep(PhilaStep):
    title = "Update phase"
    title_key = "philadelphia.term.phase.update"

    def enter(self, game: PhilaState) -> list[str]:
        due: list[str] = []
        for seat in game.seats_from(game.roller):
            for ad in game.players[seat].ads:
                ad.months += 1
                if ad.months >= game.job(ad.card).duration:
                    due.append(ad.card)
        out = game.default_ads(due, Msg("philadelphia.reason.term_over", "its term ran out"))
        if game.field_up:
            game.field_up = False
            game.item_deck.append(game.data.field.id)
            game.rng.shuffle(game.item_deck)
            out.append(game.say("field_down", "The field card goes back into the item deck."))
        if not self.game_ends(game) and game.extra_round_of is None:
            game.start_player = (game.start_player + 1) % game.n_seats
        return out

    def game_ends(self, game: PhilaState) -> bool:
        return any(p.vp >= game.rules.vp_goal for p in game.players)

    def is_done(self, game: PhilaState) -> bool:
        return not game.stack

    def next_phase(self, game: PhilaState) -> Phase | None:
        return None if self.game_ends(game) else Phase.ACTION
