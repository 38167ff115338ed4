"""The native side of bench-best.mjs: times `best`'s decision on each position, through
the Python binding (the core compiled natively). Reads the positions as JSON on stdin
([{"record", "seat", "seed"}]) and prints {"moves": [...], "ms": [...]}, one per position.
Only the decision is timed, not building the bot."""

import json
import sys
import time

from tablic import Bot, Game


def main():
    moves, ms = [], []
    for position in json.load(sys.stdin):
        game = Game.from_record(position["record"])
        bot = Bot("best", seed=int(position["seed"]))
        view = game.view(position["seat"])
        start = time.perf_counter_ns()
        chosen = bot.choose(view)
        ms.append((time.perf_counter_ns() - start) / 1e6)
        moves.append(str(chosen))
    json.dump({"moves": moves, "ms": ms}, sys.stdout)


if __name__ == "__main__":
    main()
