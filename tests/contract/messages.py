"""Checks that every event and refusal reason is a keyed ``Msg`` (issue 6 §2: a stable key and
parameters alongside the English sentence, so a catalogue in another language can be added
without touching the engines).

``recording_catalogue()`` records, while it is active, the template every ``Msg`` is built
from (``Msg`` itself keeps only the rendered sentence, its key and its parameters), so a test
can check that each key names one template and that the template re-renders the sentence
from the parameters alone.
"""

from __future__ import annotations

import ast
import re
import string
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.core import GameError, GameRecord, GameSpec, Move, Rng, get_game
from games.core.text import Msg, key_of

GENERIC_KEYS = frozenset(
    {"text", "error", "illegal_move", "invalid_move", "invalid_options", "not_your_turn_text"}
)
"""Keys that mean "nobody keyed this sentence": a plain ``str`` (``text``) or a
``GameError`` subclass's default key (the error was raised with a bare sentence)."""

KEY_PREFIX = {"kenchiku": "kenchiku", "masters_of_commerce": "moc", "carnegie": "carnegie"}
"""The dotted key prefix of each game's own sentences (default: the game's registry key).
Keys without a dot are the core's (``not_your_turn``, ``wrong_phase``, ``timer_stale``)."""

KEY_SHAPE = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$")

_CORE = Path(sys.modules[Msg.__module__].__file__ or "").resolve().parent
_SKIP = {
    # re-creations of an existing Msg from its rendered text, not templates
    (str(_CORE / "text.py"), "_rebuild"),
    (str(_CORE / "protocol.py"), "refusal"),
}


@dataclass
class Catalogue:
    """Templates seen per key while recording; ``seen`` holds the checked sentences."""

    templates: dict[str, set[str]] = field(default_factory=dict)
    seen: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def template(self, key: str) -> str | None:
        found = self.templates.get(key)
        return next(iter(found)) if found and len(found) == 1 else None

    def check(self, text: str, prefix: str, where: str) -> None:
        """Record a problem unless ``text`` is a well-keyed, re-renderable ``Msg``."""
        key = key_of(text)
        if not isinstance(text, Msg) or key in GENERIC_KEYS:
            self.problems.append(f"{where}: unkeyed ({key}): {str(text)!r}")
            return
        self.seen[key] = self.seen.get(key, 0) + 1
        if not KEY_SHAPE.match(key):
            self.problems.append(f"{where}: key {key!r} is not dotted lowercase words")
        elif "." in key and key.split(".", 1)[0] != prefix:
            self.problems.append(f"{where}: key {key!r} is not under {prefix!r}")
        for name, value in text.params.items():
            if not _is_raw(value):
                self.problems.append(f"{where}: {key} param {name}={value!r} is not a raw value")
        if key in self.templates:
            template = self.template(key)
            if template is None:
                return  # built from several templates: reported by ``ambiguous``
        else:
            # keyed without a Msg (``GameError(text, key=..., params=...)``, as the core's
            # ``not_your_turn``): the sentence is its own template
            template = str(text)
        try:
            rendered = template.format(**text.params) if text.params else template
        except (KeyError, IndexError, ValueError) as exc:
            self.problems.append(f"{where}: {key} template does not render: {exc!r}")
            return
        if rendered != str(text):
            self.problems.append(f"{where}: {key} re-renders as {rendered!r}, not {str(text)!r}")

    def ambiguous(self) -> dict[str, set[str]]:
        """Keys that were built from more than one template (must be empty)."""
        return {k: t for k, t in self.templates.items() if len(t) > 1}

    def nested(self) -> dict[str, list[str]]:
        """Keys that are also the dotted parent of other keys (``moc.done`` and
        ``moc.done.already``): a nested catalogue (JSON/YAML trees) could not hold both, so
        this must be empty."""
        keys = sorted(self.templates)
        return {k: found for k in keys if (found := [o for o in keys if o.startswith(k + ".")])}


def _is_raw(value: Any) -> bool:
    if value is None or isinstance(value, bool | int | float | str):
        return True
    if isinstance(value, tuple | list | frozenset):
        return all(_is_raw(v) for v in value)
    if isinstance(value, Mapping):
        return all(isinstance(k, str | int) and _is_raw(v) for k, v in value.items())
    return False


@contextmanager
def recording_catalogue() -> Iterator[Catalogue]:
    """Record ``key -> templates`` of every ``Msg`` built inside the block."""
    catalogue = Catalogue()
    original = Msg.__new__

    def recording_new(cls: type[Msg], key: str, template: str, /, **params: Any) -> Msg:
        caller = sys._getframe(1).f_code
        if (str(Path(caller.co_filename).resolve()), caller.co_name) not in _SKIP:
            catalogue.templates.setdefault(key, set()).add(template)
        return original(cls, key, template, **params)

    Msg.__new__ = staticmethod(recording_new)  # type: ignore[assignment,method-assign]
    try:
        yield catalogue
    finally:
        Msg.__new__ = staticmethod(original)  # type: ignore[method-assign]


