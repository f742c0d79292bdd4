"""Kenchiku in Japanese (issue 23): every component the boards name and every option has a
Japanese text in ``i18n/locales/ja/kenchiku.po``, and a whole game read in Japanese (events,
refusals, move labels, panel descriptions, phase names, the outcome) holds no English words
apart from notation, plot coordinates and seat tokens.

The helpers here (``said_in_japanese``, ``english_left``) serve the other games' files too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

import i18n
from games.core import GameError, GameRecord, GameSpec, Rng, get_game
from games.core.ai import play_out
from games.kenchiku import OPTIONS
from games.kenchiku.components import kenchiku_data
from games.kenchiku.view import MARKER_TYPES

from ..contract.support import fixture_paths, load_fixture, seat_count

JA = "ja"
PREFIX = "kenchiku"

NOTATION = re.compile(r"`[^`]*`")
"""Move notation and option values stay ASCII inside Japanese sentences."""
ALLOWED = re.compile(r"\b(?:p\d{1,2}|[a-hA-H][1-8])\b")
"""Seat tokens (``p2``, replaced by names later) and plot coordinates (``e4``, ``E4``)."""


def english_left(text: str, allowed: re.Pattern[str] = ALLOWED) -> list[str]:
    """The Latin-letter words of ``text`` outside notation and ``allowed`` tokens."""
    rest = allowed.sub(" ", NOTATION.sub(" ", text))
    return re.findall(r"[A-Za-z]{2,}", rest)


def _sayings(state: Any, seat: int, rng: Rng) -> Iterator[str]:
    """What a player reads before ``seat`` moves: the phase, the labels and descriptions of a
    few legal moves."""
    yield state.phase_name()
    legal = list(state.legal_moves(seat)) if seat >= 0 else []
    for _ in range(min(4, len(legal))):
        move = legal[rng.randrange(len(legal))]
        if move.label != move.notation:  # a label that is the notation stays ASCII
            yield move.label
        yield state.describe(seat, move)


def said_in_japanese(spec: GameSpec, records: list[GameRecord], tries: list[str]) -> list[str]:
    """Every sentence of ``records`` replayed (events, private notices, outcome reason, phase
    names, move labels and descriptions, and the refusal of each notation in ``tries`` now and
    then) in Japanese."""
    out: list[str] = []
    rng = Rng(1)
    for record in records:
        state = spec.new_game(spec.resolve_options(record.options), record.seats, record.seed)
        state.engine_version = record.engine_version
        for n, (seat, notation) in enumerate(record.moves):
            if n % 5 == 0:
                out += [i18n.tr(x, JA) for x in _sayings(state, seat, rng)]
                for attempt in tries:
                    try:
                        reason = state.refusal(seat, state.parse_move(seat, attempt))
                    except GameError as exc:
                        reason = exc.msg if hasattr(exc, "msg") else None
                    if reason:
                        out.append(i18n.tr(reason, JA))
            move = state.parse_move(seat, notation)
            out += [i18n.tr(e, JA) for e in state.apply(seat, move)]
            out += [i18n.tr(n.text, JA) for n in state.notices(seat, move).values()]
        outcome = state.outcome()
        if outcome is not None:
            out.append(i18n.tr(outcome.reason, JA))
    return out


def assert_japanese(said: list[str], words: tuple[str, ...], allowed: re.Pattern[str] = ALLOWED):
    """No sentence of ``said`` keeps English outside ``allowed`` tokens, and the game's own
    ``words`` (its seed's vocabulary) appear."""
    english = {s: english_left(s, allowed) for s in said if english_left(s, allowed)}
    assert not english, "\n".join(f"{s!r}: {w}" for s, w in list(english.items())[:20])
    text = "\n".join(said)
    assert all(word in text for word in words), [w for w in words if w not in text]


def _records(spec: GameSpec, playouts: int = 3) -> list[GameRecord]:
    records = [load_fixture(p).record for p in fixture_paths(spec.key)]
    records += [play_out(spec, seat_count(spec, i), 9100 + i)[1] for i in range(playouts)]
    return records


def _term(kind: str, ident: str, english: str) -> str:
    return i18n.term(JA, PREFIX, kind, ident, english)


def test_every_voice_card_has_a_japanese_title_and_text():
    for card in kenchiku_data().voices:
        title = _term("voice", card.id, card.title)
        text = _term("voice_text", card.id, card.text)
        assert title != card.title and not english_left(title), card.id
        assert text != card.text and not english_left(text), card.id
        assert f"+{card.amount}" in text, card.id  # the card's amount, filled in


def test_every_marker_district_and_reward_has_a_japanese_name():
    data = kenchiku_data()
    names = {
        **{("marker", m): m.capitalize() for m in MARKER_TYPES},
        **{("district", d.id): d.name for d in data.city.districts},
        ("reward", "money"): "Money",
        ("reward", "honour"): "Honour",
        ("voice_kind", "administration"): "Administration voice",
        ("voice_kind", "citizen"): "Citizen voice",
    }
    found = {k: _term(*k, english) for k, english in names.items()}
    assert all(found[k] != names[k] and not english_left(found[k]) for k in names), found
    # the seed's own words (002: 構造・意匠・計画・労働者, 行政の声, 市民の声)
    assert [found["marker", m] for m in MARKER_TYPES] == ["構造", "意匠", "計画", "労働者"]
    assert found["voice_kind", "administration"] == "行政の声"
    assert found["voice_kind", "citizen"] == "市民の声"


def test_every_option_has_a_japanese_description():
    for option in OPTIONS:
        text = i18n.option_text(JA, PREFIX, option.name, option.description)
        assert text != option.description, option.name
        assert not english_left(text), (option.name, english_left(text))


def test_a_whole_game_reads_in_japanese():
    spec = get_game(PREFIX)
    tries = [
        "build a1 money",
        "park h8",
        "buy design",
        "rest drop structure",
        "rest",
        "loan take",
        "loan repay",
        "done",
        "build z9 money",
        "buy gold",
    ]
    said = said_in_japanese(spec, _records(spec), tries)
    assert len(said) > 500
    assert_japanese(said, ("建設", "金", "名誉点", "休憩", "給料", "ダイス"))


@pytest.mark.parametrize(
    ("move", "english"),
    [("rest drop design", "design"), ("buy workers", "worker")],
)
def test_marker_words_inside_sentences_are_translated(move, english):
    """Marker types named inside a sentence are keyed words: the English keeps the notation
    word, the Japanese says the seed's name."""
    spec = get_game(PREFIX)
    state = spec.create({}, 2, 5)
    state.companies[0].money = 30
    state.companies[0].markers = [3, 3, 3, 3]
    events = state.apply(0, state.parse_move(0, move))
    assert english in events[0]
    ja = i18n.tr(events[0], JA)
    assert ("意匠" if english == "design" else "労働者") in ja and english not in ja
