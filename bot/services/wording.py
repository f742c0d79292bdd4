"""Plain-words text for what the table posts: who the game is really waiting for, the
countdown notices, and the ping that starts a quiet period. No I/O; players are named and
activities described by ``bot.messages``. Every function takes the reader's ``lang``
(``bot.lang``; English by default)."""

from __future__ import annotations

from collections.abc import Iterable

import i18n

from .. import messages as msg
from ..manager import LiveGame


def waiting_seats(live: LiveGame) -> list[int]:
    """Who the game is really waiting on (``GameState.waiting_for``), in seat order."""
    state = live.state
    if state.is_over():
        return []
    return sorted(state.waiting_for())


def whose_turn(live: LiveGame, lang: str = i18n.DEFAULT) -> str:
    """``"@a, it's your turn …"`` or ``"Waiting for @a, @b …"``: only seats not yet done.
    The hint to use ``/move`` or **Play** is for people only: an AI seat is just named.

    When everyone able to act is done (a simultaneous phase waiting for its timer), says so.
    """
    t = i18n.t
    waiting = waiting_seats(live)
    if not waiting:
        if live.state.to_act() and not live.state.is_over():
            return t(
                lang,
                "bot.wording.all_done",
                "Everyone is done; the phase ends when its time runs out.",
            )
        return ""
    names = ", ".join(msg.who(live, s, lang) for s in waiting)
    doing = msg.activity(live, lang)
    people = [s for s in waiting if live.row.user_of(s) is not None]
    if not people:
        if len(waiting) == 1:
            return t(
                lang,
                "bot.wording.ai_one",
                "🤖 {names} is playing ({doing}).",
                names=names,
                doing=doing,
            )
        return t(
            lang,
            "bot.wording.ai_many",
            "🤖 {names} are playing ({doing}).",
            names=names,
            doing=doing,
        )
    if len(waiting) == 1:
        return t(
            lang,
            "bot.wording.your_turn",
            "{names}, it's your turn ({doing}) — use `/move` or press **Play**.",
            names=names,
            doing=doing,
        )
    return t(
        lang,
        "bot.wording.waiting",
        "Waiting for {names} ({doing}) — use `/move` or press **Play**.",
        names=names,
        doing=doing,
    )


def duration(seconds: float, lang: str = i18n.DEFAULT) -> str:
    """``30`` -> ``"30 seconds"``, ``120`` -> ``"2 minutes"``, ``5400`` ->
    ``"1 hour 30 minutes"``."""
    t = i18n.t
    s = max(0, round(seconds))
    if s < 60:
        if s == 1:
            return t(lang, "bot.wording.second", "{n} second", n=s)
        return t(lang, "bot.wording.seconds", "{n} seconds", n=s)

    def minutes(m: int) -> str:
        if m == 1:
            return t(lang, "bot.wording.minute", "{n} minute", n=m)
        return t(lang, "bot.wording.minutes", "{n} minutes", n=m)

    if s < 3600:
        m, rest = divmod(s, 60)
        text = minutes(m)
        if rest and m < 5:
            text += t(lang, "bot.wording.and_seconds", " {n} seconds", n=rest)
        return text
    h, m = divmod(s // 60, 60)
    if h == 1:
        text = t(lang, "bot.wording.hour", "{n} hour", n=h)
    else:
        text = t(lang, "bot.wording.hours", "{n} hours", n=h)
    return text + (" " + minutes(m) if m else "")


def phase_words(label: str, lang: str = i18n.DEFAULT) -> str:
    """The phase a notice is about: its label (``"Year 1 · Negotiation"``), or ``"this
    phase"``."""
    return i18n.tr(label, lang) if label else i18n.t(lang, "bot.wording.this_phase", "this phase")


def warning_line(label: str, left: float, due: float, lang: str = i18n.DEFAULT) -> str:
    """The countdown notice: how long is left in words, and the end as a Discord timestamp
    (``<t:…:R>``, rendered against the reader's clock; the preview renders it against its
    own clock, so the two agree)."""
    return i18n.t(
        lang,
        "bot.wording.left",
        "⏳ **{left} left** in {phase} — it ends <t:{due}:R>.",
        left=duration(left, lang),
        phase=phase_words(label, lang),
        due=int(due),
    )


def ping_line(
    live: LiveGame, seats: Iterable[int], due: float | None, lang: str = i18n.DEFAULT
) -> str:
    """The line that starts a quiet period: mentions of everyone who may act now and when
    the time runs out (a new bid or move restarts it)."""
    who = ", ".join(msg.who(live, s, lang) for s in seats)
    if not who:
        return ""
    doing = msg.activity(live, lang)
    if due is not None:
        return i18n.t(
            lang,
            "bot.wording.ping_due",
            "🔔 {who}: your move ({doing}) — time runs out <t:{due}:R> unless someone acts.",
            who=who,
            doing=doing,
            due=int(due),
        )
    return i18n.t(lang, "bot.wording.ping", "🔔 {who}: your move ({doing}).", who=who, doing=doing)
