"""Registry of games and their metadata, and the saved-game record with replay."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import InvalidOptions
from .protocol import GameState, Seat
from .text import Msg, game_title

if TYPE_CHECKING:
    from .ai import Policy


@dataclass(frozen=True)
class OptionSpec:
    """One game option.

    ``kind`` is ``"int"`` (``lo``..``hi``), ``"choice"`` (one of ``choices``) or ``"bool"``.
    """

    name: str
    description: str
    kind: str
    default: Any
    choices: tuple[str, ...] = ()
    lo: int | None = None
    hi: int | None = None

    def coerce(self, value: Any) -> Any:
        """Validate and convert a user value; raise ``InvalidOptions`` with a sentence."""
        if self.kind == "int":
            try:
                number = int(value)
            except (TypeError, ValueError):
                raise InvalidOptions(
                    Msg(
                        "option_not_a_number",
                        "Option `{option}` must be a whole number.",
                        option=self.name,
                    )
                ) from None
            if (self.lo is not None and number < self.lo) or (
                self.hi is not None and number > self.hi
            ):
                raise InvalidOptions(
                    Msg(
                        "option_out_of_range",
                        "Option `{option}` must be between {lo} and {hi}; got {got}.",
                        option=self.name,
                        lo=self.lo,
                        hi=self.hi,
                        got=number,
                    )
                )
            return number
        if self.kind == "choice":
            word = str(value).strip().lower()
            if word not in self.choices:
                raise InvalidOptions(
                    Msg(
                        "option_not_a_choice",
                        "Option `{option}` must be one of {choices}; got `{got}`.",
                        option=self.name,
                        choices=", ".join(self.choices),
                        got=word,
                    )
                )
            return word
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            flag = str(value).strip().lower()
            if flag in ("1", "true", "yes", "on"):
                return True
            if flag in ("0", "false", "no", "off"):
                return False
            raise InvalidOptions(
                Msg(
                    "option_not_yes_no",
                    "Option `{option}` must be yes or no; got `{got}`.",
                    option=self.name,
                    got=str(value),
                )
            )
        raise InvalidOptions(
            Msg(
                "option_unknown_kind",
                "Option `{option}` has an unknown kind {kind}.",
                option=self.name,
                kind=repr(self.kind),
            )
        )


NewGame = Callable[[Mapping[str, Any], int, int], GameState[Any]]


@dataclass(frozen=True)
class GameSpec:
    """Metadata and factory of one registered game.

    ``engine_version`` is the rules version new games are recorded with;
    ``oldest_engine_version`` the oldest recorded version this engine still replays (its
    state sees the record's version as ``state.engine_version``). ``ai`` is the game's
    policy (``games.core.ai.Policy``): its ``normal`` level. ``levels`` names every AI level
    the game offers (``easy``, ``normal``, ``hard``: ``games.core.search.LEVELS``).
    """

    key: str
    title: str
    title_ja: str
    min_players: int
    max_players: int
    engine_version: int
    new_game: NewGame
    summary: str
    rules_path: str
    options: tuple[OptionSpec, ...] = ()
    defaults_for: Callable[[Mapping[str, Any]], Mapping[str, Any]] | None = field(
        default=None, repr=False
    )
    ai: Policy | None = field(default=None, repr=False)
    oldest_engine_version: int | None = None
    levels: Mapping[str, Policy] = field(default_factory=dict, repr=False)

    def ai_level(self, level: str) -> Policy:
        """The AI policy of difficulty ``level`` (``easy``/``normal``/``hard``); ``ai`` for a
        game that registers no levels. Raises ``InvalidOptions`` for a level it lacks."""
        if level in self.levels:
            return self.levels[level]
        if self.ai is not None and (not self.levels or level == "normal"):
            return self.ai
        known = ", ".join(self.levels) or "normal"
        raise InvalidOptions(f"{self.title} has no AI level `{level}`; choose {known}.")

    def can_replay(self, version: int) -> bool:
        """Whether a game recorded with engine ``version`` replays with this engine."""
        oldest = (
            self.engine_version
            if self.oldest_engine_version is None
            else (self.oldest_engine_version)
        )
        return oldest <= version <= self.engine_version

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Defaults merged with ``given``; unknown names or bad values raise ``InvalidOptions``."""
        known = {o.name: o for o in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise InvalidOptions(
                Msg(
                    "options_unknown",
                    "{game} has no option {names}.",
                    game=self.display_title,
                    names=", ".join(f"`{u}`" for u in unknown),
                    options=tuple(unknown),
                )
            )
        out = {o.name: o.default for o in self.options}
        for k, v in given.items():
            out[k] = known[k].coerce(v)
        if self.defaults_for is not None:
            out.update({k: v for k, v in self.defaults_for(out).items() if k not in given})
        return out

    @property
    def display_title(self) -> str:
        """``title`` as a keyed name (core key ``title_<key>``), so a catalogue can give the
        name the game's players know it by (``title_kenchiku``: 建築会社ゲーム)."""
        return game_title(self.key, self.title)

    def check_players(self, n: int) -> None:
        if not self.min_players <= n <= self.max_players:
            key, text = "players_count", "{game} needs {lo}–{hi} players; there are {n}."
            if n == 1:
                key, text = "players_count_one", "{game} needs {lo}–{hi} players; there is {n}."
            raise InvalidOptions(
                Msg(
                    key,
                    text,
                    game=self.display_title,
                    lo=self.min_players,
                    hi=self.max_players,
                    n=n,
                )
            )

    def create(self, options: Mapping[str, Any], seats: int, seed: int) -> GameState[Any]:
        """``new_game`` with options resolved and the player count checked."""
        return start(self, options, seats, seed)[1]


_REGISTRY: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    if spec.key in _REGISTRY:
        raise ValueError(f"game {spec.key!r} registered twice")
    _REGISTRY[spec.key] = spec
    return spec


def get_game(key: str) -> GameSpec:
    """The spec for ``key``; raises ``KeyError`` for an unknown game."""
    _load_builtin()
    return _REGISTRY[key]


def all_games() -> list[GameSpec]:
    _load_builtin()
    return sorted(_REGISTRY.values(), key=lambda s: s.title)


BUILTIN_GAMES = (
    "carnegie",
    "food_chain_magnate",
    "kenchiku",
    "masters_of_commerce",
    "philadelphia",
)


def _load_builtin() -> None:
    # Importing a game package registers it; done lazily to avoid import cycles.
    for name in BUILTIN_GAMES:
        module = f"games.{name}"
        if module not in sys.modules and importlib.util.find_spec(module) is not None:
            importlib.import_module(module)


@dataclass
class GameRecord:
    """A saved game: ``{game, engine_version, seed, seats, options, moves[]}``.

    ``moves`` are ``(seat, notation)`` pairs in the order applied. State is always derived
    from this record by ``replay``.
    """

    game: str
    engine_version: int
    seed: int
    seats: int
    options: dict[str, Any]
    moves: list[tuple[Seat, str]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "engine_version": self.engine_version,
            "seed": self.seed,
            "seats": self.seats,
            "options": dict(self.options),
            "moves": [[s, n] for s, n in self.moves],
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> GameRecord:
        return cls(
            game=d["game"],
            engine_version=int(d["engine_version"]),
            seed=int(d["seed"]),
            seats=int(d["seats"]),
            options=dict(d["options"]),
            moves=[(int(s), str(n)) for s, n in d["moves"]],
        )


def replay(record: GameRecord, upto: int | None = None) -> GameState[Any]:
    """Rebuild the state from the record (first ``upto`` moves if given).

    The state sees the record's ``engine_version``. Raises ``GameError`` if a recorded move
    no longer applies (the engine changed incompatibly).
    """
    spec = get_game(record.game)
    state = spec.new_game(spec.resolve_options(record.options), record.seats, record.seed)
    state.engine_version = record.engine_version
    for seat, text in record.moves[:upto]:
        state.apply(seat, state.parse_move(seat, text))
    return state


def start(
    spec: GameSpec, options: Mapping[str, Any], seats: int, seed: int
) -> tuple[GameRecord, GameState[Any]]:
    """Create a new game and its record (options resolved, players checked)."""
    resolved = spec.resolve_options(options)
    spec.check_players(seats)
    state = spec.new_game(resolved, seats, seed)
    state.engine_version = spec.engine_version
    return GameRecord(spec.key, spec.engine_version, seed, seats, resolved), state
