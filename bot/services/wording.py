"""Plain-words text for what the table posts: who the game is really waiting for, the
countdown notices, and the ping that starts a quiet period. No I/O; players are named and
activities described by ``bot.messages``."""

from __future__ import annotations

from collections.abc import Iterable

from .. import messages as msg
from ..manager import LiveGame


def waiting_seats(live: LiveGame) -> list[int]:
    """Who the game is really waiting on (``GameState.waiting_for``), in seat order."""
    state = live.state
    if state.is_over():
        return []
    return sorted(state.waiting_for())


def whose_turn(live: LiveGame) -> str:
    """``"@a, it's your turn …"`` or ``"Waiting for @a, @b …"``: only seats not yet done.
    The hint to use ``/move`` or **Play** is for people only: an AI seat is just named.

    When everyone able to act is done (a simultaneous phase waiting for its timer), says so.
    """
    waiting = waiting_seats(live)
    if not waiting:
        if live.state.to_act() and not live.state.is_over():
            return "Everyone is done; the phase ends when its time runs out."
        return ""
    names = ", ".join(msg.who(live, s) for s in waiting)
    doing = msg.activity(live)
    people = [s for s in waiting if live.row.user_of(s) is not None]
    if not people:
        verb = "is" if len(waiting) == 1 else "are"
        return f"🤖 {names} {verb} playing ({doing})."
    hint = " — use `/move` or press **Play**."
    if len(waiting) == 1:
        return f"{names}, it's your turn ({doing}){hint}"
    return f"Waiting for {names} ({doing}){hint}"


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
    """The phase a notice is about: its label (``"Year 1 · Negotiation"``), or ``"this
    phase"``."""
    return label or "this phase"


def warning_line(label: str, left: float, due: float) -> str:
    """The countdown notice: how long is left in words, and the end as a Discord timestamp
    (``<t:…:R>``, rendered against the reader's clock; the preview renders it against its
    own clock, so the two agree)."""
    return f"⏳ **{duration(left)} left** in {phase_words(label)} — it ends <t:{int(due)}:R>."


def ping_line(live: LiveGame, seats: Iterable[int], due: float | None) -> str:
    """The line that starts a quiet period: mentions of everyone who may act now and when
    the time runs out (a new bid or move restarts it)."""
    who = ", ".join(msg.who(live, s) for s in seats)
    if not who:
        return ""
    when = f" — time runs out <t:{int(due)}:R> unless someone acts" if due is not None else ""
    return f"🔔 {who}: your move ({msg.activity(live)}){when}."
