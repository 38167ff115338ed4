"""Matches: the core's harness through Python, threads, and the GIL."""

from __future__ import annotations

import pickle
import threading
from collections.abc import Callable
from typing import Any

import pytest

import tablic
from tablic._tablic import play_match, play_tournament  # what match and tournament call

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


def test_the_margin_by_deal() -> None:
    # One game, the core's worked example: greedy at seat 0 loses the first deal by 3
    # points, draws the next two and wins the last with the end's counting by 2.
    one = tablic.match(["greedy", "greedy"], 1, seed=1)
    assert [bot.margin_by_deal for bot in one.bots] == [
        [(-3.0, 0.0), (0.0, 0.0), (0.0, 0.0), (2.0, 0.0)],
        [(3.0, 0.0), (0.0, 0.0), (0.0, 0.0), (-2.0, 0.0)],
    ]
    result = tablic.match(["greedy", "random", "random"], 60, seed=2, duplicate=True)
    for bot in result.bots:
        assert len(bot.margin_by_deal) == 3
        means = [mean for mean, _ in bot.margin_by_deal]
        assert sum(means) == pytest.approx(bot.mean_margin)
        assert all(se > 0 for _, se in bot.margin_by_deal)
    # A pickled tally keeps it; a tally without one margin per bot and deal is refused.
    tally = tablic.play_match_groups(["greedy", "random"], 3, True, 0, 5)
    copied = pickle.loads(pickle.dumps(tally))
    assert copied.result().bots[0].margin_by_deal == tally.result().bots[0].margin_by_deal
    reduced = tally.__reduce__()
    assert isinstance(reduced, tuple)
    rebuild, parts = reduced[0], reduced[1]
    with pytest.raises(ValueError, match="one margin per bot and deal"):
        rebuild(*parts[:-1], parts[-1][:-1])
    # A tally pickled by another version is refused with a message that says so: before the
    # margins by deal (no format number, no margins), or in a format of the future.
    before = parts[1:-1]
    with pytest.raises(ValueError, match="pickled by an older version of tablic"):
        rebuild(*before)
    with pytest.raises(ValueError, match="with tally format 4, and this version reads format 3"):
        rebuild(4, *parts[1:])
    # Format 2, before the rules were pickled, is refused the same way.
    with pytest.raises(ValueError, match="with tally format 2, and this version reads format 3"):
        rebuild(2, *parts[1:4], *parts[5:])


def test_a_tournaments_margin_by_deal() -> None:
    field = ["greedy", "random", "greedy"]
    result = tablic.tournament(field, 6, seed=5, duplicate=True)
    # Table t is the match of its entrants from derive_seed(5, t); the tables of an entrant
    # play as many games each, so its deals' means are theirs, averaged.
    tables = [(0, 1), (0, 2), (1, 2)]
    sums = [[0.0] * 4 for _ in field]
    for index, seated in enumerate(tables):
        players = [field[entrant] for entrant in seated]
        played = tablic.match(players, 6, seed=tablic.derive_seed(5, index), duplicate=True)
        for entrant, bot in zip(seated, played.bots):
            for deal, (mean, _) in enumerate(bot.margin_by_deal):
                sums[entrant][deal] += mean
    for stats, sum_of_tables in zip(result.entrants, sums):
        assert len(stats.margin_by_deal) == 4
        means = [mean for mean, _ in stats.margin_by_deal]
        assert means == pytest.approx([total / 2 for total in sum_of_tables], abs=1e-12)
        assert sum(means) == pytest.approx(stats.mean_margin, abs=1e-12)
        assert all(se > 0 for _, se in stats.margin_by_deal)
    again = tablic.tournament(field, 6, seed=5, duplicate=True, threads=2)
    assert [e.margin_by_deal for e in again.entrants] == [
        e.margin_by_deal for e in result.entrants
    ]


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


TOO_BIG = 2**64
U64 = r"\(0 to 18446744073709551615\)"
PAIR = ["greedy", "random"]

