"""tablic.gym: the single-agent Gymnasium environment."""

from __future__ import annotations

import doctest
import random
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import tablic.gym
from tablic import Bot, Game
from tablic.encoding import move_to_action
from tablic.gym import ID, TablicEnv
from tablic.training import BOT_SEED_INDEX, derive_seed, margins, self_play_games


@pytest.mark.parametrize(
    "arguments",
    [
        {},
        {"players": 4, "opponents": "random", "rules": "side-size=2", "seat": 1,
         "render_mode": "ansi"},
        {"players": 3, "opponents": ["greedy", "random"], "seat": 2},
    ],
)
def test_gymnasiums_env_checker_passes(arguments: dict[str, Any]) -> None:
    check_env(gymnasium.make(ID, **arguments).unwrapped)


def test_it_plays_the_games_of_match_against_the_bot() -> None:
    """A learner playing like greedy against random plays the match's games, and is paid
    its margin."""
    environment = TablicEnv(opponents="random", seed=5)
    for (game, _), deal in zip(self_play_games(["greedy", "random"], 3, seed=5), range(3)):
        environment.reset()
        me = Bot("greedy", seed=derive_seed(derive_seed(5, deal), BOT_SEED_INDEX))
        done, reward = False, 0.0
        while not done:
            view = environment.game_env.game.view(0)
            action = move_to_action(view, me.choose(view))
            mask = environment.action_masks()
            assert mask.dtype == np.bool_ and mask[action] and mask.sum() == len(
                environment.game_env.legal_actions()
            )
            _, reward, done, truncated, info = environment.step(action)
            assert not truncated
        assert reward == margins(game.result().totals)[0]
        assert info["totals"] == game.result().totals
        assert environment.game_env.game.record() == game.record()
        assert not environment.action_masks().any()


def test_an_illegal_action_ends_the_episode() -> None:
    environment = TablicEnv(seed=1)
    environment.reset()
    illegal = int(np.flatnonzero(~environment.action_masks())[0])
    _, reward, terminated, _, info = environment.step(illegal)
    assert terminated and reward == -25.0 and info["illegal"]


def test_masked_random_play_reaches_the_end() -> None:
    environment = gymnasium.make(ID, players=4, opponents="greedy", rules="side-size=2")
    observation, info = environment.reset(seed=2)
    rng = random.Random(2)
    moves = 0
    done = False
    while not done:
        assert observation.shape == (395,)
        action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        observation, reward, done, _, info = environment.step(action)
        moves += 1
    assert moves == 12
    game: Game = environment.unwrapped.game_env.game  # type: ignore[attr-defined]
    sides = game.result().side_totals
    assert reward == sides[0] - sides[1]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"seat": 2}, "not a seat"),
        ({"players": 3, "opponents": ["greedy"]}, "one per other seat"),
        ({"render_mode": "human"}, "render_mode"),
        ({"opponents": "nonsense"}, "nonsense"),
    ],
)
def test_bad_arguments_say_why(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        TablicEnv(**arguments)


def test_the_docstring_example_runs() -> None:
    failures, tried = doctest.testmod(tablic.gym)
    assert tried > 0 and failures == 0
