"""Speed of the Python package against the engine's own figures (issue 5's targets).

    python ffi-python/benches/bench.py [--cli target/release/tablic]

1. One `captures(table, card)` call on 4-card tables: median of repeated timings over 1,000
   fixed positions (target: at most 2 µs).
2. Greedy-vs-greedy games per second: `tablic.match` against `tablic match --json`, both
   on one thread, alternated over several rounds in one run; the median ratio is reported
   (target: Python at least 90% of the command line).
Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import time
from pathlib import Path

import tablic

ROOT = Path(__file__).resolve().parents[2]


def capture_positions(count: int) -> list[tuple[list[tablic.Card], tablic.Card]]:
    """Fixed 4-card tables, each with a card that is not on it."""
    chooser = random.Random(1)
    positions = []
    for _ in range(count):
        cards = chooser.sample([tablic.Card(index) for index in range(52)], 5)
        positions.append((cards[:4], cards[4]))
    return positions


def captures_ns(rounds: int) -> float:
    positions = capture_positions(1000)
    samples = []
    for _ in range(rounds):
        start = time.perf_counter_ns()
        for table, card in positions:
            tablic.captures(table, card)
        samples.append((time.perf_counter_ns() - start) / len(positions))
    return statistics.median(samples)


def cli_games_per_s(cli: Path, games: int) -> float:
    command = [str(cli), "match", "--players", "greedy,greedy", "--games", str(games), "--json"]
    report = json.loads(subprocess.run(command, check=True, capture_output=True).stdout)
    return float(report["games_per_s"])


def python_games_per_s(games: int) -> float:
    return tablic.match(["greedy", "greedy"], games, seed=1).games_per_s


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", type=Path, default=ROOT / "target" / "release" / "tablic")
    parser.add_argument("--games", type=int, default=50_000)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()

    per_call = captures_ns(args.rounds * 3)
    python, cli, ratios = [], [], []
    for _ in range(args.rounds):
        python.append(python_games_per_s(args.games))
        cli.append(cli_games_per_s(args.cli, args.games))
        ratios.append(python[-1] / cli[-1])
    print(
        json.dumps(
            {
                "captures_4_cards_median_ns": round(per_call),
                "python_greedy_games_per_s_median": round(statistics.median(python)),
                "cli_greedy_games_per_s_median": round(statistics.median(cli)),
                "python_over_cli_median_ratio": round(statistics.median(ratios), 3),
                "rounds": args.rounds,
                "games_per_round": args.games,
            }
        )
    )


if __name__ == "__main__":
    main()
