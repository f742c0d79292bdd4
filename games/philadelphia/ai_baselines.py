"""Fixed simple Philadelphia strategies the AI is measured against (issue 21's targets;
``tools/philadelphia_sim.py strategies``, ``boardroom bench --only ai``).

``never-post``: the heuristic that never posts an ad (unless posting is the only legal
action); ``always-post``: posts the best affordable ad whenever it can, otherwise plays as the
heuristic; ``hands-only``: never posts and never buys an item: explores, acquires, submits
hands. Effects' choices are answered as the heuristic (``ai.HeuristicPolicy``) answers them.
"""

from __future__ import annotations

from typing import Any

from games.core import Move, Rng

from .ai import HeuristicPolicy, Style
from .moves import Buy, Post
from .state import PhilaState

SIMPLE = ("never-post", "always-post", "hands-only")


class SimpleBot:
    """One of the ``SIMPLE`` strategies (module docstring). Raises ``ValueError`` for
    another name."""

    def __init__(self, kind: str) -> None:
        if kind not in SIMPLE:
            raise ValueError(f"unknown simple strategy {kind!r}")
        self.kind = kind
        self.ai = HeuristicPolicy(Style(kind, post_min=99.0) if kind != "always-post" else None)

    def choose(self, state: Any, seat: int, rng: Rng) -> Move:
        g: PhilaState = state
        if g.stack:
            return self.ai.choose(g, seat, rng)
        legal = list(g.legal_moves(seat))
        if self.kind == "always-post":
            posts = [m for m in legal if isinstance(m, Post)]
            if posts:
                return max(posts, key=lambda m: self.ai.ad_value(g, seat, m.card))
            return self.ai.choose(g, seat, rng)
        banned: tuple[type, ...] = (Post,) if self.kind == "never-post" else (Post, Buy)
        move = self.ai.choose(g, seat, rng)
        if not isinstance(move, banned):
            return move
        allowed = [m for m in legal if not isinstance(m, banned)]
        return allowed[0] if allowed else move
