"""The San Francisco connection rule on identical play (issue 19):

    python -m tests.games.carnegie.measure_connections 150 3

Plays AI self-play games with ``connections=points`` (engine version 1's reading), then scores
each final position again with the seed's rule (``connections=seed``) and counts the seats
whose connection VP change, the VP they lose and the games whose winner changes. Not a test.
"""

from __future__ import annotations

import sys

from games.carnegie.scoring import connection_vp, final_outcome
from tests.games.measure_readings import play


def main(games: int, seats: int) -> None:
    changed_seats = lost = winners = 0
    for g in range(games):
        state, before = play("carnegie", seats, 1000 + g, {"connections": "points"})
        old = [connection_vp(state, s) for s in range(seats)]
        state.options["connections"] = "seed"
        new = [connection_vp(state, s) for s in range(seats)]
        after = final_outcome(state)
        changed_seats += sum(a != b for a, b in zip(old, new, strict=True))
        lost += sum(old) - sum(new)
        winners += before.winners != after.winners
    print(
        f"{games} games of {seats}: {changed_seats} of {games * seats} seats lose connection VP "
        f"under the seed's rule ({lost / max(changed_seats, 1):.1f} VP each on average); "
        f"the winner changes in {winners} games"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
