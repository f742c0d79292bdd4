"""Turn clocks and reminders (issue 12): per-game time control, per-seat clocks, reminders,
time-outs that play the engine's ``default_move``, hand-over to the AI after repeated
time-outs, and vacations.

Time control is chosen at ``/game new`` with option words next to the game's own options
(``clock=move:24h``, ``clock=bank:3d+12h``, ``remind=50``, ``timeouts=3``, ``vacation=7d``)
and stored as JSON on the game row (migration 9). Each seat's clock is a ``SeatClock`` row.
A clock runs while the game waits on that seat (``GameState.waiting_for``), the seat is a
human one and its player is not on vacation.

- ``move:<d>``: every turn gets ``d``; nothing carries over.
- ``bank:<b>+<i>``: each player starts with ``b``; time spent waiting is taken from it and
  every move adds ``i`` (never above ``b``). After a time-out the bank restarts at ``i``
  (or a tenth of ``b`` when ``i`` is 0), so the next turn is not lost at once.

Everything that can fire lives in the ``timers`` table, one row per game and kind:
``clock`` (the earliest time-out or end of a vacation) and ``reminder`` (the earliest
reminder or last warning). Rows are committed with the move that changes them
(``GameManager.clock_hook``), so a restart arms them from rows alone and each fires once.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol

import discord

import i18n
from games.core import GameError
from games.core.text import Msg

from .. import messages as msg
from ..lang import for_user
from ..manager import LiveGame, LobbyError
from ..storage import Actor, ClockWrite, GameRow, SeatClock, Storage, TimerRow

if TYPE_CHECKING:
    from ..manager import GameManager
    from .aftermath import Aftermath
    from .events import SeatChanged, TimerDue
    from .publisher import Publisher
    from .timers import Timers

log = logging.getLogger(__name__)

Mode = Literal["move", "bank"]
Now = Callable[[], float]

WARN_SHARE = 0.1  # the last warning comes when a tenth of the turn's time is left
CLOCK_WORDS = ("clock", "remind", "timeouts", "vacation")


class HandToAI(Protocol):
    """What the AI-seat service offers (``bot.services.seats.Seats.hand_to_ai``): give ``seat``
    of ``game_id`` to the AI until its player comes back. ``reason`` is ``"timeouts"``."""

    def __call__(self, game_id: int, seat: int, reason: str) -> Awaitable[Any]: ...


_UNITS = {"s": 1, "m": 60, "min": 60, "h": 3600, "d": 86400, "w": 604800}
_PART = re.compile(r"(\d+(?:\.\d+)?)(min|s|m|h|d|w)")


def parse_duration(text: str) -> float:
    """``"24h"`` -> 86400.0; ``"1d12h"``, ``"90m"``, ``"30s"``, ``"2w"``; a bare number is
    seconds. Raises ``LobbyError`` otherwise."""
    t = text.strip().lower()
    if re.fullmatch(r"\d+", t):
        return float(t)
    parts = _PART.findall(t)
    if not t or "".join(n + u for n, u in parts) != t:
        raise LobbyError(
            Msg(
                "bot.clocks.not_duration_write_e",
                "`{text}` is not a duration: write e.g. `30m`, `24h`, `3d` or `1d12h`.",
                text=text[:30],
            )
        )
    return float(sum(float(n) * _UNITS[u] for n, u in parts))


def short(seconds: float, lang: str = i18n.DEFAULT) -> str:
    """``"14 h"``, ``"2 d 3 h"``, ``"25 min"``, ``"40 s"``: a clock as a player reads it
    (Japanese: ``"14時間"``, ``"2日3時間"``, ``"25分"``, ``"40秒"``)."""
    s = max(0, int(seconds))
    ja = lang == "ja"
    if s < 60:
        return f"{s}秒" if ja else f"{s} s"
    if s < 3600:
        return f"{s // 60}分" if ja else f"{s // 60} min"
    d, rest = divmod(s, 86400)
    h = rest // 3600
    if d:
        if ja:
            return f"{d}日" + (f"{h}時間" if h else "")
        return f"{d} d" + (f" {h} h" if h else "")
    m = (rest % 3600) // 60
    if ja:
        return f"{h}時間" + (f"{m}分" if m and h < 10 else "")
    return f"{h} h" + (f" {m} min" if m and h < 10 else "")


@dataclass(frozen=True)
class TimeControl:
    """A game's time control. ``seconds``: the per-move limit (``move``) or the starting bank
    (``bank``); ``increment``: added per move (bank only); ``remind``: share of the turn's
    time after which the player is reminded (0 = no reminder, only the last warning);
    ``timeouts``: time-outs in a row after which the AI takes the seat (0 = never);
    ``vacation``: vacation each player may take in this game, seconds."""

    mode: Mode
    seconds: float
    increment: float = 0.0
    remind: float = 0.5
    timeouts: int = 3
    vacation: float = 7 * 86400.0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TimeControl:
        return cls(**data)

    def describe(self, lang: str = i18n.DEFAULT) -> str:
        if self.mode == "move":
            return i18n.t(
                lang, "bot.clocks.per_move", "{short} per move", short=short(self.seconds, lang)
            )
        return i18n.t(
            lang,
            "bot.clocks.bank_per_move",
            "{short} bank + {short2} per move",
            short=short(self.seconds, lang),
            short2=short(self.increment, lang),
        )


DEFAULTS = TimeControl("move", 0)


def take_time_control(options: dict[str, str]) -> dict[str, Any] | None:
    """Remove the clock words from ``/game new`` options; return the time control as JSON
    (``None``: no clock). Raises ``LobbyError`` for bad values (nothing is created)."""
    words = {k: options.pop(k) for k in CLOCK_WORDS if k in options}
    clock = words.get("clock", "none").lower()
    if clock in ("none", "off", ""):
        extra = sorted(set(words) - {"clock"})
        if extra:
            raise LobbyError(
                Msg(
                    "bot.clocks.only_applies_clock_add",
                    "`{extra}` only applies with a clock: add e.g. `clock=move:24h`.",
                    extra=extra[0],
                )
            )
        return None
    mode, _, spec = clock.partition(":")
    if mode == "move" and spec:
        seconds, increment = parse_duration(spec), 0.0
    elif mode == "bank" and spec:
        bank, _, inc = spec.partition("+")
        seconds, increment = parse_duration(bank), parse_duration(inc) if inc else 0.0
    else:
        raise LobbyError(
            Msg(
                "bot.clocks.clock_none_move_time",
                "`clock` is `none`, `move:<time>` (e.g. `move:24h`) or `bank:<time>+<time per "
                "move>` (e.g. `bank:3d+12h`).",
            )
        )
    if not 60 <= seconds <= 60 * 86400 or not 0 <= increment <= 30 * 86400:
        raise LobbyError(
            Msg(
                "bot.clocks.clock_between_minute_days",
                "A clock is between 1 minute and 60 days (an increment up to 30 days).",
            )
        )
    remind = DEFAULTS.remind
    if "remind" in words:
        text = words["remind"].rstrip("%")
        if not text.isdigit() or not 0 <= int(text) <= 90:
            raise LobbyError(
                Msg(
                    "bot.clocks.remind_share_turn_time",
                    "`remind` is a share of the turn's time from 0 to 90, e.g. `50`.",
                )
            )
        remind = int(text) / 100
    timeouts = DEFAULTS.timeouts
    if "timeouts" in words:
        text = words["timeouts"]
        if not text.isdigit() or int(text) > 20:
            raise LobbyError(
                Msg(
                    "bot.clocks.timeouts_whole_number_from",
                    "`timeouts` is a whole number from 0 (never) to 20.",
                )
            )
        timeouts = int(text)
    vacation = DEFAULTS.vacation
    if "vacation" in words:
        vacation = parse_duration(words["vacation"])
        if vacation > 90 * 86400:
            raise LobbyError(
                Msg(
                    "bot.clocks.vacation_most_days_per",
                    "`vacation` is at most 90 days per player and game.",
                )
            )
    tc = TimeControl(mode, seconds, increment, remind, timeouts, vacation)  # type: ignore[arg-type]
    return tc.to_json()


def rules_lines(lang: str = i18n.DEFAULT) -> list[str]:
    """The bot's clock options for ``/rules`` (every game has them), in the style of
    ``bot.rules_help.option_line``."""
    return [
        i18n.t(
            lang,
            "bot.clocks.turn_clocks_every_game",
            "Turn clocks (every game; add them to the same `options`):",
        ),
        i18n.t(
            lang,
            "bot.clocks.clock_none_move_time_2",
            "• `clock` — `none`, `move:<time>` (each move, e.g. `move:24h`) or `bank:<time>+<time "
            "per move>` (e.g. `bank:3d+12h`).\n  Default: **none**.",
        ),
        i18n.t(
            lang,
            "bot.clocks.remind_remind_player_after",
            "• `remind` — remind the player after this share of their time, in percent, 0–90 (a "
            "last warning always comes with a tenth left).\n  Default: **50**.",
        ),
        i18n.t(
            lang,
            "bot.clocks.timeouts_time_outs_row",
            "• `timeouts` — time-outs in a row before the AI takes the seat (0 = never), 0–20.\n  "
            "Default: **3**.",
        ),
        i18n.t(
            lang,
            "bot.clocks.vacation_vacation_each_player",
            "• `vacation` — vacation each player may take in the game (`/settings me "
            "vacation:on`).\n  Default: **7 days**.",
        ),
    ]


LAST_ALIVE = "last_alive"  # bot_state key: Unix time the bot was last known running


# -- pure clock arithmetic ---------------------------------------------------------------


def control(live: LiveGame) -> TimeControl | None:
    tc = live.row.time_control
    return TimeControl.from_json(tc) if tc else None


def base(tc: TimeControl, c: SeatClock) -> float:
    """The seat's time for this turn when its clock (re)started: ``c.bank`` in both modes —
    a per-move clock's bank is the turn's time, full at each new turn and only what was left
    after a pause (vacation, the AI holding the seat)."""
    return c.bank


def left(tc: TimeControl, c: SeatClock, now: float) -> float:
    """Seconds left on the seat's clock at ``now``."""
    used = now - c.since if c.since is not None else 0.0
    return base(tc, c) - used


