"""tablic.env: the PettingZoo AEC environment."""

from __future__ import annotations

import doctest
import random
from collections.abc import Callable
from typing import Any

import pickle

import numpy as np
import pettingzoo
import pytest
from pettingzoo.test.api_test import api_test as pettingzoo_api_test
from pettingzoo.test.parallel_test import parallel_api_test as pettingzoo_parallel_api_test
from pettingzoo.test.render_test import render_test as pettingzoo_render_test
from pettingzoo.test.seed_test import seed_test as pettingzoo_seed_test
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

from tablic import Bot, Card, Game, Move, View
from tablic.encoding import action_count, action_to_move, legal_action_mask, move_to_action
from tablic.encoding import observe_flat
import tablic.env
from tablic.env import Reward, env, raw_env
from tablic.training import BOT_SEED_INDEX, derive_seed, margins, self_play_games

# pettingzoo's api_test warns about every observation that is a dict rather than an array,
# and about every observation space that is not a Box or Discrete, unless the environment
# is one of the built-in classic games it names. A Dict of "observation" and "action_mask"
# is PettingZoo's own convention for masked actions (the classic games use it), so these
# two warnings are expected here and nothing else is filtered.
API_TEST_WARNINGS = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
    pytest.mark.filterwarnings(
        "ignore:Observation space for each agent probably should be gymnasium.spaces.box "
        "or gymnasium.spaces.discrete:UserWarning"
    ),
]


# PettingZoo's tests are not annotated; these are their signatures as used here.
api_test: Callable[..., None] = pettingzoo_api_test
seed_test: Callable[..., None] = pettingzoo_seed_test


def with_api_warnings(test: Any) -> Any:
    for mark in API_TEST_WARNINGS:
        test = mark(test)
    return test


@with_api_warnings
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_api_test_passes(players: int) -> None:
    api_test(env(players=players, seed=players), num_cycles=100)
    api_test(raw_env(players=players), num_cycles=100)


@with_api_warnings
def test_the_api_test_passes_with_opponents() -> None:
    api_test(env(players=3, opponents={1: "greedy", 2: Bot("random", seed=1)}), num_cycles=100)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_seed_test_passes(players: int) -> None:
    seed_test(lambda: env(players=players, opponents={0: "random"}))
    seed_test(lambda: env(players=players))


def test_spaces_and_agents() -> None:
    environment = raw_env(players=3, opponents={1: "greedy"})
    assert environment.possible_agents == ["player_0", "player_2"]
    space = environment.observation_space("player_2")
    assert space["observation"].shape == (333,) and space["observation"].dtype == np.float32
    assert space["action_mask"].shape == (3328,) and space["action_mask"].dtype == np.int8
    assert environment.action_space("player_0").n == 3328 == action_count()
    assert raw_env(captures_per_card=8).action_space("player_0").n == 52 * 8


def play_randomly(environment: raw_env, rng: random.Random) -> dict[str, float]:
    """Plays a game with uniformly random masked actions, checking every observation
    against the engine, and returns every agent's reward at the end."""
    final: dict[str, float] = {}
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, info = environment.last()
        assert observation is not None
        seat = int(agent.split("_")[1])
        view = environment.game.view(seat)
        assert np.array_equal(observation["observation"], observe_flat(view))
        if terminated or truncated:
            final[agent] = reward
            result = environment.game.result()
            assert info["totals"] == result.totals and info["side_totals"] == result.side_totals
            assert info["side"] == environment.game.side_of(seat)
            environment.step(None)
            continue
        assert reward == 0 and environment.game.to_move == seat
        mask = observation["action_mask"]
        assert np.array_equal(mask.astype(bool), legal_action_mask(view))
        for other in environment.agents:
            if other != agent:
                assert not environment.observe(other)["action_mask"].any()
        action = rng.choice(np.flatnonzero(mask).tolist())
        move = action_to_move(view, action)
        assert environment.legal_actions()[action] == move
        before = len(environment.game.history)
        environment.step(action)
        assert environment.game.history[before] == move
    return final


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("reward", ["margin", "total", "win"])
def test_random_masked_play_ends_with_the_engines_scores(players: int, reward: Any) -> None:
    rng = random.Random(players)
    environment = raw_env(players=players, seed=11, reward=reward)
    for deal in range(3):
        environment.reset()
        final = play_randomly(environment, rng)
        game = environment.game
        assert game.is_finished and len(game.history) == 48
        assert game.seed == derive_seed(11, deal)
        # The same moves replayed on a new game from the record give the same scores.
        result = Game.from_record(game.record()).result()
        totals = result.totals
        expected = {
            "margin": margins(totals),
            "total": [float(total) for total in totals],
            "win": [
                1.0 if seat == result.winner else 0.0 if total == max(totals) else -1.0
                for seat, total in enumerate(totals)
            ],
        }[reward]
        assert final == {f"player_{seat}": expected[seat] for seat in range(players)}
        assert environment.agents == []


