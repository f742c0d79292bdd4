"""Message text and embeds built from game rows and views. No I/O here."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

import discord

import i18n
from games.core import GameSpec, get_game
from games.core.text import Msg
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


def timer_phrase(notation: str, lang: str = i18n.DEFAULT) -> str:
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
    t = i18n.t
    when = " ".join(
        x
        for x in (
            t(lang, "bot.messages.timer.year", "year {year}", year=year) if year else "",
            t(lang, "bot.messages.timer.round", "round {round}", round=rnd) if rnd else "",
        )
        if x
    )
    if rest:
        what = " ".join(rest)
    elif lot:
        what = t(lang, "bot.messages.timer.auction", "auction")
    else:
        what = t(lang, "bot.messages.timer.phase", "phase")
    if when:
        phrase = t(lang, "bot.messages.timer.when_what", "the {when} {what}", when=when, what=what)
    else:
        phrase = t(lang, "bot.messages.timer.what", "the {what}", what=what)
    if lot:
        return t(lang, "bot.messages.timer.lot", "lot {lot} of {phrase}", lot=lot, phrase=phrase)
    return phrase


def sentences(parts: Iterable[str], lang: str = i18n.DEFAULT) -> str:
    """Event sentences joined as prose: a space after a full stop, ``; `` otherwise (in
    Japanese: nothing after 。, ``、`` otherwise)."""
    out = ""
    for part in (p.strip() for p in parts):
        if not part:
            continue
        if out and lang == "ja":
            out += "" if out[-1] in "。！？…!?." else "、"
        elif out:
            out += " " if out[-1] in ".!?…" else "; "
        out += part
    return out


def tr_events(live: LiveGame, events: Iterable[str], lang: str = i18n.DEFAULT) -> list[str]:
    """Engine event sentences in ``lang`` (each ``Msg`` re-rendered by its key), then seat
    tokens replaced by names: translation comes first, so ``p1`` stays a token until then."""
    return [named(live, i18n.tr(e, lang)) for e in events]


def after_timer(events: list[str]) -> list[str]:
    """A timer move's events without the engine's leading "Time is up:" (the line already
    says so)."""
    if not events:
        return events
    first = re.sub(r"^(Time is up[:.]|時間切れ[:：。]?)\s*", "", events[0])
    return [first[:1].upper() + first[1:], *events[1:]]


def activity(live: LiveGame, lang: str = i18n.DEFAULT) -> str:
    """What the players to act are doing, for "waiting" lines: ``"bidding on lot 3 of 5 · r5"``
    in an auction, else the phase (``"Year 1 · Negotiation"``, ``"Round 4"``)."""
    return i18n.tr(activity_msg(live), lang)


def activity_msg(live: LiveGame) -> str:
    """``activity`` as a ``Msg`` (English, translated by whoever shows it) or the engine's
    phase name."""
    view = live.public_view()
    auction = getattr(view, "auction", None)
    deed = getattr(auction, "deed", None)
    if deed is not None:
        number = getattr(auction, "lot_index", 0) + 1
        of = len(getattr(auction, "lots", ()) or ())
        high = getattr(auction, "high_bid", None)
        bid: str = (
            Msg("bot.messages.high_bid", " · high bid ${amount:,}", amount=high)
            if isinstance(high, int) and high > 0
            else ""
        )
        if of:
            return Msg(
                "bot.messages.lot_of",
                "bidding on lot {n} of {of} · {deed}{bid}",
                n=number,
                of=of,
                deed=deed,
                bid=bid,
            )
        return Msg(
            "bot.messages.lot", "bidding on lot {n} · {deed}{bid}", n=number, deed=deed, bid=bid
        )
    return live.state.phase_name() or Msg("bot.messages.their_turn", "their turn")


def waiting_for(live: LiveGame, lang: str = i18n.DEFAULT) -> str:
    """``"bob"``, ``"bob and carol"``, ``"bob, carol and 2 more"``: who is to act, by name."""
    return i18n.tr(waiting_msg(live), lang)


def waiting_msg(live: LiveGame) -> str:
    """``waiting_for`` as a ``Msg``."""
    seats = sorted(live.state.waiting_for())
    names: list[str] = [display_name(live, s) for s in seats]
    if len(names) > 3:
        names = [*names[:2], Msg("bot.messages.n_more", "{n} more", n=len(names) - 2)]
    return and_msg(names)


def and_msg(names: Sequence[str]) -> str:
    """``"bob"``, ``"bob and carol"``, ``"alice, bob and carol"`` as a ``Msg`` (``""`` for
    none); more than three names are joined in English."""
    if len(names) <= 1:
        return "".join(names)
    if len(names) == 2:
        return Msg("bot.messages.and2", "{a} and {b}", a=names[0], b=names[1])
    if len(names) == 3:
        return Msg("bot.messages.and3", "{a}, {b} and {c}", a=names[0], b=names[1], c=names[2])
    return ", ".join(names[:-1]) + " and " + names[-1]


def and_list(names: Sequence[str], lang: str = i18n.DEFAULT) -> str:
    """``"bob"``, ``"bob and carol"``, ``"alice, bob and carol"`` (``""`` for none)."""
    if lang != i18n.DEFAULT and len(names) > 3:
        return "、".join(names)
    return i18n.tr(and_msg(names), lang)


def waiting_line(live: LiveGame, lang: str = i18n.DEFAULT) -> str:
    """One autocomplete line (at most 100 characters) for a player who cannot act now."""
    t = i18n.t
    if live.state.is_over():
        return t(
            lang, "bot.messages.over_line", "🏁 The game is over: /game status shows the result"
        )
    if not live.state.waiting_for():
        return t(lang, "bot.messages.waiting_timer", "⏳ Waiting for the timer")
    return t(
        lang,
        "bot.messages.waiting_line",
        "⏳ Waiting for {whom} — {doing}",
        whom=waiting_for(live, lang),
        doing=activity(live, lang),
    )[:100]


def not_your_turn(live: LiveGame) -> str:
    """The refusal for a seated player who may not act: whose turn it is and doing what
    (a ``Msg``: the error boundary says it in the reader's language)."""
    if live.state.is_over():
        return Msg(
            "bot.messages.over",
            "The game is over; no more moves can be made. `/game status` shows the result.",
        )
    seats = sorted(live.state.to_act())
    if not seats:
        return Msg("bot.messages.nobody", "Nobody can move until the timer runs out.")
    whom, doing = waiting_msg(live), activity_msg(live)
    if len(seats) == 1:
        return Msg(
            "bot.messages.not_yours",
            "Not your turn: it is {whom}'s turn ({doing}).",
            whom=whom,
            doing=doing,
        )
    return Msg(
        "bot.messages.not_yours_many",
        "Not your turn: waiting for {whom} — {doing}.",
        whom=whom,
        doing=doing,
    )


def option_text(spec: GameSpec, options: dict[str, Any], lang: str = i18n.DEFAULT) -> str:
    if not spec.options:
        return i18n.t(lang, "bot.messages.no_options", "none")
    parts = []
    for o in spec.options:
        v = options.get(o.name, o.default)
        if v == "":
            continue
        parts.append(f"`{o.name}={str(v).lower() if isinstance(v, bool) else v}`")
    return " ".join(parts)


SOLO_RIVAL = {"carnegie": "Andrew Carnegie"}  # a game's opponent in its solo mode


def title(spec: GameSpec, lang: str = i18n.DEFAULT) -> str:
    """The game's name as its players know it in ``lang``: the core catalogue's
    ``title_<key>`` (``GameSpec.display_title``: 建築会社ゲーム), else ``spec.title_ja``
    without a note in brackets (``"… (原題不明)"``), else ``spec.title``."""
    name = i18n.tr(spec.display_title, lang)
    if lang == "ja" and name == spec.title and spec.title_ja:  # not in the catalogue
        return re.sub(r"\s*[(（][^)）]*[)）]\s*$", "", spec.title_ja) or spec.title_ja
    return name


def mode_text(spec: GameSpec, row: GameRow, lang: str = i18n.DEFAULT) -> str:
    """The mode the seats make, for games whose mode depends on them (``""`` otherwise):
    ``"Solo: you against Andrew Carnegie (difficulty 2)"`` with one seat, ``"2 players
    (Andrew Carnegie plays only in a solo game)"`` with more."""
    rival = SOLO_RIVAL.get(spec.key)
    if rival is None:
        return ""
    t = i18n.t
    if len(row.seats) <= 1:
        level = spec.resolve_options(row.options).get("difficulty")
        if level:
            return t(
                lang,
                "bot.messages.solo_level",
                "Solo: you against {rival} (difficulty {level})",
                rival=rival,
                level=level,
            )
        return t(lang, "bot.messages.solo", "Solo: you against {rival}", rival=rival)
    return t(
        lang,
        "bot.messages.multi",
        "{n} players ({rival} plays only in a solo game)",
        n=len(row.seats),
        rival=rival,
    )


def lobby_embed(
    row: GameRow, exactly: int | None = None, lang: str = i18n.DEFAULT
) -> discord.Embed:
    """The lobby card. ``exactly``: the seats an imported record needs (it starts with
    exactly that many), else the game's own range applies."""
    t = i18n.t
    spec = get_game(row.game_key)
    status = {
        "lobby": t(lang, "bot.lobby_card.waiting", "Waiting for players"),
        "running": t(lang, "bot.lobby_card.started", "Started"),
        "finished": t(lang, "bot.lobby_card.finished", "Finished"),
        "abandoned": t(lang, "bot.lobby_card.abandoned", "Abandoned"),
    }[row.status]
    e = discord.Embed(
        title=t(
            lang,
            "bot.lobby_card.title",
            "{title} · {title_ja} — game #{id}",
            title=spec.title,
            title_ja=spec.title_ja,
            id=row.id,
        ),
        description=spec.summary,
        colour=ACCENT,
    )
    host = t(lang, "bot.lobby_card.host", " (host)")
    seats = "\n".join(
        f"{s.seat + 1}. {s.display_name}"
        + (host if s.user_id == row.host_id else "")
        + ("" if s.kind == "human" or s.display_name.endswith("(bot)") else f" ({s.kind})")
        + (
            t(lang, "bot.lobby_card.level", " · level {level}", level=level_of(row, s.seat))
            if s.kind == "ai"
            else ""
        )
        for s in row.seats
    )
    if exactly:
        needs = t(lang, "bot.lobby_card.exactly", "needs exactly {n}", n=exactly)
    else:
        needs = t(lang, "bot.lobby_card.needs", "needs {n}+", n=spec.min_players)
    top = exactly or spec.max_players
    e.add_field(
        name=t(
            lang,
            "bot.lobby_card.players",
            "Players {n}/{top} ({needs})",
            n=len(row.seats),
            top=top,
            needs=needs,
        ),
        value=seats or "—",
        inline=True,
    )
    chosen = option_text(spec, spec.resolve_options(row.options), lang)
    ai = f"`ai={row.ai_level or DEFAULT_LEVEL}`"  # the level of AI seats added without one
    e.add_field(
        name=t(lang, "bot.lobby_card.options", "Options"),
        value=ai
        if chosen == option_text(spec, {}, lang) and not spec.options
        else f"{chosen} {ai}",
        inline=True,
    )
    mode = mode_text(spec, row, lang)
    if mode:
        e.add_field(name=t(lang, "bot.lobby_card.mode", "Mode"), value=mode, inline=False)
    if row.status == "lobby":
        n = len(row.seats)
        low = exactly or spec.min_players
        if exactly and n > exactly:
            ready = t(
                lang,
                "bot.lobby_card.too_many",
                "{n} too many: the record continues with exactly {exactly}.",
                n=n - exactly,
                exactly=exactly,
            )
        elif n >= low:
            ready = t(lang, "bot.lobby_card.ready", "The host can press Start.")
        else:
            ready = t(
                lang,
                "bot.lobby_card.more",
                "{n} more needed before the host can start.",
                n=low - n,
            )
        e.set_footer(
            text=t(
                lang,
                "bot.lobby_card.footer",
                "{status}. Press Join to take a seat. {ready}",
                status=status,
                ready=ready,
            )
        )
    else:
        e.set_footer(text=status)
    return e


DETAIL_WORDS = {
    "vp": Msg("bot.detail.vp", "vp"),
    "money": Msg("bot.detail.money", "money"),
    "honour": Msg("bot.detail.honour", "honour"),
    "bankrupt": Msg("bot.detail.bankrupt", "bankrupt"),
}
"""Words for the score details engines report (others are shown as their key in words)."""


def final_scores(live: LiveGame, lang: str = i18n.DEFAULT) -> str:
    outcome = live.state.outcome()
    if outcome is None:
        return ""
    lines = [
        i18n.t(
            lang,
            "bot.messages.game_over",
            "🏁 **Game over** — {reason}",
            reason=named(live, i18n.tr(outcome.reason, lang)),
        )
    ]
    for seat in sorted(outcome.ranks, key=lambda s: (outcome.ranks[s], s)):
        crown = "👑 " if seat in outcome.winners else ""
        detail = outcome.details.get(seat, {})
        bits = ", ".join(
            f"{i18n.tr(DETAIL_WORDS.get(k) or k.replace('_', ' '), lang)} {v:,}"
            for k, v in detail.items()
            if v and k != "total"
        )
        if len(bits) > 110:
            bits = bits[:109] + "…"
        lines.append(
            f"{outcome.ranks[seat]}. {crown}{who(live, seat)} — **{outcome.scores[seat]}**"
            + (f" ({bits})" if bits else "")
        )
    return "\n".join(lines)


def move_line(
    live: LiveGame,
    seat: int | None,
    notation: str,
    events: list[str],
    by_timer: bool = False,
    lang: str = i18n.DEFAULT,
) -> str:
    """A move for the channel: who, the raw notation in code, and the engine's event
    sentences with seats named. A timer's move says in words what ran out, never its id:
    ``⏰ Time's up: the year 1 negotiation — Dice: …``."""
    named_events = tr_events(live, events, lang)
    if by_timer or seat is None or seat < 0:
        named_events = after_timer(named_events)
        text = i18n.t(
            lang,
            "bot.messages.times_up",
            "⏰ Time's up: {what}",
            what=timer_phrase(notation, lang),
        )
    else:
        text = f"**{display_name(live, seat)}**: `{notation}`"
    if named_events:
        text += " — " + sentences(named_events, lang)
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
    # A Msg, so a renderer drawing in another language can put the name where it belongs.
    return dataclasses.replace(
        view, last_event=Msg("bot.messages.mover_event", "{name} {event}", name=name, event=text)
    )


def seat_legend(live: LiveGame) -> str:
    """``p1 alice · p2 bob …``: how notation names seats."""
    return " · ".join(f"p{s.seat + 1} {s.display_name}" for s in live.row.seats)


def header(live: LiveGame, lang: str = i18n.DEFAULT) -> str:
    phase = live.state.phase_name()
    game = i18n.t(lang, "bot.messages.game_no", "game #{id}", id=live.row.id)
    return f"**{title(live.spec, lang)}** · {game}" + (
        f" · {i18n.tr(phase, lang)}" if phase else ""
    )


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


SCORE_FIELDS = (
    ("vp", Msg("bot.standings.vp", "{n:,} VP", n=0)),
    ("honour", Msg("bot.standings.honour", "{n:,} honour", n=0)),
    ("money", Msg("bot.standings.dollars", "${n:,}", n=0)),
)
MONEY_FORMAT = {"kenchiku": Msg("bot.standings.money", "{n:,} money", n=0)}  # not dollars


def standings(live: LiveGame, lang: str = i18n.DEFAULT) -> list[str]:
    """One line per player from the public view (never a seat's hidden values): VP, honour
    and money where the game shows them, ``▶`` for those to act, bankruptcies."""
    view = live.public_view()
    rows = getattr(view, "players", None) or getattr(view, "companies", None) or ()
    to_act = live.state.waiting_for()
    money_format = MONEY_FORMAT.get(live.row.game_key, SCORE_FIELDS[2][1])
    lines = []
    for i, player in enumerate(rows):
        seat = getattr(player, "seat", i)
        if not isinstance(seat, int):
            continue
        bits = []
        for name, fmt in SCORE_FIELDS:
            value = getattr(player, name, None)
            if isinstance(value, int) and not isinstance(value, bool):
                form = money_format if name == "money" else fmt
                bits.append(i18n.t(lang, form.key, form.template, n=value))
        if any(getattr(player, f, False) for f in ("bankrupt", "landlord_bankrupt")):
            bits.append(i18n.t(lang, "bot.standings.bankrupt", "bankrupt"))
        if getattr(player, "merchant_bankrupt", False):
            bits.append(i18n.t(lang, "bot.standings.merchant_bankrupt", "merchant bankrupt"))
        mark = "▶ " if seat in to_act else "• "
        lines.append(
            f"{mark}**{display_name(live, seat)}**" + (" — " + " · ".join(bits) if bits else "")
        )
    return lines


def status_text(
    row: GameRow, live: LiveGame | None, *, since: str | None = None, lang: str = i18n.DEFAULT
) -> str:
    """``/game status``: phase, standings (or final scores), whose turn and since when.

    ``since`` is the ISO time of the last move (the turn's start), shown as a Discord
    relative timestamp."""
    t = i18n.t
    spec = get_game(row.game_key)
    if row.status == "lobby":
        return t(
            lang,
            "bot.status.lobby",
            "**{title}** game #{id} is in the lobby with {n} player(s): {players}. "
            "Host: <@{host}>.",
            title=title(spec, lang),
            id=row.id,
            n=len(row.seats),
            players=mentions(s.user_id for s in row.humans() if s.user_id),
            host=row.host_id,
        )
    if row.status == "abandoned":
        return t(
            lang,
            "bot.status.abandoned",
            "**{title}** game #{id} was abandoned.",
            title=title(spec, lang),
            id=row.id,
        )
    assert live is not None
    if live.state.is_over():
        return header(live, lang) + "\n" + final_scores(live, lang)
    lines = [header(live, lang) + t(lang, "bot.status.moves", " · {n} moves so far", n=live.seq)]
    lines += standings(live, lang)
    if live.state.to_act():
        turn = t(
            lang,
            "bot.messages.waiting_line",
            "⏳ Waiting for {whom} — {doing}",
            whom=waiting_for(live, lang),
            doing=activity(live, lang),
        )
    else:
        turn = t(lang, "bot.messages.waiting_timer", "⏳ Waiting for the timer")
    when = _unix(since)
    if when is not None:
        turn += t(lang, "bot.status.since", " · since <t:{when}:R>", when=when)
    lines.append(turn)
    due, deadline = live.due(), live.deadline()
    if due is not None and deadline is not None:
        lines.append(
            t(
                lang,
                "bot.status.runs_out",
                "⏰ Time runs out on {what} <t:{due}:R>.",
                what=timer_phrase(deadline.move.notation, lang),
                due=int(due),
            )
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
