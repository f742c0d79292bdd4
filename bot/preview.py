"""``boardroom preview``: the real bot against SimCord's simulated Discord in a browser page.

Four (or more) simulated members share one #games channel. SimCord's page lets you switch
between them (**Viewing as**), type slash commands and click buttons; a bar added on top
(:data:`NAV_JS`) opens each member's DMs (private offers arrive there) and any thread of
#games. Games are stored in a SQLite file on disk, so they survive a restart of the preview.

How the pieces fit:

- SimCord shows one channel per preview session and allows one session at a time, and its
  page may not be framed. So :class:`Switcher` serves the page itself on ``port``: it passes
  every request through to SimCord's own server (on a free loopback port), adds the bar,
  and switching view ends SimCord's session and opens a new one on the chosen channel.
- The simulated server, channel and members are created at SimCord's fixed start instant,
  so their ids are the same at every start and stored games find their channel again
  (:func:`build_world`); then the virtual clock is set to the wall clock, and
  :class:`ClockKeeper` keeps it there, so ``<t:…:R>`` countdowns, timers and message times
  are real time, also across restarts.
- SimCord's page shows what was last *published*, and renders ``<t:…:R>`` against a
  presentation time that SimCord itself moves only on **Refresh preview** (hence "30 seconds
  left — ends in 2 minutes"). :class:`ClockKeeper` publishes with the current time, when the
  bot posted or edited anything on its own (a timer fired, a board finished drawing) and
  every :data:`COUNTDOWN_REFRESH` seconds while a timer runs.
- After a restart the messages, DMs and threads are gone (SimCord keeps them in memory):
  :func:`greet` posts the welcome and :func:`show_current_games` reposts each unfinished
  game's lobby or current board, recreating a game's thread under its old id.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

log = logging.getLogger("boardroom.preview")

WELCOME = (
    "👋 **Welcome to the Boardroom preview** — the real bot in a simulated Discord server. "
    "Switch between members with **Viewing as** at the top; the bar above it opens each "
    "member's **DMs**, where private offers and secret choices arrive.\n"
    "1. Type `/game new` and pick a game ({games}).\n"
    "2. Switch to another member and press **Join**; switch back and press **Start**.\n"
    "3. Play with `/move` (start typing: it lists your legal moves) or the **Play** button. "
    "`/hand` shows your private information, `/rules` the rules, `/board` the current board."
)
WELCOME_BACK = (
    "👋 **Welcome back to the Boardroom preview.** {games} — each shows its current lobby "
    "or board. Switch members with **Viewing as**; the bar above it opens each member's "
    "**DMs** (private offers arrive there) and the threads. `/game status` tells who is to act."
)
RESTARTED = "↻ The preview restarted; this is the current board."
RESTARTED_LOBBY = "↻ The preview restarted; this lobby is still open."
TICK = 1.0  # seconds between clock catch-ups
COUNTDOWN_REFRESH = 10.0  # seconds between republishing while a timer runs
NAMES = (
    "alice",
    "bob",
    "carol",
    "dave",
    "erin",
    "frank",
    "grace",
    "heidi",
    "ivan",
    "judy",
    "mallory",
)
GUILD_NAME = "Boardroom preview"
NEW_THREAD = "new-thread"  # the bar's view key that starts a thread
CHANNEL_NAME = "games"


# -- the simulated server -------------------------------------------------------------------


class World:
    """The SimCord environment with its one server, #games channel and members."""

    def __init__(self, env: Any, guild: Any, channel: Any, members: list[Any]) -> None:
        self.env = env
        self.guild = guild
        self.channel = channel
        self.members = members  # simcord MemberActor, in NAMES order

    async def open_thread(self, name: str, owner_id: int, thread_id: int | None = None) -> Any:
        """A public thread of #games, as if ``owner_id`` had started it (SimCord's members
        cannot start threads themselves); ``thread_id`` recreates a thread of an earlier
        run under its old id. Returns its SimCord channel handle."""
        from simcord.builders import ChannelHandle
        from simcord.enums import MessageType

        backend = self.env.backend
        # SimCord takes a thread's id only from a starter message; with broadcast off it
        # does not look that message up, and the announcement is made here instead.
        thread = backend.create_thread(
            self.channel.id, name, owner_id, message_id=thread_id, broadcast=False
        )
        backend.announce_thread_create(thread)
        backend.create_system_message(
            self.channel.id, MessageType.THREAD_CREATED, owner_id, target_channel_id=thread.id
        )
        await self.env.settle()
        return ChannelHandle(self.env, self.guild, thread)


