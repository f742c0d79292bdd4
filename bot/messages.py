"""Message text and embeds built from game rows and views. No I/O here."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

import discord

from games.core import GameSpec, get_game
from render.common import short_name

from .manager import DEFAULT_LEVEL, LiveGame, level_of
from .manager import spectator as spectator  # the refusal for members without a seat
from .storage import GameRow

ACCENT = discord.Colour.from_rgb(0, 114, 178)


def mentions(users: Iterable[int]) -> str:
    return ", ".join(f"<@{u}>" for u in users)


def who(live: LiveGame, seat: int) -> str:
    """A mention for a human seat, the seat's name (bold) for an AI or vacant one."""
    user = live.row.user_of(seat)
    return f"<@{user}>" if user is not None else f"**{live.name(seat)}**"


NAME_CHARS = 20  # a display name in a sentence is shortened to this many characters

_SEAT = re.compile(r"(?<![A-Za-z0-9_@#&:<])p(\d{1,2})(?![A-Za-z0-9_])")
"""A seat token: ASCII-bounded, so `p1が` (Japanese right after it) is still a seat."""
_CODE = re.compile(r"(`+)(.+?)\1", re.S)


def display_name(live: LiveGame, seat: int) -> str:
    """A seat's Discord display name shortened for sentences (``P2`` if there is none)."""
    if 0 <= seat < len(live.row.seats):
        name = short_name(live.row.seats[seat].display_name, NAME_CHARS)
        return name.replace("*", "").replace("_", "\\_").replace("`", "'") or f"P{seat + 1}"
    return f"P{seat + 1}"


def _names_of(who: LiveGame | Sequence[str]) -> list[str]:
    if isinstance(who, LiveGame):
        return [display_name(who, s) for s in range(len(who.row.seats))]
    return [short_name(n, NAME_CHARS) or f"P{i + 1}" for i, n in enumerate(who)]


def named(who: LiveGame | Sequence[str], text: str) -> str:
    """``text`` with seat tokens (``p1``, ``p2``… as engines and notation write seats) replaced
    by players' display names, except inside `code` spans, where notation stays raw.

    ``named(live, "p2 rented r3 (Red) to p1 for $10,000.")`` → ``"bob rented r3 (Red) to
    alice for $10,000."``. Tokens beyond the number of seats are left alone. ``who`` is a live
    game or the display names by seat.
    """
    names = _names_of(who)

    def seat_name(m: re.Match[str]) -> str:
        n = int(m.group(1))
        return names[n - 1] if 1 <= n <= len(names) else m.group(0)

    out, last = [], 0
    for code in _CODE.finditer(text):
        out.append(_SEAT.sub(seat_name, text[last : code.start()]))
        out.append(code.group(0))
        last = code.end()
    out.append(_SEAT.sub(seat_name, text[last:]))
    return "".join(out)


def timer_phrase(notation: str) -> str:
    """What a timer's move ended, in words: ``expire y1-negotiation`` → ``"the year 1
    negotiation"``; ``expire y2-lot3-bid4`` → ``"lot 3 of the year 2 auction"``. Internal ids
    never reach players."""
    words = notation.split()
    key = words[1] if len(words) > 1 and words[0] == "expire" else "-".join(words[1:])
    year = lot = rnd = None
    rest: list[str] = []
    for part in key.split("-"):
        if m := re.fullmatch(r"y(\d+)", part):
            year = m.group(1)
        elif m := re.fullmatch(r"lot(\d+)", part):
            lot = m.group(1)
        elif m := re.fullmatch(r"r(\d+)", part):
            rnd = m.group(1)
        elif re.fullmatch(r"(bid|seq|n)\d+", part) or not part:
            continue
        else:
            rest.append(part.replace("_", " "))
    when = " ".join(x for x in (f"year {year}" if year else "", f"round {rnd}" if rnd else "") if x)
    what = " ".join(rest) or ("auction" if lot else "phase")
    phrase = f"the {when} {what}" if when else f"the {what}"
    return f"lot {lot} of {phrase}" if lot else phrase


def sentences(parts: Iterable[str]) -> str:
    """Event sentences joined as prose: a space after a full stop, ``; `` otherwise."""
    out = ""
    for part in (p.strip() for p in parts):
        if not part:
            continue
        if out:
            out += " " if out[-1] in ".!?…" else "; "
        out += part
    return out


def after_timer(events: list[str]) -> list[str]:
    """A timer move's events without the engine's leading "Time is up:" (the line already
    says so)."""
    if not events:
        return events
    first = re.sub(r"^Time is up[:.]\s*", "", events[0])
    return [first[:1].upper() + first[1:], *events[1:]]


