"""Masters of Commerce (商売の達人, Grouper Games 2011): landlords, merchants, a timed
negotiation each year, a dice-driven market, liens, tax and a landlord auction (seed 004).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.core import GameSpec, InvalidOptions, Msg, OptionSpec, register

from .ai import MocPolicy
from .ai_search import LEVELS, NORMAL
from .phases import Phase
from .state import ENGINE_VERSION, OLDEST_ENGINE_VERSION, MocState, new_game
from .view import MocView

SEALED_FROM_TIMER = 3600  # seconds: long (asynchronous) games default to sealed bids
QUIET_MIN = 60  # seconds: the shortest default quiet period of an open auction lot
QUIET_SHARE = 2  # the default quiet period is the negotiation timer divided by this


def default_quiet(timer: int) -> int:
    """The default open-auction quiet period for a negotiation ``timer`` (seconds): half of
    it, at least ``QUIET_MIN`` (120 s -> 60 s, 600 s -> 300 s). Every eligible landlord is
    pinged when a quiet period starts, so a lot is not gone while they switch windows. The
    quiet period only times the table; records replay the same with any value."""
    return max(QUIET_MIN, timer // QUIET_SHARE)


@dataclass(frozen=True)
class TextOption(OptionSpec):
    """A short free-text option (the core has only int/choice/bool kinds)."""

    max_len: int = 40

    def coerce(self, value: Any) -> Any:
        text = "" if value is None else str(value).strip().lower()
        if len(text) > self.max_len:
            raise InvalidOptions(
                Msg(
                    "moc.options.too_long",
                    "Option `{option}` is at most {max_len} characters.",
                    option=self.name,
                    max_len=self.max_len,
                )
            )
        if self.name == "roles" and set(text) - {"l", "m"}:
            raise InvalidOptions(
                Msg(
                    "moc.options.roles_letters",
                    "Option `roles` is one letter per seat, `l` (landlord) or `m` (merchant), "
                    "e.g. `llmmm`; leave it empty to roll the red die.",
                )
            )
        return text


def _defaults_for(opts: Mapping[str, Any]) -> Mapping[str, Any]:
    timer = int(opts.get("timer", 120))
    return {
        "auction": "sealed" if timer >= SEALED_FROM_TIMER else "open",
        "auction_quiet": default_quiet(timer),
    }


SPEC = register(
    GameSpec(
        key="masters_of_commerce",
        title="Masters of Commerce",
        title_ja="商売の達人",
        min_players=3,
        max_players=11,
        engine_version=ENGINE_VERSION,
        oldest_engine_version=OLDEST_ENGINE_VERSION,
        new_game=new_game,
        summary=(
            "Landlords rent land deeds to merchants in a timed negotiation, the market dice "
            "decide what each colour earns, unpaid rent brings liens, and landlords bid for "
            "new deeds. After five years the richest landlord and the richest merchant win "
            "(3–4 players: everyone plays both roles)."
        ),
        rules_path="docs/rules/masters_of_commerce.md",
        options=(
            OptionSpec(
                "timer",
                "Negotiation time each year, in seconds (the box uses 2 minutes).",
                "int",
                120,
                lo=30,
                hi=259200,
            ),
            OptionSpec(
                "expert",
                "Expert variant: closed contracts and exclusive tokens.",
                "bool",
                False,
            ),
            OptionSpec(
                "auction",
                "Landlord auction: open ascending bids, or one sealed bid each "
                "(default: sealed when the timer is an hour or more).",
                "choice",
                "open",
                choices=("open", "sealed"),
            ),
            OptionSpec(
                "auction_quiet",
                "Open auction: a lot is sold after this many seconds without a new bid "
                "(default: half the negotiation timer, at least 60 s).",
                "int",
                QUIET_MIN,
                lo=5,
                hi=86400,
            ),
            TextOption(
                "roles",
                "5+ players: roles per seat as l/m letters (e.g. llmmm); empty = roll the red die.",
                "text",
                "",
            ),
        ),
        defaults_for=_defaults_for,
        ai=NORMAL,
        levels=LEVELS,
    )
)

__all__ = ["SPEC", "MocPolicy", "MocState", "MocView", "Phase", "new_game"]
