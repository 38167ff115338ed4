"""Games: dealing, views, legal moves, illegal moves, results, records, copies."""

from __future__ import annotations

import copy
import pickle
from pathlib import Path

import pytest

from tablic import (
    Bot,
    Card,
    CardSet,
    Game,
    IllegalMoveError,
    Move,
    Position,
    capture_groups,
    captures,
)

ALL_CARDS = frozenset(Card(index) for index in range(52))


def cards(text: str) -> frozenset[Card]:
    return frozenset(Card(token) for token in text.split())


def test_a_seed_deals_the_same_everywhere() -> None:
    game = Game(players=2, seed=42)
    assert game.table == cards("QH 4S 3D 5D")
    assert game.seed == 42 and game.players == 2 and game.to_move == 0
    assert cards("KC 7S") <= game.view(0).hand


def test_a_given_deck_is_dealt_round_the_seats() -> None:
    game = Game(players=2, deck=[Card(index) for index in range(52)])
    assert game.seed is None
    assert game.table == cards("AC AD AH AS")
    assert game.view(0).hand == cards("2C 2H 3C 3H 4C 4H")
    assert game.view(1).hand == cards("2D 2S 3D 3S 4D 4S")


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"players": 1}, "player"),
        ({"players": 5}, "player"),
        ({"players": -2}, r"players -2 is out of range \(0 to 18446744073709551615\)"),
        ({"players": 2**64}, "players 18446744073709551616 is out of range"),
        ({"players": -(2**70)}, "players -1180591620717411303424 is out of range"),
        ({"seed": 1, "deck": []}, "not both"),
        ({"deck": ["AC"] * 52}, "twice"),
        ({"deck": [Card(index) for index in range(51)]}, "52"),
    ],
)
def test_bad_games_say_why(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Game(**arguments)  # type: ignore[arg-type]


U64_MAX = 18446744073709551615
OUT_OF_RANGE = [(-1, "-1"), (2**64, "18446744073709551616"), (-(2**70), "-1180591620717411303424")]


@pytest.mark.parametrize(("value", "text"), OUT_OF_RANGE)
def test_out_of_range_ints_name_the_argument_and_range(value: int, text: str) -> None:
    in_range = f" is out of range \\(0 to {U64_MAX}\\)"
    with pytest.raises(ValueError, match=f"^seed {text}{in_range}"):
        Game(seed=value)
    game = Game(players=2, seed=1)
    with pytest.raises(ValueError, match=f"^seat {text}{in_range}"):
        game.view(value)
    with pytest.raises(ValueError, match=f"^captures_per_card {text}{in_range}"):
        game.view(0).legal_move_codes(value)


def test_in_range_ints_keep_their_messages_and_others_their_type_error() -> None:
    game = Game(players=2, seed=1)
    with pytest.raises(ValueError, match="^no seat 2 in a game of 2 players$"):
        game.view(2)
    with pytest.raises(ValueError, match="^captures_per_card must be at least 1$"):
        game.view(0).legal_move_codes(0)
    assert Game(seed=None).seed is not None and Game(seed=U64_MAX).seed == U64_MAX
    assert game.view(0).legal_move_codes(None) == game.view(0).legal_move_codes(2**40)
    for bad in (1.5, "1"):
        with pytest.raises(TypeError):
            Game(seed=bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            game.view(bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            game.view(0).legal_move_codes(bad)  # type: ignore[arg-type]


def test_a_view_is_what_the_seat_may_know() -> None:
    game = Game(seed=7)
    view = game.view(1)
    assert view.seat == 1 and not view.is_my_turn and view.to_move == 0
    assert view.hand_sizes == [6, 6] and view.tablas == [0, 0]
    assert view.piles == [frozenset(), frozenset()]
    assert view.seen == view.hand | view.table
    assert view.unseen == ALL_CARDS - view.seen
    assert view.undealt == 36 and view.deals_dealt == 1 and not view.is_last_deal
    assert view.legal_moves() == []
    with pytest.raises(ValueError, match="no seat 2"):
        game.view(2)
    # A snapshot: the game moves on, the view does not.
    game.play(game.legal_moves()[0])
    assert view.history == [] and len(game.view(1).history) == 1


def test_whole_games_conserve_the_cards() -> None:
    for seed in range(20):
        game = Game(players=2 + seed % 3, seed=seed)
        while not game.is_finished:
            moves = game.legal_moves()
            assert moves and len(set(moves)) == len(moves)
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            accounted = view.hand | view.table | frozenset().union(*view.piles)
            in_hands = sum(view.hand_sizes)
            assert len(accounted) + in_hands - len(view.hand) + view.undealt == 52
            played = game.play(moves[seed % len(moves)])
            assert played.seat == seat
        result = game.result()
        assert sum(seat.card_points for seat in result.seats) == 22
        assert sum(seat.cards for seat in result.seats) == 52
        for outcome in result.seats:
            assert outcome.total == outcome.card_points + outcome.tablas + 3 * outcome.most_cards
        assert game.to_move is None and game.legal_moves() == []


def test_illegal_moves_say_why_and_change_nothing() -> None:
    game = Game(seed=42)
    hand = game.view(0).hand
    card = min(hand)
    with pytest.raises(IllegalMoveError, match="not in the hand"):
        game.play("KS" if Card("KS") not in hand else "AC")
    with pytest.raises(IllegalMoveError, match="not on the table"):
        game.play(card, "AS")
    with pytest.raises(IllegalMoveError, match="sums to the played card|split"):
        game.check(Card("7H"), "QH 4S 3D 5D")
    with pytest.raises(ValueError, match="not both"):
        game.play(Move(card), "AS")
    assert game.history == [] and game.table == cards("QH 4S 3D 5D")
    game.play(Move("7S", "3D 4S"))
    assert game.view(0).piles[0] == cards("3D 4S 7S")


def test_every_set_of_cards_is_a_card_set_and_every_move_a_move() -> None:
    game = Game(seed=42)
    game.play(Bot("greedy").choose(game.view(0)))
    view = game.view(1)
    sets = [game.table, view.hand, view.table, view.seen, view.unseen, *view.piles]
    sets += captures("2C 3D 5H", "5S") + capture_groups("2C 3D 5H", "5S")
    moves = game.legal_moves() + view.legal_moves() + game.history + view.history
    moves.append(Bot("random").choose(view))
    assert all(type(move) is Move for move in moves)
    assert all(type(cards) is CardSet for cards in sets + [move.capture for move in moves])
    assert repr(game.history) == "[Move('7H', '3D 4S')]"
    assert view.hand == CardSet("3S 5S 6D 8S JH KH")
    assert view.piles == [CardSet("3D 4S 7H"), CardSet()]


def test_a_pair_plays_as_a_move() -> None:
    game = Game(seed=42)
    game.check(("7S", "3D 4S"))
    game.play((Card("7S"), CardSet("3D 4S")))
    assert game.history == [Move("7S", "3D 4S")]
    with pytest.raises(TypeError, match="^a move is a \\(card, capture\\) pair, not a tuple of 1$"):
        game.play(("3S",))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="^give a Move, or a card and its capture, not both$"):
        game.play(("3S", ""), "")


def test_result_only_at_the_end() -> None:
    game = Game(seed=3)
    with pytest.raises(ValueError, match="not over"):
        game.result()


def test_records_copies_and_pickles() -> None:
    game = Game(players=3, seed=11)
    for _ in range(10):
        game.play(game.legal_moves()[-1])
    clone = copy.copy(game)
    deep = copy.deepcopy(game)
    pickled = pickle.loads(pickle.dumps(game))
    replayed = Game.from_record(game.record())
    game.play(game.legal_moves()[0])
    for other in (clone, deep, pickled, replayed):
        assert len(other.history) == 10
        assert other.record() == replayed.record()
    assert game.record().startswith("tablic-record 1\nplayers 3\nseed 11\n")
    with pytest.raises(ValueError, match="line 2"):
        Game.from_record("tablic-record 1\nplayers 9\n")
    # Lines of wide characters, longer than a message keeps of them.
    with pytest.raises(ValueError, match="line 2"):
        Game.from_record("tablic-record 1\nplayers " + "é" * 13 + "\n")
    with pytest.raises(ValueError, match="line 4"):
        Game.from_record("tablic-record 1\nplayers 2\nseed 1\n" + "é" * 13 + "\n")


def test_games_save_and_load_records(tmp_path: Path) -> None:
    game = Game(players=3, seed=11)
    for _ in range(10):
        game.play(game.legal_moves()[-1])
    game.save(tmp_path / "game.txt")
    game.save(str(tmp_path / "again.txt"))
    for path in (tmp_path / "game.txt", str(tmp_path / "again.txt")):
        assert Game.load(path).record() == game.record()
    assert (tmp_path / "game.txt").read_text(encoding="utf-8") == game.record()
    example = Game.load(Path(__file__).resolve().parents[2] / "docs" / "example-game.txt")
    assert len(example.history) == 48 and example.result().totals == [12, 13]


def test_bad_record_files_name_the_file(tmp_path: Path) -> None:
    missing = tmp_path / "missing.txt"
    with pytest.raises(FileNotFoundError) as error:
        Game.load(missing)
    assert error.value.filename == str(missing)
    bad = tmp_path / "bad.txt"
    bad.write_text("tablic-record 1\n# a comment\nplayers 9\n", encoding="utf-8")
    with pytest.raises(ValueError, match=f"^{bad}: line 3: "):
        Game.load(bad)
    with pytest.raises(TypeError, match="^expected str, bytes or os.PathLike object, not int$"):
        Game.load(3)  # type: ignore[arg-type]
    with pytest.raises(IsADirectoryError):
        Game(seed=1).save(tmp_path)


def test_from_record_takes_text_and_says_so_for_a_path(tmp_path: Path) -> None:
    hint = "Game.load(path) reads a file"
    with pytest.raises(TypeError) as path_error:
        Game.from_record(tmp_path / "game.txt")  # type: ignore[arg-type]
    assert str(path_error.value) == f"from_record reads a record's text, not a path: {hint}"
    with pytest.raises(ValueError) as name_error:
        Game.from_record("games/g000000-r0.txt")
    assert str(name_error.value) == (
        'line 1: a record starts with "tablic-record 1" '
        f"(from_record reads a record's text; {hint})"
    )
    with pytest.raises(TypeError, match="^expected a record's text, not bytes$"):
        Game.from_record(b"tablic-record 1\n")  # type: ignore[arg-type]


def test_legal_move_codes_are_the_legal_moves_capped() -> None:
    for seed in range(12):
        game = Game(players=2 + seed % 3, seed=seed)
        while not game.is_finished:
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            codes = view.legal_move_codes()
            moves = {(move.card.index, sum(1 << card.index for card in move.capture))
                     for move in game.legal_moves()}
            assert len(codes) == len(moves) and set(codes) == moves
            capped = view.legal_move_codes(captures_per_card=2)
            for card in {card for card, _ in codes}:
                mine = [capture for played, capture in codes if played == card]
                assert mine[0] == 0  # the discard comes first
                assert [capture for played, capture in capped if played == card] == mine[:2]
            assert game.view((seat + 1) % game.players).legal_move_codes() == []
            game.play(game.legal_moves()[seed % len(moves)])
    with pytest.raises(ValueError, match="at least 1"):
        Game(seed=1).view(0).legal_move_codes(captures_per_card=0)


def test_the_deck_deals_the_game_again() -> None:
    game = Game(players=3, seed=8)
    again = Game(players=3, deck=game.deck)
    assert len(game.deck) == 52 and set(game.deck) == ALL_CARDS
    assert again.table == game.table and again.view(2).hand == game.view(2).hand


def test_a_crowded_table_is_refused_not_listed() -> None:
    # A discard is always legal: after three deals of nothing but discards 40 cards lie on
    # the table, and the hand to move has more than a million moves.
    game = Game(seed=3)
    while len(game.table) < 40:
        seat = game.to_move
        assert seat is not None
        game.play(min(game.view(seat).hand))
    view = game.current_view()
    assert view is not None
    for listing in (game.legal_moves, view.legal_moves, view.legal_move_codes):
        with pytest.raises(ValueError, match="more than 1048576 legal moves"):
            listing()
    capped = view.legal_move_codes(captures_per_card=3)
    assert len(view.hand) < len(capped) <= 3 * len(view.hand)
    assert len(game.table) == 40  # nothing was lost: the game goes on
    card, capture = capped[-1]
    game.play(Card(card), [Card(index) for index in range(52) if capture >> index & 1])
    assert len(game.table) < 40


# Four moves from the end, seat 0 to move with 10S and 2S. Seat 0's pile: 21 cards worth 5
# points; seat 1's: 22 cards worth 11.
FOUR_FROM_THE_END = (
    "players=2 ply=44 table=10D,10H,4S,6C,KC hands=10S,2S;9H,QD "
    "piles=AC,AD,AH,AS,2C,2D,2H,3C,3D,3H,3S,4C,4D,4H,5C,5D,5H,5S,6D,6H,6S;"
    "7C,7D,7H,7S,8C,8D,8H,8S,9C,9D,9S,10C,JC,JD,JH,JS,QC,QH,QS,KD,KH,KS "
    "tablas=0,0 last=1 deck=-"
)


def test_what_a_person_is_shown_best_moves_first_the_last_move_and_the_score() -> None:
    game = Game.from_position(Position(FOUR_FROM_THE_END))
    moves = game.card_moves("10S")
    # The most points first (10D is worth 2), then the most cards; laying down last.
    assert [played.capture for played in moves] == [
        cards("10D 10H 4S 6C"),
        cards("10D 10H"),
        cards("10D 4S 6C"),
        cards("10D"),
        cards("10H 4S 6C"),
        cards("10H"),
        cards("4S 6C"),
        frozenset(),
    ]
    assert {played.card for played in moves} == {Card("10S")}
    with pytest.raises(IllegalMoveError, match="not in the hand"):
        game.card_moves("9H")
    assert game.last_played() is None
    score = [(side.cards, side.total, side.most_cards) for side in game.result_so_far().sides]
    assert score == [(21, 5, False), (22, 14, True)]

    game.play(moves[0])
    last = game.last_played()
    assert last is not None
    assert last[0] == moves[0] and last[1].seat == 0 and not last[1].tabla
    score = [(side.cards, side.total, side.most_cards) for side in game.result_so_far().sides]
    assert score == [(26, 12, True), (22, 11, False)]
