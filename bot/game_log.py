"""``/game log``: the latest moves as sentences with players' names and move numbers.

The moves table stores notation only; the engine's event sentences (and move labels) are
recovered by replaying the record in a worker thread (``log_entries``). What a viewer sees
follows the stored public text: a private move of someone else (an offer) shows only that a
private move was made; a masked one (a sealed bid) shows its public text; the engine's
events are public by construction (the bot posts them in the channel).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import i18n
from games.core import SYSTEM, GameRecord, get_game

from . import messages as msg
from .manager import LiveGame
from .storage import MoveRow

MAX_MOVES = 50


@dataclass(frozen=True)
class LogEntry:
    """One stored move and what replaying it said: ``label`` (the move's button text) and
    ``events`` (the engine's sentences, seats still as ``p1``…)."""

    row: MoveRow
    label: str
    events: tuple[str, ...]


def log_entries(record: GameRecord, rows: Sequence[MoveRow]) -> list[LogEntry]:
    """Replay ``record`` and keep labels and events of the moves in ``rows`` (by ``seq``).

    CPU-bound: run it in a thread. A move that no longer replays ends the replay; its entry
    and later ones keep the notation only."""
    spec = get_game(record.game)
    state = spec.new_game(spec.resolve_options(record.options), record.seats, record.seed)
    state.engine_version = record.engine_version
    wanted = {r.seq: r for r in rows}
    found: dict[int, LogEntry] = {}
    first = min(wanted, default=len(record.moves))
    for seq, (seat, text) in enumerate(record.moves):
        try:
            move = state.parse_move(seat, text)
            label = move.label if seq >= first else ""
            events = state.apply(seat, move)
        except Exception:  # a diverging replay is reported by the manager, not here
            break
        if seq in wanted:
            # kept as the engine's Msg, so a page can be read in any language
            found[seq] = LogEntry(wanted[seq], label, tuple(events))
    return [found.get(r.seq, LogEntry(r, "", ())) for r in rows]


def log_line(
    live: LiveGame,
    entry: LogEntry,
    viewer: int | None,
    *,
    raw: bool = False,
    lang: str = i18n.DEFAULT,
) -> str:
    """``` `12` bob rented y4 (Yellow) to alice for $10,000.``` — or, with ``raw``, the
    notation after it. Timer moves say in words what ran out.

    Every line is built from the move's public text (``MoveRow.public``) unless ``viewer``
    owns the move: its maker, or for a turn clock's time-out the seat's holder. ``None``
    (captions, anything posted for everyone) owns nothing. ``lang``: the reader's language
    (the engine's sentences are translated by key before seats are named)."""
    t = i18n.t
    row = entry.row
    number = f"`{row.seq + 1:>3}`"
    events = msg.tr_events(live, [e for e in entry.events if e], lang)
    only_you = t(lang, "bot.game_log.only_you", " *(only you see this)*")
    public = row.notation if row.public is None else row.public  # None: rows before public text
    if row.seat < 0 or row.seat == SYSTEM:  # a timed phase ran out (a public move)
        text = t(
            lang,
            "bot.game_log.time_ran_out",
            "⏰ Time ran out on {what}",
            what=msg.timer_phrase(public or row.notation, lang),
        )
        if events:
            text += " — " + msg.sentences(msg.after_timer(events), lang)
        return f"{number} {text}" + (f" · `{public}`" if raw and public else "")
    name = f"**{msg.display_name(live, row.seat, lang)}**"
    if row.actor == "timer":  # the seat's turn clock ran out: its default move was played
        mine = viewer is not None and live.row.user_of(row.seat) == viewer
        shown = row.notation if mine else public
        if shown:
            text = t(
                lang,
                "bot.game_log.default_played",
                "⏰ {name} ran out of time; the default move was played: `{shown}`",
                name=name,
                shown=shown,
            )
        else:
            text = t(
                lang,
                "bot.game_log.private_played",
                "⏰ {name} ran out of time; a private move was played",
                name=name,
            )
        if events:
            text += " — " + msg.sentences(msg.after_timer(events), lang)
        if mine and public != row.notation:
            text += only_you
        return f"{number} {text}"
    mine = viewer is not None and row.user_id == viewer
    if not mine and public == "":
        return f"{number} " + t(
            lang, "bot.game_log.private_move", "{name} made a private move.", name=name
        )
    if not mine and public != row.notation:  # masked, e.g. a sealed bid
        sentence = msg.sentences(events, lang) if events else name
        return f"{number} {sentence} · {msg.public_code(public, lang)}"
    if events:
        token = f"p{row.seat + 1}"
        first = next(i18n.tr(e, lang) for e in entry.events if e)
        if lang == i18n.DEFAULT:
            starts_with_actor = first.startswith(token + " ")
        else:  # "p1が…": the token, then anything but a letter or digit
            starts_with_actor = first.startswith(token) and not first[len(token) :][:1].isalnum()
        if starts_with_actor:
            sentence = msg.sentences(events, lang)
        else:
            sentence = t(
                lang,
                "bot.game_log.actor_events",
                "{name} {events}",
                name=name,
                events=msg.sentences(events, lang),
            )
    elif entry.label:
        sentence = f"{name}: {msg.named(live, i18n.tr(entry.label, lang), lang)}"
    else:
        sentence = f"{name}: `{row.notation}`"
    if mine and public != row.notation:  # your own private or sealed move
        return f"{number} {sentence} · `{row.notation}`{only_you}"
    return f"{number} {sentence}" + (f" · `{row.notation}`" if raw else "")
