"""Results and ratings (issue 12): every game that ends is recorded per seat; finished games
played by two or more members and no AI seat update per-game ratings with openskill's
Plackett-Luce model (made for multiplayer results with ties), on the game's server and
globally.

Not rated (recorded, and counted in ``/stats`` games): games with an AI seat, solo games
(Carnegie against Andrew), games imported from a record, and abandoned games.

The shown rating is openskill's conservative estimate ``mu - 3 sigma`` (0 for a newcomer,
rising as results come in). ``sync`` records every ended game not yet recorded, oldest
first, so a restart between a game's end and its rating loses nothing, ratings of a database
from before migration 14 are built from its history, and a game is never rated twice.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

from openskill.models import PlackettLuce

from games.core import Msg

from ..storage import GameRow, RatingRow, ResultRow, Storage

log = logging.getLogger(__name__)

GLOBAL = 0  # the scope of global ratings (a server's scope is its id)
MODEL = PlackettLuce()


def rate(before: Sequence[tuple[float, float]], ranks: Sequence[int]) -> list[tuple[float, float]]:
    """New ``(mu, sigma)`` of each player from their old ones and the game's ``ranks``
    (1 = best; equal ranks are a tie)."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    after = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [(team[0].mu, team[0].sigma) for team in after]


async def rating_changes(
    storage: Storage,
    scopes: Sequence[int],
    game_key: str,
    users: Sequence[int],
    ranks: Sequence[int],
    when: str,
) -> list[RatingRow]:
    """The new rating rows of ``users`` (in seat order, with their ``ranks``) in each scope:
    current ratings read (a newcomer starts at openskill's defaults), updated together."""
    changes: list[RatingRow] = []
    for scope in scopes:
        old = await storage.ratings_of(scope, game_key, users)
        before = [(old[u].mu, old[u].sigma) if u in old else (MODEL.mu, MODEL.sigma) for u in users]
        for u, rank, (mu, sigma) in zip(users, ranks, rate(before, ranks), strict=True):
            prev = old.get(u)
            changes.append(
                RatingRow(
                    scope,
                    game_key,
                    u,
                    mu,
                    sigma,
                    (prev.games if prev else 0) + 1,
                    (prev.wins if prev else 0) + int(rank == 1),
                    when,
                )
            )
    return changes


def why_unrated(row: GameRow, imported: bool) -> str | None:
    """Why a game that ended does not count for ratings (a keyed ``Msg``: ``i18n.tr`` says
    it in a reader's language), or ``None`` if it does."""
    if row.status != "finished" or not row.outcome:
        return Msg("bot.ratings.unrated_abandoned", "abandoned")
    if imported:
        return Msg("bot.ratings.unrated_imported", "imported")
    if any(s.kind != "human" or s.user_id is None for s in row.seats):
        return Msg("bot.ratings.unrated_ai_seat", "AI seat")
    if len({s.user_id for s in row.seats}) < 2:
        return Msg("bot.ratings.unrated_solo", "solo")
    return None


class Ratings:
    """Records results and updates ratings; one ``sync`` at a time (across processes, on a
    shared PostgreSQL database)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._lock = asyncio.Lock()
        self.rated = 0  # games rated since start (for tests and logs)

    async def sync(self) -> int:
        """Record every ended game without results (and rate those that count). Returns how
        many games were recorded."""
        # one pass at a time in the fleet, too: ratings are read, changed and written back
        async with self._lock, self.storage.exclusive("ratings", 0):
            done = 0
            for row in await self.storage.games_without_results():
                try:
                    if await self._record(row):
                        done += 1
                except Exception:
                    log.exception("recording the results of game %s failed", row.id)
            return done

    async def _record(self, row: GameRow) -> bool:
        outcome = row.outcome or {}
        ranks = {int(k): int(v) for k, v in outcome.get("ranks", {}).items()}
        scores = {int(k): int(v) for k, v in outcome.get("scores", {}).items()}
        reason = why_unrated(row, await self.storage.is_imported(row.id))
        results = [
            ResultRow(
                row.id,
                s.seat,
                row.guild_id,
                row.game_key,
                s.user_id if s.kind == "human" else None,
                s.display_name,
                s.kind,
                row.status,
                ranks.get(s.seat),
                scores.get(s.seat),
                int(reason is None),
                row.updated_at,
            )
            for s in row.seats
        ]
        changes: list[RatingRow] = []
        if reason is None:
            users = [s.user_id for s in row.seats if s.user_id is not None]
            seat_ranks = [ranks.get(s.seat, len(row.seats)) for s in row.seats]
            scopes = [GLOBAL] + ([row.guild_id] if row.guild_id else [])
            changes = await rating_changes(
                self.storage, scopes, row.game_key, users, seat_ranks, row.updated_at
            )
        stored = await self.storage.record_results(results, changes)
        if stored and reason is None:
            self.rated += 1
        return stored


__all__ = ["GLOBAL", "MODEL", "Ratings", "rate", "rating_changes", "why_unrated"]
