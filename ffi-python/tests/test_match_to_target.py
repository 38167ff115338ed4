"""MatchToTarget: a match to 101 in pairs, its score sheet, its record read back whole and
cut mid-game, bots at its seats, copies, and every error's message."""

from __future__ import annotations

import copy
import pickle
from pathlib import Path

import pytest

from tablic import Bot, IllegalMoveError, MatchToTarget, Rules


def finish_game(played: MatchToTarget) -> None:
    """Plays the game in play to its end by the first legal move."""
    while not played.game.is_finished:
        played.play(played.game.legal_moves()[0])


def play_out(played: MatchToTarget) -> MatchToTarget:
    """Plays the match to its end by the first legal move."""
    while True:
        finish_game(played)
        if played.is_over:
            return played
        played.next_game()


def test_a_match_to_101_in_pairs() -> None:
    played = MatchToTarget(4, rules=Rules.PAIRS, seed=3)
    assert (played.players, played.target, played.seed, played.side_count) == (4, 101, 3, 2)
    assert played.rules == Rules.PAIRS and played.game_number == 1 and played.leader == 0
    assert (played.totals, played.winner, played.sheet) == ([0, 0], None, [])
    running = [0, 0]
    while True:
        game = played.game_number
        assert played.leader == (game - 1) % 4
        for player in range(4):
            assert played.player_at(played.seat_of(player)) == player
            assert played.side_of(player) == player % 2
        finish_game(played)
        line = played.sheet[-1]
        assert (line.game, line.leader, len(played.sheet)) == (game, played.leader, game)
        for side in range(2):
            shares = line.players[side].total + line.players[side + 2].total
            bonus = 3 if line.sides[side].most_cards else 0
            assert line.sides[side].total == shares + bonus
            running[side] += line.sides[side].total
        assert line.running_totals == running == played.totals
        if played.is_over:
            break
        played.next_game()
    # The engine's match for seed 3, first legal moves (the C tests pin the same).
    assert (played.finished_games, played.totals, played.winner) == (9, [122, 103], 0)
    with pytest.raises(ValueError, match="the match is over"):
        played.next_game()


def test_the_side_ahead_wins_a_series() -> None:
    # The engine's match for seed 10, first legal moves, far from its target (the C tests
    # pin the same): the fourth game leaves the sides level, when no side is ahead.
    played = MatchToTarget(2, target=1_000_000, seed=10)
    assert (played.totals, played.ahead) == ([0, 0], None)
    after_each_game = []
    for game in range(5):
        if game > 0:
            played.next_game()
        finish_game(played)
        after_each_game.append((played.totals, played.ahead, played.winner))
    assert after_each_game == [
        ([1, 24], 1, None),
        ([6, 44], 1, None),
        ([29, 46], 1, None),
        ([50, 50], None, None),
        ([57, 68], 1, None),
    ]
    # Once the match is decided, the side ahead is its winner.
    decided = play_out(MatchToTarget(2, target=40, seed=4))
    assert decided.ahead == decided.winner is not None


def test_the_record_reads_back_whole_and_cut_in_the_middle_of_a_game() -> None:
    played = MatchToTarget(2, target=40, seed=4)
    finish_game(played)
    played.next_game()
    for _ in range(10):
        played.play(played.game.legal_moves()[0])
    record = played.record()
    assert record.startswith("tablic-match 1\nplayers 2\ntarget 40\nseed 4\ngame 1\nplay ")
    assert record.count("\nresult ") == 1 and record.endswith("\n")
    resumed = MatchToTarget.from_record(record)
    assert resumed.record() == record
    assert (resumed.game_number, resumed.finished_games, resumed.leader) == (2, 1, 1)
    assert len(resumed.game.history) == 10 and resumed.sheet == played.sheet
    over, resumed_over = play_out(played), play_out(resumed)
    assert resumed_over.record() == over.record()
    assert resumed_over.totals == over.totals and over.winner is not None
    assert MatchToTarget.from_record(over.record()).totals == over.totals
    # Copies and pickles are independent matches.
    twin = copy.deepcopy(over)
    assert pickle.loads(pickle.dumps(over)).record() == twin.record() == over.record()


def test_a_saved_match_loads_where_it_stopped(tmp_path: Path) -> None:
    played = MatchToTarget(2, seed=8)
    for _ in range(5):
        played.play(played.game.legal_moves()[0])
    played.save(tmp_path / "match.txt")
    assert MatchToTarget.load(str(tmp_path / "match.txt")).record() == played.record()
    (tmp_path / "bad.txt").write_text("tablic-record 1\n", encoding="utf-8")
    with pytest.raises(ValueError, match="bad.txt: line 1: a match record starts with"):
        MatchToTarget.load(tmp_path / "bad.txt")
    with pytest.raises(FileNotFoundError):
        MatchToTarget.load(tmp_path / "missing.txt")


def test_rules_travel_with_the_record() -> None:
    played = MatchToTarget(4, rules="side-size=2 leftovers=last-player", target=30, seed=11)
    assert played.record().startswith(
        "tablic-match 1\nplayers 4\nrules side-size=2 leftovers=last-player\ntarget 30\n"
    )
    assert MatchToTarget.from_record(played.record()).rules == played.rules
    assert played.game.rules == played.rules


