"""Decisions a second of `tablic.vector.VectorEnv` against other card-game environments
from Python, in one run, random legal actions throughout.

    python ffi-python/benches/vector.py [--seconds 2] [--rounds 3] [--games 512]

A decision is one move chosen by the caller. "decisions/s" divides by wall-clock time;
"per CPU-second" by the CPU time the process got meanwhile (all its threads), which says
what a loaded machine hides: with other work on the cores, a process gets less than the
wall-clock time. Rows:

* ``tablic.vector``: ``games`` games against ``random`` or ``greedy`` bots, on 1 or 2
  threads; "step+choice" counts the whole loop (one random legal action per game from
  ``legal_actions`` with NumPy, then ``step``), "step" only the time inside ``step``.
  Every decision writes the observation and the mask.
* ``tablic.env``: the PettingZoo AEC environment, one game (``observe`` and the mask each
  move).
* PettingZoo's classic card environments (RLCard inside): each move ``last()`` (the
  observation and its mask) and a random masked action.
* OpenSpiel's C++ games through ``pyspiel``: each move the legal actions and the
  observation tensor (the information-state tensor where a game has no observation
  tensor, as hearts), a random legal action; chance nodes sampled and not counted.

Environments whose packages are missing are left out with a note. Prints a Markdown
table: the median over ``rounds`` of each row (rounds alternate between the rows).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
from collections.abc import Callable

import numpy as np

from tablic.env import raw_env
from tablic.vector import VectorEnv

Measure = Callable[[float], tuple[int, float, float]]
"""Plays for about ``seconds`` and returns (decisions, seconds counted, CPU seconds of the
process in them, every thread's)."""


def vector(games: int, opponents: str, threads: int, step_only: bool) -> Measure:
    envs = VectorEnv(games, opponents=opponents, threads=threads, seed=1)
    envs.reset()
    rng = np.random.default_rng(1)
    rows = np.arange(games)

    def measure(seconds: float) -> tuple[int, float]:
        decisions, inside, inside_cpu = 0, 0.0, 0.0
        start, start_cpu = time.perf_counter(), time.process_time()
        while time.perf_counter() - start < seconds:
            for _ in range(20):
                choice = (rng.random(games) * envs.legal_action_counts).astype(np.int64)
                actions = envs.legal_actions[rows, choice]
                # Games that ended on the last step deal again: their action is no decision.
                decisions += games - int(np.count_nonzero(envs.legal_action_counts == 0))
                before, before_cpu = time.perf_counter(), time.process_time()
                envs.step(actions)
                inside += time.perf_counter() - before
                inside_cpu += time.process_time() - before_cpu
        if step_only:
            return decisions, inside, inside_cpu
        return decisions, time.perf_counter() - start, time.process_time() - start_cpu

    return measure


def tablic_env() -> Measure:
    environment = raw_env(players=2, seed=1)
    rng = random.Random(1)

    def measure(seconds: float) -> tuple[int, float]:
        decisions = 0
        start, start_cpu = time.perf_counter(), time.process_time()
        while time.perf_counter() - start < seconds:
            environment.reset()
            for agent in environment.agent_iter():
                observation, _, terminated, truncated, _ = environment.last()
                if terminated or truncated:
                    environment.step(None)
                    continue
                mask = observation["action_mask"]
                environment.step(rng.choice(np.flatnonzero(mask).tolist()))
                decisions += 1
        return decisions, time.perf_counter() - start, time.process_time() - start_cpu

    return measure


def pettingzoo_classic(name: str) -> Measure:
    module = __import__(f"pettingzoo.classic.{name}", fromlist=["env"])
    environment = module.env()
    rng = random.Random(1)

    def measure(seconds: float) -> tuple[int, float]:
        decisions = 0
        start, start_cpu = time.perf_counter(), time.process_time()
        while time.perf_counter() - start < seconds:
            environment.reset(seed=rng.randrange(2**31))
            for agent in environment.agent_iter():
                observation, _, terminated, truncated, _ = environment.last()
                if terminated or truncated:
                    environment.step(None)
                    continue
                mask = observation["action_mask"]
                environment.step(rng.choice(np.flatnonzero(mask).tolist()))
                decisions += 1
        return decisions, time.perf_counter() - start, time.process_time() - start_cpu

    return measure


def openspiel(name: str) -> Measure:
    import pyspiel

    game = pyspiel.load_game(name)
    kind = game.get_type()
    observe = (
        pyspiel.State.observation_tensor
        if kind.provides_observation_tensor
        else pyspiel.State.information_state_tensor
    )
    rng = random.Random(1)

    def measure(seconds: float) -> tuple[int, float]:
        decisions = 0
        start, start_cpu = time.perf_counter(), time.process_time()
        while time.perf_counter() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, weights = zip(*state.chance_outcomes())
                    state.apply_action(rng.choices(actions, weights)[0])
                    continue
                observe(state)
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        return decisions, time.perf_counter() - start, time.process_time() - start_cpu

    return measure


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per row and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=512, help="games of tablic.vector")
    arguments = parser.parse_args()

    rows: dict[str, Measure] = {}
    notes = []
    for opponents in ("random", "greedy"):
        for threads in (1, 2):
            for step_only in (False, True):
                what = "step" if step_only else "step+choice"
                label = f"tablic.vector {arguments.games} games vs {opponents}, {threads} thr., {what}"
                rows[label] = vector(arguments.games, opponents, threads, step_only)
    rows["tablic.env (PettingZoo AEC, 1 game)"] = tablic_env()
    for name in ("leduc_holdem_v4", "texas_holdem_v4", "texas_holdem_no_limit_v6"):
        try:
            rows[f"PettingZoo classic {name}"] = pettingzoo_classic(name)
        except ImportError as error:
            notes.append(f"PettingZoo {name} left out: {error}")
    for name in ("hearts", "euchre"):
        try:
            rows[f"OpenSpiel (pyspiel) {name}"] = openspiel(name)
        except ImportError as error:
            notes.append(f"OpenSpiel {name} left out: {error}")

    rates: dict[str, list[float]] = {label: [] for label in rows}
    cpu_rates: dict[str, list[float]] = {label: [] for label in rows}
    for _ in range(arguments.rounds):
        for label, measure in rows.items():
            decisions, seconds, cpu_seconds = measure(arguments.seconds)
            rates[label].append(decisions / seconds)
            cpu_rates[label].append(decisions / cpu_seconds)

    load = os.getloadavg()[0]
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, load average {load:.1f} "
          f"at the end; Python {platform.python_version()}; median of {arguments.rounds} "
          f"rounds of {arguments.seconds:g} s")
    print()
    print("| environment | decisions/s | decisions per CPU-second |")
    print("| --- | ---: | ---: |")
    for label, values in rates.items():
        print(f"| {label} | {statistics.median(values):,.0f} | "
              f"{statistics.median(cpu_rates[label]):,.0f} |")
    for note in notes:
        print(f"\n{note}")


if __name__ == "__main__":
    main()
