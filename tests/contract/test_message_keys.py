"""Every event and refusal reason of every built-in game is a keyed ``Msg`` (issue 6 §2).

For each game: its replay fixtures and a few AI playouts are replayed move by move; every
event (and the setup events of games that keep a log), every private notice and the refusal
reasons of sampled illegal moves must carry a stable dotted key under the game's prefix
(``kenchiku.*``, ``moc.*``, ``carnegie.*``) or a core key, raw parameters, and a template
that re-renders the English sentence from the parameters alone; each key must be built from
one template only and no key may be the dotted parent of another.
That is what a translation catalogue needs (see ``docs/architecture.md``, "Messages and
keys").
"""

from __future__ import annotations

import pytest

from games.core import GameSpec
from games.core.ai import play_out

from .messages import check_record, recording_catalogue, source_catalogue
from .support import ROOT, contract_games, fixture_paths, game_ids, load_fixture, seat_count

GAMES = contract_games()
PLAYOUTS = 3
"""AI playouts per game, on top of the fixtures (seat counts vary with the playout)."""


@pytest.mark.parametrize("spec", GAMES, ids=game_ids(GAMES))
def test_events_and_refusals_are_keyed(spec: GameSpec) -> None:
    with recording_catalogue() as catalogue:
        records = [load_fixture(p).record for p in fixture_paths(spec.key)]
        for i in range(PLAYOUTS):
            _, record = play_out(spec, seat_count(spec, i), 7000 + i)
            records.append(record)
        refusals = sum(check_record(catalogue, r, seed=n) for n, r in enumerate(records))
    assert not catalogue.problems, "\n".join(catalogue.problems[:30])
    ambiguous = catalogue.ambiguous()
    assert not ambiguous, f"keys built from more than one template: {ambiguous}"
    nested = catalogue.nested()
    assert not nested, f"keys that are also the parent of other keys: {nested}"
    assert catalogue.seen, "no event or refusal was checked"
    assert refusals > 0, "no refusal reason was checked"
    game_keys = [k for k in catalogue.seen if "." in k]
    assert len(game_keys) >= 5, f"only {game_keys} of the game's own keys were seen"


def test_catalogue_check_catches_unkeyed_and_inconsistent_sentences() -> None:
    from games.core.text import Msg

    with recording_catalogue() as catalogue:
        catalogue.check("built a tower.", "kenchiku", "plain")
        catalogue.check(Msg("kenchiku.a", "x {n}", n=1), "kenchiku", "ok")
        catalogue.check(Msg("moc.b", "y"), "kenchiku", "wrong prefix")
        catalogue.check(Msg("kenchiku.c", "z {v}", v=object()), "kenchiku", "raw")
        Msg("kenchiku.a", "other {n}", n=2)
        Msg("kenchiku.a.b", "nested")
    assert len(catalogue.problems) == 3, catalogue.problems
    assert catalogue.ambiguous() == {"kenchiku.a": {"x {n}", "other {n}"}}
    assert catalogue.nested() == {"kenchiku.a": ["kenchiku.a.b"]}
    # the hook is removed afterwards: nothing more is recorded
    Msg("kenchiku.late", "late")
    assert "kenchiku.late" not in catalogue.templates


@pytest.mark.parametrize("spec", GAMES, ids=game_ids(GAMES))
def test_source_templates_are_consistent(spec: GameSpec) -> None:
    """The sentences no playout reached: every literal ``Msg`` in the game's sources has one
    template per key, keys that do not nest, no f-string template and a param per field."""
    found = source_catalogue(ROOT / "games" / spec.key)
    assert not found.problems, "\n".join(found.problems)
    ambiguous = {k: t for k, t in found.templates.items() if len(t) > 1}
    assert not ambiguous, f"keys with more than one template: {ambiguous}"
    keys = sorted(found.templates)
    nested = {k: [o for o in keys if o.startswith(k + ".")] for k in keys}
    assert not {k: v for k, v in nested.items() if v}, nested
    assert len(keys) >= 20, f"only {len(keys)} literal keys found in games/{spec.key}"
