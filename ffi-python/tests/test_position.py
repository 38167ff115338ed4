"""Positions: written and read back exactly, refused with the engine's reason, and games
started from them play on as the games they came from."""

from __future__ import annotations

import contextlib
import copy
import io
import pickle
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablic import Bot, Card, CardSet, Game, Position, play_game

PYTHON_GUIDE = Path(__file__).resolve().parents[2] / "docs" / "PYTHON.md"


def first_moves(seed: int, moves: int, players: int = 2) -> Game:
    """A game of `seed` after its first `moves` moves, each the first legal one."""
    game = Game(players, seed=seed)
    for _ in range(moves):
        game.play(game.legal_moves()[0])
    return game


def cards(text: str) -> CardSet:
    return CardSet(text)


def every_position(game: Game) -> list[Position]:
    """Every position of `game` now: with everything known and as each seat sees it, with
    and without the moves."""
    positions = [Position.of_game(game)]
    positions += [Position.of_view(game.view(seat)) for seat in range(game.players)]
    return positions + [position.without_moves() for position in positions]


GAME = first_moves(seed=3, moves=13)
MOVES = "3C;AD;3S;AHxAD,2H,3C,3D,3S;6D;2S;JH;6C;KDx2S,6C,6D;7H;KH;10D;5C"
SEAT = (
    "players=2 ply=13 turn=1 seat=1 table=4C,5C,7H,7S,10D,JH,KH hand=2C,4H,5D,8S,9D,JS "
    "piles=2S,6C,6D,KD;AD,AH,2H,3C,3D,3S tablas=0,0 last=0"
)
DECK = "7C,7D,AC,QD,QS,2D,6H,AS,10C,KS,3H,5S,9C,8D,8C,4D,QH,JD,4S,9S,9H,10H,6S,JC"
EVERYTHING = (
    "players=2 ply=13 turn=1 table=4C,5C,7H,7S,10D,JH,KH hands=5H,8H,10S,QC,KC;2C,4H,5D,8S,9D,JS "
    f"piles=2S,6C,6D,KD;AD,AH,2H,3C,3D,3S tablas=0,0 last=0 deck={DECK}"
)


def test_a_seat_s_position_is_this_text() -> None:
    position = Position.of_view(GAME.view(1))
    assert str(position) == f"{SEAT} moves={MOVES}"
    assert repr(position) == f"Position('{SEAT} moves={MOVES}')"
    assert str(position.without_moves()) == SEAT
    assert position.players == 2 and position.plies == 13
    assert position.to_move == 1 and position.seat == 1
    assert not position.is_everything_known
    assert position.table == cards("4C 5C 7H 7S 10D JH KH")
    assert position.hands == [None, cards("2C 4H 5D 8S 9D JS")]
    assert position.hand_sizes == [5, 6]
    assert position.piles == [cards("2S 6C 6D KD"), cards("AD AH 2H 3C 3D 3S")]
    assert position.tablas == [0, 0]
    assert position.last_capturer == 0
    assert position.undealt == 24
    assert position.deck is None
    assert position.unseen == GAME.view(1).unseen
    assert len(position.unseen) == 29
    assert position.moves == GAME.history
    assert position.without_moves().moves is None


def test_a_position_with_everything_known_is_this_text() -> None:
    position = Position.of_game(GAME).without_moves()
    assert str(position) == EVERYTHING
    assert position.seat is None and position.is_everything_known
    assert position.hands == [cards("5H 8H 10S QC KC"), cards("2C 4H 5D 8S 9D JS")]
    assert position.deck == [Card(card) for card in DECK.split(",")]
    assert position.unseen == CardSet()
    assert position.moves is None


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_every_position_reads_back_as_written(players: int) -> None:
    game = Game(players, seed=5)
    checked = 0
    while True:
        for position in every_position(game):
            text = str(position)
            again = Position(text)
            assert again == position and hash(again) == hash(position), text
            assert str(again) == text
            checked += 1
        if game.is_finished:
            break
        game.play(game.legal_moves()[-1])
    assert checked == 49 * 2 * (players + 1)


def test_positions_compare_hash_copy_and_pickle_as_values() -> None:
    position = Position(SEAT)
    assert position == Position(SEAT.replace("players=2 ", "") + " players=2")
    assert position != Position(EVERYTHING)
    its_text: object = SEAT
    assert position != its_text
    assert len({position, Position(SEAT), Position(EVERYTHING)}) == 2
    for other in (
        copy.copy(position),
        copy.deepcopy(position),
        pickle.loads(pickle.dumps(position)),
    ):
        assert other == position and str(other) == SEAT


