"""Regenerate the Carnegie replay fixtures (AI-played seeded games):

    python -m tests.games.carnegie.make_fixtures

Run it only when the engine's rules change on purpose, and say so in the commit: that is an
engine_version bump, and the records of the older version are kept as ``v<version>_*.json``
first (they must keep replaying with that version's rules).
"""

from __future__ import annotations

import json
from pathlib import Path

from games.carnegie import SPEC
from games.core.ai import play_out

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "carnegie"
GAMES = [
    ("solo_base_d1", 1, 103, {"departments": "base"}),
    ("solo_base_d2", 1, 101, {"departments": "base", "difficulty": 2}),
    ("solo_mixed_d4", 1, 102, {"departments": "mixed", "difficulty": 4}),
    ("2p_base", 2, 201, {"departments": "base"}),
    ("2p_expansion", 2, 202, {"departments": "expansion"}),
    ("3p_mixed", 3, 301, {"departments": "mixed", "reserve": "none"}),
    ("4p_base", 4, 401, {"departments": "base"}),
    (
        "4p_expansion_other_readings",
        4,
        402,
        {
            "departments": "expansion",
            "values": "printed",
            "connections": "points",
            "charity": "any",
            "reserve": "first",
            "supply_chain": "total",
            "sell_goods": False,
        },
    ),
]


def dump(data: dict[str, object]) -> str:
    """JSON with one move per line."""
    head = {k: v for k, v in data.items() if k not in ("moves", "expect")}
    lines = ["{"]
    lines += [f"  {json.dumps(k)}: {json.dumps(v)}," for k, v in head.items()]
    moves = data["moves"]
    assert isinstance(moves, list)
    lines.append('  "moves": [')
    lines += [f"    {json.dumps(m)}," for m in moves]
    lines[-1] = lines[-1].rstrip(",")
    lines.append("  ],")
    lines.append(f'  "expect": {json.dumps(data["expect"])}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def main() -> None:
    FIXTURES.mkdir(parents=True, exist_ok=True)
    for name, seats, seed, options in GAMES:
        state, record = play_out(SPEC, seats, seed, options=options)
        out = state.outcome()
        assert out is not None
        data = record.to_dict()
        data["expect"] = {
            "scores": {str(k): v for k, v in out.scores.items()},
            "reason": out.reason,
        }
        path = FIXTURES / f"{name}.json"
        path.write_text(dump(data), encoding="utf-8")
        print(path.name, len(record.moves), "moves", out.reason)


if __name__ == "__main__":
    main()
