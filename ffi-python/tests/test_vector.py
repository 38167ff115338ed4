"""tablic.vector: the Gymnasium vector environment, and the encodings it shares with
tablic.encoding."""

from __future__ import annotations

import doctest
import hashlib
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from gymnasium.vector import AutoresetMode

import tablic.vector
from tablic import Game, View
from tablic.encoding import legal_action_mask, legal_actions, observe, observe_flat
from tablic.env import raw_env
from tablic.vector import VectorEnv

RESEARCH_GUIDE = Path(__file__).resolve().parents[2] / "docs" / "RESEARCH.md"


# --- the encodings: the binding's code equals the Python it replaced ----------------------


def reference_observation(view: View) -> npt.NDArray[np.float32]:
    """The flat observation as tablic.encoding computed it in Python before the binding
    took it over, field by field from the View's properties: the oracle of the move."""
    players = view.players
    order = [(view.seat + offset) % players for offset in range(players)]
    relative = {seat: offset for offset, seat in enumerate(order)}

    def plane(cards: Any) -> list[float]:
        indices = {card.index for card in cards}
        return [1.0 if index in indices else 0.0 for index in range(52)]

    def one_hot(seat: int | None) -> list[float]:
        return [1.0 if seat is not None and relative[seat] == i else 0.0 for i in range(players)]

    piles = view.piles
    values: list[float] = plane(view.hand) + plane(view.table) + plane(view.unseen)
    for seat in order:
        values += plane(piles[seat])
    values += [float(len(piles[seat])) for seat in order]
    values += [float(view.hand_sizes[seat]) for seat in order]
    values += [float(view.tablas[seat]) for seat in order]
    values += [float(sum(card.points for card in piles[seat])) for seat in order]
    values += one_hot(view.to_move) + one_hot(view.last_capturer)
    values += [float(view.undealt), float(view.deals_dealt), 1.0 if view.is_last_deal else 0.0]
    if view.rules.side_size > 1:
        values += [1.0 if view.is_on_my_side(seat) else 0.0 for seat in order]
    return np.array(values, dtype=np.float32)


def reference_actions(view: View, captures_per_card: int) -> dict[int, tuple[int, int]]:
    """Every action's (card, capture bits) from the engine's move codes, grouped by card
    as tablic.encoding did in Python."""
    by_card: dict[int, list[int]] = {}
    for card, capture in view.legal_move_codes(captures_per_card):
        by_card.setdefault(card, []).append(capture)
    return {
        card * captures_per_card + rank: (card, capture)
        for card, captures in by_card.items()
        for rank, capture in enumerate(captures)
    }


@pytest.mark.parametrize(
    ("players", "rules"), [(2, None), (3, None), (4, None), (4, "side-size=2"), (6, "side-size=3")]
)
def test_the_binding_encodes_as_the_python_reference(players: int, rules: str | None) -> None:
    rng = random.Random(players)
    checked = 0
    for seed in range(6):
        game = Game(players=players, seed=seed, rules=rules)
        while True:
            for seat in range(players):
                view = game.view(seat)
                assert np.array_equal(observe_flat(view), reference_observation(view))
                for cap in (1, 3, 64):
                    expected = reference_actions(view, cap)
                    moves = legal_actions(view, cap)
                    assert list(moves) == sorted(expected)
                    for action, (card, capture) in expected.items():
                        assert moves[action].card.index == card
                        assert sum(1 << c.index for c in moves[action].capture) == capture
                    mask = legal_action_mask(view, cap)
                    assert sorted(np.flatnonzero(mask).tolist()) == sorted(expected)
                checked += 1
            if game.is_finished:
                break
            game.play(rng.choice(game.view(game.to_move or 0).legal_moves()))
    assert checked > 100
    fields = observe(game.view(0))
    assert fields["piles"].shape == (players, 52)


# --- the vector environment equals tablic.env ------------------------------------------