@pytest.mark.parametrize("reward", ["margin", "total", "win"])
def test_sides_pay_every_agent_its_sides_reward(reward: Any) -> None:
    environment = raw_env(players=4, seed=5, reward=reward, rules="side-size=2")
    environment.reset()
    final = play_randomly(environment, random.Random(5))
    result = environment.game.result()
    assert environment.game.rules.side_size == 2 and result.side_count == 2
    sides = result.side_totals
    by_kind: dict[str, list[float]] = {
        "margin": [float(sides[0] - sides[1]), float(sides[1] - sides[0])],
        "total": [float(total) for total in sides],
        "win": [1.0 if side == result.winner else 0.0 if sides[0] == sides[1] else -1.0
                for side in range(2)],
    }
    expected = by_kind[reward]
    assert final == {f"player_{seat}": expected[seat % 2] for seat in range(4)}


@with_api_warnings
def test_the_api_test_passes_in_pairs() -> None:
    api_test(raw_env(players=4, seed=3, rules="side-size=2"), num_cycles=100)


def test_an_agent_in_pairs_sees_its_partner() -> None:
    environment = raw_env(players=4, seed=3, rules="side-size=2")
    environment.reset()
    assert environment.observation_space("player_1")["observation"].shape == (395,)
    observation = environment.observe("player_1")["observation"]
    # Relative seats: the agent, the next seat, its partner opposite, the seat before it.
    assert observation.shape == (395,) and observation[-4:].tolist() == [1, 0, 1, 0]
    assert raw_env(players=4).observation_space("player_0")["observation"].shape == (391,)


def test_the_deals_and_named_bots_are_those_of_match() -> None:
    """An agent playing like bot 0 of a match, against the match's bot 1, plays the
    match's games: same deals, same bot seeds."""
    environment = raw_env(players=2, opponents={1: "random"}, seed=5)
    for (game, _), deal in zip(self_play_games(["greedy", "random"], 3, seed=5), range(3)):
        environment.reset()
        me = Bot("greedy", seed=derive_seed(derive_seed(5, deal), BOT_SEED_INDEX))
        for agent in environment.agent_iter():
            _, reward, terminated, _, _ = environment.last()
            if terminated:
                assert reward == margins(game.result().totals)[0]
                environment.step(None)
                continue
            view = environment.game.view(0)
            environment.step(move_to_action(view, me.choose(view)))
        assert environment.game.record() == game.record()


def test_reset_with_a_seed_restarts_the_deals() -> None:
    environment = raw_env(players=2)
    environment.reset(seed=9)
    first = environment.game.record()
    environment.reset()
    assert environment.game.seed == derive_seed(9, 1)
    environment.reset(seed=9)
    assert environment.game.record() == first
    assert environment.game.seed == derive_seed(9, 0)


@pytest.mark.parametrize(("seed", "text"), [(-1, "-1"), (2**64, "18446744073709551616")])
def test_a_seed_out_of_range_says_so(seed: int, text: str) -> None:
    message = f"^seed {text} is out of range \\(0 to 18446744073709551615\\)"
    with pytest.raises(ValueError, match=message):
        raw_env(seed=seed)
    environment = raw_env(players=2, seed=9)
    with pytest.raises(ValueError, match=message):
        environment.reset(seed=seed)
    # The failed reset changed nothing: the next deal is still the first of seed 9.
    environment.reset()
    assert environment.game.seed == derive_seed(9, 0)


