"""Philadelphia moves: frozen dataclasses naming cards by id (``cafe-a``), jobs by id
(``cafe``), items by kind (``chance``), players by seat (``p2``), each with its notation.

Actions of the action phase (seed アクションフェイズ): ``explore``, ``acquire 3``,
``post cafe-a``, ``buy chance``, ``submit pair cafe`` / ``submit flush cafe+hotel+cinema``,
``pass``; the nurse's extra action is ``nurse``. Choices inside an effect: ``keep``,
``discard``, ``give``, ``default``, ``take``, ``return``, ``unmark``, ``die``, ``reroll``,
``skip``, ``done``; ``post`` and ``submit`` also serve the effects that post or submit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from games.core import Move, Notation, game_title


@dataclass(frozen=True)
class Explore(Move):
    """探査: reveal the top 4 cards of the ad deck and keep 1 (not with 7+ cards in hand)."""

    syntax: ClassVar[str] = "explore"


@dataclass(frozen=True)
class Acquire(Move):
    """獲得: pay 1 money per card and draw ``count`` cards (1-5, never beyond 7 in hand)."""

    syntax: ClassVar[str] = "acquire {count:int}"
    count: int


@dataclass(frozen=True)
class Post(Move):
    """掲載: pay ``card``'s posting cost and put it in your area (also: choosing an ad to post
    for the moving company or the job fair)."""

    syntax: ClassVar[str] = "post {card}"
    card: str


@dataclass(frozen=True)
class Buy(Move):
    """購入: buy a face-up item of kind ``item`` and use it at once (once per turn)."""

    syntax: ClassVar[str] = "buy {item}"
    item: str


@dataclass(frozen=True)
class Submit(Move):
    """役提出: submit one hand (役). ``hand`` is pair/three/four/flush; ``jobs`` is the job id
    (pair, three, four) or the job ids joined by ``+`` (flush of 3 or 4)."""

    syntax: ClassVar[str] = "submit {hand} {jobs}"
    hand: str
    jobs: str


@dataclass(frozen=True)
class Nurse(Move):
    """看護師: pay 3 money for one more action this turn (while an action is left)."""

    syntax: ClassVar[str] = "nurse"


@dataclass(frozen=True)
class Pass(Move):
    """パス: only when no other action is possible; reveal your hand and gain 1 money."""

    syntax: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Keep(Move):
    """Keep one of the revealed cards (explore, hair salon)."""

    syntax: ClassVar[str] = "keep {card}"
    card: str


@dataclass(frozen=True)
class Discard(Move):
    """Discard a card from your hand for an effect."""

    syntax: ClassVar[str] = "discard {card}"
    card: str


@dataclass(frozen=True)
class Give(Move):
    """Give a card from your hand: to player ``to`` (logistics company), or to whoever the
    effect names (lawyer, post office) when ``to`` is left out."""

    syntax: ClassVar[str] = "give {card} [{to:seat}]"
    card: str
    to: int | None = None


@dataclass(frozen=True)
class DefaultAd(Move):
    """Make the posted ad ``ad`` default (furniture factory, demolition)."""

    syntax: ClassVar[str] = "default {ad}"
    ad: str


@dataclass(frozen=True)
class Take(Move):
    """Take the posted ad ``ad`` from another player's area into your hand (potter)."""

    syntax: ClassVar[str] = "take {ad}"
    ad: str


@dataclass(frozen=True)
class ReturnAd(Move):
    """Return your posted ad ``ad`` to your hand (fire station)."""

    syntax: ClassVar[str] = "return {ad}"
    ad: str


@dataclass(frozen=True)
class Unmark(Move):
    """Remove one month marker from your posted ad ``ad`` (contract extension)."""

    syntax: ClassVar[str] = "unmark {ad}"
    ad: str


@dataclass(frozen=True)
class FixDie(Move):
    """Choose the number this round's recruitment die shows (recruitment chance)."""

    syntax: ClassVar[str] = "die {number:int}"
    number: int


@dataclass(frozen=True)
class Reroll(Move):
    """Void the recruitment roll; the player who rolled rolls again (translator)."""

    syntax: ClassVar[str] = "reroll"


@dataclass(frozen=True)
class Skip(Move):
    """Decline an optional effect."""

    syntax: ClassVar[str] = "skip"


@dataclass(frozen=True)
class Done(Move):
    """Stop choosing (no more hands to submit, cards to discard, ads to post or unmark)."""

    syntax: ClassVar[str] = "done"


ACTIONS: tuple[type[Move], ...] = (Explore, Acquire, Post, Buy, Submit, Nurse, Pass)
CHOICES: tuple[type[Move], ...] = (
    Keep,
    Discard,
    Give,
    DefaultAd,
    Take,
    ReturnAd,
    Unmark,
    FixDie,
    Reroll,
    Skip,
    Done,
    Post,
    Submit,
)
ALL_MOVES: tuple[type[Move], ...] = ACTIONS + tuple(m for m in CHOICES if m not in ACTIONS)

CODEC = Notation(ALL_MOVES, game=game_title("philadelphia", "Philadelphia"))
