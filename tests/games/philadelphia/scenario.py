"""Scenario helper for Philadelphia rule tests: a real game whose cards, money, ads, item row
and dice are arranged by the test, with every card kept somewhere (85 in all).

``make(hands={0: [...]}, ads={1: [("cafe-a", 1)]}, money={0: 3}, top=[...], items=[...])``
builds the position at the start of round 1's action phase, seat 0 to act (or ``turn`` =
another seat). ``dice(g, 4, 2)`` scripts the next die rolls. ``play(g, seat, text)`` parses
and applies a move like the bot does and returns the event sentences.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from games.core import Rng
from games.philadelphia.state import ENGINE_VERSION, Ad, PhilaState
from games.philadelphia.view import Phase


class ScriptedRng(Rng):
    """An ``Rng`` whose die rolls (``randint``) come from a script; shuffles do nothing so a
    test's arranged deck stays in order."""

    def __init__(self, rolls: Iterable[int]) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, lo: int, hi: int) -> int:
        if not self.rolls:
            raise AssertionError("the test did not script enough die rolls")
        value = self.rolls.pop(0)
        assert lo <= value <= hi
        self.state += 1  # a roll is a random draw (undo barrier)
        return value

    def shuffle(self, items: object) -> None:
        self.state += 1


def make(
    n: int = 2,
    *,
    hands: Mapping[int, Sequence[str]] | None = None,
    ads: Mapping[int, Sequence[tuple[str, int]]] | None = None,
    money: Mapping[int, int] | None = None,
    vp: Mapping[int, int] | None = None,
    top: Sequence[str] = (),
    discard: Sequence[str] = (),
    items: Sequence[str] | None = None,
    item_top: Sequence[str] = (),
    start: int = 0,
    turn: int | None = None,
    actions: int = 2,
    seed: int = 1,
    version: int | None = None,
    options: Mapping[str, str] | None = None,
) -> PhilaState:
    """A game of ``n`` players arranged as given; unnamed cards stay in the ad deck.

    ``hands``/``ads`` replace the dealt hands and areas (seats not named keep empty hands
    only if named with ``[]``; others keep their dealt 4 cards unless ``hands`` names them).
    ``top`` lists the next cards drawn, first drawn first. ``items`` sets the item row,
    ``item_top`` the next item cards to be revealed. ``version`` plays an older engine
    version's rules and card list (default: the current one); ``options`` are game options.
    """
    g = PhilaState(n, seed, options=options, version=version or ENGINE_VERSION)
    hands = dict(hands or {})
    ads = dict(ads or {})
    named = [c for cs in hands.values() for c in cs]
    named += [c for cs in ads.values() for c, _m in cs]
    named += list(top) + list(discard)
    assert len(set(named)) == len(named), "a card is placed twice"
    everyone = [c.id for c in g.data.cards]
    for seat in range(n):
        if seat not in hands:
            keep = [c for c in g.players[seat].hand if c not in named]
            hands[seat] = keep
    placed = {c for cs in hands.values() for c in cs} | set(named)
    rest = [c for c in everyone if c not in placed]
    for seat in range(n):
        g.players[seat].hand = list(hands[seat])
        g.players[seat].ads = [Ad(c, m, 0) for c, m in ads.get(seat, [])]
        if money is not None and seat in money:
            g.players[seat].money = money[seat]
        if vp is not None and seat in vp:
            g.players[seat].vp = vp[seat]
    g.deck = rest + list(reversed(top))
    g.discard = list(discard)
    if items is not None:
        pool = [i.id for i in g.data.items for _ in range(i.copies)] + [g.data.field.id]
        for i in list(items) + list(item_top):
            pool.remove(i)
        g.item_row = list(items)
        g.item_deck = pool + list(reversed(item_top))
        g.item_discard = []
    g.rng = ScriptedRng([])
    g.start_player = start
    g.turn_order = g.seats_from(start)
    g.roller = start
    g.turn_index = g.turn_order.index(start if turn is None else turn)
    g.actions_left = actions
    g.stack = []
    g.events = []
    assert g.card_count() == 85
    return g


def dice(g: PhilaState, *rolls: int) -> None:
    """Script the next recruitment rolls."""
    assert isinstance(g.rng, ScriptedRng)
    g.rng.rolls.extend(rolls)


def play(g: PhilaState, seat: int, text: str) -> list[str]:
    """Apply ``text`` for ``seat`` as the bot would (parse, then validated apply)."""
    events = g.apply(seat, g.parse_move(seat, text))
    assert g.card_count() == 85, "cards were created or lost"
    return events


def finish_actions(g: PhilaState) -> list[str]:
    """End the action phase now (as if every remaining action were taken) and run on into
    the recruitment phase: the next roll must be scripted."""
    assert g.phase is Phase.ACTION and not g.stack
    g.turn_index = len(g.turn_order)
    g.actions_left = 0
    return g.advance()


def ad_cards(g: PhilaState, seat: int) -> list[str]:
    return [ad.card for ad in g.players[seat].ads]


def months(g: PhilaState, card: str) -> int:
    found = g.find_ad(card)
    assert found is not None
    return found[1].months


def legal(g: PhilaState, seat: int) -> list[str]:
    return [m.notation for m in g.legal_moves(seat)]


def hit(g: PhilaState, card: str, *also: str) -> int:
    """A die face on which ``card`` succeeds (and every card of ``also``, if one exists)."""
    faces = set(g.job(card).numbers)
    for other in also:
        faces &= g.job(other).numbers
    assert faces, f"no face makes {card} and {also} succeed together"
    return min(faces)


def miss(g: PhilaState, *cards: str) -> int:
    """A die face on which none of ``cards`` succeeds."""
    taken = set().union(*(g.job(c).numbers for c in cards))
    return min(set(range(1, g.rules.die_faces + 1)) - taken)


def last_month(g: PhilaState, card: str) -> int:
    """Month markers that make ``card`` default in this round's update phase."""
    return g.job(card).duration - 1


def only(g: PhilaState, card: str, *others: str) -> int:
    """A die face on which ``card`` succeeds and none of ``others`` does."""
    faces = set(g.job(card).numbers) - set().union(*(g.job(c).numbers for c in others))
    assert faces, f"no face makes {card} succeed without {others}"
    return min(faces)
