"""Hands (役) that can be submitted from a hand of ad cards (seed 役一覧).

pair 1 VP (2 copies of one job), three 3 (3 copies), four 5 (4 copies), flush3 2 (3 different
jobs of one industry), flush4 3 (4 different jobs of one industry). Professional (専門職)
cards never count. A hand is named by kind and job ids; the cards used are the
lowest-lettered copies in hand (copies of a job are identical).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from .cards import PhilaData

KINDS = ("pair", "three", "four", "flush")
SAME_KINDS = {2: "pair", 3: "three", 4: "four"}


@dataclass(frozen=True)
class Combo:
    """One submittable hand: ``kind`` in KINDS, ``jobs`` the job ids (one for same-name hands)."""

    kind: str
    jobs: tuple[str, ...]
    size: int  # cards used

    @property
    def label(self) -> str:
        return "+".join(self.jobs)

    @property
    def score_key(self) -> str:
        """The rules.toml [hands] key: pair, three, four, flush3 or flush4."""
        return f"flush{len(self.jobs)}" if self.kind == "flush" else self.kind


def _by_job(data: PhilaData, hand: Iterable[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for card_id in hand:
        job = data.card_index[card_id].job
        if job.is_professional:
            continue
        out.setdefault(job.id, []).append(card_id)
    for cards in out.values():
        cards.sort()
    return out


def available(data: PhilaData, hand: Sequence[str]) -> list[Combo]:
    """Every hand that can be submitted from ``hand`` now, in a stable order."""
    by_job = _by_job(data, hand)
    out: list[Combo] = []
    for job_id, cards in by_job.items():
        for n in range(2, min(4, len(cards)) + 1):
            out.append(Combo(SAME_KINDS[n], (job_id,), n))
    by_industry: dict[str, list[str]] = {}
    for job_id in by_job:
        by_industry.setdefault(data.job_index[job_id].industry, []).append(job_id)
    for jobs in by_industry.values():
        jobs.sort()  # one canonical notation per flush: job ids in alphabetical order
        for size in (3, 4):
            for group in combinations(jobs, size):
                out.append(Combo("flush", tuple(group), size))
    return out


def parse(data: PhilaData, kind: str, jobs: str) -> Combo | None:
    """The combo named by a ``submit`` move, or ``None`` if the words name no valid hand."""
    ids = tuple(jobs.split("+"))
    if any(j not in data.job_index for j in ids):
        return None
    if any(data.job_index[j].is_professional for j in ids):
        return None
    if kind in ("pair", "three", "four"):
        if len(ids) != 1:
            return None
        return Combo(kind, ids, {"pair": 2, "three": 3, "four": 4}[kind])
    if kind == "flush":
        if len(ids) not in (3, 4) or len(set(ids)) != len(ids):
            return None
        if len({data.job_index[j].industry for j in ids}) != 1:
            return None
        return Combo("flush", ids, len(ids))
    return None


def cards_for(data: PhilaData, hand: Sequence[str], combo: Combo) -> list[str] | None:
    """The cards of ``hand`` that ``combo`` uses (lowest letters first), or ``None``."""
    by_job = _by_job(data, hand)
    if combo.kind == "flush":
        if any(j not in by_job for j in combo.jobs):
            return None
        return [by_job[j][0] for j in combo.jobs]
    cards = by_job.get(combo.jobs[0], [])
    if len(cards) < combo.size:
        return None
    return cards[: combo.size]


def score(data: PhilaData, combo: Combo) -> int:
    return data.rules.hand_scores[combo.score_key]


_CACHE: dict[tuple[int, tuple[str, ...]], tuple[int, list[Combo]]] = {}


def job_key(data: PhilaData, hand: Sequence[str]) -> tuple[str, ...]:
    """The hand as sorted job ids, professionals left out (what hands depend on)."""
    index = data.card_index
    return tuple(sorted(j.id for j in (index[c].job for c in hand) if not j.is_professional))


def best_partition(data: PhilaData, hand: Sequence[str]) -> tuple[int, list[Combo]]:
    """The most VP obtainable from ``hand`` by disjoint hands, and one such set (search;
    results are cached by the hand's job ids)."""
    key = (id(data), job_key(data, hand))
    hit = _CACHE.get(key)
    if hit is None:
        if len(_CACHE) > 200_000:
            _CACHE.clear()
        hit = _CACHE[key] = _best_partition(data, key[1])
    return hit[0], list(hit[1])


def _best_partition(data: PhilaData, jobs: Sequence[str]) -> tuple[int, list[Combo]]:
    # Hands never mix industries, so each industry's cards are solved on their own.
    groups: dict[str, dict[str, int]] = {}
    for j in jobs:
        group = groups.setdefault(data.job_index[j].industry, {})
        group[j] = group.get(j, 0) + 1
    total = 0
    chosen: list[Combo] = []
    for group in groups.values():
        key = (id(data), tuple(sorted(group.items())))
        hit = _GROUP_CACHE.get(key)
        if hit is None:
            if len(_GROUP_CACHE) > 200_000:
                _GROUP_CACHE.clear()
            hit = _GROUP_CACHE[key] = _solve_group(data, dict(group))
        total += hit[0]
        chosen += hit[1]
    return total, chosen


_GROUP_CACHE: dict[tuple[int, tuple[tuple[str, int], ...]], tuple[int, tuple[Combo, ...]]] = {}


def _solve_group(data: PhilaData, counts0: dict[str, int]) -> tuple[int, tuple[Combo, ...]]:
    """Best disjoint hands among the cards of one industry (job id -> copies held)."""
    scores = data.rules.hand_scores
    memo: dict[tuple[tuple[str, int], ...], tuple[int, tuple[Combo, ...]]] = {}

    def solve(counts: dict[str, int]) -> tuple[int, tuple[Combo, ...]]:
        key = tuple(sorted((j, n) for j, n in counts.items() if n))
        if key in memo:
            return memo[key]
        best: tuple[int, tuple[Combo, ...]] = (0, ())
        live = [j for j, n in key]
        if live:
            first = live[0]
            # Either the first job's copies go into some hand with it, or one copy is unused.
            options: list[Combo] = []
            n = counts[first]
            for k in range(2, min(4, n) + 1):
                options.append(Combo(SAME_KINDS[k], (first,), k))
            for size in (3, 4):
                for group in combinations(live[1:], size - 1):
                    options.append(Combo("flush", (first, *group), size))
            for combo in options:
                rest = dict(counts)
                if combo.kind == "flush":
                    for j in combo.jobs:
                        rest[j] -= 1
                else:
                    rest[first] -= combo.size
                value, chosen = solve(rest)
                value += scores[combo.score_key]
                if value > best[0]:
                    best = (value, (combo, *chosen))
            rest = dict(counts)
            rest[first] -= 1
            value, chosen = solve(rest)
            if value > best[0]:
                best = (value, chosen)
        memo[key] = best
        return best

    return solve(counts0)
