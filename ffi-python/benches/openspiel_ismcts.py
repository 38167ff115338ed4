"""OpenSpiel's ISMCTS on python_tablic against a built-in bot, over duplicated deals.

Each deal (``tablic.Game(seed=derive_seed(seed, pair)).deck``, fed to the chance nodes) is
played twice with the seats swapped; a pair's figure is ISMCTS's mean margin over its two
games, and the result is the mean over pairs ± the standard error over pairs. ISMCTS runs
unchanged (`open_spiel.python.algorithms.ismcts`, random rollouts), resampling through
`tablic.openspiel.resample`.

    python benches/openspiel_ismcts.py --opponent greedy --pairs 20 --simulations 1000
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import tablic.openspiel
from tablic import Bot, Game
from tablic.encoding import move_to_action
from tablic.openspiel import TablicState, resample
from tablic.training import derive_seed


def play(game: pyspiel.Game, deck: list[int], bots: list[object], clock: list[float]) -> list[float]:
    """One game on ``deck``; ``bots[seat]`` is an ISMCTSBot or a `tablic.Bot`."""
    state: TablicState = game.new_initial_state()
    dealt = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(deck[dealt])
            dealt += 1
            continue
        seat = state.current_player()
        bot = bots[seat]
        if isinstance(bot, Bot):
            view = state.engine.view(seat)
            state.apply_action(move_to_action(view, bot.choose(view)))
        else:
            start = time.perf_counter()
            action = bot.step(state)  # type: ignore[attr-defined]
            clock.append(time.perf_counter() - start)
            state.apply_action(action)
    return list(state.returns())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--pairs", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--uct-c", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=math.inf, help="stop after a pair past this")
    arguments = parser.parse_args()
    game = pyspiel.load_game("python_tablic")
    rng = random.Random(arguments.seed)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(arguments.seed))
    searcher = ismcts.ISMCTSBot(
        game,
        evaluator,
        arguments.uct_c,
        arguments.simulations,
        random_state=np.random.RandomState(arguments.seed),
    )
    searcher.set_resampler(lambda state, player: resample(state, player, rng))
    pair_margins: list[float] = []
    clock: list[float] = []
    began = time.perf_counter()
    for pair in range(arguments.pairs):
        deal = derive_seed(arguments.seed, pair)
        deck = [card.index for card in Game(seed=deal).deck]
        margins = []
        for seat in (0, 1):
            opponent = Bot(arguments.opponent, seed=derive_seed(deal, 1000 + 1 - seat))
            bots: list[object] = [searcher, opponent] if seat == 0 else [opponent, searcher]
            margins.append(play(game, deck, bots, clock)[seat])
        pair_margins.append(sum(margins) / 2)
        if time.perf_counter() - began > arguments.seconds:
            break
    pairs = len(pair_margins)
    mean = statistics.fmean(pair_margins)
    se = statistics.stdev(pair_margins) / math.sqrt(pairs) if pairs > 1 else float("nan")
    print(
        f"ismcts(uct_c={arguments.uct_c}, simulations={arguments.simulations}) vs "
        f"{arguments.opponent}: {mean:+.2f} ± {se:.2f} over {pairs} pairs; "
        f"{1000 * statistics.fmean(clock):.1f} ms a move (mean of {len(clock)})"
    )


if __name__ == "__main__":
    main()
