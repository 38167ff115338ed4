"""Matches: the core's harness through Python, threads, and the GIL."""

from __future__ import annotations

import threading

import pytest

import tablic

TIMING_FIELDS = {"mean_decision_us", "max_decision_us"}


def stats(result: tablic.MatchResult) -> list[dict[str, object]]:
    return [
        {
            name: getattr(bot, name)
            for name in dir(bot)
            if not name.startswith("_") and name not in TIMING_FIELDS
        }
        for bot in result.bots
    ]


def test_a_duplicate_match() -> None:
    result = tablic.match(["greedy", "random"], 200, seed=1, duplicate=True)
    assert (result.games, result.groups, result.games_per_group) == (400, 200, 2)
    greedy, random = result.bots
    assert greedy.seats == [200, 200] and random.seats == [200, 200]
    assert greedy.wins == random.losses and greedy.ties == random.ties
    assert greedy.mean_margin == pytest.approx(-random.mean_margin)
    assert greedy.mean_margin > 10 and greedy.margin_se > 0
    assert greedy.decisions == 400 * 24


def test_thread_count_does_not_change_the_result() -> None:
    one = tablic.match(["greedy", "minimax:nodes=500", "random"], 30, seed=7, threads=1)
    three = tablic.match(["greedy", "minimax:nodes=500", "random"], 30, seed=7, threads=3)
    assert stats(one) == stats(three)


def test_matches_run_without_the_gil() -> None:
    done = threading.Event()

    def run() -> None:
        tablic.match(["greedy", "greedy"], 20_000, seed=3)
        done.set()

    worker = threading.Thread(target=run)
    worker.start()
    ticks = 0
    while not done.is_set():
        ticks += 1
    worker.join()
    # Holding the GIL, the match would leave this loop no turn at all.
    assert ticks > 1000


def test_bad_matches_say_why() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        tablic.match(["greedy", "nosuch"], 1)
    with pytest.raises(ValueError, match="player"):
        tablic.match(["greedy"], 1)
    with pytest.raises(ValueError, match="at least one game"):
        tablic.match(["greedy", "random"], 0)
    with pytest.raises(ValueError, match="threads"):
        tablic.match(["greedy", "random"], 1, threads=0)
    with pytest.raises(TypeError, match="sequence of bot specs"):
        tablic.match("greedy,random", 1)


def test_a_round_robin() -> None:
    field = ["greedy", "random", "minimax:nodes=300"]
    result = tablic.tournament(field, 20, seed=4, duplicate=True)
    assert (result.size, result.tables, result.games) == (2, 3, 3 * 20 * 2)
    greedy, random, minimax = result.entrants
    assert [entrant.name for entrant in result.entrants] == field
    for entrant in result.entrants:
        assert entrant.games == 80 and entrant.seats == [40, 40]
        assert entrant.wins + entrant.ties + entrant.losses == 80
    assert random.mean_margin < -10 < 0 < greedy.mean_margin
    # Each table is the match of its two entrants from the table's own seed.
    again = tablic.tournament(field, 20, seed=4, duplicate=True, threads=2)
    assert stats_of(again.entrants) == stats_of(result.entrants)


def test_bad_tournaments_say_why() -> None:
    with pytest.raises(ValueError, match="cannot fill a table of 3"):
        tablic.tournament(["greedy", "random"], 1, size=3)
    with pytest.raises(ValueError, match="table size"):
        tablic.tournament(["greedy"] * 6, 1, size=5)
    with pytest.raises(ValueError, match="at least one game"):
        tablic.tournament(["greedy", "random"], 0)


def stats_of(entrants: list[tablic.BotStats]) -> list[dict[str, object]]:
    return [
        {
            name: getattr(entrant, name)
            for name in dir(entrant)
            if not name.startswith("_") and name not in TIMING_FIELDS
        }
        for entrant in entrants
    ]


def test_derive_seed_is_the_cores() -> None:
    # Group 0 of a match with seed 1 is the game dealt from derive_seed(1, 0).
    result = tablic.match(["greedy", "greedy"], 1, seed=1)
    game = tablic.Game(seed=tablic.derive_seed(1, 0))
    assert tablic.derive_seed(1, 0) != tablic.derive_seed(1, 1)
    bots = [tablic.Bot("greedy", seed=tablic.derive_seed(tablic.derive_seed(1, 0), 1000 + seat))
            for seat in range(2)]
    outcome = tablic.play_game(game, bots)
    assert outcome.seats[0].total == result.bots[0].mean_points