@pytest.mark.parametrize("plies", [0, 1, 13, 24, 36, 47, 48])
def test_a_game_from_a_position_plays_on_to_the_same_result(plies: int) -> None:
    finished = first_moves(seed=9, moves=48, players=3)
    then = Game.from_record(finished.record()).history[:plies]
    start = Game(3, seed=9)
    for move in then:
        start.play(move)
    for position in (Position.of_game(start), Position.of_game(start).without_moves()):
        game = Game.from_position(position)
        assert Position.of_game(game) == position
        assert game.plies == plies
        with_moves = position.moves is not None
        assert game.opening_plies == (0 if with_moves else plies)
        assert game.history == (then if with_moves else [])
        assert game.seed is None
        for move in finished.history[plies:]:
            game.play(move)
        assert game.is_finished and game.plies == 48
        assert game.result().totals == finished.result().totals
        assert game.opening_plies + len(game.history) == 48


def test_a_seat_sees_the_same_in_a_game_from_its_position() -> None:
    for seat in range(2):
        live = GAME.view(seat)
        for position in (Position.of_view(live), Position.of_view(live).without_moves()):
            view = Game.from_position(position).view(seat)
            assert Position.of_view(view) == position
            assert view.hand == live.hand and view.table == live.table
            assert view.piles == live.piles and view.tablas == live.tablas
            assert view.hand_sizes == live.hand_sizes and view.unseen == live.unseen
            assert view.last_capturer == live.last_capturer
            assert view.history == (live.history if position.moves is not None else [])
            assert view.plies == live.plies == position.plies
    # The seat to move: bots that read the history choose the same with the moves.
    with_moves = Game.from_position(Position.of_view(GAME.view(1)))
    for spec in ("greedy", "minimax", "pimc"):
        assert Bot(spec, seed=4).choose(with_moves.view(1)) == Bot(spec, seed=4).choose(GAME.view(1))


def test_a_game_from_a_position_without_moves_has_a_record_that_reads_back(
    tmp_path: Path,
) -> None:
    game = Game.from_position(Position(EVERYTHING))
    assert repr(game) == "<Game players=2 position=…, 13 moves, seat 1 to move>"
    game.play(game.legal_moves()[0])
    assert repr(game) == "<Game players=2 position=…, 14 moves, seat 0 to move>"
    record = game.record()
    assert record.startswith(f"tablic-record 1\nplayers 2\nposition {EVERYTHING}\nplay ")
    assert len(game.deck) == 52 and game.deck[-24:] == [Card(card) for card in DECK.split(",")]
    path = tmp_path / "from-position.txt"
    game.save(path)
    for other in (
        Game.from_record(record),
        Game.load(path),
        copy.copy(game),
        copy.deepcopy(game),
        pickle.loads(pickle.dumps(game)),
    ):
        assert other.record() == record
        assert other.opening_plies == 13 and other.history == game.history


def test_play_game_plays_a_game_from_a_position_to_its_end() -> None:
    game = Game.from_position(Position(SEAT))
    result = play_game(game, ["greedy", "greedy"])
    assert game.is_finished and game.plies == 48 and len(game.history) == 35
    assert sum(seat.cards for seat in result.seats) == 52
    # Bot specs are seeded as for a given deck (seed 0): the same game every time.
    again = Game.from_position(Position(SEAT))
    play_game(again, ["greedy", "greedy"])
    assert again.record() == game.record()


def with_field(text: str, field: str, value: str) -> str:
    """`text` with one field's value replaced, or the field added."""
    words = [word for word in text.split(" ") if not word.startswith(f"{field}=")]
    return " ".join(words + [f"{field}={value}"])


