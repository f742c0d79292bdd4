"""Philadelphia component data (seed 003), loaded once from ``data/philadelphia/*.toml``.

``rules.toml`` holds the constants the seed prints; ``jobs.toml`` the 36 jobs (85 ad cards,
copies lettered ``a``-``d``) and their industries; ``items.toml`` the 6 item kinds (14 cards)
and the field card. Every value a public source gives is listed in the table's
``published`` and cited with its address in ``cite`` (field -> URL). Games recorded with an
older engine version replay with that version's frozen list (``data/philadelphia/v<N>/``,
see ``DATA_DIRS``). Card effects are data: a table ``{effect = "<id>", ...params}`` per timing,
whose ids and parameters are checked against ``EFFECTS`` here and carried out by the small
functions in ``games.philadelphia.effects``. ``parse_data`` validates everything and reports
every problem at once in one ``DataError``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from games.core.data import DataError, check_keys, check_provenance, load_toml
from games.core.text import Msg

GAME = "philadelphia"
LETTERS = "abcd"

# Timing slot -> effect id -> parameter name -> kind ("int", "bool", "industry", or a tuple
# of allowed words). Every effect named in the data must be listed here.
TIMINGS: tuple[str, ...] = ("on_post", "while_posted", "on_success", "on_default", "cost_rule")
EFFECTS: Mapping[str, Mapping[str, Mapping[str, Any]]] = {
    "on_post": {
        "draw": {"cards": "int"},
        "gain": {"money": "int"},
        "give_then_discard": {},
        "default_ad": {"whose": ("any", "others"), "optional": "bool"},
    },
    "while_posted": {
        "hotel": {"industry": "industry", "cards": "int", "money": "int"},
        "painter": {"money": "int"},
        "railway": {"money": "int"},
        "guard": {"money": "int"},
        "nurse": {"price": "int"},
        "detective": {"cards": "int"},
        "translator": {},
    },
    "on_success": {
        "draw": {"cards": "int"},
        "explore": {"reveal": "int"},
        "default_ad": {"whose": ("any", "others"), "optional": "bool"},
        "post_from_hand": {"cards": "int"},
        "return_ad": {},
        "others_lose": {"money": "int"},
        "pass_left": {},
        "discard_draw": {"cards": "int"},
        "take_ad": {},
        "extra_round": {},
        "unmark_own": {"markers": "int"},
        "others_give": {},
    },
    "on_default": {
        "lose": {"money": "int"},
        "gain": {"money": "int"},
        "clear_markers": {},
    },
    "cost_rule": {
        "free_if_small_hand": {"hand": "int"},
        "free_if_poor": {"money": "int"},
    },
}
ITEM_EFFECTS: Mapping[str, Mapping[str, Any]] = {
    "fix_die": {},
    "submit": {},
    "discard_draw": {},
    "post_together": {"cards": "int"},
    "draw": {"cards": "int"},
    "unmark": {"markers": "int"},
    "overtime": {"vp": "int"},
}
FIELD_EFFECTS: Mapping[str, Mapping[str, Any]] = {"boom": {"money": "int"}}
JOB_FIELDS = (
    "name",
    "industry",
    "copies",
    "cost",
    "reward",
    "vp",
    "duration",
    "numbers",
    "effect",
)
ITEM_FIELDS = ("name", "effect", "copies", "price")


@dataclass(frozen=True)
class Effect:
    """One effect of a card: its id and parameters (unused parameters keep their defaults)."""

    kind: str
    cards: int = 0
    money: int = 0
    markers: int = 0
    hand: int = 0
    price: int = 0
    reveal: int = 0
    vp: int = 0
    industry: str = ""
    whose: str = "any"
    optional: bool = False


@dataclass(frozen=True)
class Industry:
    id: str
    name: str
    name_ja: str
    in_hands: bool  # False for professionals (専門職): never part of a hand (役)
    source: str
    note: str


@dataclass(frozen=True)
class Job:
    """One of the 36 jobs (a card name); its copies are the ad cards ``<id>-a`` .. ``<id>-d``."""

    id: str
    name: str
    name_ja: str
    industry: str
    copies: int
    cost: int  # posting cost in money (掲載コスト)
    reward: int  # money gained on success (報酬)
    vp: int  # VP gained on success (engine version 1's reconstruction only; 0 from version 2)
    duration: int  # rounds posted before it defaults (掲載期間)
    numbers: frozenset[int]  # die faces that make it succeed (採用条件)
    on_post: Effect | None
    while_posted: Effect | None
    on_success: Effect | None
    on_default: Effect | None
    cost_rule: Effect | None
    text: str
    source: str  # "published" | "reconstructed"
    published: tuple[str, ...]  # fields taken from the seed or the publisher
    note: str
    cite: Mapping[str, str]  # published field -> the address of the source that gives it

    @property
    def is_professional(self) -> bool:
        return self.industry == "professional"

    def has(self, timing: str, kind: str) -> bool:
        effect: Effect | None = getattr(self, timing)
        return effect is not None and effect.kind == kind


@dataclass(frozen=True)
class Card:
    """One physical ad card, ``cafe-a``."""

    id: str
    job: Job
    letter: str


@dataclass(frozen=True)
class Item:
    id: str
    name: str
    name_ja: str
    copies: int
    price: int
    effect: Effect
    text: str
    source: str
    published: tuple[str, ...]
    note: str
    cite: Mapping[str, str]


@dataclass(frozen=True)
class FieldCard:
    id: str
    name: str
    name_ja: str
    effect: Effect
    text: str
    source: str
    note: str


@dataclass(frozen=True)
class Rules:
    """The seed's printed constants (rules.toml)."""

    ad_cards: int
    item_cards: int
    field_cards: int
    item_row: int
    start_hand: int
    start_money: int
    actions_per_turn: int
    explore_reveal: int
    hand_limit: int
    acquire_max: int
    acquire_price: int
    pass_money: int
    die_faces: int
    vp_goal: int
    hand_scores: Mapping[str, int]  # pair, three, four, flush3, flush4