def _human(live: LiveGame, seat: int) -> bool:
    seats = live.row.seats
    return 0 <= seat < len(seats) and seats[seat].kind == "human"


def settle(live: LiveGame, seat: int | None, actor: Actor, now: float) -> ClockWrite | None:
    """Bring the seat clocks up to date after a move by ``seat`` (``None``: the start, a
    vacation or another change) and return what to store. Mutates ``live.row.clocks``.

    A clock stops when its seat is no longer waited on (or moved), charging the bank; it
    starts when the game waits on a human seat not on vacation. A player's own move resets
    their time-outs in a row; a ``timer`` move by a seat is a time-out.

    No setting resets a turn's time (issue 18): a per-move clock gets its full time only
    for a new turn (the seat moved, or the game stopped waiting on it); a clock paused
    while the game still waits on the seat (vacation, the AI holding the seat) keeps what
    was left of the turn in ``bank`` and runs on from there."""
    tc = control(live)
    if tc is None:
        return None
    state = live.state
    waiting = set() if state.is_over() else set(state.waiting_for())
    clocks = live.row.clocks
    for s in live.row.seats:
        clocks.setdefault(s.seat, SeatClock(s.seat, bank=tc.seconds))
    for c in clocks.values():
        run = c.seat in waiting and _human(live, c.seat) and c.vacation_since is None
        moved = seat == c.seat
        was_running = c.since is not None
        if was_running and (not run or moved):
            c.bank = max(0.0, c.bank - (now - (c.since or now)))
            c.since, c.reminded = None, 0
        if moved and actor == "user":
            c.timeouts = 0
            if tc.mode == "bank" and was_running:
                c.bank = min(tc.seconds, c.bank + tc.increment)
        elif moved and actor == "timer":
            c.timeouts += 1
            if tc.mode == "bank":
                c.bank = tc.increment or tc.seconds * WARN_SHARE
        if tc.mode == "move" and (moved or c.seat not in waiting):
            c.bank = tc.seconds  # a new turn gets the full time
        if run and c.since is None:
            c.since, c.reminded = now, 0
    return write_of(live, tc)