def random_actions(envs: VectorEnv, rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """One uniformly random legal action per game (0 where a game has none)."""
    counts = envs.legal_action_counts
    choice = (rng.random(envs.num_envs) * counts).astype(np.int64)
    actions = envs.legal_actions[np.arange(envs.num_envs), choice].astype(np.int64)
    return np.where(counts > 0, actions, 0)


CASES = [
    dict(players=2, seat=0, opponents="random", reward="margin"),
    dict(players=2, seat=1, opponents="greedy", reward="win"),
    dict(players=3, seat=2, opponents={0: "greedy", 1: "random"}, reward="total"),
    dict(players=4, seat=1, opponents="random", reward="margin", captures_per_card=3),
    dict(players=4, seat=0, opponents="greedy", reward="win", rules="side-size=2"),
]


@pytest.mark.parametrize("case", CASES)
def test_every_game_equals_tablic_env_step_for_step(case: dict[str, Any]) -> None:
    games, seed = 6, 40
    envs = VectorEnv(games, seed=seed, threads=2, **case)
    seat = case["seat"]
    opponents = case["opponents"]
    others = {
        other: opponents if isinstance(opponents, str) else opponents[other]
        for other in range(case["players"])
        if other != seat
    }
    single = {key: value for key, value in case.items() if key not in ("seat", "opponents")}
    references = [raw_env(seed=seed + game, opponents=others, **single) for game in range(games)]
    agent = f"player_{seat}"
    observations, infos = envs.reset()
    assert infos == {}
    for reference in references:
        reference.reset()
    rng = np.random.default_rng(7)
    ended = 0
    rewards = np.zeros(games)
    terminations = truncations = np.zeros(games, dtype=np.bool_)
    for step in range(4 * 48 // case["players"] + 6):
        for game, reference in enumerate(references):
            observation, reward, terminated, truncated, _ = reference.last()
            assert observation is not None
            assert np.array_equal(observations["observation"][game], observation["observation"])
            assert np.array_equal(observations["action_mask"][game], observation["action_mask"])
            if step > 0:
                assert rewards[game] == reward and terminations[game] == terminated
                assert not truncations[game] and not truncated
            legal = sorted(reference.legal_actions())
            count = envs.legal_action_counts[game]
            assert envs.legal_actions[game, :count].tolist() == legal
            assert (envs.legal_actions[game, count:] == -1).all()
        actions = random_actions(envs, rng)
        observations, rewards, terminations, truncations, infos = envs.step(actions)
        assert infos == {}
        for game, reference in enumerate(references):
            if reference.terminations[agent]:
                reference.reset()  # the next-step autoreset
            else:
                reference.step(int(actions[game]))
        ended += int(terminations.sum())
    assert ended >= 2 * games  # every game ended at least twice and dealt again
    assert set(rewards.tolist()) - {0.0} or ended


def trajectory_digest(threads: int, games: int = 7, steps: int = 120) -> str:
    envs = VectorEnv(games, players=3, opponents="greedy", seed=3, threads=threads)
    digest = hashlib.sha256()
    observations, _ = envs.reset()
    rng = np.random.default_rng(1)
    for _ in range(steps):
        observations, rewards, terminations, _, _ = envs.step(random_actions(envs, rng))
        for array in (*observations.values(), rewards, terminations, envs.legal_actions):
            digest.update(array.tobytes())
    return digest.hexdigest()


def test_any_thread_count_gives_the_same_games() -> None:
    one = trajectory_digest(1)
    assert trajectory_digest(2) == one and trajectory_digest(3) == one
    assert trajectory_digest(8) == one  # more threads than games
    assert trajectory_digest(1, steps=119) != one  # the digest sees every step


# --- the Gymnasium interface ---------------------------------------------------------


def test_spaces_metadata_and_arrays() -> None:
    envs = VectorEnv(5, players=3, captures_per_card=8, seed=1)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    assert envs.single_observation_space["observation"].shape == (333,)
    assert envs.observation_space["observation"].shape == (5, 333)
    assert envs.observation_space["action_mask"].shape == (5, 52 * 8)
    assert envs.action_space.shape == (5,) and envs.single_action_space.n == 52 * 8
    observations, _ = envs.reset()
    assert observations["observation"].dtype == np.float32
    assert observations["action_mask"].dtype == np.int8
    assert envs.legal_actions.shape == (5, 6 * 8) and envs.legal_actions.dtype == np.int32
    assert envs.observation_space.contains(observations)
    again, rewards, terminations, truncations, _ = envs.step(envs.legal_actions[:, 0])
    assert again is observations  # made once, overwritten in place
    assert rewards.dtype == np.float64 and terminations.dtype == truncations.dtype == np.bool_
    with pytest.raises(ValueError, match="read-only"):
        observations["action_mask"][0, 0] = 1
    envs.close()


def test_reset_with_seeds_restarts_the_deals() -> None:
    first = VectorEnv(3, seed=10)
    observations, _ = first.reset()
    start = observations["observation"].copy()
    first.reset()  # the next deals
    restarted = first.reset(seed=10)[0]["observation"].copy()
    assert not np.array_equal(first.reset()[0]["observation"], restarted)  # deal 1
    assert np.array_equal(restarted, start)
    assert np.array_equal(first.reset(seed=10)[0]["observation"], start)
    assert np.array_equal(first.reset(seed=[10, 11, 12])[0]["observation"], start)
    assert np.array_equal(first.reset(seed=np.uint64(10))[0]["observation"], start)
    other = VectorEnv(3)
    assert np.array_equal(other.reset(seed=10)[0]["observation"], start)


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        (np.zeros(3, dtype=np.float64), "actions must be integers, not float64"),
        (np.zeros(3, dtype=np.bool_), "actions must be integers, not bool"),
        (np.zeros(2, dtype=np.int64), r"shape \(3,\), one per game, not \(2,\)"),
        (np.zeros((3, 1), dtype=np.int64), r"not \(3, 1\)"),
        ("first", "action -1 of game 2 is not legal: it is not in 0..3327"),
        ("last", "action 3328 of game 2 is not legal: it is not in 0..3327"),
        (np.array([0, 0, 2**63], dtype=np.uint64), "out of range"),
        ("not in hand", r"action \d+ of game 1 is not legal: \w+ is not a card it may play now"),
        ("past the captures", r"action \d+ of game 0 is not legal: \w+ has \d+ legal captures"),
    ],
)
def test_bad_actions_say_why_and_change_nothing(actions: Any, message: str) -> None:
    envs = VectorEnv(3, seed=2)
    envs.reset()
    observations = envs.step(envs.legal_actions[:, 0])[0]
    before = [array.copy() for array in (*observations.values(), envs.legal_actions)]
    good = envs.legal_actions[:, 0].astype(np.int64)
    hand = {action // 64 for action in envs.legal_actions[1, : envs.legal_action_counts[1]]}
    bad = {
        "first": [*good[:2], -1],
        "last": [*good[:2], 3328],
        "not in hand": [good[0], min(set(range(52)) - hand) * 64, good[2]],
        "past the captures": [good[0] + 63, *good[1:]],
    }
    with pytest.raises(ValueError, match=message):
        envs.step(np.array(bad[actions]) if isinstance(actions, str) else actions)
    after = [*observations.values(), envs.legal_actions]
    assert all(np.array_equal(one, two) for one, two in zip(before, after))
    envs.step(good)  # still playable


def test_the_first_step_needs_a_reset() -> None:
    with pytest.raises(RuntimeError, match="reset"):
        VectorEnv(2).step(np.zeros(2, dtype=np.int64))


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        (dict(num_envs=0), ValueError, "num_envs must be at least 1"),
        (dict(threads=0), ValueError, "threads must be at least 1"),
        (dict(seat=2), ValueError, "seat 2 is not a seat of 2 players"),
        (dict(players=1), ValueError, "player"),
        (dict(captures_per_card=0), ValueError, "captures_per_card must be 1 to"),
        (dict(opponents="gredy"), ValueError, "gredy"),
        (dict(opponents={1: "greedy", 0: "random"}), ValueError, "opponent seat 0 is not one"),
        (dict(players=3, opponents={1: "greedy"}), ValueError, "no opponent for seat 2"),
        (dict(opponents={1: 5}), TypeError, "must be a bot spec"),
        (dict(reward="score"), ValueError, "reward must be 'margin', 'total' or 'win'"),
        (dict(seed=-1), ValueError, "seed -1 is out of range"),
        (dict(seed=2**64 - 1), ValueError, "out of range for 2 games"),
        (dict(rules="side-size=2"), ValueError, "side"),
    ],
)
def test_bad_arguments_say_why(arguments: dict[str, Any], error: type, message: str) -> None:
    settings: dict[str, Any] = {"num_envs": 2, **arguments}
    with pytest.raises(error, match=message):
        VectorEnv(**settings)


