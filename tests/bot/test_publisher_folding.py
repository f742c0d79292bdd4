"""Issue 7: when moves arrive faster than boards can be drawn, only the newest board of a
game is drawn; the moves in between still get their message, as text."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from bot.services.publisher import Announcement, Publisher
from tests.bot.together import slash_together

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "kenchiku" / "v2_4p_mixed.json"


async def test_moves_faster_than_boards_are_folded_into_the_newest_board(simcord_env, table):
    _guild, channel, members = table
    data = json.loads(FIXTURE.read_text())
    options = " ".join(f"{k}={v}" for k, v in data["options"].items())
    host = members[0]
    res = await host.slash(channel, "game new", game="kenchiku", seed=data["seed"], options=options)
    lobby = res.response.message
    for m in members[1 : data["seats"]]:
        await m.click(lobby, label="Join")
    await host.click(lobby, label="Start")
    before = len(channel.history())

    first = data["moves"][:4]  # one move by each of the four seats, in turn order
    # Boards are drawn no sooner than all four moves are committed, so the moves arrive
    # faster than boards, whatever the machine's speed (before, this depended on how many
    # awaits a commit and a delivery took).
    storage, boards = simcord_env.bot.storage, simcord_env.bot.services.boards
    commit_move, draw = storage.commit_move, boards.draw
    all_in = asyncio.Event()

    async def counted(*args: Any, **kwargs: Any) -> None:
        await commit_move(*args, **kwargs)
        if len(await storage.moves(args[0])) == len(first):
            all_in.set()

    async def held(*args: Any, **kwargs: Any) -> Any:
        await all_in.wait()
        return await draw(*args, **kwargs)

    storage.commit_move, boards.draw = counted, held
    await slash_together(
        simcord_env,
        [(members[seat], channel, "move", {"notation": n}) for seat, n in first],
    )

    gid = await simcord_env.bot.manager.game_id_in_channel(channel.id)
    assert [m.notation for m in await simcord_env.bot.storage.moves(gid)] == [n for _, n in first]
    posted = channel.history()[before:]
    with_board = [m for m in posted if m.attachments]
    assert simcord_env.bot.services.publisher.folded >= 1
    assert len(with_board) < len(first)  # boards in between were never drawn
    assert posted[-1].attachments  # the newest move carries the board
    for _seat, notation in first:  # every move was still announced
        assert any(f"`{notation}`" in m.content for m in posted), notation
    assert any("The newest board follows." in m.content for m in posted if not m.attachments)


async def test_a_line_only_move_folded_after_a_change_still_brings_the_board() -> None:
    """Issue 17: a move that keeps the turn is posted as a line without a new board; when
    it is queued behind a move that changed who acts (whose board is then folded), its own
    message draws the board, so the channel never skips the change."""
    drawn: list[int] = []
    sent: list[tuple[int, bool, bool]] = []  # (seq, with a board, folded)

    class Boards:
        async def draw(self, game_key: str, game_id: int, seq: int, view: Any, **kw: Any) -> Any:
            drawn.append(seq)
            return object()

    publisher = Publisher(Any, Any, Boards(), lambda game_id, seq: Any)  # type: ignore[arg-type]

    async def deliver(job: Announcement, board: Any, *, folded: bool) -> None:
        sent.append((job.seq, board is not None, folded))

    publisher._deliver = deliver  # type: ignore[method-assign]

    def job(seq: int, line_only: str = "") -> Announcement:
        return Announcement(
            1, "kenchiku", 1, seq, None, ["head", "line"], [], False, None, line_only=line_only
        )

    # a change of turn, then a loan that keeps it: both queued before the worker runs
    first = publisher.enqueue(job(1))
    second = publisher.enqueue(job(2, line_only="-# bob still to act"))
    await asyncio.gather(first, second)
    assert sent == [(1, False, True), (2, True, False)] and drawn == [2]
    # a loan alone (nothing folded) is a line: no board drawn
    sent.clear()
    drawn.clear()
    await publisher.enqueue(job(3, line_only="-# bob still to act"))
    assert sent == [(3, False, False)] and drawn == []
