"""Locating and reading component data under ``data/<game>/`` (TOML, with provenance).

Every table that holds values not printed in the seed rules carries
``source = "seed" | "published" | "reconstructed"`` and a ``note``; ``check_provenance``
enforces that at load time.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

SOURCES = ("seed", "published", "reconstructed")


class DataError(ValueError):
    """A data file is malformed; the message lists every problem found."""


def data_dir() -> Path:
    """``$BOARDROOM_DATA`` if set, else the repository's ``data/`` folder."""
    env = os.environ.get("BOARDROOM_DATA")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "data"


def load_toml(game: str, name: str) -> dict[str, Any]:
    """Parse ``data/<game>/<name>.toml``; raises ``DataError`` naming the file on bad TOML."""
    path = data_dir() / game / f"{name}.toml"
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise DataError(f"missing data file {path}") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path}: {exc}") from None


def check_keys(
    where: str, table: Mapping[str, Any], required: Iterable[str], optional: Iterable[str] = ()
) -> list[str]:
    """Problems with a table's keys: missing required ones and unknown ones."""
    req = set(required)
    allowed = req | set(optional)
    problems = [f"{where}: missing key `{k}`" for k in sorted(req - set(table))]
    problems += [f"{where}: unknown key `{k}`" for k in sorted(set(table) - allowed)]
    return problems


def check_provenance(where: str, table: Mapping[str, Any]) -> list[str]:
    """Problems with a table's ``source``/``note`` pair."""
    problems = []
    src = table.get("source")
    if src not in SOURCES:
        problems.append(f"{where}: `source` must be one of {', '.join(SOURCES)}; got {src!r}")
    if src != "seed" and not str(table.get("note", "")).strip():
        problems.append(f"{where}: a {src} value needs a `note` saying where it comes from")
    return problems


def raise_if(problems: list[str]) -> None:
    if problems:
        raise DataError("; ".join(problems))
