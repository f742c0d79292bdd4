"""Masters of Commerce renderer: golden images (with a tolerance), purity, privacy, /hand text.

The views come from the real engine (see ``moc_fixtures``). Set ``BOARDROOM_UPDATE_GOLDEN=1``
to rewrite the golden PNGs after an intended change, then look at them before committing.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import replace

import pytest
from PIL import Image

from games.masters_of_commerce import MocView, Phase
from render.common import to_png
from render.masters_of_commerce import hand_text, render_board

from .golden import GOLDEN_DIR, UPDATE, check_golden, mean_abs_diff
from .moc_fixtures import (
    ALL,
    auction_7p,
    final_4p,
    final_8p,
    mid_11p,
    negotiation_3p,
    sealed_4p,
)

CASES: dict[str, tuple[Callable[[], MocView], str]] = {
    "moc_negotiation_3p": (negotiation_3p, "light"),
    "moc_negotiation_3p_own_view": (lambda: negotiation_3p(0), "light"),
    "moc_mid_11p": (mid_11p, "light"),
    "moc_mid_11p_dark": (mid_11p, "dark"),
    "moc_auction_7p": (auction_7p, "light"),
    "moc_final_8p": (final_8p, "light"),
}


def _everyones_secrets(make: Callable[..., MocView]) -> MocView:
    """The public view with every seat's private fields filled in, as a leak would."""
    public = make()
    players = tuple(make(s).players[s] for s in range(public.n_players))
    return replace(public, players=players)


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(name: str) -> None:
    make, theme = CASES[name]
    check_golden(name, render_board(make(), theme=theme))


def test_fixtures_show_what_the_goldens_promise() -> None:
    """The fixture positions hold the features the golden images are meant to cover."""
    three = negotiation_3p()
    assert three.variant and three.phase is Phase.NEGOTIATION and three.n_players == 3
    assert any(o for o in (negotiation_3p(0).players[0].offers_made or ()))

    mid = mid_11p()
    deeds = [d for dist in mid.districts for d in dist.deeds]
    assert mid.n_players == 11 and len(mid.districts) == 5
    assert any(d.closed for d in deeds)
    assert any(d.exclusive for d in deeds)
    assert any(d.x2 and d.merchant is not None for d in deeds)
    assert any(p.liens_on for p in mid.players)
    assert max(len(dist.deeds) for dist in mid.districts) >= 8

    auction = auction_7p()
    assert auction.auction is not None and auction.auction.mode == "open"
    assert auction.auction.high_bid is not None and auction.auction.results

    sealed = sealed_4p()
    assert sealed.auction is not None and sealed.auction.mode == "sealed"
    assert sealed.auction.bidders

    final = final_8p()
    assert final.outcome is not None and not final.variant
    assert any(p.merchant_bankrupt for p in final.players)
    assert final_4p().outcome is not None and final_4p().variant


def test_render_is_pure() -> None:
    view = mid_11p()
    first = to_png(render_board(view))
    render_board(final_8p(), theme="dark")  # other renders in between must not leak state
    render_board(negotiation_3p(0), scale=0.5)
    assert to_png(render_board(view)) == first
    assert view == mid_11p()


@pytest.mark.parametrize("name", ["negotiation_3p", "mid_11p", "sealed_4p", "auction_7p"])
def test_public_image_never_shows_private_offers_or_bids(name: str) -> None:
    """Offers and sealed bids present in a view with ``viewer=None`` are not drawn at all."""
    public = ALL[name]()
    leaked = _everyones_secrets(ALL[name])
    assert leaked.viewer is None
    if name in ("negotiation_3p", "mid_11p"):
        assert any(p.offers_made for p in leaked.players), "fixture has no offers to hide"
    if name == "sealed_4p":
        assert any(p.sealed_bid for p in leaked.players), "fixture has no sealed bid to hide"
    assert to_png(render_board(leaked)) == to_png(render_board(public))


def test_own_view_lists_own_offers_only() -> None:
    public = render_board(negotiation_3p())
    own = render_board(negotiation_3p(0))
    assert own.size != public.size or mean_abs_diff(public, own) > 0
    # Another seat's secrets in seat 0's view change nothing: only the viewer's own are drawn.
    mine = negotiation_3p(0)
    others = replace(
        mine,
        players=tuple(
            mine.players[s] if s == 0 else negotiation_3p(s).players[s]
            for s in range(mine.n_players)
        ),
    )
    assert to_png(render_board(others)) == to_png(render_board(mine))


@pytest.mark.parametrize("name", sorted(ALL))
def test_every_fixture_renders_within_discord_bounds(name: str) -> None:
    image = render_board(ALL[name]())
    assert image.mode == "RGB"
    assert image.width == 1400
    assert image.height <= 1800
    assert len(to_png(image)) < 2 * 1024 * 1024


def test_scale_changes_size_only_proportionally() -> None:
    full = render_board(auction_7p())
    half = render_board(auction_7p(), scale=0.5)
    assert abs(half.width - full.width / 2) <= 2
    assert abs(half.height - full.height / 2) <= 2


def test_bad_options_are_rejected() -> None:
    with pytest.raises(ValueError):
        render_board(negotiation_3p(), theme="neon")
    with pytest.raises(ValueError):
        render_board(negotiation_3p(), scale=0)


@pytest.mark.parametrize("name", sorted(ALL))
def test_hand_text_is_short_for_every_seat(name: str) -> None:
    make = ALL[name]
    for seat in range(make().n_players):
        text = hand_text(make(seat), seat)
        assert len(text) < 1500
        assert f"p{seat + 1}" in text


def test_hand_text_shows_money_roles_contracts_and_offers() -> None:
    view = negotiation_3p(0)
    me = view.players[0]
    text = hand_text(view, 0)
    assert f"${me.money:,}" in text
    assert "Both roles" in text
    for offer in me.offers_made or ():
        assert f"`{offer.deed}`" in text
    assert "offer" in text.lower()
    mid = mid_11p(2)  # a merchant with a lien on them
    text = hand_text(mid, 2)
    assert "Liens on you" in text and "You rent" in text


def test_hand_text_never_shows_offers_outside_the_seats_own_view() -> None:
    own = hand_text(negotiation_3p(0), 0)
    assert "Offers you made" in own
    for viewer in (None, 1, 2):
        text = hand_text(negotiation_3p(viewer), 0)
        assert "Offers you made" not in text and "Offers to you" not in text


def test_hand_text_unknown_seat() -> None:
    with pytest.raises(KeyError):
        hand_text(negotiation_3p(), 3)


def test_golden_files_are_pngs() -> None:
    if UPDATE:
        pytest.skip("goldens being rewritten")
    for name in CASES:
        data = (GOLDEN_DIR / f"{name}.png").read_bytes()
        assert Image.open(io.BytesIO(data)).format == "PNG"
