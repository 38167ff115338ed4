"""Trains sb3-contrib's MaskablePPO on tablic/Tablic-v1 against the greedy bot, and reports
its mean margin against greedy over duplicated deals, before and after training.

Needs ``pip install 'tablic[env]' sb3-contrib`` (which brings PyTorch); outside the test
command for that reason.

    python ffi-python/examples/maskable_ppo.py --steps 200000 --deals 200
"""

from __future__ import annotations

import argparse
import math
import statistics
from typing import Any

import gymnasium
from sb3_contrib import MaskablePPO  # type: ignore[import-not-found]

import tablic.gym
from tablic.training import derive_seed


def margin(model: Any, seat: int, deal_seed: int) -> float:
    """The model's margin at ``seat`` against greedy on the deal of ``deal_seed``."""
    environment = gymnasium.make(tablic.gym.ID, opponents="greedy", seat=seat, seed=deal_seed)
    observation, _ = environment.reset()
    while True:
        masks = environment.unwrapped.action_masks()  # type: ignore[attr-defined]
        action, _ = model.predict(observation, action_masks=masks, deterministic=True)
        observation, reward, terminated, truncated, _ = environment.step(int(action))
        if terminated or truncated:
            return float(reward)


def evaluate(model: Any, deals: int, seed: int) -> tuple[float, float]:
    """Mean margin ± standard error over deal pairs (each deal from both seats)."""
    pairs = [
        (margin(model, 0, derive_seed(seed, deal)) + margin(model, 1, derive_seed(seed, deal)))
        / 2
        for deal in range(deals)
    ]
    return statistics.fmean(pairs), statistics.stdev(pairs) / math.sqrt(len(pairs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200_000)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    training = gymnasium.make(tablic.gym.ID, opponents="greedy", seed=arguments.seed)
    model = MaskablePPO("MlpPolicy", training, seed=arguments.seed, verbose=0)
    before = evaluate(model, arguments.deals, arguments.seed + 1)
    model.learn(total_timesteps=arguments.steps)
    after = evaluate(model, arguments.deals, arguments.seed + 1)
    print(f"MaskablePPO vs greedy, {arguments.deals} deal pairs (seed {arguments.seed + 1}):")
    print(f"  untrained  {before[0]:+.2f} ± {before[1]:.2f}")
    print(f"  {arguments.steps:,} steps  {after[0]:+.2f} ± {after[1]:.2f}")


if __name__ == "__main__":
    main()
