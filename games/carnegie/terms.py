"""Carnegie's component names as sentences write them, keyed so a catalogue names them in the
reader's language (issue 23).

Each function returns a ``Msg`` whose text is today's English name and whose key is
``carnegie.term.<kind>.<id>`` (``id`` lowered, anything but letters and digits made ``_``), the
entry ``i18n.term("ja", "carnegie", kind, id, english)`` reads for boards and panels too:
``department("new-lobby", "New Lobby")`` is the string ``"New Lobby"`` keyed
``carnegie.term.department.new_lobby``. Names that notation uses (a tab or region a player
types) stay plain text where a sentence quotes them as notation.
"""

from __future__ import annotations

import functools

from games.core import Msg

ACTION_WORDS = {
    "hr": "HR",
    "management": "Management",
    "construction": "Construction",
    "rd": "R&D",
}
"""Short action names (the timeline rows; seed 人事, 管理, 建設, 研究開発)."""

ACTION_NAMES = {
    "hr": "Human Resources",
    "management": "Management",
    "construction": "Construction",
    "rd": "Research & Development",
}
"""Long action names, as the action choice announces them."""


@functools.lru_cache(maxsize=1024)
def slug(ident: str) -> str:
    """``new-lobby`` → ``new_lobby`` (the rule of ``i18n.term``). Remembered: move checks
    name departments and cities in every refusal they build (a decision builds thousands)."""
    return "".join(c if c.isascii() and c.isalnum() else "_" for c in ident.lower())


def _term(kind: str, ident: str, english: str) -> str:
    return Msg(f"carnegie.term.{kind}.{slug(ident)}", english)


def department(dept: str, name: str) -> str:
    """A department's name (data ``name``: ``"Human Resources"``)."""
    return _term("department", dept, name)


def city(city_id: str, name: str) -> str:
    """A city's name (data ``name``: ``"New York"``)."""
    return _term("city", city_id, name)


def region(region_id: str) -> str:
    """``west`` → ``West``."""
    return _term("region", region_id, region_id.title())


def tab(tab_id: str) -> str:
    """A project tab or type: ``housing``, ``commerce``, ``industry``, ``infrastructure``."""
    return _term("tab", tab_id, tab_id)


def level(level_id: str) -> str:
    """A transport level: ``wagon``, ``stagecoach``, ``railroad``."""
    return _term("level", level_id, level_id)


def action(action_id: str) -> str:
    """An action's short name (``HR``, ``R&D``)."""
    return _term("action", action_id, ACTION_WORDS[action_id])


def action_long(action_id: str) -> str:
    """An action's long name (``Human Resources``)."""
    return _term("action_long", action_id, ACTION_NAMES[action_id])


def donation(donation_id: str, name: str) -> str:
    """A donation's name (data ``name``: ``"Education: Human Resources"``)."""
    return _term("donation", donation_id, name)


def region_id(region: str) -> str:
    """A region as the notation writes it (``west``), where a sentence quotes the id."""
    return _term("region_id", region, region)


def department_id(dept: str) -> str:
    """A department by its id (``supply-chain``), where a sentence lists ids."""
    return _term("department_id", dept, dept)


def city_id(city_id: str) -> str:
    """A city by its id (``new-york``), where a sentence lists ids."""
    return _term("city_id", city_id, city_id)


def action_id(action_id: str) -> str:
    """An action by its id (``rd``), where a sentence names the id (Andrew's card back)."""
    return _term("action_id", action_id, action_id)


def space(kind: str) -> str:
    """A space type as sentences write it: a project type (``housing``), ``any`` or
    ``small-town``."""
    if kind in ("any", "small-town"):
        return _term("space", kind, kind)
    return tab(kind)