def build_world(simcord: Any, bot: Any, members: int) -> World:
    """Create the server, #games and ``members`` members before the bot connects.

    SimCord's snowflakes come from its clock, which starts at a fixed instant: created in
    the same order at that instant, the ids are the same at every start, so games stored
    by an earlier run find their channel and players again. Only then is the clock moved
    to the wall clock (a bot timer due while the preview was stopped fires at start-up)."""
    from .simtools import SETTLE

    # SimCord's default 5 s settle limit is wall-clock time: a board drawn on a busy machine
    # (or the render processes starting) can take longer, and the page must not break then.
    env = simcord.Env(bot, check_errors=False, settle_timeout=SETTLE)
    guild = env.create_guild(GUILD_NAME)
    channel = guild.create_text_channel(CHANNEL_NAME)
    people = [guild.add_member(env.create_user(n)) for n in NAMES[:members]]
    env.backend.advance_clock(max(0.0, time.time() - env.now().timestamp()))
    return World(env, guild, channel, people)


async def unfinished_games(bot: Any, guild_id: int) -> list[Any]:
    """The lobbies and running games of the preview server (``GameRow``), oldest first."""
    rows = await bot.services.storage.games_in_guild(guild_id, 100)
    return sorted((r for r in rows if r.status in ("lobby", "running")), key=lambda r: r.id)


async def show_current_games(bot: Any, world: World, rows: list[Any]) -> int:
    """Repost each of ``rows`` (unfinished games): a lobby with its buttons, a running game's
    current board (the messages of the previous run are gone). A game that lived in a
    thread gets its thread back under the same id, named "game #N" (thread names are not
    stored). Returns how many were shown."""
    from . import messages as msg

    svc = bot.services
    threads = {t.id for t in world.channel.threads}
    shown = 0
    for row in rows:
        where = row.channel_id
        if where != world.channel.id and where not in threads:
            try:
                await world.open_thread(f"game #{row.id}", row.host_id, thread_id=where)
                threads.add(where)
            except Exception:
                log.exception("could not recreate the thread of game %s", row.id)
                continue
        if row.status == "lobby":
            view = svc.lobby.lobby_view(row)
            kwargs: dict[str, Any] = {"embed": msg.lobby_embed(row)}
            if view is not None:
                kwargs["view"] = view
            message = await svc.publisher.post(where, RESTARTED_LOBBY, **kwargs)
            if message is not None:
                await svc.storage.set_lobby_message(row.id, message.id)
        else:
            await svc.storage.set_table(row.id, None, None)  # that message is gone
            svc.publisher._tables.pop(row.id, None)
            live = await svc.manager.load(row.id)
            await svc.publisher.send(svc.publisher.prepare(live, [msg.header(live), RESTARTED]))
        shown += 1
    return shown


async def greet(bot: Any, world: World) -> int:
    """Post the welcome in #games, then each unfinished game's lobby or board (in #games or
    its thread). Returns how many games were shown."""
    unfinished = await unfinished_games(bot, world.guild.id)
    here = sum(1 for r in unfinished if r.channel_id == world.channel.id)
    await bot.get_channel(world.channel.id).send(welcome_text(here, len(unfinished) - here))
    shown = await show_current_games(bot, world, unfinished)
    await bot.services.publisher.drain()
    return shown


def welcome_text(here: int, in_threads: int = 0) -> str:
    """The first message of #games: how to start, or that the unfinished games continue
    (``here`` reposted below it, ``in_threads`` in their threads)."""
    if here or in_threads:
        parts = []
        if here:
            parts.append(
                "one game continues below" if here == 1 else f"{here} games continue below"
            )
        if in_threads:
            parts.append(
                "one game continues in its thread"
                if in_threads == 1
                else f"{in_threads} games continue in their threads"
            )
        games = " and ".join(parts)
        return WELCOME_BACK.format(games=games[0].upper() + games[1:])
    from games.core import all_games

    names = "; ".join(f"{g.title}: {g.min_players}–{g.max_players} players" for g in all_games())
    return WELCOME.format(games=names)