def check_record(
    catalogue: Catalogue,
    record: GameRecord,
    *,
    refusals_every: int = 3,
    seed: int = 0,
    check_outcome: bool = True,
) -> int:
    """Replay ``record`` checking every event (and setup events kept in ``state.log``, where a
    game keeps one), every private notice, and the refusal reasons of moves seen earlier but
    illegal now, at one position in ``refusals_every``, and the outcome's reason
    (``check_outcome``). Returns the number of refusals checked."""
    spec: GameSpec = get_game(record.game)
    prefix = KEY_PREFIX.get(spec.key, spec.key)
    name = f"{spec.key} seed {record.seed}"
    state = spec.new_game(spec.resolve_options(record.options), record.seats, record.seed)
    state.engine_version = record.engine_version
    for i, text in enumerate(getattr(state, "log", None) or []):
        catalogue.check(text, prefix, f"{name} setup event {i}")
    rng = Rng(seed)
    pool: list[Move] = []
    refusals = 0
    for n, (seat, notation) in enumerate(record.moves):
        if n % refusals_every == 0:
            refusals += _check_refusals(catalogue, state, pool, rng, prefix, f"{name} move {n}")
        move = state.parse_move(seat, notation)
        if seat >= 0:
            pool.append(move)
            del pool[:-200]
        for text in state.apply(seat, move):
            catalogue.check(text, prefix, f"{name} move {n} ({notation}) event")
        for to, notice in state.notices(seat, move).items():
            catalogue.check(
                notice.text, prefix, f"{name} move {n} ({notation}) notice to p{to + 1}"
            )
    outcome = state.outcome()
    if outcome is not None and check_outcome:
        catalogue.check(outcome.reason, prefix, f"{name} outcome reason")
    return refusals


def _check_refusals(
    catalogue: Catalogue, state: Any, pool: list[Move], rng: Rng, prefix: str, where: str
) -> int:
    checked = 0
    for seat in range(state.n_seats):
        legal = set(state.legal_moves(seat))
        candidates = [m for m in pool if m not in legal]
        for _ in range(min(2, len(candidates))):
            move = candidates[rng.randrange(len(candidates))]
            try:
                reason = state.refusal(seat, move)
            except GameError as exc:  # refusal must not raise; report it like a bad key
                catalogue.problems.append(f"{where}: refusal raised {exc!r}")
                continue
            if reason is None:
                continue  # a free-amount move the templates allow, legal though unlisted
            catalogue.check(reason, prefix, f"{where} p{seat + 1} refusal of {move.notation!r}")
            checked += 1
    return checked


# -- static check of the sources ---------------------------------------------------------


@dataclass
class SourceCatalogue:
    """``Msg(...)`` calls found in a game's sources whose key and template are literals."""

    templates: dict[str, set[str]] = field(default_factory=dict)
    dynamic: int = 0
    """Calls whose key or template is computed (variants): checked at run time only."""
    problems: list[str] = field(default_factory=list)


def _literal(node: ast.expr) -> str | None:
    """The value of a string literal or a ``+`` of string literals, else ``None``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _literal(node.left), _literal(node.right)
        if left is not None and right is not None:
            return left + right
    return None


def source_catalogue(package: Path) -> SourceCatalogue:
    """Scan ``package/**/*.py`` for ``Msg(key, template, **params)`` calls: a template must not
    be an f-string (its values would be baked into the "template"), and every ``{field}`` of a
    literal template must be passed as a keyword."""
    out = SourceCatalogue()
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "Msg"
                and len(node.args) >= 2
            ):
                continue
            where = f"{path.relative_to(package.parent)}:{node.lineno}"
            key, template = _literal(node.args[0]), _literal(node.args[1])
            if any(isinstance(a, ast.JoinedStr) for a in ast.walk(node.args[1])):
                out.problems.append(f"{where}: the template is an f-string")
                continue
            if key is None or template is None:
                out.dynamic += 1
                continue
            out.templates.setdefault(key, set()).add(template)
            names = {k.arg for k in node.keywords}
            if None in names:
                continue  # **params: checked at run time
            try:
                fields = {
                    re.split(r"[.\[]", f)[0]
                    for _, f, _, _ in string.Formatter().parse(template)
                    if f is not None
                }
            except ValueError as exc:
                out.problems.append(f"{where}: {key} template does not parse: {exc}")
                continue
            if names and fields - names:
                out.problems.append(f"{where}: {key} has no param for {sorted(fields - names)}")
            if not names and fields:
                out.problems.append(f"{where}: {key} has placeholders but no params: {template!r}")
    return out
