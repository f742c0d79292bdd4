"""Issue 8, the panel: one layout rule for every game, common moves in two clicks, no
single-choice steps, Discord's limits kept, and "Why not …?" with the engine's reasons."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.ui.panel import FLAT, PAGE, ROW_BUTTONS, ROWS, groups_at, plan
from games.core import get_game
from games.core.registry import BUILTIN_GAMES
from tests.bot.test_kenchiku_bot import open_table

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
GAMES = BUILTIN_GAMES  # the games the bot offers


def positions(game: str, every: int):
    """(state, seat) at every ``every``-th position of the game's first two fixtures."""
    for path in sorted((FIXTURES / game).glob("*.json"))[:2]:
        data = json.loads(path.read_text(encoding="utf-8"))
        spec = get_game(data["game"])
        state = spec.new_game(
            spec.resolve_options(data.get("options", {})), data["seats"], data["seed"]
        )
        state.engine_version = data.get("engine_version", spec.engine_version)
        for i, (seat, text) in enumerate(data["moves"]):
            if i % every == 0:
                for s in sorted(state.to_act()):
                    yield state, s
            state.apply(seat, state.parse_move(seat, text))


@pytest.mark.parametrize("game", GAMES)
def test_every_panel_keeps_discord_limits_and_has_no_single_choice_steps(game):
    direct = total = 0
    for state, seat in positions(game, every=7):
        legal = list(state.legal_moves(seat))
        templates = list(state.move_templates(seat))
        if not legal and not templates:
            continue
        blocks = plan("", legal, templates)
        assert blocks
        seen_moves: set[int] = set()
        for block in blocks:
            if block.kind == "buttons":
                assert 1 <= len(block.entries) <= ROW_BUTTONS
            else:
                assert 2 <= len(block.entries) <= PAGE or len(blocks) > 1
                assert len(block.placeholder) <= 150
            for e in block.entries:
                assert 0 < len(e.label) <= 80 and len(e.description) <= 100
                if e.kind == "move":
                    seen_moves.add(e.index)
                if e.kind == "prefix":
                    # a drill-down always covers more than one choice
                    sub = groups_at(e.prefix, legal, templates)
                    assert sum(len(v) for v in sub.values()) > 1, e
        # every legal move is one pick away, or behind one drill-down button
        drills = [e.prefix for b in blocks for e in b.entries if e.kind == "prefix"]
        for i, m in enumerate(legal):
            assert i in seen_moves or any(m.notation.startswith(p + " ") for p in drills), m
        if len(legal) + len(templates) <= FLAT:
            assert all(b.kind == "buttons" for b in blocks)
        assert len(blocks) <= ROWS, (game, len(blocks))
        direct += len(seen_moves)
        total += len(legal)
    assert total
    print(f"{game}: {direct}/{total} legal moves in two clicks ({100 * direct / total:.0f}%)")


async def test_kenchiku_build_in_two_clicks(simcord_env, table):
    _guild, channel, members = table
    alice, bob, _carol, _ = members
    await open_table(simcord_env, channel, [alice, bob], seed=48)
    board = channel.last_message
    r = await alice.click(board, label="Play")  # click 1
    panel = r.response.message
    buttons = [c.label for row in panel.components for c in row.children if c.type.value == 2]
    assert "Take a loan" in buttons
    menus = [c for row in panel.components for c in row.children if c.type.value == 3]
    build = next(m for m in menus if m.placeholder.startswith("Build"))
    # Each build shows its effect now: the height (land value) and what it pays.
    assert all(
        re.fullmatch(r"Build [A-I]\d · height \d · \+\d+ (money|honour)( \+\d+ bonus)?", o.label)
        for o in build.options
    ), [o.label for o in build.options]
    option = next(o for o in build.options if " money" in o.label)
    r = await alice.select(panel, [option.value], custom_id=build.custom_id)  # click 2
    assert "Played" in r.response.content, r.response.content
    game_id = await simcord_env.bot.manager.game_id_in_channel(channel.id)
    last = (await simcord_env.bot.storage.moves(game_id))[-1]
    assert last.notation == option.description and last.notation.startswith("build ")


async def test_why_not_lists_refused_moves_with_reasons(simcord_env, table):
    _guild, channel, members = table
    alice = members[0]
    res = await alice.slash(channel, "game new", game="carnegie", seed=3)
    await alice.click(res.response.message, label="Start")
    board = channel.last_message
    r = await alice.click(board, label="Play")
    panel = r.response.message
    r = await alice.click(panel, label="Why not …?")
    text = r.response.content if r.response else ""
    assert "Not possible now" in text
    assert "no free housing space" in text  # the step's own refusal sentence
    # and back to the moves
    r = await alice.click(panel, label="Back")
    assert "Choose your move" in r.response.content
