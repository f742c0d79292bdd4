"""Issue 23: panel and autocomplete group names (``bot.ui.panel.heading``) in Japanese.

Every notation word and every group of moves (a move's leading words) that a few AI
playouts of each game offer must have a Japanese heading, not the English fallback;
plus ``heading``'s handling of ``+`` card combinations, copy letters and codes."""

from __future__ import annotations

from typing import Any

import pytest

from bot.ui.panel import heading
from games.core import GameSpec
from games.core.ai import play_out

from ..contract.support import contract_games, seat_count

PREFIX = {"masters_of_commerce": "moc"}  # the catalogue's key prefix when not the game's key


def _offered(spec: GameSpec) -> set[str]:
    """Every group notation (a legal move's leading words, a template's prefix) that a
    seat is offered during three AI playouts."""
    seen: set[str] = set()

    def on_move(state: Any, seat: Any, move: Any) -> None:
        for s in state.to_act():
            for m in state.legal_moves(s):
                parts = m.notation.split()
                seen.update(parts)
                seen.update(" ".join(parts[:n]) for n in range(1, len(parts)))
            for t in state.move_templates(s):
                seen.add(t.prefix)
                seen.update(t.prefix.split())

    for i in range(3):
        play_out(spec, seat_count(spec, i), 7000 + i, on_move=on_move)
    return seen


@pytest.mark.parametrize("spec", contract_games(), ids=lambda s: s.key)
def test_every_offered_group_has_a_japanese_heading(spec):
    terms = PREFIX.get(spec.key, spec.key)
    offered = _offered(spec)
    assert offered
    english = {n for n in offered if heading(n, "ja", terms) == heading(n, "en", terms)}
    # numbers are notation in every language
    missing = sorted(n for n in english if any(c.isalpha() for c in n))
    assert not missing, f"{len(missing)} groups fall back to English: {missing[:30]}"


def test_heading_english_is_the_notation_as_typed():
    for n in ("bookstore+cafe+cinema", "post cafe-a", "offer x2g1", "build commerce seattle"):
        assert heading(n, "en", "philadelphia") == n.replace("_", " ").capitalize()
        assert heading(n) == n.capitalize()


def test_heading_names_each_card_of_a_combination():
    assert heading("bookstore+cafe+cinema", "ja", "philadelphia") == "本屋+カフェ+映画館"
    said = heading("submit flush airline+bus+movers", "ja", "philadelphia")
    assert said == "役提出 フラッシュ 航空会社+バス会社+引越し業者"
    # one unknown card: the whole heading is English, never half translated
    assert heading("submit flush cafe+nothing", "ja", "philadelphia") == (
        "Submit flush cafe+nothing"
    )


def test_heading_keeps_a_copy_letter_as_typed():
    assert heading("post cafe-a", "ja", "philadelphia") == "掲載 カフェ-a"
    assert heading("post post-office-b", "ja", "philadelphia") == "掲載 郵便局-b"
    assert heading("give cafe-a p1", "ja", "philadelphia") == "渡す カフェ-a p1"
    assert heading("keep design-office", "ja", "philadelphia") == "手札に加える 設計事務所"
    # a copy letter of nothing known stays English
    assert heading("post zzz-a", "ja", "philadelphia") == "Post zzz-a"


def test_heading_prefers_the_longest_named_run_of_words():
    # "build commerce" builds on the commerce tab (商業), not the department (商務・財務)
    assert heading("build commerce seattle", "ja", "carnegie") == "建設 商業 シアトル"
    assert heading("use commerce money", "ja", "carnegie") == "使用 商務・財務 お金"
    assert heading("undo done", "ja", "moc") == "交渉終了の取り消し"


def test_heading_keeps_plots_numbers_and_codes():
    assert heading("build e2 3", "ja", "kenchiku") == "建設 e2 3"
    assert heading("offer x2g1", "ja", "moc") == "オファー x2g1"
