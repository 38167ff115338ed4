#!/usr/bin/env python3
"""levels_summary.py: the level bench's decisions (levels_bench.c's `decision` lines) per
level and player count: how many, the median and the maximum of the instructions a decision
took, the time they make at 50 MHz and at 80 MHz (one instruction a cycle), and the stack
peak.

    levels_summary.py LOG...
"""
import statistics
import sys
from collections import defaultdict

BUDGET_HZ = (50_000_000, 80_000_000)


def decisions(paths):
    """(level, players) -> [(instructions, stack)] from the `decision` lines of `paths`."""
    found = defaultdict(list)
    for path in paths:
        with open(path, encoding="utf-8") as log:
            for line in log:
                words = line.split()
                if not words or words[0] != "decision":
                    continue
                fields = dict(zip(words[1::2], words[2::2]))
                key = (int(fields["level"]), int(fields["players"]))
                found[key].append((int(fields["instructions"]), int(fields["stack"])))
    return found


def main(paths):
    found = decisions(paths)
    print("| level | players | decisions | median instructions | max instructions "
          "| median / max at 50 MHz | median / max at 80 MHz | stack peak |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for (level, players), rows in sorted(found.items()):
        counts = [instructions for instructions, _ in rows]
        median, most = statistics.median(counts), max(counts)
        times = [f"{median / hz * 1000:.1f} / {most / hz * 1000:.1f} ms" for hz in BUDGET_HZ]
        stack = max(stack for _, stack in rows)
        print(f"| {level} | {players} | {len(rows)} | {median:,.0f} | {most:,} | {times[0]} "
              f"| {times[1]} | {stack:,} B |")
    return 0 if found else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