def activity(live: LiveGame) -> str:
    """What the players to act are doing, for "waiting" lines: ``"bidding on lot 3 of 5 · r5"``
    in an auction, else the phase (``"Year 1 · Negotiation"``, ``"Round 4"``)."""
    view = live.state.view(None)
    auction = getattr(view, "auction", None)
    deed = getattr(auction, "deed", None)
    if deed is not None:
        number = getattr(auction, "lot_index", 0) + 1
        of = len(getattr(auction, "lots", ()) or ())
        high = getattr(auction, "high_bid", None)
        bid = f" · high bid ${high:,}" if isinstance(high, int) and high > 0 else ""
        return f"bidding on lot {number}" + (f" of {of}" if of else "") + f" · {deed}{bid}"
    return live.state.phase_name() or "their turn"


def waiting_for(live: LiveGame) -> str:
    """``"bob"``, ``"bob and carol"``, ``"bob, carol and 2 more"``: who is to act, by name."""
    seats = sorted(live.state.waiting_for())
    names = [display_name(live, s) for s in seats]
    if len(names) > 3:
        names = [*names[:2], f"{len(names) - 2} more"]
    return and_list(names)


def and_list(names: Sequence[str]) -> str:
    """``"bob"``, ``"bob and carol"``, ``"alice, bob and carol"`` (``""`` for none)."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def waiting_line(live: LiveGame) -> str:
    """One autocomplete line (at most 100 characters) for a player who cannot act now."""
    if live.state.is_over():
        return "🏁 The game is over: /game status shows the result"
    if not live.state.waiting_for():
        return "⏳ Waiting for the timer"
    return f"⏳ Waiting for {waiting_for(live)} — {activity(live)}"[:100]


def not_your_turn(live: LiveGame) -> str:
    """The refusal for a seated player who may not act: whose turn it is and doing what."""
    if live.state.is_over():
        return "The game is over; no more moves can be made. `/game status` shows the result."
    seats = sorted(live.state.to_act())
    if not seats:
        return "Nobody can move until the timer runs out."
    whom = waiting_for(live)
    if len(seats) == 1:
        return f"Not your turn: it is {whom}'s turn ({activity(live)})."
    return f"Not your turn: waiting for {whom} — {activity(live)}."


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


SOLO_RIVAL = {"carnegie": "Andrew Carnegie"}  # a game's opponent in its solo mode


def mode_text(spec: GameSpec, row: GameRow) -> str:
    """The mode the seats make, for games whose mode depends on them (``""`` otherwise):
    ``"Solo: you against Andrew Carnegie (difficulty 2)"`` with one seat, ``"2 players
    (Andrew Carnegie plays only in a solo game)"`` with more."""
    rival = SOLO_RIVAL.get(spec.key)
    if rival is None:
        return ""
    if len(row.seats) <= 1:
        level = spec.resolve_options(row.options).get("difficulty")
        return f"Solo: you against {rival}" + (f" (difficulty {level})" if level else "")
    return f"{len(row.seats)} players ({rival} plays only in a solo game)"


def lobby_embed(row: GameRow, exactly: int | None = None) -> discord.Embed:
    """The lobby card. ``exactly``: the seats an imported record needs (it starts with
    exactly that many), else the game's own range applies."""
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
        + ("" if s.kind == "human" or s.display_name.endswith("(bot)") else f" ({s.kind})")
        + (f" · level {level_of(row, s.seat)}" if s.kind == "ai" else "")
        for s in row.seats
    )
    needs = f"needs exactly {exactly}" if exactly else f"needs {spec.min_players}+"
    top = exactly or spec.max_players
    e.add_field(name=f"Players {len(row.seats)}/{top} ({needs})", value=seats or "—", inline=True)
    chosen = option_text(spec, spec.resolve_options(row.options))
    ai = f"`ai={row.ai_level or DEFAULT_LEVEL}`"  # the level of AI seats added without one
    e.add_field(name="Options", value=ai if chosen == "none" else f"{chosen} {ai}", inline=True)
    mode = mode_text(spec, row)
    if mode:
        e.add_field(name="Mode", value=mode, inline=False)
    if row.status == "lobby":
        n = len(row.seats)
        low = exactly or spec.min_players
        if exactly and n > exactly:
            ready = f"{n - exactly} too many: the record continues with exactly {exactly}."
        elif n >= low:
            ready = "The host can press Start."
        else:
            ready = f"{low - n} more needed before the host can start."
        e.set_footer(text=f"{status}. Press Join to take a seat. {ready}")
    else:
        e.set_footer(text=status)
    return e


def final_scores(live: LiveGame) -> str:
    outcome = live.state.outcome()
    if outcome is None:
        return ""
    lines = [f"🏁 **Game over** — {named(live, str(outcome.reason))}"]
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
    """A move for the channel: who, the raw notation in code, and the engine's event
    sentences with seats named. A timer's move says in words what ran out, never its id:
    ``⏰ Time's up: the year 1 negotiation — Dice: …``."""
    named_events = [named(live, str(e)) for e in events]
    if by_timer or seat is None or seat < 0:
        named_events = after_timer(named_events)
        text = f"⏰ Time's up: {timer_phrase(notation)}"
    else:
        text = f"**{display_name(live, seat)}**: `{notation}`"
    if named_events:
        text += " — " + sentences(named_events)
    return text


