"""Game records as files: ``/game export`` writes one, ``/game import`` reads and checks one.

A record file is JSON: ``{format, game, engine_version, seed, seats, options, moves}``
(``games.core.GameRecord``; ``moves`` are ``[seat, notation]`` pairs, seat ``-1`` for a
timer's move) plus, for people reading it, ``title``, ``names`` (display names by seat),
``status`` and ``outcome``. Only the GameRecord fields are read back.

The record holds the seed, which fixes every shuffle and die of the game, and the notation
of private moves (offers, sealed bids): exporting a running game would show hidden cards
and future draws, so only finished or abandoned games are exported (``export_refusal``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from games.core import SYSTEM, GameError, GameRecord, GameState, get_game
from games.core.text import Msg

from .limits import MAX_OPTION_CHARS, MAX_RECORD_BYTES, InputRefused, clip, excerpt, strict_json
from .storage import GameRow

FORMAT = "boardroom-record/1"
MAX_BYTES = MAX_RECORD_BYTES
MAX_MOVES = 20_000
MAX_NOTATION = 100  # notation is at most 100 characters (docs: the engine protocol)


class BadRecord(GameError):
    """An imported file is not a record this bot can replay; the sentence says why."""


def export_refusal(row: GameRow) -> str | None:
    """Why ``row`` may not be exported now, or ``None`` when it may (finished, abandoned)."""
    if row.status == "lobby":
        return Msg(
            "bot.records.game_has_not_started",
            "Game #{id} has not started: there is nothing to export yet.",
            id=row.id,
        )
    if row.status == "running":
        return Msg(
            "bot.records.game_still_running_its",
            "Game #{id} is still running. Its record holds the seed, which fixes every hidden "
            "card and future draw, and the players' private moves, so it can be exported once the "
            "game is over (or abandoned by the host).",
            id=row.id,
        )
    return None


def export_data(row: GameRow, moves: Sequence[tuple[int, str]]) -> dict[str, Any]:
    """The file's content for game ``row`` with its stored ``moves``."""
    spec = get_game(row.game_key)
    record = GameRecord(
        row.game_key, row.engine_version, row.seed, len(row.seats), dict(row.options), list(moves)
    )
    return {
        "format": FORMAT,
        "title": spec.title,
        "names": [s.display_name for s in row.seats],
        "status": row.status,
        "outcome": row.outcome,
        **record.to_dict(),
    }


def export_bytes(row: GameRow, moves: Sequence[tuple[int, str]]) -> bytes:
    """``export_data`` as indented UTF-8 JSON, one move per line."""
    data = export_data(row, moves)
    moves_json = ",\n    ".join(json.dumps(m, ensure_ascii=False) for m in data.pop("moves"))
    head = json.dumps(data, indent=2, ensure_ascii=False)
    return (head[:-2] + f',\n  "moves": [\n    {moves_json}\n  ]\n}}\n').encode()


