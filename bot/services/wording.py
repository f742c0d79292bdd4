"""Plain-words text for what the table posts: who the game is waiting for, time-up and
countdown lines, the ping that starts a quiet period, and players by display name.

No I/O. ``named`` is a minimal stand-in for ``bot.messages.named`` (issue 8, bot-info):
the two are to be merged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ..manager import LiveGame

SEAT_TOKEN = re.compile(r"(?<![\w`])p([1-9][0-9]?)(?![\w`])")
CODE = re.compile(r"(`[^`]*`)")


def named(live: LiveGame, text: str) -> str:
    """``"p2 passes on r3."`` -> ``"bob passes on r3."``: seat tokens ``p<n>`` of seated
    players become display names; text inside backticks (notation) is left alone."""
    names = live.names()

    def swap(match: re.Match[str]) -> str:
        n = int(match[1])
        return names[n - 1] if 1 <= n <= len(names) else match[0]

    parts = CODE.split(str(text))
    return "".join(p if p.startswith("`") else SEAT_TOKEN.sub(swap, p) for p in parts)


def mention(live: LiveGame, seat: int) -> str:
    """A mention for a human seat, the bold name for an AI or vacant one."""
    user = live.row.user_of(seat)
    return f"<@{user}>" if user is not None else f"**{live.name(seat)}**"


def waiting_seats(live: LiveGame) -> list[int]:
    """Who the game is really waiting on (``GameState.waiting_for``), in seat order."""
    state = live.state
    if state.is_over():
        return []
    return sorted(state.waiting_for())


def whose_turn(live: LiveGame) -> str:
    """``"@a, it's your turn …"`` or ``"Waiting for @a, @b …"``: only seats not yet done.

    When everyone able to act is done (a simultaneous phase waiting for its timer), says so.
    """
    waiting = waiting_seats(live)
    if not waiting:
        if live.state.to_act() and not live.state.is_over():
            return "Everyone is done; the phase ends when its time runs out."
        return ""
    names = ", ".join(mention(live, s) for s in waiting)
    if len(waiting) == 1:
        return f"{names}, it's your turn — use `/move` or press **Play**."
    return f"Waiting for {names} — use `/move` or press **Play**."


def duration(seconds: float) -> str:
    """``30`` -> ``"30 seconds"``, ``120`` -> ``"2 minutes"``, ``5400`` ->
    ``"1 hour 30 minutes"``."""
    s = max(0, round(seconds))
    if s < 60:
        return f"{s} second{'s' if s != 1 else ''}"
    if s < 3600:
        m, rest = divmod(s, 60)
        text = f"{m} minute{'s' if m != 1 else ''}"
        return text + (f" {rest} seconds" if rest and m < 5 else "")
    h, m = divmod(s // 60, 60)
    text = f"{h} hour{'s' if h != 1 else ''}"
    return text + (f" {m} minute{'s' if m != 1 else ''}" if m else "")


def phase_words(label: str) -> str:
    """``"Year 1 · Negotiation"`` -> ``"the year-1 negotiation"``; ``""`` -> ``"this phase"``;
    any other label as it is (``"Round 3"``)."""
    if not label:
        return "this phase"
    parts = [p.strip() for p in label.split("·")]
    if len(parts) == 2 and parts[0].lower().startswith("year "):
        return f"the year-{parts[0][5:].strip()} {parts[1].lower()}"
    return label


def warning_line(label: str, left: float) -> str:
    """The countdown notice: how long is left, in words only (a relative ``<t:…:R>`` beside
    it would be rendered by each reader's clock and could contradict it)."""
    return f"⏳ **{duration(left)} left** in {phase_words(label)}."


def timer_line(live: LiveGame, events: Sequence[str], label: str = "") -> str:
    """What an expiry did, in plain words and without ids: ``"⏰ Time is up: the
    negotiation of year 1 is over. Dice: …"``."""
    said = [named(live, e) for e in events if str(e)]
    if not said:
        return f"⏰ Time is up for {phase_words(label)}."
    if not said[0].lower().startswith("time is up"):
        said.insert(0, f"Time is up for {phase_words(label)}.")
    return "⏰ " + " ".join(s if s.endswith((".", "!", "?")) else s + "." for s in said)


def ping_line(live: LiveGame, seats: Iterable[int], due: float | None) -> str:
    """The line that starts a quiet period: mentions of everyone who may act now and when
    the time runs out (a new bid or move restarts it)."""
    who = ", ".join(mention(live, s) for s in seats)
    if not who:
        return ""
    phase = live.state.phase_name()
    when = f" — time runs out <t:{int(due)}:R> unless someone acts" if due is not None else ""
    return f"🔔 {who}: your move{f' ({phase})' if phase else ''}{when}."
