"""Carnegie (Xavier Georges, Quined Games): the game state, setup and shared operations.

Seed 001 (a Japanese summary of the BGA rules) is the authority; values the seed does not print
come from ``data/carnegie`` with their provenance. The turn structure is one ``Step`` per
rulebook phase (``phases.Phase``): setup projects, setup moves, then 20 rounds of action
selection, events (income, donation) and each player's turn (departments, then activation).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from games.core import InvalidOptions, Move, Msg, OptionSpec, Outcome, Rng, StepGame

from .data import ACTIONS, REGIONS, AndrewCard, CarnegieData, Reward, load
from .describe import describe
from .flow import STEPS
from .model import ANDREW, NEUTRAL, Company, new_company
from .moves import CODEC
from .phases import Phase
from .solo.andrew import AndrewState
from .timeline import Event, Selection

ENGINE_VERSION = 2
"""Rules version of new games. Version 2 (issue 19) follows the seed where version 1 did not:
San Francisco counts as two major cities only when connected to another major city, the seed's
department values and the seed's solo deck (20 normal cards) are the defaults, Charitable
Giving joins only a player's donation, and the reserved department need not come first. Each
of these readings is an option; records of version 1 replay with the version-1 rules."""
SEED_RULES = 2  # first engine version with the issue-19 readings

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "departments",
        "Department tiles: base (the 16 base kinds), expansion (4 of the 8 kinds of each action, "
        "expansion rules) or mixed (one tile of each of the 32 kinds)",
        "choice",
        "base",
        choices=("base", "expansion", "mixed"),
    ),
    OptionSpec(
        "values",
        "Department values: seed (the seed's numbers: Sales $5, Advanced Research 8, "
        "Training any mix of $ and moves totalling 8, ...) or printed (the English tiles: "
        "Sales $6, Advanced Research 7, Training $8 or 8 moves, ...)",
        "choice",
        "seed",
        choices=("seed", "printed"),
    ),
    OptionSpec(
        "difficulty",
        "Solo only: Andrew's deck, 1 (the 20 normal cards, the seed's solo rules) to 4 "
        "(5 normal + 15 advanced cards)",
        "int",
        1,
        lo=1,
        hi=4,
    ),
    OptionSpec(
        "andrew_donation",
        "Solo only: when Andrew cannot make his card's donation, nothing happens (none: the "
        "seed) or his card slides one space (slide: the brdgm solo helper app)",
        "choice",
        "none",
        choices=("none", "slide"),
    ),
    OptionSpec(
        "town_income",
        "Building in a small town pays transport income in every town (rules text) or only in "
        "towns printed with the income icon",
        "choice",
        "all",
        choices=("all", "icons"),
    ),
    OptionSpec(
        "connections",
        "Major-city connections: seed (a network scores only when it joins at least two major "
        "cities; San Francisco counts as two only then) or points (any network worth 2 "
        "connection points scores: San Francisco alone, or one major city with the Post Office)",
        "choice",
        "seed",
        choices=("seed", "points"),
    ),
    OptionSpec(
        "charity",
        "Charitable Giving joins a donation made by another player (players; Andrew counts in "
        "solo) or any occupied donation space, the neutral disks of 2-3 player games included "
        "(any)",
        "choice",
        "players",
        choices=("players", "any"),
    ),
    OptionSpec(
        "reserve",
        "The department reserved at setup: free (Strategic Planning adds the reserved tile or a "
        "displayed one, in any order: the seed), first (it must be the first department added: "
        "English rulebook) or none (no reservation at setup)",
        "choice",
        "free",
        choices=("free", "first", "none"),
    ),
    OptionSpec(
        "supply_chain",
        "Supply Chain price: each ($1 per goods cube, up to 3: the printed tile) or total ($1 "
        "for up to 3 cubes: the seed's words read literally)",
        "choice",
        "each",
        choices=("each", "total"),
    ),
    OptionSpec(
        "sell_goods",
        "Goods cubes may be sold to the supply for $1 each (English rulebook; not in the seed)",
        "bool",
        True,
    ),
)

V1_RULES: Mapping[str, Any] = {
    "values": "printed",
    "difficulty": 2,
    "connections": "points",
    "charity": "any",
    "reserve": "first",
    "supply_chain": "each",
    "sell_goods": True,
}
"""What each option meant in version-1 records: the options new in version 2 did not exist
(their version-1 reading applies), and the two whose default changed (``values``,
``difficulty``) keep the version-1 default unless the record chose a value."""


class Unchosen(str):
    """A choice option's default that the game's record did not choose (``defaults_for``)."""


class UnchosenInt(int):
    """An int option's default that the game's record did not choose (``defaults_for``)."""


def defaults_for(given: Mapping[str, Any]) -> Mapping[str, Any]:
    """``GameSpec.defaults_for``: mark the defaults whose meaning depends on the rules version.

    A stored game keeps only the options its host typed, so a version-1 game whose host left
    ``values`` unset was played with the printed values although today's default is the
    seed's. The marked default tells the state that nobody chose it; ``CarnegieState.rule``
    then applies the default of the record's version.
    """
    return {"values": Unchosen(given["values"]), "difficulty": UnchosenInt(given["difficulty"])}


class CarnegieState(StepGame[Any]):
    """A Carnegie game for 1-4 seats (1 = solo against Andrew, run by the engine)."""

    codec = CODEC
    steps: ClassVar[Mapping[Any, Any]] = STEPS

    def __init__(self, options: Mapping[str, Any], n_seats: int, seed: int) -> None:
        if not 1 <= n_seats <= 4:
            raise InvalidOptions(f"Carnegie needs 1-4 players; there are {n_seats}.")
        self.data: CarnegieData = load()
        self.options = dict(options)
        self._engine_version = ENGINE_VERSION  # a replay of an older record sets its own
        self.n_seats = n_seats
        self.solo = n_seats == 1
        self.rng = Rng(seed)
        self.card_index: dict[str, AndrewCard] = {c.id: c for c in self.data.andrew.cards}
        self.round = 0
        self.discs = [0] * len(ACTIONS)
        self.tiles: list[tuple[int, str]] = []
        self.action: str | None = None  # this round's action row id
        self.selection: Selection | None = None
        self.event: Event | None = None
        self.spaces: dict[str, list[int | None]] = {
            c.id: [None] * len(c.spaces) for c in self.data.cities
        }
        self.chart: dict[str, list[int]] = {d.id: [] for d in self.data.donations}
        self.display: dict[str, int] = {}
        self.companies: list[Company] = [new_company(s, self.data) for s in range(n_seats)]
        self.andrew: AndrewState | None = None
        self.neutral_disks = 0
        self.queue: list[int] = []  # seats still to act in the running event or turn phase
        self.turn: Any = None  # flow.TurnState of the seat whose turn it is
        self.placed: set[int] = set()  # setup: seats that placed their housing disk
        self.result: Outcome | None = None
        self.log: list[str] = []
        self._setup()
        self.log += self.begin(Phase.SETUP_PROJECTS)

    # -- setup (seed 準備) --------------------------------------------------------------

    def _setup(self) -> None:
        d, r, rng, n = self.data, self.data.rules, self.rng, self.n_seats
        # 2. four random timeline tiles, each on a random side
        ids = [t.id for t in d.tiles]
        rng.shuffle(ids)
        self.tiles = [(i, "front" if rng.randrange(2) == 0 else "back") for i in ids[:4]]
        # 4. department tiles by player count (and the departments option)
        pool = self._tile_pool()
        rng.shuffle(pool)
        removed = r.tiles_removed[n - 1]
        keep = pool[removed:]
        order = {k.id: k.number for k in d.tile_kinds()}
        self.display = {k: 0 for k in sorted(set(keep), key=order.__getitem__)}
        for k in keep:
            self.display[k] += 1
        # 7. start player; 8. action-choice tiles
        self.start_player = 0 if self.solo else rng.randrange(n)
        for pos in r.choice_tile_holders[n - 1]:
            self.companies[(self.start_player + pos) % n].choice_tile = True
        # 9. neutral blocking disks (2-3 players; solo as 2 players)
        budget = r.neutral_disks[n - 1]
        if budget:
            cards = [c for c in d.andrew.cards if c.deck == "normal"]
            rng.shuffle(cards)
            for c in cards:
                if budget <= 0:
                    break
                if not self.chart[c.donation]:
                    self.chart[c.donation].append(NEUTRAL)
                    budget -= 1
                for city in c.cities:
                    if budget > 0 and self.place_leftmost(city, NEUTRAL):
                        budget -= 1
            self.neutral_disks = r.neutral_disks[n - 1] - budget
        if self.solo:
            self._setup_andrew()

    def _tile_pool(self) -> list[str]:
        d = self.data
        mode = self.options.get("departments", "base")
        copies = d.rules.tile_copies
        kinds = d.tile_kinds()
        if mode == "base":
            return [k.id for k in kinds if not k.is_expansion for _ in range(copies)]
        if mode == "mixed":
            return [k.id for k in kinds]
        pool: list[str] = []
        for act in ACTIONS:
            of_type = [k.id for k in kinds if k.type == act]
            self.rng.shuffle(of_type)
            pool += [k for k in sorted(of_type[:4]) for _ in range(copies)]
        return pool

    def _setup_andrew(self) -> None:
        d = self.data.andrew
        normal = [c.id for c in d.cards if c.deck == "normal"]
        advanced = [c.id for c in d.cards if c.deck == "advanced"]
        self.rng.shuffle(normal)
        self.rng.shuffle(advanced)
        # Every level's deck has 20 cards, so the final shuffle is one permutation of 20
        # places whatever the level: drawn now, applied when the level is known (a replay
        # sets the record's rules version, and with it the default level, after setup).
        order = list(range(len(normal)))
        self.rng.shuffle(order)
        self._andrew_draw = (normal, advanced, order)
        # Andrew keeps all his disks for building, minus one on each transport track.
        self.andrew = AndrewState(deck=[], level=0, disks=self.data.rules.disks - len(REGIONS))
        self._deal_andrew()

    def _deal_andrew(self) -> None:
        """Andrew's deck for the ``difficulty`` level (S5 CardDeck.ts: that many random normal
        and advanced cards, shuffled together)."""
        d, a = self.data.andrew, self.andrew
        assert a is not None
        level = int(self.rule("difficulty"))
        normal, advanced, order = self._andrew_draw
        cards = normal[: d.deck_normal[level - 1]] + advanced[: d.deck_advanced[level - 1]]
        assert len(cards) == len(order), "every difficulty level deals 20 cards"
        a.deck = [cards[i] for i in order]
        a.level = level

    # -- rules versions -------------------------------------------------------------------

    @property
    def engine_version(self) -> int:
        """The rules version the game is played with (``ENGINE_VERSION`` for a new game)."""
        return self._engine_version

    @engine_version.setter
    def engine_version(self, version: int) -> None:
        self._engine_version = version
        if self.andrew is not None and self.round == 0 and self.moves_applied == 0:
            self._deal_andrew()  # the default level depends on the version

    def rule(self, name: str) -> Any:
        """The reading option ``name`` selects for this game's rules version (``OPTIONS``;
        version-1 records: ``V1_RULES`` unless the record chose the value)."""
        value = self.options.get(name, next(o.default for o in OPTIONS if o.name == name))
        if self._engine_version < SEED_RULES and name in V1_RULES:
            chosen = name in ("values", "difficulty") and not isinstance(
                value, Unchosen | UnchosenInt
            )
            return value if chosen else V1_RULES[name]
        return value

    @property
    def seed_values(self) -> bool:
        """Whether departments use the seed's values (option ``values``)."""
        return bool(self.rule("values") == "seed")

    # -- shared operations ----------------------------------------------------------------

    def company(self, seat: int) -> Company:
        return self.companies[seat]

    def order_from_start(self) -> list[int]:
        """Seats clockwise from the start player (seed: スタートプレイヤーから時計回り)."""
        return [(self.start_player + i) % self.n_seats for i in range(self.n_seats)]

    def place_leftmost(self, city: str, owner: int) -> bool:
        """Put ``owner``'s disk on the left-most empty space of ``city`` (seed 準備 9 and
        Andrew's construction); ``False`` if the city is full."""
        spaces = self.spaces[city]
        for i, o in enumerate(spaces):
            if o is None:
                spaces[i] = owner
                return True
        return False

    def final_box_taken(self, region: str, seat: int | None) -> bool:
        """Whether someone other than ``seat`` has a disk on ``region``'s final box."""
        last = self.data.tracks[region].last
        if self.andrew is not None and seat is not None and self.andrew.tracks[region] == last:
            return True
        return any(
            c.tracks[region] == last for c in self.companies if seat is None or c.seat != seat
        )

    def donation_cost(self, seat: int) -> int:
        """The next donation's cost: $5 x n, or $3 x n with Communications active (seed)."""
        c = self.companies[seat]
        step = self.data.rules.donation_step
        if c.is_active("communications"):
            step = int(self.dept_param("communications", "donation_step"))
        return step * (len(c.donations) + 1)

    def dept_param(self, dept: str, name: str) -> Any:
        return self.data.department[dept].param(name, self.seed_values)

    def gain(self, seat: int, reward: Reward, times: int = 1) -> str:
        """Give ``times`` x ``reward`` to ``seat``; returns what was gained as text.

        A new employee comes from the player's personal supply to the Lobby (none left: none).
        """
        c = self.companies[seat]
        c.money += reward.money * times
        c.goods += reward.goods * times
        c.vp += reward.vp * times
        c.study += reward.study_points * times
        hired = min(c.aside, reward.employee * times)
        c.aside -= hired
        c.lobby += hired
        total = Reward(
            reward.money * times,
            reward.goods * times,
            reward.vp * times,
            reward.study_points * times,
            hired,
        )
        return total.text()

    def transport_reward(self, seat: int, region: str, box: int | None = None) -> Reward:
        """The transport income of ``seat``'s box in ``region`` (or a lower ``box``)."""
        c = self.companies[seat]
        track = self.data.tracks[region]
        return track.income[c.tracks[region] if box is None else box]

    def town_pays_income(self, city: str) -> bool:
        c = self.data.city[city]
        if not c.is_town:
            return False
        return self.options.get("town_income", "all") == "all" or c.income_icon

    def say(self, key: str, template: str, **params: Any) -> str:
        return Msg(f"carnegie.{key}", template, **params)

    # -- protocol ------------------------------------------------------------------------

    def _apply(self, seat: int, move: Any) -> list[str]:
        events = super()._apply(seat, move)
        self.log = (self.log + events)[-40:]
        return events

    def end_game(self) -> list[str]:
        from .scoring import final_outcome

        self.result = final_outcome(self)
        return [Msg("carnegie.game_over", "The game is over: {reason}", reason=self.result.reason)]

    def outcome(self) -> Outcome | None:
        return self.result

    def describe(self, seat: int, move: Move) -> str:
        return describe(self, seat, move)  # games/carnegie/describe.py

    def view(self, seat: int | None) -> Any:
        from .view import build_view

        return build_view(self, seat)

    def phase_name(self) -> str:
        """``"Round 3: R&D turns"``, keyed (``carnegie.phase.*``; step names are the terms
        ``carnegie.term.phase.*``)."""
        if self.is_over():
            return Msg("carnegie.phase.game_over", "Game over")
        name = self.step.name(self)
        if not self.round:
            return name
        return Msg("carnegie.phase.round", "Round {round}: {name}", round=self.round, name=name)

    def owner_name(self, owner: int | None) -> str:
        """``"p2"``, or a keyed word: ``nobody``, ``neutral``, ``Andrew``."""
        if owner is None:
            return Msg("carnegie.owner.nobody", "nobody")
        if owner == NEUTRAL:
            return Msg("carnegie.owner.neutral", "neutral")
        if owner == ANDREW:
            return Msg("carnegie.term.player.andrew", "Andrew")
        return f"p{owner + 1}"


def new_game(options: Mapping[str, Any], seats: int, seed: int) -> CarnegieState:
    """A new Carnegie game (``seats`` 1-4; 1 = solo against Andrew)."""
    return CarnegieState(options, seats, seed)
