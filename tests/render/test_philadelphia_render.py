"""Philadelphia renderer: golden images (full size and as Discord shows them inline, 550 px) of
positions replayed from the engine's fixtures (the goldens from engine version 1's, whose
positions do not change; the 11 px sweeps over every fixture), both themes, the hand image and
text, the chat-size rule (no text under 11 px at 550 px, board and hand), purity, scaling and
errors.

``BOARDROOM_UPDATE_GOLDEN=1`` rewrites the goldens after an intended change; look at them
before committing.
"""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path

import pytest

import render.philadelphia as ph
from bot.hand_text import philadelphia_hand as hand_text
from games.core import GameRecord, replay
from games.philadelphia import PhilaState
from games.philadelphia.view import PhilaView
from render.philadelphia import render_board, render_hand

from .chat import MIN_TEXT, fresh, inline, measure
from .golden import check_golden, mean_abs_diff

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "philadelphia"
NAMES = ["Alice", "Bruno", "Chiara", "Dmitri"]


def state_at(fixture: str, moves: int | None) -> PhilaState:
    """The state after the first ``moves`` moves of a fixture (``None``: the whole game)."""
    data = json.loads((FIXTURES / f"{fixture}.json").read_text())
    if moves is not None:
        data["moves"] = data["moves"][:moves]
    state = replay(GameRecord.from_dict(data))
    assert isinstance(state, PhilaState)
    return state


def public(fixture: str, moves: int | None) -> PhilaView:
    view = state_at(fixture, moves).view(None)
    assert isinstance(view, PhilaView)
    return view


# name -> (fixture, moves, theme)
BOARDS = {
    "philadelphia_recruit_3p": ("v1_ai_3p", 33, "light"),  # two ads hired, a lawyer's gather
    "philadelphia_explore_4p_dark": ("v1_ai_4p", 30, "dark"),  # cards revealed for a choice
    "philadelphia_final_3p": ("v1_ai_3p", None, "light"),
}


def test_positions_hold_what_the_goldens_show() -> None:
    recruit = public("v1_ai_3p", 33)
    assert recruit.phase.value == "recruitment" and recruit.pending is not None
    assert sum(a.succeeded for p in recruit.players for a in p.ads) == 2
    explore = public("v1_ai_4p", 30)
    assert explore.pending is not None and explore.pending.kind == "keep"
    assert len(explore.pending.cards) == 4
    assert public("v1_ai_3p", None).outcome is not None


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_golden_board_full_and_inline(name: str) -> None:
    fixture, moves, theme = BOARDS[name]
    image = render_board(public(fixture, moves), names=NAMES, theme=theme)
    check_golden(name, image)
    check_golden(f"{name}_550", inline(image))


def test_golden_hand_full_and_inline() -> None:
    view = state_at("v1_ai_3p", 33).view(1)
    image = render_hand(view, 1, names=NAMES)
    check_golden("philadelphia_hand_6", image)
    check_golden("philadelphia_hand_6_550", inline(image))


@pytest.mark.parametrize(
    "fixture",
    ["ai_2p", "ai_3p", "ai_4p", "mixed_3p", "v1_ai_2p", "v1_ai_3p", "v1_ai_4p", "v1_mixed_3p"],
)
def test_no_text_under_11px_inline_anywhere_in_a_game(fixture: str) -> None:
    """Every fifth position of every fixture, the board and the acting seat's hand."""
    data = json.loads((FIXTURES / f"{fixture}.json").read_text())
    for cut in range(0, len(data["moves"]) + 1, 5):
        state = state_at(fixture, cut)
        fresh(ph)
        seat = next(iter(sorted(state.to_act())), 0)
        board = measure(partial(render_board, state.view(None), names=NAMES))
        assert not board.too_small(MIN_TEXT), (cut, board.too_small(MIN_TEXT)[:5])
        hand = measure(partial(render_hand, state.view(seat), seat, names=NAMES))
        assert not hand.too_small(MIN_TEXT), (cut, hand.too_small(MIN_TEXT)[:5])


def test_board_shows_names_numbers_and_ads() -> None:
    view = public("v1_ai_3p", 33)
    board = measure(lambda: render_board(view, names=NAMES))
    texts = {c.text for c in board.texts}
    for seat, player in enumerate(view.players):
        assert NAMES[seat] in texts or f"▶ {NAMES[seat]}" in texts
        assert f"{player.vp} VP" in texts and f"${player.money}" in texts
        assert f"hand {player.hand_size}" in texts
        for ad in player.ads:
            assert ad.card.id in texts
    assert "Round 4" in texts and str(view.die) in texts
    assert any(t.startswith("Recruitment chance $") for t in texts)  # the item row with prices
    assert any("succeeded" in t and "lawyer-a" in t for t in texts)  # which ads succeeded
    assert any(t == "hired" for t in texts)
    assert not any(t in ("p1", "p2", "p3") for t in texts)


