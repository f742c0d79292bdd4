"""Setup steps of Masters of Commerce (seed 004, "プレーヤー割り当て" and "ゲーム準備")."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.core import Rng


def roll_for_roles(
    rng: Rng, n_players: int, n_landlords: int, faces: Sequence[int]
) -> tuple[frozenset[int], tuple[tuple[int, ...], ...]]:
    """Seats that become landlords, and every seat's red-die rolls in order.

    Every player rolls; the highest rollers become landlords. Players tied across the
    landlord/merchant boundary roll again among themselves (only they), until the landlords
    are settled (seed: "最も高い数を出した人が「地主」となる").
    """
    rolls: list[list[int]] = [[] for _ in range(n_players)]
    contenders = list(range(n_players))
    need = n_landlords
    landlords: list[int] = []
    while need > 0:
        for s in contenders:
            rolls[s].append(rng.choice(faces))
        tied: list[int] = []
        for value in sorted({rolls[s][-1] for s in contenders}, reverse=True):
            group = [s for s in contenders if rolls[s][-1] == value]
            if len(group) <= need:
                landlords += group
                need -= len(group)
                if need == 0:
                    break
            else:
                tied = group
                break
        contenders = tied
    return frozenset(landlords), tuple(tuple(r) for r in rolls)


def deal_districts(
    deck: Sequence[str], landlords: Sequence[int], per_landlord: int, is_x2: Callable[[str], bool]
) -> tuple[dict[int, list[str]], list[str]]:
    """Deal ``per_landlord`` deeds to each landlord from a shuffled ``deck``, round by round.

    An x2 deed dealt at setup goes back and another tile is dealt in its place (seed:
    "x2の土地権利書が配られた場合、元に戻して別のタイルを配る"). Returns the districts and the
    x2 deeds that were redrawn. Everything not dealt is the supply.
    """
    districts: dict[int, list[str]] = {s: [] for s in landlords}
    redrawn: list[str] = []
    it = iter(deck)
    for _ in range(per_landlord):
        for s in landlords:
            for deed in it:
                if is_x2(deed):
                    redrawn.append(deed)
                    continue
                districts[s].append(deed)
                break
            else:
                raise ValueError("not enough deeds to deal the districts")
    return districts, redrawn
