"""Slash commands in the member's language (issue 23): discord.py's ``app_commands.Translator``
reading the ``commands`` catalogue (``i18n/locales/<lang>/commands.po``).

Discord shows each member the command names, descriptions, option names and choices of their
own client language; the bot sends every localisation when it syncs the command tree. Each
string's key comes from where it is:

- ``commands.<command path>.name`` / ``.description`` (``commands.game.new.description``),
- ``commands.<command path>.<option>.name`` / ``.description`` for an option,
- ``commands.choice.<value>`` for a choice (choices of the same value read the same everywhere).

The English stays in the decorators; ``python -m tools.i18n update`` collects them through
:func:`sentences` (what a sync would send). Discord's limits are checked by
``tests/bot/test_language.py``: a localised name is 1-32 lowercase letters, digits, ``-`` or
``_`` (any script), a description at most 100 characters.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

import i18n


def _slug(text: str) -> str:
    return "".join(c if c.isascii() and c.isalnum() else "_" for c in str(text).lower())


def _path(command: Any) -> str:
    return ".".join(_slug(p) for p in command.qualified_name.split())


def key_of(
    string: app_commands.locale_str, context: app_commands.TranslationContext[Any, Any]
) -> str:
    """The catalogue key of one command string (see the module's docstring)."""
    where, data = context.location, context.data
    if where in (Where.command_name, Where.group_name):
        return f"commands.{_path(data)}.name"
    if where in (Where.command_description, Where.group_description):
        return f"commands.{_path(data)}.description"
    if where is Where.parameter_name:
        return f"commands.{_path(data.command)}.{_slug(data.name)}.name"
    if where is Where.parameter_description:
        return f"commands.{_path(data.command)}.{_slug(data.name)}.description"
    if where is Where.choice_name:
        return f"commands.choice.{_slug(data.value)}"
    return f"commands.other.{_slug(string.message)}"


class CommandTranslator(app_commands.Translator):
    """Command strings from the ``commands`` catalogue; ``None`` (Discord shows the English)
    where a language has no usable translation."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext[Any, Any],
    ) -> str | None:
        lang = i18n.supported(locale.value)
        if lang is None or lang == i18n.DEFAULT:
            return None
        text = i18n.template(key_of(string, context), string.message, lang)
        return None if text == string.message else text


class _Recorder(app_commands.Translator):
    def __init__(self) -> None:
        self.found: dict[tuple[str, str], None] = {}

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext[Any, Any],
    ) -> str | None:
        if locale is discord.Locale.american_english:
            self.found[key_of(string, context), string.message] = None
        return None


async def sentences(tree: app_commands.CommandTree[Any]) -> Iterator[tuple[str, str]]:
    """Every ``(key, English)`` of the tree's commands, as a sync would translate them (a key
    with two different English texts appears twice: ``tests/bot/test_language.py`` refuses
    that)."""
    recorder = _Recorder()
    for command in tree.get_commands():
        await command.get_translated_payload(tree, recorder)
    return iter(recorder.found)