def _whole(raw: dict[str, Any], key: str, lo: int, hi: int) -> int:
    value = raw[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRecord(
            Msg(
                "bot.records.record_must_whole_number",
                "In that record, `{key}` must be a whole number, not `{excerpt}`.",
                key=key,
                excerpt=excerpt(json.dumps(value)),
            )
        )
    if not lo <= value <= hi:
        raise BadRecord(
            Msg(
                "bot.records.record_must_from",
                "In that record, `{key}` must be from {lo:,} to {hi:,}.",
                key=key,
                lo=lo,
                hi=hi,
            )
        )
    return value


def parse_record(data: bytes) -> GameRecord:
    """A ``GameRecord`` from a file's bytes; ``BadRecord`` naming what is wrong otherwise.

    The file is read as strict JSON within ``bot.limits`` bounds (size, nesting, number
    range, no duplicate keys, no NaN/Infinity). Checks the shape and the game (known,
    options valid, player count, engine version this bot replays); whether the moves replay
    is ``check_moves``'s job. Every refusal quotes the file at most as a short excerpt."""
    try:
        raw = strict_json(data)
    except InputRefused as exc:
        raise BadRecord(exc.message) from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        where = (
            Msg("bot.records.line", " (line {lineno})", lineno=exc.lineno)
            if isinstance(exc, json.JSONDecodeError)
            else ""
        )
        raise BadRecord(
            Msg(
                "bot.records.file_not_json_export",
                "That file is not JSON{where}: export a game with `/game export`.",
                where=where,
            )
        ) from None
    if not isinstance(raw, dict):
        raise BadRecord(
            Msg(
                "bot.records.json_not_game_record",
                "That JSON is not a game record: it should be an object with `moves`.",
            )
        )
    missing = [k for k in ("game", "engine_version", "seed", "seats", "moves") if k not in raw]
    if missing:
        raise BadRecord(
            Msg(
                "bot.records.missing_fields",
                "That JSON is not a game record: it has no {fields}.",
                fields=", ".join(f"`{k}`" for k in missing),
            )
        )
    key = raw["game"]
    try:
        spec = get_game(str(key))
    except KeyError:
        raise BadRecord(
            Msg(
                "bot.records.bot_has_no_game",
                "This bot has no game called `{excerpt}`.",
                excerpt=excerpt(str(key)),
            )
        ) from None
    options = raw.get("options", {})
    moves = raw["moves"]
    if not isinstance(options, dict) or not isinstance(moves, list):
        raise BadRecord(
            Msg(
                "bot.records.record_options_must_object",
                "In that record, `options` must be an object and `moves` a list.",
            )
        )
    for name, value in options.items():
        if isinstance(value, float) or not isinstance(value, (str, int, bool)):
            raise BadRecord(
                Msg(
                    "bot.records.record_option_must_word",
                    "In that record, option `{excerpt}` must be a word, a whole number or "
                    "true/false, not `{excerpt2}`.",
                    excerpt=excerpt(name),
                    excerpt2=excerpt(json.dumps(value)),
                )
            )
        if isinstance(value, str) and len(value) > MAX_OPTION_CHARS:
            raise BadRecord(
                Msg(
                    "bot.records.record_option_characters_long",
                    "In that record, option `{excerpt}` is {len:,} characters long; option values "
                    "are short words.",
                    excerpt=excerpt(name),
                    len=len(value),
                )
            )
    if len(moves) > MAX_MOVES:
        raise BadRecord(
            Msg(
                "bot.records.record_has_moves_most",
                "That record has {len:,} moves; at most {most:,} are read.",
                len=len(moves),
                most=MAX_MOVES,
            )
        )
    version = _whole(raw, "engine_version", 0, 10_000)
    seed = _whole(raw, "seed", 0, 2**63 - 1)
    seats = _whole(raw, "seats", 1, 100)
    pairs: list[tuple[int, str]] = []
    for i, move in enumerate(moves):
        ok = (
            isinstance(move, list)
            and len(move) == 2
            and isinstance(move[0], int)
            and not isinstance(move[0], bool)
            and isinstance(move[1], str)
            and len(move[1]) <= MAX_NOTATION
            and (0 <= move[0] < seats or move[0] == SYSTEM)
        )
        if not ok:
            raise BadRecord(
                Msg(
                    "bot.records.move_record_not_seat",
                    'Move {i} of that record is not `[seat, "notation"]` with a seat from 0 to '
                    "{seats} (or -1 for a timer) and at most {MAX_NOTATION} characters of "
                    "notation: `{excerpt}`.",
                    i=i + 1,
                    seats=seats - 1,
                    MAX_NOTATION=MAX_NOTATION,
                    excerpt=excerpt(json.dumps(move, ensure_ascii=False)),
                )
            )
        pairs.append((move[0], move[1]))
    if not spec.can_replay(version):
        raise BadRecord(
            Msg(
                "bot.records.record_was_made_version",
                "That record was made by version {version} of the {title} rules engine; this bot "
                "runs version {engine_version} and cannot replay it.",
                version=version,
                title=spec.title,
                engine_version=spec.engine_version,
            )
        )
    try:
        spec.check_players(seats)
        spec.resolve_options(options)
    except GameError as exc:
        raise BadRecord(
            Msg(
                "bot.records.record_cannot_start",
                "That record cannot start: {clip}",
                clip=clip(exc.message, 300),
            )
        ) from None
    return GameRecord(spec.key, version, seed, seats, dict(options), pairs)


ImportedMove = tuple[int, str, str, str]  # (seat, notation, public text, public digest)


def check_moves(record: GameRecord) -> tuple[GameState[Any], list[ImportedMove]]:
    """Replay every move of ``record`` (CPU-bound: run it in a thread): the state after them,
    and each move as it will be stored — its public text (``""`` for a private move) and
    the digest of the public view after it (``bot.manager.public_digest``).

    Raises ``BadRecord`` naming the first move that does not replay, its seat and notation,
    and the engine's reason."""
    from .manager import public_digest

    spec = get_game(record.game)
    state = spec.new_game(spec.resolve_options(record.options), record.seats, record.seed)
    state.engine_version = record.engine_version
    out: list[ImportedMove] = []
    for i, (seat, text) in enumerate(record.moves):
        try:
            move = state.parse_move(seat, text)
            state.apply(seat, move)
        except GameError as exc:
            who = Msg("bot.records.the_timer", "the timer") if seat == SYSTEM else f"p{seat + 1}"
            raise BadRecord(
                Msg(
                    "bot.records.move_record_does_not",
                    "Move {i} of that record (`{excerpt}` by {who}) does not replay: {clip} "
                    "Nothing was imported.",
                    i=i + 1,
                    excerpt=excerpt(text),
                    who=who,
                    clip=clip(exc.message, 300),
                )
            ) from None
        public = state.public_notation(seat, move)
        shown = "" if public is None else public
        out.append((seat, move.notation, shown, public_digest(state.view(None))))
    return state, out