# -- keeping the page current ----------------------------------------------------------------


class ClockKeeper:
    """Keeps SimCord's virtual clock on the wall clock and the page current.

    Each :data:`TICK` it advances the clock to real time (firing due bot timers), then
    republishes the page if the bot changed anything since the page was last published, or
    every :data:`COUNTDOWN_REFRESH` s while a game timer runs. Every publication carries the
    current time (SimCord renders ``<t:…:R>`` against a presentation time it otherwise moves
    only on **Refresh preview**: the cause of "30 seconds left — ends in 2 minutes"). Clock
    steps and browser actions never overlap (``lock``). A click made on a page that was
    republished only to move its countdowns (nothing else changed) is accepted rather than
    refused as stale."""

    def __init__(
        self,
        world: World,
        timers_running: Callable[[], bool],
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.world = world
        self.timers_running = timers_running
        self.wall = wall  # Unix time, seconds
        self.lock = asyncio.Lock()
        self.preview: Any = None
        self._last_refresh = 0.0
        self._published_len: dict[tuple[str, int], int] = {}  # (page, revision) -> transcript
        self._seen = 0

    def _changes(self) -> int:
        return len(self.world.env.backend.transcript)

    def attach(self, preview: Any) -> None:
        """Watch ``preview``: record what each publication showed, and serialise actions."""
        self.preview = preview
        self._published_len.clear()
        publish: Callable[..., None] = preview._publish
        act: Callable[[Any, Any], Awaitable[Any]] = preview._action

        def published(page: Any, **kwargs: Any) -> None:
            # SimCord renders <t:…:R> against the page's presentation time, which it moves
            # only on Refresh; every publication here shows the current time instead.
            preview._advance_presentation_time()
            publish(page, **kwargs)
            key = (page.id, page.revision)
            self._published_len[key] = self._changes()
            self._published_len.pop((page.id, page.revision - 40), None)

        async def action(context_id: Any, body: Any) -> Any:
            async with self.lock:
                page = preview._pages.get(context_id) if isinstance(context_id, str) else None
                if page is not None and isinstance(body, dict):
                    body = self._forward_revision(page, body)
                result = await act(context_id, body)
                self._seen = self._changes()  # that action's publication showed them
                return result

        preview._publish = published
        preview._action = action

    def _forward_revision(self, page: Any, body: dict[str, Any]) -> dict[str, Any]:
        shown = body.get("published_revision")
        if not isinstance(shown, int) or isinstance(shown, bool) or shown == page.revision:
            return body
        then = self._published_len.get((page.id, shown))
        now = self._published_len.get((page.id, page.revision))
        if then is not None and then == now == self._changes():
            return {**body, "published_revision": page.revision}
        return body

    async def step(self) -> None:
        env = self.world.env
        async with self.lock:
            if env._operation_task is not None:
                return
            lag = self.wall() - env.now().timestamp()
            if lag > 0.001:
                await env.advance_time(lag)
            preview = self.preview
            if preview is None or preview._closed:
                return
            changes = self._changes()
            due = (
                self.timers_running() and time.monotonic() - self._last_refresh >= COUNTDOWN_REFRESH
            )
            if changes != self._seen or due:
                await preview.refresh()
                self._seen = changes
                self._last_refresh = time.monotonic()

    async def run(self, stop: asyncio.Event) -> None:
        from simcord import SetupError

        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), timeout=TICK)
            try:
                await self.step()
            except SetupError:
                continue  # a browser action or a view switch started meanwhile
            except Exception:
                log.exception("could not keep the preview page current")


# -- the page with DMs and threads -----------------------------------------------------------