def test_bad_seeds_say_why() -> None:
    envs = VectorEnv(2)
    for seed, message in [(-1, "seed -1 is out of range"), (2**64 - 1, "for 2 games")]:
        with pytest.raises(ValueError, match=message):
            envs.reset(seed=seed)
    with pytest.raises(ValueError, match="3 seeds for 2 games"):
        envs.reset(seed=[1, 2, 3])
    with pytest.raises(ValueError, match="seed -5 is out of range"):
        envs.reset(seed=[1, -5])


# --- the docs -------------------------------------------------------------------------


def test_the_docstring_example_runs() -> None:
    failures, tried = doctest.testmod(tablic.vector)
    assert tried > 0 and failures == 0


def vector_guide_python() -> str:
    """The research guide's block of the vector environment (the one that imports it)."""
    text = RESEARCH_GUIDE.read_text(encoding="utf-8")
    blocks: list[str] = re.findall(r"^```python\n(.*?)^```$", text, re.M | re.S)
    return next(block for block in blocks if "tablic.vector" in block)


def test_the_guides_example_runs(tmp_path: Path) -> None:
    """The research guide's example, run as a user would, printing what it says (its mypy
    --strict check is test_docs.py's, with every docs/*.md)."""
    program = tmp_path / "vector_example.py"
    program.write_text(vector_guide_python(), encoding="utf-8")
    ran = subprocess.run([sys.executable, program.name], cwd=tmp_path, capture_output=True, text=True)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert re.fullmatch(r"\d+ games, mean margin [+-]\d+\.\d\d against greedy\n", ran.stdout)