_SEAT_FIRST = re.compile(r"p\d{1,2}\b")


def with_mover(live: LiveGame, seat: int, view: Any) -> Any:
    """The public view to draw after ``seat``'s move, its last-move line naming the player:
    a ``last_event`` that starts without a subject (Kenchiku's "built a height-2 building
    on f4 …") gets the mover's name in front ("alice built …"). Only what is drawn changes;
    the view the engine returns (and its digest) stays as it is."""
    text = getattr(view, "last_event", None)
    if (
        seat < 0
        or seat >= len(live.row.seats)
        or not isinstance(text, str)
        or not text[:1].islower()
        or _SEAT_FIRST.match(text)
        or not dataclasses.is_dataclass(view)
        or isinstance(view, type)
    ):
        return view
    name = short_name(live.row.seats[seat].display_name, NAME_CHARS)
    return dataclasses.replace(view, last_event=f"{name} {text}")


def seat_legend(live: LiveGame) -> str:
    """``p1 alice · p2 bob …``: how notation names seats."""
    return " · ".join(f"p{s.seat + 1} {s.display_name}" for s in live.row.seats)


def header(live: LiveGame) -> str:
    phase = live.state.phase_name()
    return f"**{live.spec.title}** · game #{live.row.id}" + (f" · {phase}" if phase else "")


LIMIT = 2000  # characters in one Discord message


def clip(text: str, limit: int = LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def chunks(text: str, limit: int = 1990) -> list[str]:
    """``text`` cut into messages of at most ``limit`` characters, at line breaks, else after
    a sentence (``". "``, ``"; "``), else anywhere: for a move whose account is longer than
    one Discord message (a Food Chain Magnate Dinnertime with every house)."""
    out: list[str] = []
    current = ""
    pieces: list[str] = []
    for line in text.split("\n"):
        while len(line) > limit:
            cut = max(line.rfind(". ", 0, limit), line.rfind("; ", 0, limit))
            cut = cut + 1 if cut > 0 else limit
            pieces.append(line[:cut].rstrip())
            line = line[cut:].lstrip()
        pieces.append(line)
    for piece in pieces:
        trial = f"{current}\n{piece}" if current else piece
        if len(trial) > limit:
            out.append(current)
            current = piece
        else:
            current = trial
    if current:
        out.append(current)
    return [c for c in out if c.strip()]


SCORE_FIELDS = (("vp", "{:,} VP"), ("honour", "{:,} honour"), ("money", "${:,}"))
MONEY_FORMAT = {"kenchiku": "{:,} money"}  # Kenchiku's money is not in dollars


def standings(live: LiveGame) -> list[str]:
    """One line per player from the public view (never a seat's hidden values): VP, honour
    and money where the game shows them, ``▶`` for those to act, bankruptcies."""
    view = live.state.view(None)
    rows = getattr(view, "players", None) or getattr(view, "companies", None) or ()
    to_act = live.state.waiting_for()
    money_format = MONEY_FORMAT.get(live.row.game_key, "${:,}")
    lines = []
    for i, player in enumerate(rows):
        seat = getattr(player, "seat", i)
        if not isinstance(seat, int):
            continue
        bits = []
        for name, fmt in SCORE_FIELDS:
            value = getattr(player, name, None)
            if isinstance(value, int) and not isinstance(value, bool):
                bits.append((money_format if name == "money" else fmt).format(value))
        if any(getattr(player, f, False) for f in ("bankrupt", "landlord_bankrupt")):
            bits.append("bankrupt")
        if getattr(player, "merchant_bankrupt", False):
            bits.append("merchant bankrupt")
        mark = "▶ " if seat in to_act else "• "
        lines.append(
            f"{mark}**{display_name(live, seat)}**" + (" — " + " · ".join(bits) if bits else "")
        )
    return lines


def status_text(row: GameRow, live: LiveGame | None, *, since: str | None = None) -> str:
    """``/game status``: phase, standings (or final scores), whose turn and since when.

    ``since`` is the ISO time of the last move (the turn's start), shown as a Discord
    relative timestamp."""
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
    lines = [header(live) + f" · {live.seq} moves so far"]
    lines += standings(live)
    if live.state.to_act():
        turn = f"⏳ Waiting for {waiting_for(live)} — {activity(live)}"
    else:
        turn = "⏳ Waiting for the timer"
    when = _unix(since)
    if when is not None:
        turn += f" · since <t:{when}:R>"
    lines.append(turn)
    due, deadline = live.due(), live.deadline()
    if due is not None and deadline is not None:
        lines.append(
            f"⏰ Time runs out on {timer_phrase(deadline.move.notation)} <t:{int(due)}:R>."
        )
    return "\n".join(lines)


def _unix(iso: str | None) -> int | None:
    if not iso:
        return None
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return int(moment.timestamp())
