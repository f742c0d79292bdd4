"""Philadelphia component data (seed 003): it loads, keeps every published fact, has the
seed's totals, and a broken file reports every problem at once."""

from __future__ import annotations

import copy

import pytest

from games.core.data import DataError
from games.philadelphia.cards import Job, data, load_raw, parse_data

# Every job the seed or the publisher names, with what the sources say about it.
PUBLISHED_JOBS = {
    "カフェ": "service",
    "本屋": "service",
    "映画館": "service",
    "ホテル": "service",
    "設計事務所": "construction",
    "建築会社": "construction",
    "解体屋": "construction",
    "塗装屋": "construction",
    "物流会社": "transport",
    "建設会社": None,
    "鉄道会社": None,
    "消防署": None,
    "医者": None,
    "林業": None,
    "衛兵": "professional",
    "家具工場": None,
    "陶芸家": "professional",
    "看護師": "professional",
    "探偵": "professional",
    "翻訳家": "professional",
    "宇宙飛行士": "professional",
}


def test_totals_match_the_seed() -> None:
    """ゲームの準備: 85 ad cards, 14 items + 1 field card; the blog: 36 jobs, 6 item kinds."""
    d = data()
    assert len(d.cards) == 85 and len({c.id for c in d.cards}) == 85
    assert len(d.jobs) == 36
    assert len(d.items) == 6 and sum(i.copies for i in d.items) == 14
    assert d.field.id == "boom"
    assert d.rules.start_hand == 4 and d.rules.start_money == 7 and d.rules.vp_goal == 10
    assert d.rules.hand_scores == {"pair": 1, "three": 3, "four": 5, "flush3": 2, "flush4": 3}


def test_every_published_job_is_kept_with_its_industry() -> None:
    by_ja = {j.name_ja: j for j in data().jobs}
    for name, industry in PUBLISHED_JOBS.items():
        job = by_ja[name]
        assert job.source == "published", name
        if industry is not None:
            assert job.industry == industry, name


def test_published_copies_and_duration() -> None:
    """役一覧: カフェA..D; flushes 本屋C, 解体屋C, 映画館B, ホテルB; blog: railway 3 rounds."""
    d = data()
    assert d.job("cafe").copies == 4
    assert d.job("bookstore").copies >= 3 and d.job("demolition").copies >= 3
    assert d.job("cinema").copies >= 2 and d.job("hotel").copies >= 2
    assert d.job("railway").duration == 3 and "duration" in d.job("railway").published
    assert {"cafe-a", "cafe-d", "bookstore-c", "hotel-b"} <= set(d.card_index)


def test_published_items_are_kept() -> None:
    d = data()
    assert {i.name_ja for i in d.items} >= {"採用チャンス", "働き方改革", "転職"}
    assert d.item("chance").effect.kind == "fix_die"
    assert d.item("reform").effect.kind == "submit"


def test_every_reconstructed_value_says_so() -> None:
    d = data()
    for job in d.jobs:
        assert job.source in ("published", "reconstructed") and job.note.strip()
        assert "cost" not in job.published and "reward" not in job.published
    for item in d.items:
        assert item.note.strip() and "price" not in item.published
    assert d.field.source == "reconstructed"


def test_every_flush_is_possible_and_professionals_never_score() -> None:
    d = data()
    for ind in d.industries:
        jobs = [j for j in d.jobs if j.industry == ind.id]
        assert ind.in_hands == (ind.id != "professional")
        if ind.in_hands:
            assert len(jobs) >= 4, ind.id


def test_die_faces_are_evenly_covered() -> None:
    """Design check: each face makes a similar number of ad cards succeed (25-35 of 175)."""
    counts = dict.fromkeys(range(1, 7), 0)
    for card in data().cards:
        for n in card.job.numbers:
            counts[n] += 1
    assert all(25 <= c <= 35 for c in counts.values()), counts


def test_broken_data_reports_every_problem() -> None:
    rules, jobs, items = (copy.deepcopy(x) for x in load_raw())
    job = {j["id"]: j for j in jobs["job"]}
    rules["setup"]["bogus"] = 1
    job["cafe"]["industry"] = "magic"
    job["bookstore"]["id"] = "cinema"
    job["hotel"]["numbers"] = [7]
    job["salon"]["on_success"] = {"effect": "teleport"}
    job["painter"]["source"] = "reconstructed"
    del job["taxi"]["note"]
    items["item"][0]["copies"] = 9
    with pytest.raises(DataError) as err:
        parse_data(rules, jobs, items)
    text = str(err.value)
    for fragment in (
        "[setup]: unknown key `bogus`",
        "unknown industry 'magic'",
        "is used twice",
        "7 is outside 1..6",
        "unknown effect 'teleport'",
        "a reconstructed card cannot list published fields",
        "missing key `note`",
        "20 item cards; the seed has 14",
    ):
        assert fragment in text, fragment


# The design (docs/rules/philadelphia.md, "The card list"): what each effect is worth in
# money, and what one VP is worth, when the rewards were set.
EFFECT_WORTH = {
    "draw": 1.0,  # per card
    "explore": 1.0,
    "pass_left": 0.3,
    "return_ad": 1.2,
    "hotel": 4.0,
    "painter": 5.0,
    "default_ad": 1.5,
    "discard_draw": 0.8,
    "gain": 1.4,
    "give_then_discard": -1.0,
    "railway": 3.0,
    "post_from_hand": 1.5,
    "others_lose": 2.0,
    "lose": -2.2,
    "take_ad": 2.5,
    "nurse": 1.5,
    "detective": 2.0,
    "translator": 1.5,
    "extra_round": 3.0,
    "unmark_own": 1.0,
    "guard": 1.0,
    "others_give": 2.0,
    "clear_markers": 0.3,
    "free_if_small_hand": 0.8,
}
MONEY_PER_VP = 3.0
TARGET = 3.5


def expected_value(job: Job) -> float:
    """Chance of success within the duration x (reward + 3 x VP) - cost + effects' worth."""
    p = 1 - (1 - len(job.numbers) / 6) ** job.duration
    worth = 0.0
    for timing in ("on_post", "while_posted", "on_success", "on_default", "cost_rule"):
        effect = getattr(job, timing)
        if effect is not None:
            scale = effect.cards if effect.kind == "draw" else 1
            worth += EFFECT_WORTH[effect.kind] * scale
    return p * (job.reward + MONEY_PER_VP * job.vp) - job.cost + worth


def test_every_job_is_worth_about_the_same() -> None:
    """Design check: costs, rewards, odds and effects balance to 3.5 money +- 0.6 per ad."""
    values = {job.id: expected_value(job) for job in data().jobs}
    off = {k: round(v, 2) for k, v in values.items() if abs(v - TARGET) > 0.6}
    assert not off, off