def test_python_players_can_be_opponents() -> None:
    class FirstMove:
        def __init__(self) -> None:
            self.calls = 0

        def choose(self, view: View) -> tuple[Card, frozenset[Card]]:
            self.calls += 1
            move = view.legal_moves()[0]
            return move.card, move.capture

    opponent = FirstMove()
    environment = raw_env(players=2, opponents={0: opponent}, seed=1)
    environment.reset()
    assert environment.agent_selection == "player_1" and environment.game.to_move == 1
    final = play_randomly(environment, random.Random(1))
    assert opponent.calls == 24 and list(final) == ["player_1"]


def test_illegal_actions() -> None:
    raw = raw_env(players=2, seed=3)
    raw.reset()
    mask = raw.observe("player_0")["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="not legal for player_0"):
        raw.step(illegal)
    unwrapped = env(players=2, seed=3, terminate_illegal=False)
    unwrapped.reset()
    with pytest.raises(ValueError, match="not legal"):
        unwrapped.step(illegal)


@pytest.mark.filterwarnings("ignore:.*Illegal move made, game terminating:UserWarning")
def test_the_wrapped_environment_ends_the_game_on_an_illegal_action() -> None:
    # PettingZoo's TerminateIllegalWrapper warns on every illegal move, by design.
    cases: list[tuple[Reward, float]] = [("margin", -25.0), ("win", -1.0)]
    for reward, penalty in cases:
        wrapped = env(players=2, seed=3, reward=reward)
        wrapped.reset()
        observation = wrapped.observe("player_0")
        assert observation is not None
        illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
        wrapped.step(illegal)
        assert all(wrapped.terminations.values())
        _, first_reward, terminated, _, _ = wrapped.last()
        assert terminated and first_reward == penalty


def test_rendering(capsys: pytest.CaptureFixture[str]) -> None:
    environment = raw_env(players=2, seed=1, render_mode="ansi", opponents={1: "greedy"})
    environment.reset()
    text = environment.render()
    assert text == (
        "move 1, deal 1, 36 cards undealt; seat 0 to move\n"
        "table: {2H 5C JH QD}\n"
        "seat 0 player_0: hand {3C 4H 6C 8S 9H 10H} | pile 0 cards, 0 points, 0 tablas\n"
        "seat 1 greedy: hand {4C 4D 5S 9D 10S KC} | pile 0 cards, 0 points, 0 tablas"
    )
    human = raw_env(players=2, seed=1, render_mode="human")
    human.reset()
    action = int(np.flatnonzero(human.observe("player_0")["action_mask"])[0])
    human.step(action)
    assert "seat 1 to move" in capsys.readouterr().out
    rng = random.Random(3)
    while not human.game.is_finished:
        # Random actions: always discarding would pile up a table whose captures are too
        # many to enumerate (see tablic.encoding's docs on cost).
        mask = human.observe(human.agent_selection)["action_mask"]
        human.step(rng.choice(np.flatnonzero(mask).tolist()))
    assert "game over after 48 moves" in human.text()
    with pytest.warns(UserWarning, match="render_mode"):
        assert raw_env().render() is None


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"players": 5}, "player"),
        ({"opponents": {0: "greedy", 1: "random"}}, "every seat"),
        ({"opponents": {2: "greedy"}}, "not a seat"),
        ({"render_mode": "rgb_array"}, "render_mode"),
        ({"reward": "points"}, "reward"),
        ({"captures_per_card": 0}, "at least 1"),
    ],
)
def test_bad_arguments_say_why(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        raw_env(**arguments)


def test_bad_opponents_say_why() -> None:
    with pytest.raises(ValueError, match="nonsense"):
        raw_env(opponents={1: "nonsense"})
    with pytest.raises(TypeError, match="choose"):
        raw_env(opponents={1: object()})  # type: ignore[dict-item]


def test_the_game_needs_a_reset() -> None:
    with pytest.raises(RuntimeError, match="reset"):
        _ = raw_env().game


def test_actions_of_the_environment_are_the_encodings() -> None:
    environment = raw_env(players=2, seed=2)
    environment.reset()
    view = environment.game.view(0)
    for action, move in environment.legal_actions().items():
        assert move_to_action(view, move) == action
        assert isinstance(move, Move)


def test_the_docstring_example_runs() -> None:
    failures, tried = doctest.testmod(tablic.env)
    assert tried > 0 and failures == 0


# --- PettingZoo's other tests, registration, pickling ----------------------------------

parallel_api_test: Callable[..., None] = pettingzoo_parallel_api_test
render_test: Callable[..., None] = pettingzoo_render_test


@pytest.mark.parametrize("rules", [None, "side-size=2"])
def test_the_parallel_api_test_passes_through_turn_based_aec_to_parallel(
    rules: str | None,
) -> None:
    parallel_api_test(turn_based_aec_to_parallel(env(players=4, seed=2, rules=rules)),
                      num_cycles=100)
    parallel_api_test(tablic.env.parallel_env(players=2, seed=2), num_cycles=100)


@pytest.mark.parametrize("rules", [None, "side-size=2"])
def test_the_render_test_passes(rules: str | None, capsys: pytest.CaptureFixture[str]) -> None:
    render_test(lambda render_mode: env(players=4, seed=1, rules=rules, render_mode=render_mode))
    assert "seat 0 to move" in capsys.readouterr().out


def test_the_seed_test_passes_in_pairs() -> None:
    seed_test(lambda: env(players=4, rules="side-size=2"))


def play_on(environment: Any, rng: random.Random, steps: int) -> list[Any]:
    """Random legal actions for ``steps`` steps (or to the end): what each step saw."""
    seen = []
    for _ in range(steps):
        if not environment.agents:
            break
        observation, reward, terminated, truncated, _ = environment.last()
        action = None if terminated or truncated else rng.choice(
            np.flatnonzero(observation["action_mask"]).tolist()
        )
        environment.step(action)
        seen.append((environment.agent_selection if environment.agents else None, reward,
                     observation["observation"].tolist()))
    return seen


@pytest.mark.parametrize(
    "arguments",
    [{"players": 2, "opponents": {1: "greedy"}},
     {"players": 4, "rules": "side-size=2", "opponents": {1: "random", 3: "pimc:samples=2"}}],
)
def test_a_pickled_environment_plays_on_as_the_original(arguments: dict[str, Any]) -> None:
    environment: Any = env(seed=4, **arguments)
    environment.reset()
    play_on(environment, random.Random(1), 7)
    copy_ = pickle.loads(pickle.dumps(environment))
    assert copy_.unwrapped.game.record() == environment.unwrapped.game.record()
    assert play_on(copy_, random.Random(2), 200) == play_on(environment, random.Random(2), 200)
    assert copy_.unwrapped.game.record() == environment.unwrapped.game.record()
    # Not reset yet, and after the game: both pickle too.
    assert pickle.loads(pickle.dumps(env(**arguments))).unwrapped.agents == []
    assert pickle.loads(pickle.dumps(environment)).unwrapped.game.is_finished


def test_an_object_opponent_does_not_pickle() -> None:
    environment = raw_env(players=2, opponents={1: Bot("greedy")})
    with pytest.raises(TypeError, match="seat 1 is an object"):
        pickle.dumps(environment)


def test_it_is_registered_with_its_version() -> None:
    made: Any = pettingzoo.make("aec", "tablic_v1", players=4, rules="side-size=2", seed=3)
    assert made.metadata["name"] == "tablic_v1" and made.metadata["version"] == 1
    made.reset()
    same = raw_env(players=4, rules="side-size=2", seed=3)
    same.reset()
    assert made.unwrapped.game.record() == same.game.record()
    parallel = pettingzoo.make("parallel", "tablic_v1", players=3)
    assert parallel.possible_agents == ["player_0", "player_1", "player_2"]