def write_of(live: LiveGame, tc: TimeControl) -> ClockWrite:
    return row_write(live.row, tc, live.state.is_over())


def row_write(row: GameRow, tc: TimeControl, over: bool = False) -> ClockWrite:
    """The seat clocks of ``row`` and the timers they arm (none once the game is ``over``);
    needs no replay, only the stored row."""
    return ClockWrite(
        tuple(sorted(row.clocks.values(), key=lambda c: c.seat)),
        None if over else clock_timer(row, tc),
        None if over else reminder_timer(row, tc),
    )


def _label(row: GameRow, seat: int) -> str:
    return row.seats[seat].display_name if 0 <= seat < len(row.seats) else f"p{seat + 1}"


def clock_timer(row: GameRow, tc: TimeControl) -> TimerRow | None:
    """The earliest time-out (``t<seat>@<start>``) or vacation end (``v<seat>@<start>``)."""
    best: tuple[float, str, int] | None = None
    for c in row.clocks.values():
        if c.since is not None:
            cand = (c.since + base(tc, c), f"t{c.seat}@{c.since:.3f}", c.seat)
        elif c.vacation_since is not None:
            end = c.vacation_since + max(0.0, tc.vacation - c.vacation_used)
            cand = (end, f"v{c.seat}@{c.vacation_since:.3f}", c.seat)
        else:
            continue
        if best is None or cand < best:
            best = cand
    if best is None:
        return None
    due, key, seat = best
    return TimerRow(row.id, "clock", key, due, (), _label(row, seat), row.channel_id)


