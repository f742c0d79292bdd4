"""Bounds on untrusted input (issue 18): text options of ``/game new``, record files of
``/game import``, and every refusal kept short.

A refusal may quote the input only as a short excerpt (``excerpt``), and no refusal is
longer than Discord allows (``bot.errors`` clips as a last resort). JSON from a file is read
strictly (``strict_json``): at most ``MAX_RECORD_BYTES``, nesting at most ``MAX_DEPTH``,
whole numbers of at most ``MAX_INT_DIGITS`` digits, finite decimals up to ``MAX_DECIMAL``,
no ``NaN``/``Infinity``, and no key given twice in one object (Python's ``json`` would keep
the last one silently).
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from games.core import GameError
from games.core.text import Msg

MAX_OPTION_CHARS = 300  # /game new options: a dozen name=value words fit easily
MAX_RECORD_BYTES = 1024 * 1024  # a 1,090-move Food Chain Magnate record is about 20 KB
MAX_DEPTH = 16  # a record nests 4 deep (its outcome's details)
MAX_INT_DIGITS = 19  # seeds go up to 2**63 - 1, which has 19 digits
MAX_DECIMAL = 1e15
EXCERPT = 40  # characters of the input a refusal may quote


class InputRefused(GameError):
    """Untrusted input out of bounds; the sentence says which bound."""


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """At most ``limit`` characters of ``text`` on one line, backticks removed, with "…"
    when cut (for quoting input in a refusal)."""
    flat = re.sub(r"\s+", " ", str(text)).replace("`", "'")
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters with "…" (a sentence that may carry input)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def option_text(text: str | None) -> str | None:
    """``/game new options:`` within ``MAX_OPTION_CHARS``; ``InputRefused`` otherwise."""
    if text is not None and len(text) > MAX_OPTION_CHARS:
        raise InputRefused(
            Msg(
                "bot.limits.options_characters_long_most",
                "`options` is {len:,} characters long; at most {MAX_OPTION_CHARS} are read "
                "(options are short `name=value` words, e.g. `timer=300 clock=move:24h`).",
                len=len(text),
                MAX_OPTION_CHARS=MAX_OPTION_CHARS,
            )
        )
    return text


def _depth(data: bytes) -> int:
    """The deepest nesting of ``[`` and ``{`` in JSON text, strings skipped."""
    bare = re.sub(rb'"(?:[^"\\]|\\.)*"', b"", data)
    depth = deepest = 0
    for m in re.finditer(rb"[\[\]{}]", bare):
        depth += 1 if m.group() in (b"[", b"{") else -1
        deepest = max(deepest, depth)
    return deepest


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise InputRefused(
            Msg(
                "bot.limits.file_holds_number_digits",
                "That file holds a number with {len:,} digits (`{excerpt}`); numbers in a record "
                "have at most {MAX_INT_DIGITS}.",
                len=len(text.lstrip("-")),
                excerpt=excerpt(text, 20),
                MAX_INT_DIGITS=MAX_INT_DIGITS,
            )
        )
    return int(text)


def _decimal(text: str) -> float:
    value = float(text)
    if not math.isfinite(value) or abs(value) > MAX_DECIMAL:
        raise InputRefused(
            Msg(
                "bot.limits.file_holds_number_which",
                "That file holds the number `{excerpt}`, which is out of range for a record.",
                excerpt=excerpt(text, 20),
            )
        )
    return value


def _constant(name: str) -> Any:
    raise InputRefused(
        Msg(
            "bot.limits.file_holds_which_not",
            "That file holds `{name}`, which is not a number in standard JSON; a record never has "
            "it.",
            name=name,
        )
    )


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise InputRefused(
                Msg(
                    "bot.limits.file_gives_key_twice",
                    "That file gives the key `{excerpt}` twice in one object; a record names each "
                    "field once.",
                    excerpt=excerpt(key),
                )
            )
        out[key] = value
    return out


def strict_json(data: bytes) -> Any:
    """Parse a file's bytes as strict JSON within the bounds above (UTF-8, a BOM allowed).
    Raises ``InputRefused`` naming the bound, or ``ValueError`` (``json.JSONDecodeError``,
    ``UnicodeDecodeError``) for text that is not JSON."""
    if len(data) > MAX_RECORD_BYTES:
        raise InputRefused(
            Msg(
                "bot.limits.file_mib_game_record",
                "That file is {x:.1f} MiB; a game record is at most {MAX_RECORD_BYTES} MiB.",
                x=len(data) / 1048576,
                MAX_RECORD_BYTES=MAX_RECORD_BYTES // 1048576,
            )
        )
    deepest = _depth(data)
    if deepest > MAX_DEPTH:
        raise InputRefused(
            Msg(
                "bot.limits.file_nests_levels_deep",
                "That file nests {deepest:,} levels deep; a game record nests at most {MAX_DEPTH}.",
                deepest=deepest,
                MAX_DEPTH=MAX_DEPTH,
            )
        )
    return json.loads(
        data.decode("utf-8-sig"),
        object_pairs_hook=_object,
        parse_int=_int,
        parse_float=_decimal,
        parse_constant=_constant,
    )


__all__ = [
    "MAX_OPTION_CHARS",
    "MAX_RECORD_BYTES",
    "InputRefused",
    "clip",
    "excerpt",
    "option_text",
    "strict_json",
]