# Every int argument of the match functions, as "function argument": a call with it set.
INT_ARGUMENTS: dict[str, Callable[[int], object]] = {
    "play_match games": lambda v: play_match(PAIR, v),
    "play_match seed": lambda v: play_match(PAIR, 1, seed=v),
    "play_match threads": lambda v: play_match(PAIR, 1, threads=v),
    "match games": lambda v: tablic.match(PAIR, v),
    "match seed": lambda v: tablic.match(PAIR, 1, seed=v),
    "match threads": lambda v: tablic.match(PAIR, 1, threads=v),
    "play_match_groups seed": lambda v: tablic.play_match_groups(PAIR, v, False, 0, 1),
    "play_match_groups start": lambda v: tablic.play_match_groups(PAIR, 1, False, v, 1),
    "play_match_groups end": lambda v: tablic.play_match_groups(PAIR, 1, False, 0, v),
    "play_match_groups threads": lambda v: tablic.play_match_groups(PAIR, 1, False, 0, 1, v),
    "split_match groups": lambda v: tablic.split_match(v, 2),
    "split_match parts": lambda v: tablic.split_match(5, v),
    "derive_seed seed": lambda v: tablic.derive_seed(v, 0),
    "derive_seed index": lambda v: tablic.derive_seed(0, v),
    "play_tournament games": lambda v: play_tournament(PAIR, v),
    "play_tournament size": lambda v: play_tournament(PAIR, 1, size=v),
    "play_tournament seed": lambda v: play_tournament(PAIR, 1, seed=v),
    "play_tournament threads": lambda v: play_tournament(PAIR, 1, threads=v),
    "tournament games": lambda v: tablic.tournament(PAIR, v),
    "tournament size": lambda v: tablic.tournament(PAIR, 1, size=v),
    "tournament seed": lambda v: tablic.tournament(PAIR, 1, seed=v),
    "tournament threads": lambda v: tablic.tournament(PAIR, 1, threads=v),
}


@pytest.mark.parametrize("value", [-1, TOO_BIG, -(2**70)])
@pytest.mark.parametrize("argument", INT_ARGUMENTS)
def test_out_of_range_ints_name_the_argument_and_range(argument: str, value: int) -> None:
    name = argument.split()[1]
    with pytest.raises(ValueError, match=f"^{name} {value} is out of range {U64}"):
        INT_ARGUMENTS[argument](value)


@pytest.mark.parametrize("bad", [1.5, "1"])
def test_other_types_are_still_type_errors(bad: Any) -> None:
    with pytest.raises(TypeError):
        play_match(PAIR, bad)
    with pytest.raises(TypeError):
        play_match(PAIR, 1, seed=bad)
    with pytest.raises(TypeError):
        tablic.split_match(5, bad)
    with pytest.raises(TypeError):
        tablic.derive_seed(bad, 0)
    with pytest.raises(TypeError):
        tablic.tournament(PAIR, 1, threads=bad)


def test_ints_in_range_keep_their_messages() -> None:
    with pytest.raises(ValueError, match="^threads must be from 1 to 1024$"):
        play_match(PAIR, 1, threads=0)
    with pytest.raises(ValueError, match="^parts must be from 1 to 1048576$"):
        tablic.split_match(5, 0)
    # A list of a trillion pieces would not fit in memory: refused, not attempted.
    with pytest.raises(ValueError, match="^parts must be from 1 to 1048576$"):
        tablic.split_match(5, 10**12)
    assert len(tablic.split_match(5, 2**20)) == 2**20
    with pytest.raises(ValueError, match="^a match needs at least one game$"):
        play_match(PAIR, 0)
    assert tablic.split_match(TOO_BIG - 1, 1) == [(0, TOO_BIG - 1)]
    assert tablic.derive_seed(TOO_BIG - 1, TOO_BIG - 1) >= 0


def test_a_match_in_pairs_is_tallied_by_side() -> None:
    players = ["greedy", "random", "greedy", "random"]
    result = tablic.match(players, 10, 3, duplicate=True, rules="side-size=2")
    assert (result.games, result.games_per_group) == (20, 2)
    greedy, random, partner, other = result.bots
    # Partners share their side's points, margin and standings; the sides' margins cancel.
    assert (greedy.mean_points, greedy.mean_margin) == (partner.mean_points, partner.mean_margin)
    assert (greedy.wins, greedy.losses) == (partner.wins, partner.losses)
    assert greedy.mean_margin == pytest.approx(-random.mean_margin)
    assert greedy.mean_margin > 5
    assert other.mean_points == random.mean_points
    # The same match spread over pieces, and its pickled tallies, keep the rules.
    tally = tablic.play_match_groups(players, 3, True, 0, 10, rules=tablic.Rules.PAIRS)
    assert pickle.loads(pickle.dumps(tally)).result().bots[0].mean_margin == greedy.mean_margin
    # Rules the players cannot sit in are refused.
    with pytest.raises(ValueError, match="3 players cannot sit in sides of 2"):
        tablic.match(["greedy", "random", "greedy"], 1, rules="side-size=2")


def test_a_tournament_in_pairs() -> None:
    field = ["greedy", "random", "greedy", "random", "random"]
    result = tablic.tournament(field, 2, size=4, duplicate=True, rules=tablic.Rules.PAIRS)
    assert result.tables == 5
    assert sum(entrant.mean_margin for entrant in result.entrants) == pytest.approx(0)