def next_reminder(tc: TimeControl, c: SeatClock) -> tuple[int, float] | None:
    """``(stage, at)`` of the seat's next reminder in this run: stage 1 the reminder after
    ``tc.remind`` of the turn's time, stage 2 the last warning with a tenth left."""
    if c.since is None:
        return None
    total = base(tc, c)
    first = c.since + tc.remind * total
    last = c.since + total * (1 - WARN_SHARE)
    if c.reminded < 1 and tc.remind > 0 and first < last:
        return 1, first
    if c.reminded < 2 and total * WARN_SHARE >= 1:
        return 2, last
    return None


def reminder_timer(row: GameRow, tc: TimeControl) -> TimerRow | None:
    best: tuple[float, str, int] | None = None
    for c in row.clocks.values():
        nxt = next_reminder(tc, c)
        if nxt is not None:
            cand = (nxt[1], f"r{c.seat}@{c.since:.3f}:{nxt[0]}", c.seat)
            if best is None or cand < best:
                best = cand
    if best is None:
        return None
    due, key, seat = best
    return TimerRow(row.id, "reminder", key, due, (), _label(row, seat), row.channel_id)


def timers_of(live: LiveGame) -> tuple[TimerRow | None, TimerRow | None]:
    """The game's armed clock and reminder timers as stored (``(None, None)`` without)."""
    tc = control(live)
    if tc is None or live.row.status != "running" or live.state.is_over():
        return None, None
    return clock_timer(live.row, tc), reminder_timer(live.row, tc)


def _seat_of(key: str) -> int:
    return int(key[1:].split("@", 1)[0])


def clock_line(live: LiveGame, lang: str = i18n.DEFAULT, now: float | None = None) -> str:
    """``⏱️ 24 h per move · alice: 14 h left · bob: 🏖️ on vacation`` (``""``: no clock)."""
    tc = control(live)
    if tc is None or live.state.is_over():
        return ""
    now = discord.utils.utcnow().timestamp() if now is None else now
    bits: list[str] = []
    for s in live.row.seats:
        c = live.row.clocks.get(s.seat)
        if s.kind != "human" or c is None:
            continue
        name = msg.display_name(live, s.seat, lang)
        if c.vacation_since is not None:
            bits.append(i18n.t(lang, "bot.clocks.vacation", "{name}: 🏖️ on vacation", name=name))
        elif c.since is not None:
            bits.append(
                i18n.t(
                    lang,
                    "bot.clocks.left",
                    "{name}: {short} left",
                    name=name,
                    short=short(left(tc, c, now), lang),
                )
            )
        elif tc.mode == "bank":
            bits.append(
                i18n.t(
                    lang,
                    "bot.clocks.bank_left",
                    "{name}: {short}",
                    name=name,
                    short=short(c.bank, lang),
                )
            )
    return "⏱️ " + " · ".join([tc.describe(lang), *bits])


# -- the service ----------------------------------------------------------------------------