def test_detail_adds_card_texts_in_smaller_type() -> None:
    view = public("v1_ai_3p", 33)
    chat = render_board(view, names=NAMES)
    detail = measure(lambda: render_board(view, names=NAMES, detail=True))
    assert detail.image.height > chat.height
    texts = " ".join(c.text for c in detail.texts)
    assert view.players[1].ads[0].card.text.split()[0] in texts
    assert "Latest events:" in texts and "p2 " not in texts


def test_rendering_is_pure_and_scales() -> None:
    view = public("v1_ai_4p", 30)
    a = render_board(view, names=NAMES)
    assert mean_abs_diff(a, render_board(view, names=NAMES)) == 0
    half = render_board(view, names=NAMES, scale=0.5)
    assert abs(half.width - a.width / 2) <= 1 and abs(half.height - a.height / 2) <= 1
    assert a.width == ph.WIDTH
    hand = render_hand(state_at("v1_ai_4p", 30).view(0), 0, scale=0.5)
    assert hand.width == ph.WIDTH // 2


def test_names_default_to_player_numbers() -> None:
    view = public("v1_ai_2p", 10)
    board = measure(lambda: render_board(view))
    texts = {c.text for c in board.texts}
    assert {"P1", "P2"} & {t.lstrip("▶ ") for t in texts} == {"P1", "P2"}


def test_bad_options_and_hidden_hands_fail() -> None:
    state = state_at("v1_ai_2p", 10)
    with pytest.raises(ValueError):
        render_board(state.view(None), theme="sepia")
    with pytest.raises(ValueError):
        render_hand(state.view(0), 0, scale=0)
    with pytest.raises(ValueError, match="does not show"):
        render_hand(state.view(None), 0)
    with pytest.raises(ValueError, match="does not show"):
        hand_text(state.view(1), 0)
    with pytest.raises(KeyError):
        hand_text(state.view(0), 5)


def test_hand_text_lists_every_card_with_its_values() -> None:
    view = state_at("v1_ai_3p", 33).view(1)
    text = hand_text(view, 1, names=NAMES)
    hand = view.players[1].hand
    assert hand is not None and len(hand) == 6
    assert text.startswith("**Your hand, Bruno**")
    for card in hand:
        assert f"`{card.id}` **{card.name}**" in text
        assert f"cost {card.cost}" in text
        assert "on " + ", ".join(str(n) for n in card.numbers) in text
    assert "Hair salon" in text and "reveal the top 3 cards" in text  # an effect text
    assert len(text) < 2000


def test_hand_text_names_the_choice_to_make() -> None:
    state = state_at("v1_ai_3p", 33)
    pending = state.view(None).pending
    assert pending is not None
    chooser = pending.choosers[0]
    text = hand_text(state.view(chooser), chooser, names=NAMES)
    assert "Your choice:" in text and "Bruno a card" in text


def test_hand_text_stays_under_discords_limit_with_a_big_hand() -> None:
    """The largest hand any fixture reaches, its effects shortened to fit 2,000 characters."""
    biggest = 0
    for fixture in ("ai_2p", "ai_3p", "ai_4p", "mixed_3p", "v1_ai_2p", "v1_ai_3p", "v1_ai_4p"):
        data = json.loads((FIXTURES / f"{fixture}.json").read_text())
        state = state_at(fixture, 0)
        for seat, move in data["moves"]:
            state.apply(seat, state.parse_move(seat, move))
            for s in range(state.n_seats):
                view = state.view(s)
                n = view.players[s].hand_size
                if n >= biggest:
                    biggest = n
                    assert len(hand_text(view, s, names=NAMES)) < 2000
    assert biggest >= 7


def crowded() -> PhilaState:
    """Six ads in one area (two rows of cards) and an 11-card hand, long names."""
    from tests.games.philadelphia.scenario import make

    ads = [("cafe-a", 0), ("architect-a", 2), ("builder-a", 1), ("airline-a", 0)]
    ads += [("guard-a", 2), ("confectioner-a", 1)]
    hand = ["taxi-a", "taxi-b", "hotel-a", "cinema-a", "salon-a", "nurse-a", "lawyer-a"]
    hand += ["courier-a", "printer-a", "forestry-a", "detective-a"]
    return make(
        3, ads={1: ads}, hands={0: hand}, money={0: 12, 1: 3}, vp={2: 9}, start=2, version=1
    )


def test_golden_crowded_area_and_big_hand() -> None:
    state = crowded()
    names = ["Maximilianus Longname", "Bo", "Chiara"]
    board = render_board(state.view(None), names=names)
    check_golden("philadelphia_crowded_3p", board)
    check_golden("philadelphia_crowded_3p_550", inline(board))
    hand = render_hand(state.view(0), 0, names=names)
    check_golden("philadelphia_hand_11_550", inline(hand))
    assert len(hand_text(state.view(0), 0, names=names)) < 2000
    two_rows = measure(partial(render_board, state.view(None), names=names))
    assert not two_rows.too_small(MIN_TEXT)
    assert "confectioner-a" in {c.text for c in two_rows.texts}
