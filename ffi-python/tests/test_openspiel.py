"""tablic.openspiel: the game registered with OpenSpiel, through OpenSpiel's own tests."""

from __future__ import annotations

import copy
import doctest
import pickle
import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import tablic.openspiel  # noqa: E402  (registers python_tablic)
from tablic import Game  # noqa: E402
from tablic.openspiel import TablicState, resample  # noqa: E402

GAMES = ["python_tablic", "python_tablic(players=4,side_size=2)", "python_tablic(players=3)"]


def random_state(game: Any, rng: random.Random, decisions: int) -> TablicState:
    """A state after the deal and ``decisions`` random moves."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            cards, chances = zip(*state.chance_outcomes())
            state.apply_action(rng.choice(cards))
            continue
        if decisions == 0:
            break
        state.apply_action(rng.choice(state.legal_actions()))
        decisions -= 1
    return state  # type: ignore[no-any-return]


@pytest.mark.parametrize("name", GAMES)
def test_random_simulations_with_serialization(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=3, serialize=True, verbose=False)


def test_the_parameters_and_their_defaults() -> None:
    game = pyspiel.load_game("python_tablic")
    assert game.num_players() == 2 and game.num_distinct_actions() == 3328
    assert game.max_chance_outcomes() == 52 and game.max_game_length() == 48
    assert game.max_chance_nodes_in_history() == 52
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-49.0, 49.0, 0.0)
    pairs = pyspiel.load_game("python_tablic(players=4,side_size=2,final_tabla=False)")
    assert pairs.num_players() == 4 and pairs.rules.side_size == 2
    assert not pairs.rules.final_tabla
    small = pyspiel.load_game("python_tablic(captures_per_card=8)")
    assert small.num_distinct_actions() == 416
    with pytest.raises(ValueError, match="side"):
        pyspiel.load_game("python_tablic(players=3,side_size=2)")


def test_chance_deals_the_deck_card_by_card() -> None:
    game = pyspiel.load_game("python_tablic")
    state = game.new_initial_state()
    deck = [int(card) for card in np.random.default_rng(4).permutation(52)]
    chance_nodes = 0
    rng = random.Random(4)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert len(outcomes) == 52 - chance_nodes
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            state.apply_action(deck[chance_nodes])
            chance_nodes += 1
        else:
            legal = state.legal_actions()
            assert legal == sorted(legal)
            strings = [state.action_to_string(state.current_player(), a) for a in legal]
            assert len(set(strings)) == len(strings)
            state.apply_action(rng.choice(legal))
    assert chance_nodes == 52
    # The same deck and moves in the engine: the same result, the returns its margins.
    engine = Game.from_record(state.engine.record())
    assert engine.deck == Game(deck=deck).deck
    totals = engine.result().totals
    assert state.returns() == [totals[0] - totals[1], totals[1] - totals[0]]


@pytest.mark.parametrize("name", GAMES)
def test_clone_pickle_and_serialization_keep_the_state(name: str) -> None:
    game = pyspiel.load_game(name)
    state = random_state(game, random.Random(1), 9)
    for other in [
        state.clone(),
        copy.deepcopy(state),
        pickle.loads(pickle.dumps(state)),
        game.deserialize_state(state.serialize()),
    ]:
        assert str(other) == str(state) and other.history() == state.history()
        assert other.information_state_tensor(0) == state.information_state_tensor(0)
        assert other.legal_actions() == state.legal_actions()
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert str(clone) != str(state)


def test_information_state_has_perfect_recall() -> None:
    """Every information state string extends the player's earlier ones."""
    game = pyspiel.load_game("python_tablic")
    state = random_state(game, random.Random(2), 0)
    earlier: list[str] = []
    rng = random.Random(2)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        if state.current_player() == 0:
            text = state.information_state_string(0)
            for before in earlier:
                assert text.split(" | ", 1)[1].startswith(before.split(" | ", 1)[1])
            earlier.append(text)
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", GAMES)
def test_resampled_worlds_keep_the_information_state(name: str) -> None:
    game = pyspiel.load_game(name)
    rng = random.Random(3)
    differed = 0
    for decisions in [0, 5, 13, 20, 30]:
        state = random_state(game, rng, decisions)
        player = state.current_player()
        for _ in range(4):
            world = resample(state, player, rng)
            assert world.information_state_string(player) == state.information_state_string(
                player
            )
            assert world.information_state_tensor(player) == state.information_state_tensor(
                player
            )
            assert world.legal_actions() == state.legal_actions()
            differed += world.engine.record() != state.engine.record()
    assert differed > 10


def test_mcts_bot_plays_a_game() -> None:
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("python_tablic")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=np.random.RandomState(1))
    state = random_state(game, random.Random(5), 0)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(bot.step(state))
    assert sum(state.returns()) == 0


def test_ismcts_bot_plays_with_the_resampler() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_tablic")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=np.random.RandomState(1))
    rng = random.Random(6)
    bot.set_resampler(lambda state, player: resample(state, player, rng))
    state = random_state(game, random.Random(6), 0)
    moves = 0
    while not state.is_terminal() and moves < 6:
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
    assert moves == 6


def test_rl_environment_runs_an_episode() -> None:
    from open_spiel.python import rl_environment

    environment = rl_environment.Environment(
        "python_tablic(players=4,side_size=2)",
        chance_event_sampler=rl_environment.ChanceEventSampler(seed=1),
    )
    step = environment.reset()
    rng = random.Random(7)
    steps = 0
    while not step.last():
        player = step.observations["current_player"]
        step = environment.step([rng.choice(step.observations["legal_actions"][player])])
        steps += 1
    assert steps == 48 and sum(step.rewards) == 0
    assert step.rewards[0] == step.rewards[2] == -step.rewards[1]


@pytest.mark.parametrize(
    ("name", "only"),
    [("python_tablic", "python_tablic$"), ("python_tablic(players=4,side_size=2)", "python_tablic\\(")],
)
def test_openspiels_api_test_passes(name: str, only: str) -> None:
    """OpenSpiel's integration test as shipped in its wheel, on this game alone."""
    program = (
        "import sys\n"
        "from absl.testing import absltest\n"
        "import tablic.openspiel\n"
        "from open_spiel.integration_tests import api_test\n"
        f"api_test._GAMES_TO_TEST = [{name!r}]\n"
        "absltest.main(module=api_test)\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", program, f"--test_only_games={only}"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert ran.returncode == 0, ran.stdout[-3000:] + ran.stderr[-3000:]
    assert " OK" in ran.stderr and "Ran 0 tests" not in ran.stderr


def test_the_docstring_example_runs() -> None:
    failures, tried = doctest.testmod(tablic.openspiel)
    assert tried > 0 and failures == 0