class Clocks:
    """Fires clock and reminder timers (the ``timer_due`` event), resyncs clocks when a seat
    changes hands (``seat_changed``), and vacations. A time-out's default move goes through
    the one path after a commit (``aftermath``). The manager commits each move's clocks with
    ``settle`` (given to it by ``bot.app``)."""

    def __init__(
        self,
        client: discord.Client,
        manager: GameManager,
        storage: Storage,
        publisher: Publisher,
        timers: Timers,
        aftermath: Aftermath,
        hand_to_ai: HandToAI | None = None,
        now: Now | None = None,
    ) -> None:
        self.client = client
        self.manager = manager
        self.storage = storage
        self.publisher = publisher
        self.timers = timers
        self.aftermath = aftermath
        self.now = now or (lambda: discord.utils.utcnow().timestamp())
        self.hand_to_ai = hand_to_ai  # repeated time-outs: the AI takes the seat

    async def on_timer_due(self, event: TimerDue) -> None:
        """A clock or reminder row came due (``Timers``); deadlines are ``Deadlines``'."""
        if event.row.kind == "clock":
            await self.on_clock(event.row)
        elif event.row.kind == "reminder":
            await self.on_reminder(event.row)

    async def on_seat_changed(self, event: SeatChanged) -> None:
        await self.resync(event.game_id)

    async def resync(self, game_id: int) -> None:
        """Bring a game's clocks up to date after something other than a move changed who
        plays a seat (the AI took it, the player took it back): an AI seat's clock stops,
        a returning human's starts if the game waits on them."""

        async def again(live: LiveGame) -> None:
            write = settle(live, None, "system", self.now())
            if write is not None:
                await self.storage.put_clocks(live.id, write)
                self._arm(live)

        await self.manager.under_lock(game_id, again)

    async def credit_downtime(self, alive_every: float) -> float:
        """Give back to every running turn clock the time the bot was down. Returns the
        seconds credited (0 when the gap is short or unknown).

        The bot stamps ``last_alive`` every ``alive_every`` seconds while it runs (and when
        it stops); a gap over twice that is downtime: nobody could move, so a running clock
        starts that much later (its time-out and reminders move with it). After a crash
        the credit may exceed the real downtime by up to ``alive_every``. Vacations run on.
        Call before arming timers; needs no replay. Processes sharing a database stamp the
        one ``last_alive`` (downtime is the whole fleet's) and credit under one lock, so
        processes starting together credit a downtime once."""
        async with self.storage.exclusive("downtime", 0):
            return await self._credit_downtime(alive_every)

    async def _credit_downtime(self, alive_every: float) -> float:
        now = self.now()
        last = await self.storage.bot_state(LAST_ALIVE)
        down = 0.0 if last is None else now - last
        writes: list[tuple[int, ClockWrite]] = []
        if down > 2 * alive_every:
            for row in await self.storage.running_clocked_games():
                tc = TimeControl.from_json(row.time_control or {})
                running = [c for c in row.clocks.values() if c.since is not None]
                for c in running:
                    c.since = (c.since or now) + down
                if running:
                    writes.append((row.id, row_write(row, tc)))
        else:
            down = 0.0
        await self.storage.credit_downtime(writes, LAST_ALIVE, now)
        if writes:
            log.info("credited %.0f s of downtime to the clocks of %d game(s)", down, len(writes))
        return down

    async def alive(self) -> None:
        """Stamp ``last_alive`` (the bot is running now)."""
        await self.storage.set_bot_state(LAST_ALIVE, self.now())

    def _arm(self, live: LiveGame) -> None:
        clock, reminder = timers_of(live)
        self.timers.set_kind(live.id, "clock", clock)
        self.timers.set_kind(live.id, "reminder", reminder)

    async def on_clock(self, row: TimerRow) -> None:
        """A time-out or the end of a vacation (``row.key``), unless the row is stale."""
        seat = _seat_of(row.key)

        def current(live: LiveGame) -> bool:
            clock, _ = timers_of(live)
            return clock is not None and clock.key == row.key

        if row.key.startswith("v"):
            await self._vacation_over(row, seat, current)
            return
        try:
            result = await self.manager.timeout(row.game_id, seat, current)
        except GameError as exc:
            log.warning("game %s: no default move for seat %s: %s", row.game_id, seat, exc)
            return
        if result is None:
            return
        live = result.live
        lang = result.lang
        public = result.public if result.public is not None else None
        private = i18n.t(lang, "bot.clocks.private_move", "a private move")
        played = msg.public_code(public, lang) if public else private
        line = i18n.t(
            lang,
            "bot.clocks.ran_out_time_default",
            "⏰ **{display_name}** ran out of time; the default move was played: {played}",
            display_name=msg.display_name(live, seat, lang),
            played=played,
        )
        if result.events:
            line += " — " + msg.sentences(msg.tr_events(live, result.events, lang), lang)
        await self.aftermath.after_move(result, line=line)
        tc = control(live)
        c = live.row.clocks.get(seat)
        if tc is None or c is None or not tc.timeouts or c.timeouts < tc.timeouts:
            return
        if live.state.is_over():
            return
        name = msg.display_name(live, seat, lang)
        no_ai = i18n.t(
            lang,
            "bot.clocks.ran_out_time_times",
            "🤖 {name} ran out of time {timeouts} times in a row, but {title} has no AI player: "
            "the default move is played at each time-out.",
            name=name,
            timeouts=c.timeouts,
            title=live.spec.title,
        )
        if self.hand_to_ai is None:
            await self.publisher.post(live.row.channel_id, no_ai)
            return
        try:
            await self.hand_to_ai(live.id, seat, Msg("bot.clocks.reason_timeouts", "timeouts"))
        except GameError:
            # No AI for this game, or the seat is already the AI's: nothing to hand over.
            if live.spec.ai is None:
                await self.publisher.post(live.row.channel_id, no_ai)
            return
        except Exception:
            log.exception("handing seat %s of game %s to the AI failed", seat, live.id)
            return
        await self.publisher.post(
            live.row.channel_id,
            i18n.t(
                lang,
                "bot.clocks.ran_out_time_times_2",
                "🤖 {name} ran out of time {timeouts} times in a row: the AI plays their seat "
                "until they come back.",
                name=name,
                timeouts=c.timeouts,
            ),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def _vacation_over(
        self, row: TimerRow, seat: int, current: Callable[[LiveGame], bool]
    ) -> None:
        async def end(live: LiveGame) -> bool:
            tc = control(live)
            if tc is None or not current(live):
                return False
            c = live.row.clocks[seat]
            c.vacation_used, c.vacation_since = tc.vacation, None
            write = settle(live, None, "system", self.now())
            assert write is not None
            await self.storage.put_clocks(live.id, write)
            self._arm(live)
            return True

        if await self.manager.under_lock(row.game_id, end):
            live = await self.manager.load(row.game_id)
            lang = await self.manager.channel_language(live.row.guild_id)
            await self.publisher.post(
                live.row.channel_id,
                i18n.t(
                    lang,
                    "bot.clocks.vacation_game_used_up",
                    "🏖️ {who}'s vacation in game #{id} is used up; their clock runs again.",
                    who=msg.who(live, seat, lang),
                    id=live.id,
                ),
                allowed_mentions=discord.AllowedMentions(users=True),
            )

    async def on_reminder(self, row: TimerRow) -> None:
        """Remind the player (channel mention, and a DM if they asked for one)."""
        seat = _seat_of(row.key)
        stage = int(row.key.rsplit(":", 1)[1])

        async def mark(live: LiveGame) -> tuple[float, float] | None:
            tc = control(live)
            if tc is None:
                return None
            _, reminder = timers_of(live)
            if reminder is None or reminder.key != row.key:
                return None
            c = live.row.clocks[seat]
            c.reminded = stage
            await self.storage.put_clocks(live.id, write_of(live, tc))
            self._arm(live)
            return left(tc, c, self.now()), (c.since or 0) + base(tc, c)

        got = await self.manager.under_lock(row.game_id, mark)
        if got is None:
            return
        rest, due = got
        live = await self.manager.load(row.game_id)
        user = live.row.user_of(seat)
        if user is None or rest < 1:  # ran out while the bot was down: that notice says so
            return
        lang = await self.manager.channel_language(live.row.guild_id)
        text = self._reminder(live, stage, user, rest, due, lang)
        await self.publisher.post(
            live.row.channel_id, text, allowed_mentions=discord.AllowedMentions(users=True)
        )
        if await self.storage.user_reminders(user) == "dm":
            stored = await self.storage.get_game(live.id)
            mine = await for_user(self.storage, user, live.row.guild_id)
            if mine != lang:
                text = self._reminder(live, stage, user, rest, due, mine)
            await self._dm(user, text + "\n" + jump_link(stored or live.row))

    @staticmethod
    def _reminder(live: LiveGame, stage: int, user: int, rest: float, due: float, lang: str) -> str:
        if stage == 2:
            what = i18n.t(lang, "bot.clocks.last_warning", "⚠️ Last warning")
        else:
            what = i18n.t(lang, "bot.clocks.reminder", "🔔 Reminder")
        return i18n.t(
            lang,
            "bot.clocks.game_waits_left_time",
            "{what}: <@{user}>, **{title}** game #{id} waits on you ({activity}) — {short} left; "
            "time runs out <t:{due}:R>.",
            what=what,
            user=user,
            title=live.spec.title,
            id=live.id,
            activity=msg.activity(live, lang),
            short=short(rest, lang),
            due=int(due),
        )

    async def _dm(self, user_id: int, text: str) -> None:
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            await user.send(text)
        except discord.HTTPException as exc:
            log.info("reminder DM to %s not delivered (HTTP %s)", user_id, exc.status)

    # -- /settings me: reminders and vacation -----------------------------------------

    async def reminders(self, user_id: int) -> str:
        """Where the member's turn reminders go: ``"channel"`` (default) or ``"dm"``."""
        return await self.storage.user_reminders(user_id)

    async def set_reminders(self, user_id: int, where: str, lang: str = i18n.DEFAULT) -> str:
        """Send the member's turn reminders to ``"channel"`` only or also by ``"dm"``;
        returns the sentence confirming it."""
        if where not in ("channel", "dm"):
            raise LobbyError(
                Msg("bot.clocks.reminders_go_channel_dm", "Reminders go to `channel` or `dm`.")
            )
        await self.storage.set_user_reminders(user_id, where)
        if where == "dm":
            return i18n.t(
                lang, "bot.clocks.turn_reminders_now_also", "Turn reminders now also come by DM."
            )
        return i18n.t(
            lang,
            "bot.clocks.turn_reminders_now_come",
            "Turn reminders now come in the game's channel only.",
        )

    async def vacation(self, game_id: int, user_id: int, on: bool) -> str:
        """Start or end the user's vacation in a game; returns the table's line. Raises
        ``LobbyError`` (nothing changes) without a clock, seat or vacation left."""

        async def change(live: LiveGame) -> str:
            lang = await self.manager.channel_language(live.row.guild_id)  # the table's line
            tc = control(live)
            if tc is None:
                raise LobbyError(
                    Msg(
                        "bot.clocks.game_has_no_clock",
                        "This game has no clock, so there is nothing to pause.",
                    )
                )
            if live.row.status != "running":
                raise LobbyError(Msg("bot.clocks.game_not_running", "This game is not running."))
            seat = live.row.seat_of(user_id)
            if seat is None:
                raise LobbyError(
                    msg.spectator(Msg("bot.clocks.clocks_or_vacations", "clocks or vacations"))
                )
            now = self.now()
            settle(live, None, "system", now)
            c = live.row.clocks[seat]
            name = msg.display_name(live, seat)
            if on:
                if c.vacation_since is not None:
                    raise LobbyError(
                        Msg(
                            "bot.clocks.are_already_vacation_game",
                            "You are already on vacation in this game.",
                        )
                    )
                rest = tc.vacation - c.vacation_used
                if rest < 1:
                    raise LobbyError(
                        Msg(
                            "bot.clocks.have_used_all_vacation",
                            "You have used all your vacation in this game.",
                        )
                    )
                # settle() below stops the clock; the turn's time left waits for the return
                c.vacation_since = now
                line = i18n.t(
                    lang,
                    "bot.clocks.vacation_their_clock_paused",
                    "🏖️ {name} is on vacation: their clock is paused (up to {short} more in this "
                    "game).",
                    name=name,
                    short=short(rest, lang),
                )
            else:
                if c.vacation_since is None:
                    raise LobbyError(
                        Msg(
                            "bot.clocks.are_not_vacation_game",
                            "You are not on vacation in this game.",
                        )
                    )
                c.vacation_used += now - c.vacation_since
                c.vacation_since = None
                line = i18n.t(
                    lang,
                    "bot.clocks.back_from_vacation_their",
                    "🏖️ {name} is back from vacation; their clock runs on their turns again.",
                    name=name,
                )
            write = settle(live, None, "system", now)
            assert write is not None
            await self.storage.put_clocks(live.id, write)
            self._arm(live)
            return line

        return await self.manager.under_lock(game_id, change)


def jump_link(row: GameRow) -> str:
    """A link to the game's newest board (or its channel), from the stored row (the cached
    game's row does not follow the board message)."""
    guild = row.guild_id or "@me"
    if row.board_message_id:
        return f"https://discord.com/channels/{guild}/{row.channel_id}/{row.board_message_id}"
    return f"https://discord.com/channels/{guild}/{row.channel_id}"