def test_bots_play_the_match() -> None:
    played = MatchToTarget(4, rules=Rules.PAIRS, target=25, seed=9)
    bot = Bot("greedy", seed=1)
    while not played.is_over:
        if played.game.is_finished:
            played.next_game()
        played.play(bot.choose(played.game))
    assert max(played.totals) >= 25 and played.winner == played.totals.index(max(played.totals))


def test_errors_say_why() -> None:
    with pytest.raises(ValueError, match=r"a target of 0 points \(expected 1 to 1000000\)"):
        MatchToTarget(2, target=0)
    with pytest.raises(ValueError, match="3 players cannot sit in sides of 2"):
        MatchToTarget(3, rules="side-size=2")
    played = MatchToTarget(2, seed=1)
    with pytest.raises(ValueError, match="the game in play is not over"):
        played.next_game()
    other = next(card for card in played.game.view(1).hand)
    with pytest.raises(IllegalMoveError, match="not in the hand"):
        played.play(other, "")
    assert played.game.history == []
    with pytest.raises(ValueError, match="no player 2 in a match of 2 players"):
        played.side_of(2)
    with pytest.raises(ValueError, match="no seat 5 in a match of 2 players"):
        played.player_at(5)
    with pytest.raises(ValueError, match='line 1: a match record starts with "tablic-match 1"'):
        MatchToTarget.from_record("tablic-record 1\n")
    with pytest.raises(ValueError, match=r"line 4: a target of 0 points"):
        MatchToTarget.from_record("tablic-match 1\nplayers 2\ntarget 0\nseed 3\ngame 1\n")


def test_names_travel_with_the_record() -> None:
    # A match as `tablic play --to` saves it: its players' names read back and are written
    # again.
    saved = (
        "tablic-match 1\nplayers 4\nrules side-size=2\ntarget 61\nseed 11\n"
        "name 0 you\nname 1 greedy\nname 2 partner\nname 3 minimax\ngame 1\n"
    )
    resumed = MatchToTarget.from_record(saved)
    assert resumed.names == ["you", "greedy", "partner", "minimax"]
    assert resumed.record() == saved
    resumed.play(resumed.game.legal_moves()[0])
    assert MatchToTarget.from_record(resumed.record()).names == resumed.names
    assert pickle.loads(pickle.dumps(resumed)).names == resumed.names
    # Names given, some left out; unnamed players write no line.
    played = MatchToTarget(4, rules=Rules.PAIRS, seed=11, names=["you", None, "partner"])
    assert played.names == ["you", None, "partner", None]
    assert "name 0 you\nname 2 partner\ngame 1\n" in played.record()
    assert MatchToTarget(2, seed=1).names == [None, None]


def test_bad_names_are_refused() -> None:
    with pytest.raises(ValueError, match="3 names for 2 players"):
        MatchToTarget(2, names=["a", "b", "c"])
    with pytest.raises(ValueError, match="seat 1"):
        MatchToTarget(2, names=["a", " b"])
    with pytest.raises(ValueError, match="seat 0"):
        MatchToTarget(2, names=[""])


def cut_record(record: str, game: int, moves: int) -> str:
    """`record` up to game `game`'s first `moves` moves."""
    lines = record.splitlines(keepends=True)
    start = lines.index(f"game {game}\n")
    return "".join(lines[: start + 1 + moves])


def test_rewound_takes_back_the_deciding_move() -> None:
    over = play_out(MatchToTarget(4, rules=Rules.PAIRS, seed=3, names=["you", None, "partner"]))
    record = over.record()
    decisive = over.sheet[-1]
    assert [side.total for side in decisive.sides] == [22, 3]
    undone = over.rewound(47)
    # The engine's match for seed 3 (as above): the last game back in play, 100 to 100.
    assert (undone.totals, undone.finished_games, undone.game_number) == ([100, 100], 8, 9)
    assert (undone.winner, undone.is_over, undone.leader, undone.game.to_move) == (
        None,
        False,
        0,
        3,
    )
    assert undone.sheet == over.sheet[:8]
    assert undone.names == ["you", None, "partner", None]
    assert undone.record() == cut_record(record, 9, 47)
    # A copy: the match rewound is unchanged.
    assert (over.totals, over.is_over, over.record()) == ([122, 103], True, record)
    undone.play(over.game.history[-1])
    assert undone.record() == record and undone.sheet == over.sheet


def test_rewound_is_the_record_cut_at_every_move() -> None:
    played = MatchToTarget(2, target=1_000_000, seed=10)
    finish_game(played)
    played.next_game()
    finish_game(played)
    record = played.record()
    assert played.totals == [6, 44]
    for moves in range(49):
        rewound = played.rewound(moves)
        read = MatchToTarget.from_record(cut_record(record, 2, moves))
        assert rewound.record() == read.record()
        assert (rewound.totals, rewound.sheet) == (read.totals, read.sheet)
        assert (rewound.finished_games, rewound.winner) == (read.finished_games, read.winner)
    assert played.rewound(0).totals == [1, 24] and len(played.rewound(0).sheet) == 1
    assert played.rewound(48).record() == record
    with pytest.raises(ValueError, match=r"moves -1 is out of range"):
        played.rewound(-1)