def without_field(text: str, field: str) -> str:
    return " ".join(word for word in text.split(" ") if not word.startswith(f"{field}="))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "players= is missing"),
        (f"{SEAT} oops", 'expected key=value, found "oops"'),
        (
            with_field(SEAT, "colour", "red"),
            'unknown field "colour" (known: players side-size leftovers final-tabla ply turn '
            "seat table hand hands piles tablas last deck moves)",
        ),
        (f"{SEAT} ply=13", "ply= is given twice"),
        (without_field(SEAT, "tablas"), "tablas= is missing"),
        (
            with_field(SEAT, "players", "5"),
            "players=: a game cannot have 5 players (use 2, 3, 4, 6, 8, 12, 16, 24 or 48)",
        ),
        (with_field(SEAT, "players", "two"), 'players=: "two" is not a number'),
        (with_field(SEAT, "seat", "2"), "seat=: the game has no seat 2"),
        (
            with_field(SEAT, "hands", "-;-"),
            "hands= belongs to a position with everything known, not to one with seat=",
        ),
        (without_field(SEAT, "seat"), "hand= belongs to a seat's position: seat= is missing"),
        (with_field(SEAT, "table", "AH,AH"), "table=: card AH appears twice"),
        (
            with_field(SEAT, "piles", "-"),
            "piles=: 1 entries, one per seat expected (separated by ;)",
        ),
        (with_field(SEAT, "ply", "49"), "49 moves, and a game has 48"),
        (with_field(SEAT, "turn", "0"), "turn=: seat 1 is to move, not seat 0"),
        (
            with_field(SEAT, "hand", "2C,4H,5D,8S,9D"),
            "seat 1 holds 6 cards after the moves made, not 5",
        ),
        (with_field(SEAT, "hand", "2C,4H,5D,8S,9D,KH"), "card KH is in two places"),
        (
            with_field(SEAT, "table", "4C"),
            "the table and the piles hold 11 cards, and after the moves made they hold 17 "
            "(the first four and every card played)",
        ),
        (
            with_field(SEAT, "piles", "2S,6C,6D,KD,AD,AH,2H,3C,3D;3S"),
            "piles=: seat 1 has captured a single card (a capture takes the card played and "
            "at least one more)",
        ),
        (
            with_field(SEAT, "tablas", "3,0"),
            "tablas=: seat 0 has more tablas than its captures could make",
        ),
        (with_field(SEAT, "last", "-"), "last=: nobody, yet cards have been captured"),
        (
            with_field(EVERYTHING, "deck", DECK[3:]),
            "deck=: 24 cards are still to be dealt after the moves made, not 23",
        ),
        (with_field(f"{SEAT} moves={MOVES}", "ply", "12"), "ply= disagrees with the moves"),
        (
            with_field(SEAT, "moves", MOVES.replace("KDx2S,6C,6D", "KDx2S,6C")),
            "moves=: move 9 (KD 2S 6C) is illegal: the captured cards cannot be split into "
            "groups that each sum to the played card",
        ),
    ],
)
def test_a_bad_position_is_refused_with_the_engine_s_reason(text: str, message: str) -> None:
    with pytest.raises(ValueError) as raised:
        Position(text)
    assert str(raised.value) == message


@pytest.mark.parametrize("value", [None, 3, b"players=2", ["players=2"]])
def test_a_position_is_read_from_text_only(value: object) -> None:
    with pytest.raises(TypeError, match="^expected a position's text, not "):
        Position(value)  # type: ignore[arg-type]


def word_mutations(text: str) -> st.SearchStrategy[str]:
    """The position with words dropped, repeated or swapped, and values moved between
    fields or replaced by short texts of the notation's characters: often close to a
    position, sometimes still one."""

    @st.composite
    def mutate(draw: st.DrawFn) -> str:
        words = text.split(" ")
        for _ in range(draw(st.integers(0, 3))):
            at, other = draw(st.integers(0, len(words) - 1)), draw(st.integers(0, len(words) - 1))
            key, value = words[at].split("=", 1)
            kind = draw(st.sampled_from(["drop", "repeat", "swap", "move", "replace"]))
            if kind == "drop" and len(words) > 1:
                del words[at]
            elif kind == "repeat":
                words.insert(at, words[other])
            elif kind == "swap":
                words[at], words[other] = words[other], words[at]
            elif kind == "move":
                words[at] = f"{key}={words[other].split('=', 1)[1]}"
            else:
                cut = draw(st.integers(0, len(value)))
                piece = draw(st.text(alphabet="0123456789ACDHSJQKx,;=- ", max_size=3))
                words[at] = f"{key}={value[:cut]}{piece}{value[cut + 1 :]}"
        return " ".join(words)

    return mutate()


FUZZ = settings(
    max_examples=400, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)


@FUZZ
@given(
    st.one_of(
        word_mutations(SEAT),
        word_mutations(f"{SEAT} moves={MOVES}"),
        word_mutations(EVERYTHING),
        st.text(max_size=120),
    )
)
def test_any_text_is_a_position_or_an_error_and_a_position_prints_back(text: str) -> None:
    try:
        position = Position(text)
    except ValueError:
        return
    assert Position(str(position)) == position
    assert str(Position(str(position))) == str(position)
    game = Game.from_position(position)
    assert game.plies == position.plies and game.to_move == position.to_move


def test_the_readme_example_runs_and_prints_what_it_says() -> None:
    blocks = re.findall(r"^```python\n(.*?)^```$", PYTHON_GUIDE.read_text(encoding="utf-8"), re.M | re.S)
    example = next(block for block in blocks if "Position(text)" in block)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(example, str(PYTHON_GUIDE), "exec"), {})
    assert printed.getvalue() == "13 True\n"
    # The text it quotes is the start of the position's.
    assert SEAT.startswith(re.findall(r"'(players=[^…']*)…'", example)[0])