NAV_CSS = """
#boardroom-nav { flex: 0 0 auto; display: flex; flex-wrap: wrap; gap: 6px; align-items: center;
  padding: 6px 12px; background: #1e1f22; color: #dbdee1;
  font: 14px/20px var(--preview-font-sans, sans-serif);
  border-bottom: 1px solid #ffffff14; }
#boardroom-nav strong { color: #f2f3f5; margin-right: 4px; }
#boardroom-nav .group { display: flex; gap: 4px; align-items: center; margin-right: 10px; }
#boardroom-nav .label { color: #949ba4; margin-right: 2px; }
#boardroom-nav button { border: 0; border-radius: 4px; padding: 3px 10px; cursor: pointer;
  background: #35363c; color: #dbdee1; font: inherit; }
#boardroom-nav button:hover { background: #41434a; }
#boardroom-nav button[aria-current="page"] { background: #5865f2; color: #fff; }
#boardroom-nav .unread { display: inline-block; min-width: 16px; margin-left: 5px; padding: 0 4px;
  border-radius: 8px; background: #f23f43; color: #fff; font-size: 12px; line-height: 16px;
  text-align: center; }
#boardroom-nav .note { color: #949ba4; }
"""

NAV_JS = """
const bar = document.createElement("nav");
bar.id = "boardroom-nav";
bar.setAttribute("aria-label", "Boardroom preview: channels and DMs");
document.body.prepend(bar);
const capability = () => location.hash.replace(/^#/, "");
let last = "";
async function call(path, body) {
  const options = { headers: { "X-Simcord-Capability": capability() } };
  if (body) Object.assign(options, { method: "POST", body: JSON.stringify(body) });
  const r = await fetch(path, options);
  if (!r.ok) throw new Error(String(r.status));
  return r.json();
}
function button(view, current) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = view.label;
  b.dataset.view = view.key;
  b.dataset.label = view.label;
  b.title = view.title;
  if (view.key === current) b.setAttribute("aria-current", "page");
  if (view.unread) {
    const n = document.createElement("span");
    n.className = "unread";
    n.textContent = String(view.unread);
    n.setAttribute("aria-label", `${view.unread} new`);
    b.append(n);
  }
  b.addEventListener("click", async () => {
    if (view.key === current) return;
    bar.querySelectorAll("button").forEach((x) => { x.disabled = true; });
    try {
      const next = await call("/boardroom/switch", { view: view.key });
      location.hash = next.capability;
      location.reload();
    } catch (error) {
      bar.querySelector(".note").textContent = "Could not switch view; reload the page.";
    }
  });
  return b;
}
function render(state) {
  const key = JSON.stringify(state);
  if (key === last) return;
  last = key;
  bar.replaceChildren();
  const title = document.createElement("strong");
  title.textContent = "Boardroom";
  bar.append(title);
  for (const group of state.groups) {
    const box = document.createElement("span");
    box.className = "group";
    const label = document.createElement("span");
    label.className = "label";
    label.textContent = group.label;
    box.append(label);
    for (const view of group.views) box.append(button(view, state.current));
    bar.append(box);
  }
  const note = document.createElement("span");
  note.className = "note";
  note.textContent = state.note;
  bar.append(note);
}
async function poll() {
  try {
    render(await call("/boardroom/views"));
  } catch (error) {
    if (error.message === "401") {
      bar.querySelector(".note")?.replaceChildren("This view was replaced in another tab: reload.");
      return;
    }
  }
  setTimeout(poll, 1500);
}
poll();
"""

_HOP = {
    "connection",
    "keep-alive",
    "proxy-authenticate",
    "proxy-authorization",
    "te",
    "trailers",
    "transfer-encoding",
    "upgrade",
    "content-length",
    "content-encoding",
    "host",
}


def _closed(message: Any) -> bool:
    """A SimCord message whose controls are all disabled (a DM whose choice closed)."""
    items = [
        c for row in getattr(message, "components", None) or [] for c in row.get("components", [])
    ]
    return bool(items) and all(c.get("disabled") for c in items)


