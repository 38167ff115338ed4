"""What listing captures costs from Python, per call and per capture, against a plain PyO3
call that returns a list of card sets without searching.

    python ffi-python/benches/listing.py [--rounds 7]

Positions are the core bench's (`core/benches/common/capture_positions.rs`): position p is
the deck of `Game(seed=derive_seed(0xBE7C, p))`, the table its first n cards (a `CardSet`,
as `captures` returns them) and the played card the next one; 1,000 per size. One round
times `captures(table, card)` over the 1,000 positions; each figure is the median over the
rounds of nanoseconds per call, and `per_capture_ns` that divided by the mean number of
captures. `plain_ns` is the plain call: `piles` of a new game's view, a list of two empty
`CardSet`s, about the size of a 4-card table's list of captures (1.6 on average) and built
the same way. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable

import tablic

SIZES = (4, 8, 12, 16)
POSITIONS = 1000


def positions(size: int) -> list[tuple[tablic.CardSet, tablic.Card]]:
    decks = (tablic.Game(2, seed=tablic.derive_seed(0xBE7C, p)).deck for p in range(POSITIONS))
    return [(tablic.CardSet(deck[:size]), deck[size]) for deck in decks]


def median_ns(run: Callable[[], object], calls: int, rounds: int) -> float:
    samples = []
    for _ in range(rounds):
        start = time.perf_counter_ns()
        run()
        samples.append((time.perf_counter_ns() - start) / calls)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    view = tablic.Game(2, seed=1).view(0)
    plain_ns = median_ns(lambda: [view.piles for _ in range(POSITIONS)], POSITIONS, args.rounds)
    report: dict[str, object] = {"rounds": args.rounds, "plain_ns": round(plain_ns, 1)}
    for size in SIZES:
        listed = positions(size)
        total = sum(len(tablic.captures(table, card)) for table, card in listed)
        ns = median_ns(
            lambda: [tablic.captures(table, card) for table, card in listed], POSITIONS, args.rounds
        )
        report[str(size)] = {
            "captures_total": total,
            "captures_ns": round(ns, 1),
            "per_capture_ns": round(ns * POSITIONS / total, 1),
        }
    print(json.dumps(report))


if __name__ == "__main__":
    main()
