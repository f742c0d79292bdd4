"""The phases of a Masters of Commerce year (seed 004, ゲーム進行), shared with the renderer."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """One phase of a year, in order; ``LIEN`` is the lien sub-step of merchant income.

    A ``StrEnum``, so a phase compares equal to its value (``Phase.RENT == "rent"``).
    """

    NEGOTIATION = "negotiation"  # フェーズ1 交渉 (timed, simultaneous)
    INCOME = "income"  # フェーズ2 商人の収入: dice (automatic)
    LIEN = "lien"  # フェーズ2, lien holders choose a deed's income (債務超過と破産 1)
    RENT = "rent"  # フェーズ3 レンタル料徴収
    TAX = "tax"  # フェーズ4 税金支払い
    EXCLUSIVE = "exclusive"  # フェーズ5 独占 (expert variant)
    AUCTION = "auction"  # フェーズ6 地主アクション
    OVER = "over"  # the game has ended


PHASES: tuple[Phase, ...] = tuple(Phase)