class Switcher:
    """Serves the preview page on ``port``: SimCord's page and API passed through, plus a
    bar to switch between #games, each member's DMs and the threads of #games.

    SimCord presents one channel per session (a DM session to its owner only), allows one
    session per environment, and forbids framing its page; so a switch ends SimCord's
    session and opens a new one on the chosen channel, and the bar reloads the page with
    the new session's capability."""

    def __init__(self, world: World, keeper: ClockKeeper, sock: socket.socket) -> None:
        self.world = world
        self.keeper = keeper
        self.sock = sock  # bound by ``bind`` before the bot opened its database
        self.port = int(sock.getsockname()[1])
        self.preview: Any = None
        self.view = "channel"
        self.switching = False
        self.ended = asyncio.Event()  # the user ended the session (SimCord's "End preview")
        self._read: dict[int, set[int]] = {}  # DM channel id -> ids of messages seen there
        self._runner: Any = None
        self._session: Any = None
        self._watch: asyncio.Task[None] | None = None

    # views

    def _dm_channel(self, member: Any) -> int | None:
        found = self.world.env.backend.dm_channels.get(member.id)
        return int(found) if found is not None else None

    def _messages_in(self, channel_id: int | None) -> dict[int, Any]:
        if channel_id is None:
            return {}
        return dict(self.world.env.backend.messages.get(channel_id, {}))

    def _unread(self, channel_id: int | None) -> int:
        """DMs not seen yet, leaving out those the bot closed (every control disabled: the
        choice was made elsewhere or ran out), which need no reading."""
        seen = self._read.get(channel_id or 0, set())
        return sum(
            1
            for mid, message in self._messages_in(channel_id).items()
            if mid not in seen and not _closed(message)
        )

    def views(self) -> dict[str, Any]:
        """The bar: #games and its threads, then one DM button per member with unread counts."""
        channels = [
            {
                "key": "channel",
                "label": f"#{CHANNEL_NAME}",
                "title": "The game channel",
                "unread": 0,
            }
        ]
        for thread in self.world.channel.threads:
            channels.append(
                {
                    "key": f"thread:{thread.id}",
                    "label": f"🧵 {thread.name}",
                    "title": f"Thread {thread.name} in #{CHANNEL_NAME}",
                    "unread": 0,
                }
            )
        channels.append(
            {
                "key": NEW_THREAD,
                "label": "+ thread",
                "title": f"Start a thread in #{CHANNEL_NAME} as the member shown "
                "(a second game can be played there)",
                "unread": 0,
            }
        )
        dms = []
        for member in self.world.members:
            cid = self._dm_channel(member)
            key = f"dm:{member.id}"
            unread = 0 if key == self.view else self._unread(cid)
            dms.append(
                {
                    "key": key,
                    "label": member.name,
                    "title": f"{member.name}'s DMs with the bot (only {member.name} sees them)",
                    "unread": max(0, unread),
                }
            )
        waiting = [f"{d['label']} ({d['unread']})" for d in dms if d["unread"]]
        if waiting:
            note = f"New DMs: {', '.join(waiting)} — press a name to read them."
        elif self.view.startswith("dm:"):
            note = "Only this member sees these DMs; #games returns to the channel."
        else:
            note = "Private offers and secret choices arrive in a member's DMs."
        return {
            "current": self.view,
            "groups": [
                {"label": "Channel", "views": channels},
                {"label": "DMs", "views": dms},
            ],
            "note": note,
        }

    def _target(self, view: str) -> tuple[Any, list[Any]]:
        """SimCord channel handle and viewers of ``view`` (``channel``, ``dm:<member id>``,
        ``thread:<thread id>``); raises ``ValueError`` for an unknown view."""
        world = self.world
        if view == "channel":
            return world.channel, world.members
        kind, _, ident = view.partition(":")
        if kind == "dm":
            member = next((m for m in world.members if str(m.id) == ident), None)
            if member is None:
                raise ValueError(f"no member {ident}")
            return member.user.dm_channel, [member.user]
        if kind == "thread":
            thread = next((t for t in world.channel.threads if str(t.id) == ident), None)
            if thread is None:
                raise ValueError(f"no thread {ident}")
            return thread, world.members
        raise ValueError(f"unknown view {view!r}")

    async def new_thread(self) -> str:
        """Start a thread in #games as the member shown; returns its view key."""
        owner = self._member_in_view() or self.world.members[0].id
        number = len(self.world.channel.threads) + 2
        async with self.keeper.lock:
            thread = await self.world.open_thread(f"table {number}", owner)
        return f"thread:{thread.id}"

    def _member_in_view(self) -> int | None:
        """The member the browser shows now (the page used last), if any."""
        preview = self.preview
        if preview is None:
            return None
        pages = [p for p in preview._pages.values() if p.id != "python"] or [preview._python]
        shown = max((p for p in pages if p is not None), key=lambda p: p.last_activity)
        return int(shown.viewer.id)

    async def open(self, view: str) -> Any:
        """End the current SimCord session (if any) and open one on ``view``; the page opens
        as the member shown before (SimCord's page starts as the first viewer)."""
        channel, viewers = self._target(view)
        member = self._member_in_view()
        viewers = sorted(viewers, key=lambda v: v.id != member)
        async with self.keeper.lock:
            self.switching = True
            try:
                if self.preview is not None:
                    await self.preview.close()
                self.preview = None
                preview = self.world.env.preview(
                    channel,
                    viewers=viewers,
                    layout="channel",
                    port=0,
                    width=1280,
                    height=900,
                )
                await preview.__aenter__()
                self.preview = preview
                self.view = view
                self.keeper.attach(preview)
                if view.startswith("dm:"):
                    cid = channel.id
                    self._read[cid] = set(self._messages_in(cid))
            finally:
                self.switching = False
        if self._watch is not None:
            self._watch.cancel()
        self._watch = asyncio.create_task(self._watch_closed(self.preview))
        return self.preview

    async def _watch_closed(self, preview: Any) -> None:
        await preview.wait_closed()
        if preview is self.preview and not self.switching:
            self.ended.set()  # closed from the page, not by a switch

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/#{self.preview.capability}"

    # the server

    async def start(self) -> None:
        import aiohttp
        from aiohttp import web

        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/", self._index)
        app.router.add_get("/boardroom/nav.js", self._nav_js)
        app.router.add_get("/boardroom/nav.css", self._nav_css)
        app.router.add_get("/boardroom/views", self._views)
        app.router.add_post("/boardroom/switch", self._switch)
        app.router.add_route("*", "/{tail:.*}", self._pass)
        self._session = aiohttp.ClientSession(auto_decompress=False)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        await web.SockSite(self._runner, self.sock).start()

    async def close(self) -> None:
        if self._watch is not None:
            self._watch.cancel()
        if self.preview is not None:
            self.switching = True
            await self.preview.close()
        if self._runner is not None:
            await self._runner.cleanup()
        if self._session is not None:
            await self._session.close()

    def _authorized(self, request: Any) -> bool:
        preview = self.preview
        return (
            preview is not None
            and request.headers.get("X-Simcord-Capability") == preview.capability
        )

    async def _index(self, request: Any) -> Any:
        from aiohttp import web

        response = await self._forward(request)
        if response.status != 200 or not isinstance(response.body, bytes):
            return response
        page = response.body.decode("utf-8")
        page = page.replace("<title>SimCord Preview</title>", "<title>Boardroom preview</title>")
        page = page.replace(
            "</head>",
            '<link rel="stylesheet" href="/boardroom/nav.css">'
            '<script type="module" src="/boardroom/nav.js"></script></head>',
            1,
        )
        headers = {k: v for k, v in response.headers.items() if k.lower() not in _HOP}
        return web.Response(status=200, body=page.encode("utf-8"), headers=headers)

    async def _nav_js(self, request: Any) -> Any:
        from aiohttp import web

        return web.Response(
            text=NAV_JS,
            content_type="application/javascript",
            headers={"Cache-Control": "no-store"},
        )

    async def _nav_css(self, request: Any) -> Any:
        from aiohttp import web

        return web.Response(
            text=NAV_CSS, content_type="text/css", headers={"Cache-Control": "no-store"}
        )

    async def _views(self, request: Any) -> Any:
        from aiohttp import web

        if not self._authorized(request):
            raise web.HTTPUnauthorized()
        return web.json_response(self.views(), headers={"Cache-Control": "no-store"})

    async def _switch(self, request: Any) -> Any:
        from aiohttp import web

        if not self._authorized(request):
            raise web.HTTPUnauthorized()
        try:
            body = await request.json()
            view = str(body["view"])
            if view != NEW_THREAD:
                self._target(view)
        except (ValueError, KeyError, TypeError):
            raise web.HTTPBadRequest(text="unknown view") from None
        if view == NEW_THREAD:
            view = await self.new_thread()
        preview = await self.open(view)
        return web.json_response({"capability": preview.capability, "view": view})

    async def _pass(self, request: Any) -> Any:
        return await self._forward(request)

    async def _forward(self, request: Any) -> Any:
        """Pass ``request`` to SimCord's server as if the browser had asked it directly."""
        import aiohttp
        from aiohttp import web

        preview = self.preview
        if preview is None or preview._server.port is None:
            raise web.HTTPServiceUnavailable(text="the preview is switching view; reload")
        inner = f"127.0.0.1:{preview._server.port}"
        headers = {k: v for k, v in request.headers.items() if k.lower() not in _HOP}
        headers["Host"] = inner
        if "Origin" in headers:
            headers["Origin"] = f"http://{inner}"
        body = await request.read()
        try:
            async with self._session.request(
                request.method,
                f"http://{inner}{request.rel_url}",
                headers=headers,
                data=body or None,
                allow_redirects=False,
            ) as answer:
                data = await answer.read()
                out = {k: v for k, v in answer.headers.items() if k.lower() not in _HOP}
                if answer.headers.get("Content-Encoding"):
                    out["Content-Encoding"] = answer.headers["Content-Encoding"]
                return web.Response(status=answer.status, body=data, headers=out)
        except (aiohttp.ClientError, OSError):
            # The page still talks to the session a switch (+ thread, a DM) just closed:
            # it reloads on the new one; nothing is wrong, so no traceback.
            raise web.HTTPServiceUnavailable(text="the preview switched view; reload") from None


