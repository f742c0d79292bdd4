"""Message text and embeds built from game rows and views. No I/O here."""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from types import ModuleType
from typing import Any

import discord

from games.core import GameSpec, get_game

from .manager import LiveGame
from .storage import GameRow

ACCENT = discord.Colour.from_rgb(0, 114, 178)


def renderer(game_key: str) -> ModuleType | None:
    """``render.<game_key>`` if it exists (``render_board``, ``hand_text``)."""
    try:
        return importlib.import_module(f"render.{game_key}")
    except ModuleNotFoundError:
        return None


def mentions(users: Iterable[int]) -> str:
    return ", ".join(f"<@{u}>" for u in users)


def who(live: LiveGame, seat: int) -> str:
    """A mention for a human seat, the seat's name (bold) for an AI or vacant one."""
    user = live.row.user_of(seat)
    return f"<@{user}>" if user is not None else f"**{live.name(seat)}**"


def option_text(spec: GameSpec, options: dict[str, Any]) -> str:
    if not spec.options:
        return "none"
    parts = []
    for o in spec.options:
        v = options.get(o.name, o.default)
        if v == "":
            continue
        parts.append(f"`{o.name}={str(v).lower() if isinstance(v, bool) else v}`")
    return " ".join(parts)


def lobby_embed(row: GameRow) -> discord.Embed:
    spec = get_game(row.game_key)
    status = {
        "lobby": "Waiting for players",
        "running": "Started",
        "finished": "Finished",
        "abandoned": "Abandoned",
    }[row.status]
    e = discord.Embed(
        title=f"{spec.title} · {spec.title_ja} — game #{row.id}",
        description=spec.summary,
        colour=ACCENT,
    )
    seats = "\n".join(
        f"{s.seat + 1}. {s.display_name}"
        + (" (host)" if s.user_id == row.host_id else "")
        + ("" if s.kind == "human" else f" ({s.kind})")
        for s in row.seats
    )
    e.add_field(
        name=f"Players {len(row.seats)}/{spec.max_players} (needs {spec.min_players}+)",
        value=seats or "—",
        inline=True,
    )
    e.add_field(
        name="Options", value=option_text(spec, spec.resolve_options(row.options)), inline=True
    )
    if row.status == "lobby":
        ready = len(row.seats) >= spec.min_players
        e.set_footer(
            text=f"{status}. Press Join to take a seat. "
            + (
                "The host can press Start."
                if ready
                else f"{spec.min_players - len(row.seats)} more needed before the host can start."
            )
        )
    else:
        e.set_footer(text=status)
    return e


def whose_turn(live: LiveGame) -> str:
    to_act = sorted(live.state.to_act())
    if not to_act:
        return ""
    names = ", ".join(who(live, s) for s in to_act)
    if len(to_act) == 1:
        return f"{names}, it's your turn — use `/move` or press **Play**."
    return f"Waiting for {names} — use `/move` or press **Play**."


def final_scores(live: LiveGame) -> str:
    outcome = live.state.outcome()
    if outcome is None:
        return ""
    lines = [f"🏁 **Game over** — {outcome.reason}"]
    for seat in sorted(outcome.ranks, key=lambda s: (outcome.ranks[s], s)):
        crown = "👑 " if seat in outcome.winners else ""
        detail = outcome.details.get(seat, {})
        bits = ", ".join(
            f"{k.replace('_', ' ')} {v:,}" for k, v in detail.items() if v and k != "total"
        )
        if len(bits) > 110:
            bits = bits[:109] + "…"
        lines.append(
            f"{outcome.ranks[seat]}. {crown}{who(live, seat)} — **{outcome.scores[seat]}**"
            + (f" ({bits})" if bits else "")
        )
    return "\n".join(lines)


def move_line(
    live: LiveGame, seat: int | None, notation: str, events: list[str], by_timer: bool = False
) -> str:
    actor = "⏰ Time's up" if by_timer or seat is None or seat < 0 else f"**{live.name(seat)}**"
    text = f"{actor}: `{notation}`"
    if events:
        text += " — " + "; ".join(events)
    return text


def seat_legend(live: LiveGame) -> str:
    """``p1 alice · p2 bob …``: how notation names seats."""
    return " · ".join(f"p{s.seat + 1} {s.display_name}" for s in live.row.seats)


def header(live: LiveGame) -> str:
    phase = live.state.phase_name()
    return f"**{live.spec.title}** · game #{live.row.id}" + (f" · {phase}" if phase else "")


def clip(text: str, limit: int = 2000) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def status_text(row: GameRow, live: LiveGame | None) -> str:
    spec = get_game(row.game_key)
    if row.status == "lobby":
        return (
            f"**{spec.title}** game #{row.id} is in the lobby with {len(row.seats)} player(s): "
            f"{mentions(s.user_id for s in row.humans() if s.user_id)}. Host: <@{row.host_id}>."
        )
    if row.status == "abandoned":
        return f"**{spec.title}** game #{row.id} was abandoned."
    assert live is not None
    if live.state.is_over():
        return header(live) + "\n" + final_scores(live)
    return header(live) + f" · {live.seq} moves so far\n" + whose_turn(live)
