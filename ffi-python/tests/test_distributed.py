"""Matches split into pieces on other processes and on Ray give the local result."""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

import pytest

import tablic

PLAYERS = ["greedy", "minimax:nodes=400", "random"]
TIMING = {"mean_decision_us", "max_decision_us"}
U64 = r"\(0 to 18446744073709551615\)"


def stats(result: tablic.MatchResult) -> list[dict[str, object]]:
    return [
        {name: getattr(bot, name) for name in dir(bot) if not name.startswith("_")}
        | {name: None for name in TIMING}
        for bot in result.bots
    ]


@pytest.fixture(scope="module")
def local() -> tablic.MatchResult:
    return tablic.match(PLAYERS, 40, seed=5, duplicate=True)


def test_pieces_merge_to_the_whole(local: tablic.MatchResult) -> None:
    pieces = [
        tablic.play_match_groups(PLAYERS, 5, True, start, end)
        for start, end in tablic.split_match(40, 7)
    ]
    assert [piece.groups for piece in pieces] == [6, 6, 6, 6, 6, 5, 5]
    tally = pieces[0]
    for piece in pieces[1:]:
        tally = tally.merge(pickle.loads(pickle.dumps(piece)))
    assert stats(tally.result()) == stats(local)


def test_other_matches_do_not_merge() -> None:
    one = tablic.play_match_groups(PLAYERS, 5, True, 0, 2)
    other = tablic.play_match_groups(PLAYERS, 6, True, 0, 2)
    with pytest.raises(ValueError, match="different matches"):
        one.merge(other)
    with pytest.raises(ValueError, match="start is after the end"):
        tablic.play_match_groups(PLAYERS, 5, True, 3, 2)


def test_a_process_pool(local: tablic.MatchResult) -> None:
    with ProcessPoolExecutor(max_workers=2) as pool:
        spread = tablic.match(PLAYERS, 40, seed=5, duplicate=True, executor=pool, pieces=5)
    assert stats(spread) == stats(local)


class NoExecutor:
    """An executor for arguments that must fail before any piece is submitted."""

    def submit(self, fn: Any, /, *args: Any) -> Future[Any]:
        raise AssertionError("nothing should be submitted")


@pytest.mark.parametrize(
    ("games", "pieces", "message"),
    [
        (40, -1, "^pieces must be from 1 to 1048576$"),
        (40, 0, "^pieces must be from 1 to 1048576$"),
        (40, 10**12, "^pieces must be from 1 to 1048576$"),
        (40, 2**64, "^pieces must be from 1 to 1048576$"),
        (-1, 4, "^a match needs at least one game$"),
        (2**64, 4, rf"^games 18446744073709551616 is out of range {U64}$"),
    ],
)
def test_bad_pieces_say_why(games: int, pieces: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        tablic.match(PLAYERS, games, executor=NoExecutor(), pieces=pieces)


def test_other_types_are_still_type_errors() -> None:
    with pytest.raises(TypeError):
        tablic.match(PLAYERS, 1e30, executor=NoExecutor())  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        tablic.match(PLAYERS, 40, executor=NoExecutor(), pieces=1e30)  # type: ignore[arg-type]


def test_pieces_need_an_executor() -> None:
    with pytest.raises(ValueError, match="pieces needs an executor"):
        tablic.match(PLAYERS, 40, pieces=-1)


@pytest.fixture(scope="module")
def ray_instance() -> Iterator[None]:
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_a_local_ray_instance(local: tablic.MatchResult, ray_instance: None) -> None:
    from tablic.ray import RayExecutor

    spread = tablic.match(PLAYERS, 40, seed=5, duplicate=True, executor=RayExecutor(), pieces=4)
    assert stats(spread) == stats(local)