# -- running it ------------------------------------------------------------------------------


async def run_preview(
    database: str | Path,
    *,
    port: int = 8765,
    members: int = 4,
) -> None:
    """Run the preview until the page's **End preview session** or Ctrl+C.

    The page's port is bound first: when it is busy (another preview runs), this one stops
    before it opens the database, arms a timer or posts anything."""
    try:
        import simcord
    except ImportError:
        raise SystemExit(
            "boardroom preview needs SimCord: pip install -e '.[preview]' (see README)"
        ) from None
    from .app import create_bot

    sock = bind(port)
    try:
        bot = create_bot(database)
        try:
            await _serve(simcord, bot, sock, members, database)
        finally:
            await bot.shutdown()
    finally:
        sock.close()


def bind(port: int) -> socket.socket:
    """A listening socket on ``127.0.0.1:port`` (0: any free port); ``SystemExit`` with a
    sentence if the port is taken."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    # As aiohttp does: a port left in TIME_WAIT by a preview that just stopped is free;
    # one another process listens on is not.
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(("127.0.0.1", port))
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise SystemExit(
            f"boardroom preview: port {port} is not free ({exc.strerror}); another preview "
            "may be running. Choose another with --port or BOARDROOM_PREVIEW_PORT."
        ) from None
    sock.setblocking(False)
    return sock


async def _serve(
    simcord: Any,
    bot: Any,
    sock: socket.socket,
    members: int,
    database: str | Path,
) -> None:
    world = build_world(simcord, bot, members)
    env = world.env
    await env.start()
    with env.time_context():
        try:
            await _present(world, bot, sock, members, database)
        finally:
            await env.shutdown()


async def _present(
    world: World,
    bot: Any,
    sock: socket.socket,
    members: int,
    database: str | Path,
) -> None:
    env = world.env
    await env.settle()
    shown = await greet(bot, world)
    await env.settle()
    keeper = ClockKeeper(world, bot.services.timers.has_timers)
    switcher = Switcher(world, keeper, sock)
    await switcher.start()
    stop = asyncio.Event()
    clock: asyncio.Task[None] | None = None
    try:
        await switcher.open("channel")
        names = ", ".join(NAMES[:members])
        print(f"\nBoardroom preview is running with {members} simulated members ({names}).")
        print(f"Open this address in your browser:\n\n    {switcher.url}\n")
        print("Type /game new in the message box, switch members to join, then press Start.")
        print("The bar at the top opens each member's DMs (private offers arrive there).")
        print(f"Games are saved in {Path(database).resolve()}. Stop with Ctrl+C.\n", flush=True)
        if shown:
            print(f"{shown} unfinished game(s) reposted in #{CHANNEL_NAME}.", flush=True)
        clock = asyncio.create_task(keeper.run(stop))
        await switcher.ended.wait()
    finally:
        stop.set()
        if clock is not None:
            await clock
        await switcher.close()
