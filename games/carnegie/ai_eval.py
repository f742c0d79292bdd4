"""Carnegie's evaluation at a cut-off (issue 21): a projection of the final VP of a running
game, so a search rollout can stop a few rounds ahead instead of playing to the end.

``project(state, seat)`` is the final scoring applied now (``scoring.score_company``: what
the company would score if the game ended this moment) plus what its engine is expected to
add in the rounds left: a linear model over the company's features (``features``) and each
feature times the rounds left (``L``, this round included). The engine features are the
employees (standing on workplaces, lying idle, on missions, still in the reserve), the
departments staffed by action (each standing employee is a use of its department per round
its action is chosen), departments added but unstaffed, money, goods, project disks waiting
on the tabs, projects built (their incomes), transport boxes, tab progress and donations
made. ``project_andrew(state)`` does the same for Andrew (solo): his running total
(``solo.andrew.score``) plus a model over the rounds left, his disks and donations and the
player's company (his donations score on it: seed ソロルール).

The weights (``WEIGHTS``, ``ANDREW_WEIGHTS``) are fitted, not guessed: a least-squares
regression of the VP still to come (final total minus the total scored now) on these
features at the start of every round, over solo games of ``normal``'s prior against Andrew
(``python -m tests.games.carnegie.fit_eval``, which prints the fit and its R² on held-out
games). ``SPREAD`` is the residual standard deviation of the projected margin by rounds
left, so ``win_chance`` turns a projected margin into a probability of winning.

Pure (no randomness, no clock): a function of the state only, and of nothing a seat may not
see (companies are public; Andrew's deck is not read).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from .data import REGIONS
from .model import LOBBY
from .scoring import score_company


def rounds_left(state: Any) -> int:
    """Rounds still to be played, the current one included (``rules.rounds - round + 1``; the
    weights were fitted at rounds' starts), 0 once the game is over."""
    if state.is_over():
        return 0
    return max(0, state.data.rules.rounds - state.round + 1)


def features(state: Any, seat: int) -> dict[str, float]:
    """The company's engine as numbers (keys of ``WEIGHTS``): counts of employees, staffed
    workplaces by action, unstaffed added departments, money, goods, waiting disks, built
    projects, transport boxes, tab spaces revealed and donations."""
    d = state.data
    c = state.company(seat)
    staffed = {a: 0.0 for a in ("hr", "management", "construction", "rd")}
    unstaffed = 0
    idle = c.lobby
    for cell in c.cells.values():
        idle += cell.inactive
        if cell.dept is None or cell.dept == LOBBY or cell.dept not in d.department:
            continue
        info = d.department[cell.dept]
        uses = cell.active + (1 if info.printed_employee else 0)
        if info.type in staffed and info.use not in ("ongoing", "endgame"):
            staffed[info.type] += uses
        if cell.dept in c.added and cell.active == 0:
            unstaffed += 1
    disks = sum(c.tab_disks(t, d) for t in d.tab)
    return {
        "active": float(c.active_employees()),
        "idle": float(idle),
        "missions": float(sum(c.missions.values())),
        "aside": float(c.aside),
        "hr": staffed["hr"],
        "management": staffed["management"],
        "construction": staffed["construction"],
        "rd": staffed["rd"],
        "unstaffed": float(unstaffed),
        "money": float(c.money),
        "goods": float(c.goods),
        "disks": float(disks),
        "projects": float(len(c.projects)),
        "transport": float(sum(c.tracks[r] for r in REGIONS)),
        "tabs": float(sum(c.revealed.values())),
        "donations": float(len(c.donations)),
    }


def andrew_features(state: Any) -> dict[str, float]:
    """Andrew's side (keys of ``ANDREW_WEIGHTS``): his donations and disks left, and the size
    of the player's company his donations score on (departments, projects)."""
    a = state.andrew
    c = state.company(0)
    return {
        "donations": float(len(a.donations)),
        "disks": float(a.disks),
        "departments": float(len(c.dept_cells())),
        "projects": float(len(c.projects)),
    }


def _linear(
    weights: Mapping[str, tuple[float, float]],
    base: tuple[float, float],
    x: Mapping[str, float],
    left: int,
) -> float:
    """``base[0] + base[1]·L + Σ (w0 + w1·L)·x``: a feature's worth now and per round left."""
    total = base[0] + base[1] * left
    for k, (now, per_round) in weights.items():
        total += (now + per_round * left) * x[k]
    return total


def project(state: Any, seat: int) -> float:
    """Projected final VP of ``seat``'s company: its final scoring now plus the fitted worth
    of its engine over the rounds left; exactly its final score once the game is over."""
    now = float(score_company(state, seat)["total"])
    left = rounds_left(state)
    if left == 0:
        return now
    return now + _linear(WEIGHTS, BASE, features(state, seat), left)


def project_andrew(state: Any) -> float:
    """Projected final VP of Andrew (solo): his score now plus the fitted VP still to come;
    exactly his final score once the game is over."""
    from .solo.andrew import score as andrew_score

    now = float(andrew_score(state)["andrew_total"])
    left = rounds_left(state)
    if left == 0:
        return now
    return now + _linear(ANDREW_WEIGHTS, ANDREW_BASE, andrew_features(state), left)


def spread(left: int) -> float:
    """Residual standard deviation (VP) of the projected margin with ``left`` rounds left."""
    if left <= 0:
        return 0.0
    return SPREAD[min(left, len(SPREAD) - 1)]


def win_chance(margin: float, left: int) -> float:
    """Probability that a projected ``margin`` (mine minus the best rival's) is a win at the
    end, with the projection's error taken as normal with ``spread(left)``; a tie wins
    (seed: shared wins)."""
    s = spread(left)
    if s <= 0.0:
        return 1.0 if margin >= 0 else 0.0
    return 0.5 * (1.0 + math.erf(margin / (s * math.sqrt(2.0))))


# -- fitted weights (python -m tests.games.carnegie.fit_eval) ----------------------------------

BASE: tuple[float, float] = (-0.3209, 0.1452)
WEIGHTS: dict[str, tuple[float, float]] = {
    "active": (1.3290, 1.1324),
    "aside": (-1.7685, -0.2436),
    "construction": (-3.2551, -0.4912),
    "disks": (6.5489, 0.0112),
    "donations": (-1.2679, -0.0892),
    "goods": (0.1143, 0.0269),
    "hr": (-4.2922, -0.8799),
    "idle": (-3.8850, 0.6693),
    "management": (-3.8761, -0.5511),
    "missions": (-0.4884, 0.6193),
    "money": (0.1301, 0.0272),
    "projects": (8.1974, -0.0445),
    "rd": (-4.9077, 0.2129),
    "tabs": (-3.5180, -0.1211),
    "transport": (0.9482, -0.0020),
    "unstaffed": (0.4336, -0.0818),
}
ANDREW_BASE: tuple[float, float] = (6.9603, 4.0637)
ANDREW_WEIGHTS: dict[str, tuple[float, float]] = {
    "departments": (-0.6313, 0.0794),
    "disks": (0.3995, 0.0164),
    "donations": (-1.3834, 0.0876),
    "projects": (0.8127, 0.0379),
}

SPREAD: tuple[float, ...] = (
    0.0,
    8.0,
    9.6,
    10.4,
    11.8,
    13.0,
    13.7,
    13.9,
    15.3,
    15.9,
    16.9,
    17.4,
    18.1,
    18.1,
    18.9,
    19.3,
    20.3,
    20.6,
    21.0,
    20.9,
    20.5,
)
