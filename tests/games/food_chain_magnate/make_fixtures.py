"""Write the Food Chain Magnate replay fixtures: complete AI-played games.

Run from the repository root: ``python -m tests.games.food_chain_magnate.make_fixtures``.
Each file is ``{game, engine_version, seed, seats, options, moves, expect}``. Run it only when
the rules change on purpose (an engine_version bump): keep a few records of the older version
first as ``v<version>_*.json``; they must keep replaying with that version's rules.
"""

from __future__ import annotations

import json
from pathlib import Path

from games.core.ai import play_out
from games.food_chain_magnate import SPEC

HERE = Path(__file__).resolve().parents[2] / "fixtures" / "food_chain_magnate"
GAMES = [
    ("2p", 2, 21, {}),
    ("3p", 3, 31, {}),
    ("4p", 4, 41, {}),
    ("5p", 5, 51, {}),
    ("intro_3p", 3, 32, {"intro": True}),
    ("intro_milestones_2p", 2, 22, {"intro": True, "milestones": True}),
    (
        "3p_other_readings",
        3,
        31,
        {
            "campaign_range": "whole",
            "house_road": "house",
            "cfo": "each",
            "open_cards": True,
            "eternal": "all",
            "negative_price": "forgive",
        },
    ),
]


def main() -> None:
    for name, seats, seed, options in GAMES:
        state, record = play_out(SPEC, seats, seed, options=options)
        out = state.outcome()
        assert out is not None
        data = {
            "about": f"Played by the AI; the bank broke for the second time in turn {state.turn}.",
            **record.to_dict(),
        }
        data["expect"] = {
            "scores": {str(k): v for k, v in sorted(out.scores.items())},
            "reason": out.reason,
        }
        path = HERE / f"{name}.json"
        path.write_text(json.dumps(data, indent=None, separators=(",", ":")) + "\n")
        print(name, len(record.moves), "moves", state.turn, "turns", dict(out.scores))


if __name__ == "__main__":
    main()