@dataclass(frozen=True)
class PhilaData:
    rules: Rules
    industries: tuple[Industry, ...]
    jobs: tuple[Job, ...]
    cards: tuple[Card, ...]  # canonical order: jobs in file order, copies a..d
    items: tuple[Item, ...]
    field: FieldCard
    job_index: Mapping[str, Job]
    card_index: Mapping[str, Card]
    item_index: Mapping[str, Item]

    def job(self, job_id: str) -> Job:
        return self.job_index[job_id]

    def card(self, card_id: str) -> Card:
        return self.card_index[card_id]

    def item(self, item_id: str) -> Item:
        return self.item_index[item_id]


# -- parsing ------------------------------------------------------------------------------


def _int(problems: list[str], where: str, value: Any, lo: int = 0, hi: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        problems.append(f"{where}: expected a whole number, got {value!r}")
        return lo
    if value < lo or (hi is not None and value > hi):
        problems.append(f"{where}: {value} is outside {lo}..{hi if hi is not None else 'inf'}")
    return value


def _str(problems: list[str], where: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        problems.append(f"{where}: expected a non-empty text, got {value!r}")
        return ""
    return value


def _effect(
    problems: list[str],
    where: str,
    table: Any,
    schema: Mapping[str, Mapping[str, Any]],
    industries: set[str],
) -> Effect | None:
    if not isinstance(table, Mapping):
        problems.append(f"{where}: expected a table {{effect = ...}}")
        return None
    kind = str(table.get("effect"))
    if kind not in schema:
        problems.append(f"{where}: unknown effect {kind!r}; known: {', '.join(sorted(schema))}")
        return None
    params = schema[kind]
    problems += check_keys(where, table, ["effect", *params])
    values: dict[str, Any] = {}
    for name, kind_of in params.items():
        if name not in table:
            continue
        value = table[name]
        if kind_of == "int":
            values[name] = _int(problems, f"{where}.{name}", value)
        elif kind_of == "bool":
            if not isinstance(value, bool):
                problems.append(f"{where}.{name}: expected true or false, got {value!r}")
            else:
                values[name] = value
        elif kind_of == "industry":
            if value not in industries:
                problems.append(f"{where}.{name}: unknown industry {value!r}")
            else:
                values[name] = value
        elif value not in kind_of:
            problems.append(f"{where}.{name}: must be one of {', '.join(kind_of)}; got {value!r}")
        else:
            values[name] = value
    return Effect(kind=kind, **values)


def _published(
    problems: list[str], where: str, table: Mapping[str, Any], allowed: Sequence[str]
) -> tuple[str, ...]:
    value = table.get("published", [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        problems.append(f"{where}: `published` must be a list of field names")
        return ()
    bad = [v for v in value if v not in allowed]
    if bad:
        problems.append(f"{where}: `published` names unknown fields {bad}")
    if table.get("source") == "reconstructed" and value:
        problems.append(f"{where}: a reconstructed card cannot list published fields")
    if table.get("source") == "published" and not value:
        problems.append(f"{where}: a published card must list its published fields")
    return tuple(value)


def _cite(
    problems: list[str], where: str, table: Mapping[str, Any], published: Sequence[str]
) -> dict[str, str]:
    """``cite``: published field -> the address (http...) of the public source giving it."""
    value = table.get("cite", {})
    if not isinstance(value, Mapping):
        problems.append(f'{where}: `cite` must be a table field = "https://..."')
        return {}
    out: dict[str, str] = {}
    for key, url in value.items():
        if key not in published:
            problems.append(f"{where}: `cite` names `{key}`, which is not a published field")
        elif not isinstance(url, str) or not url.startswith(("http://", "https://")):
            problems.append(f"{where}: `cite.{key}` must be the source's address (http...)")
        else:
            out[key] = url
    return out


def _parse_rules(problems: list[str], raw: Mapping[str, Any]) -> Rules:
    sections: dict[str, tuple[str, ...]] = {
        "setup": (
            "ad_cards",
            "item_cards",
            "field_cards",
            "item_row",
            "start_hand",
            "start_money",
        ),
        "actions": (
            "per_turn",
            "explore_reveal",
            "explore_keep",
            "hand_limit",
            "acquire_max",
            "acquire_price",
            "buys_per_turn",
            "pass_money",
        ),
        "recruitment": ("die_faces",),
        "end": ("vp_goal",),
        "hands": ("pair", "three", "four", "flush3", "flush4"),
        "procedure": ("explore_rest_to_discard", "reshuffle_discards", "field_lasts_rounds"),
    }
    problems += check_keys("rules.toml", raw, sections)
    t: dict[str, Mapping[str, Any]] = {}
    for name, keys in sections.items():
        table = raw.get(name, {})
        t[name] = table
        problems += check_keys(f"rules.toml [{name}]", table, ("source", *keys), ("note",))
        problems += check_provenance(f"rules.toml [{name}]", table)

    def num(section: str, key: str, lo: int = 0) -> int:
        return _int(problems, f"rules.toml {section}.{key}", t[section].get(key), lo)

    for key in ("explore_keep", "buys_per_turn"):
        if t["actions"].get(key) != 1:
            problems.append(f"rules.toml actions.{key}: the engine supports only 1 (the seed's)")
    return Rules(
        ad_cards=num("setup", "ad_cards", 1),
        item_cards=num("setup", "item_cards", 1),
        field_cards=num("setup", "field_cards"),
        item_row=num("setup", "item_row", 1),
        start_hand=num("setup", "start_hand"),
        start_money=num("setup", "start_money"),
        actions_per_turn=num("actions", "per_turn", 1),
        explore_reveal=num("actions", "explore_reveal", 1),
        hand_limit=num("actions", "hand_limit", 1),
        acquire_max=num("actions", "acquire_max", 1),
        acquire_price=num("actions", "acquire_price"),
        pass_money=num("actions", "pass_money"),
        die_faces=num("recruitment", "die_faces", 2),
        vp_goal=num("end", "vp_goal", 1),
        hand_scores={k: num("hands", k) for k in sections["hands"]},
    )


def _parse_industries(problems: list[str], raw: Any) -> tuple[Industry, ...]:
    out: list[Industry] = []
    if not isinstance(raw, list) or not raw:
        problems.append("jobs.toml: needs [[industry]] tables")
        return ()
    seen: set[str] = set()
    for i, t in enumerate(raw):
        where = f"jobs.toml industry #{i + 1} ({t.get('id', '?')})"
        problems += check_keys(where, t, ("id", "name", "name_ja", "source"), ("note", "in_hands"))
        problems += check_provenance(where, t)
        ind_id = _str(problems, f"{where}.id", t.get("id"))
        if ind_id in seen:
            problems.append(f"{where}: industry id `{ind_id}` is used twice")
        seen.add(ind_id)
        in_hands = t.get("in_hands", True)
        if not isinstance(in_hands, bool):
            problems.append(f"{where}.in_hands: expected true or false")
            in_hands = True
        out.append(
            Industry(
                id=ind_id,
                name=_str(problems, f"{where}.name", t.get("name")),
                name_ja=_str(problems, f"{where}.name_ja", t.get("name_ja")),
                in_hands=in_hands,
                source=str(t.get("source", "")),
                note=str(t.get("note", "")),
            )
        )
    if "professional" not in seen:
        problems.append("jobs.toml: the professional industry (専門職) is missing")
    return tuple(out)


def _parse_jobs(
    problems: list[str], raw: Any, industries: set[str], die_faces: int
) -> tuple[Job, ...]:
    out: list[Job] = []
    if not isinstance(raw, list) or not raw:
        problems.append("jobs.toml: needs [[job]] tables")
        return ()
    seen: set[str] = set()
    required = (
        "id",
        "name",
        "name_ja",
        "industry",
        "copies",
        "cost",
        "reward",
        "duration",
        "numbers",
        "text",
        "source",
        "published",
        "note",
    )
    for i, t in enumerate(raw):
        where = f"jobs.toml job #{i + 1} ({t.get('id', '?')})"
        problems += check_keys(where, t, required, (*TIMINGS, "vp", "cite"))
        problems += check_provenance(where, t)
        if t.get("source") == "seed":
            problems.append(f"{where}: the seed prints no card; use published or reconstructed")
        job_id = _str(problems, f"{where}.id", t.get("id"))
        if job_id in seen:
            problems.append(f"{where}: job id `{job_id}` is used twice")
        seen.add(job_id)
        if job_id and (not job_id.replace("-", "").isalpha() or job_id != job_id.lower()):
            problems.append(f"{where}: a job id is lowercase letters and hyphens only")
        industry = t.get("industry")
        if industry not in industries:
            problems.append(f"{where}: unknown industry {industry!r}")
        numbers = t.get("numbers")
        nums: frozenset[int] = frozenset()
        if not isinstance(numbers, list) or not numbers:
            problems.append(f"{where}.numbers: expected a non-empty list of die faces")
        else:
            nums = frozenset(_int(problems, f"{where}.numbers", n, 1, die_faces) for n in numbers)
            if len(nums) != len(numbers):
                problems.append(f"{where}.numbers: a die face is listed twice")
            if len(nums) >= die_faces:
                problems.append(f"{where}.numbers: an ad that always succeeds is not allowed")
        effects = {
            timing: _effect(problems, f"{where}.{timing}", t[timing], EFFECTS[timing], industries)
            if timing in t
            else None
            for timing in TIMINGS
        }
        out.append(
            Job(
                id=job_id,
                name=_str(problems, f"{where}.name", t.get("name")),
                name_ja=_str(problems, f"{where}.name_ja", t.get("name_ja")),
                industry=str(industry),
                copies=_int(problems, f"{where}.copies", t.get("copies"), 1, len(LETTERS)),
                cost=_int(problems, f"{where}.cost", t.get("cost")),
                reward=_int(problems, f"{where}.reward", t.get("reward")),
                vp=_int(problems, f"{where}.vp", t.get("vp", 0)),
                duration=_int(problems, f"{where}.duration", t.get("duration"), 1),
                numbers=nums,
                on_post=effects["on_post"],
                while_posted=effects["while_posted"],
                on_success=effects["on_success"],
                on_default=effects["on_default"],
                cost_rule=effects["cost_rule"],
                text=_str(problems, f"{where}.text", t.get("text")),
                source=str(t.get("source", "")),
                published=_published(problems, where, t, JOB_FIELDS),
                note=str(t.get("note", "")),
                cite=_cite(problems, where, t, t.get("published", [])),
            )
        )
    return tuple(out)


def _parse_items(
    problems: list[str], raw: Mapping[str, Any], industries: set[str]
) -> tuple[tuple[Item, ...], FieldCard]:
    problems += check_keys("items.toml", raw, ("item", "field"))
    items: list[Item] = []
    seen: set[str] = set()
    for i, t in enumerate(raw.get("item", [])):
        where = f"items.toml item #{i + 1} ({t.get('id', '?')})"
        schema = ITEM_EFFECTS.get(t.get("effect", ""), {})
        problems += check_keys(
            where,
            t,
            (
                "id",
                "name",
                "name_ja",
                "copies",
                "price",
                "effect",
                "text",
                "source",
                "published",
                "note",
                *schema,
            ),
            ("cite",),
        )
        problems += check_provenance(where, t)
        item_id = _str(problems, f"{where}.id", t.get("id"))
        if item_id in seen:
            problems.append(f"{where}: item id `{item_id}` is used twice")
        seen.add(item_id)
        effect_table = {"effect": t.get("effect"), **{k: t[k] for k in schema if k in t}}
        effect = _effect(problems, where, effect_table, ITEM_EFFECTS, industries)
        items.append(
            Item(
                id=item_id,
                name=_str(problems, f"{where}.name", t.get("name")),
                name_ja=_str(problems, f"{where}.name_ja", t.get("name_ja")),
                copies=_int(problems, f"{where}.copies", t.get("copies"), 1),
                price=_int(problems, f"{where}.price", t.get("price")),
                effect=effect or Effect("fix_die"),
                text=_str(problems, f"{where}.text", t.get("text")),
                source=str(t.get("source", "")),
                published=_published(problems, where, t, ITEM_FIELDS),
                note=str(t.get("note", "")),
                cite=_cite(problems, where, t, t.get("published", [])),
            )
        )
    f = raw.get("field", {})
    where = "items.toml [field]"
    schema = FIELD_EFFECTS.get(f.get("effect", ""), {})
    problems += check_keys(
        where, f, ("id", "name", "name_ja", "effect", "text", "source", "note", *schema)
    )
    problems += check_provenance(where, f)
    field_effect = _effect(
        problems,
        where,
        {"effect": f.get("effect"), **{k: f[k] for k in schema if k in f}},
        FIELD_EFFECTS,
        industries,
    )
    field_card = FieldCard(
        id=_str(problems, f"{where}.id", f.get("id")),
        name=_str(problems, f"{where}.name", f.get("name")),
        name_ja=_str(problems, f"{where}.name_ja", f.get("name_ja")),
        effect=field_effect or Effect("boom"),
        text=_str(problems, f"{where}.text", f.get("text")),
        source=str(f.get("source", "")),
        note=str(f.get("note", "")),
    )
    if field_card.id in seen:
        problems.append(f"{where}: id `{field_card.id}` is also an item id")
    return tuple(items), field_card


def parse_data(
    rules_raw: Mapping[str, Any], jobs_raw: Mapping[str, Any], items_raw: Mapping[str, Any]
) -> PhilaData:
    """Build and validate ``PhilaData`` from the three parsed TOML documents.

    Raises ``DataError`` listing every problem found (unknown keys, duplicate ids, unknown
    industries or effects, bad numbers, missing provenance, totals that differ from the seed).
    """
    problems: list[str] = []
    rules = _parse_rules(problems, rules_raw)
    problems += check_keys("jobs.toml", jobs_raw, ("industry", "job"))
    industries = _parse_industries(problems, jobs_raw.get("industry"))
    industry_ids = {i.id for i in industries}
    jobs = _parse_jobs(problems, jobs_raw.get("job"), industry_ids, rules.die_faces)
    items, field_card = _parse_items(problems, items_raw, industry_ids)

    cards = tuple(
        Card(f"{job.id}-{LETTERS[i]}", job, LETTERS[i]) for job in jobs for i in range(job.copies)
    )
    if len(cards) != rules.ad_cards:
        problems.append(f"jobs.toml: {len(cards)} ad cards; the seed has {rules.ad_cards}")
    n_items = sum(i.copies for i in items)
    if n_items != rules.item_cards:
        problems.append(f"items.toml: {n_items} item cards; the seed has {rules.item_cards}")
    if rules.field_cards != 1:
        problems.append("rules.toml setup.field_cards: the engine supports exactly 1 field card")
    for ind in industries:
        names = [j for j in jobs if j.industry == ind.id]
        if ind.in_hands and len(names) < 4:
            problems.append(
                f"jobs.toml: industry `{ind.id}` has {len(names)} jobs; a flush of 4 needs 4"
            )
    if problems:
        raise DataError("; ".join(problems))
    return PhilaData(
        rules=rules,
        industries=industries,
        jobs=jobs,
        cards=cards,
        items=items,
        field=field_card,
        job_index={j.id: j for j in jobs},
        card_index={c.id: c for c in cards},
        item_index={i.id: i for i in items},
    )


# Engine version -> the folder (under data/philadelphia/) of the card list it plays with.
# Version 1 is the first reconstruction (ads paying VP), frozen so its games replay; version
# 2 rebuilt the list from the published sources (docs/rules/philadelphia.md).
DATA_DIRS: Mapping[int, str] = {1: "v1/", 2: ""}
CURRENT_VERSION = max(DATA_DIRS)


def load_raw(
    version: int = CURRENT_VERSION,
) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """The three TOML documents of engine ``version`` as parsed dicts (tests break them on
    purpose). Raises ``KeyError`` for a version without a card list."""
    folder = DATA_DIRS[version]
    rules, jobs, items = (load_toml(GAME, folder + name) for name in ("rules", "jobs", "items"))
    return rules, jobs, items


@cache
def data(version: int = CURRENT_VERSION) -> PhilaData:
    """The validated component data of engine ``version`` (loaded once)."""
    return parse_data(*load_raw(version))


__all__ = [
    "CURRENT_VERSION",
    "DATA_DIRS",
    "EFFECTS",
    "GAME",
    "Card",
    "DataError",
    "Effect",
    "FieldCard",
    "Industry",
    "Item",
    "Job",
    "PhilaData",
    "Rules",
    "data",
    "load_raw",
    "parse_data",
]


def term(kind: str, ident: str, english: str) -> str:
    """A component's name inside a sentence as a keyed term (``philadelphia.term.<kind>.<id>``,
    ``ident`` lowered with ``-`` as ``_``), the entry the boards use, so a catalogue translates
    it: ``term("job", "cafe", "Café")``."""
    key = f"philadelphia.term.{kind}." + ident.lower().replace("-", "_")
    return Msg(key, english)
