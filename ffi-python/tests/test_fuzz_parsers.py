"""Property-based fuzzing (Hypothesis) of every place the package reads text or values.

Each door either answers or raises an ordinary exception (`ValueError`, `TypeError`,
`OverflowError`, `OSError`); an engine panic would come back as
``pyo3_runtime.PanicException``, which is not an ``Exception``, and fail these tests.
Whatever is accepted prints back and reads again to the same thing. The coverage-guided
fuzzing of the same readers in Rust is in ``fuzz/`` (docs/FUZZING.md); these check the
binding's own conversions on top of them.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablic import Bot, Card, CardSet, Game, IllegalMoveError
from tablic.compat import Karta

# Text built from the notation's own letters and separators reaches past the first character
# far more often than arbitrary Unicode does; both are drawn.
NOTATION_ALPHABET = "AaJjQqKk0123456789TtCcDdHhSs ,{}[]()-:=♠♥♦♣\t\n"
RANKS = ["A", "a", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "T", "J", "q", "K", "0"]
SUITS = ["C", "d", "H", "S", "♣", "♦", "♥", "♠", "tref", "KARO", "herc", "pik", "X", ""]
card_like = st.one_of(
    st.builds(
        "{}{}{}".format, st.sampled_from(RANKS), st.sampled_from(["", " ", "  "]), st.sampled_from(SUITS)
    ),
    st.builds("".join, st.lists(st.sampled_from(RANKS + SUITS + [" ", ","]), max_size=4)),
)
card_list_like = st.builds(" ".join, st.lists(card_like, max_size=8))
notation_text = st.one_of(
    card_like,
    card_list_like,
    st.text(alphabet=NOTATION_ALPHABET, max_size=40),
    st.text(max_size=40),
)
CHECKED = (ValueError, TypeError, OverflowError)
# No example database: nothing is written beside the tests; a failure prints its example.
FUZZ = settings(
    max_examples=400, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)


def a_record(seed: int, moves: int) -> str:
    game = Game(2, seed=seed)
    for _ in range(moves):
        if game.is_finished:
            break
        game.play(game.legal_moves()[0])
    return game.record()


@FUZZ
@given(notation_text)
def test_any_text_is_a_card_or_an_error_and_a_card_reads_back(text: str) -> None:
    try:
        card = Card(text)
    except CHECKED:
        return
    assert Card(str(card)) == card
    assert Card(card.unicode()) == card
    assert Card(card.index) == card


@FUZZ
@given(st.integers())
def test_any_integer_is_a_card_index_or_an_error(index: int) -> None:
    try:
        card = Card(index)
    except CHECKED:
        assert not 0 <= index < 52
        return
    assert card.index == index


@FUZZ
@given(notation_text)
def test_any_text_is_a_card_set_or_an_error_and_a_set_reads_back(text: str) -> None:
    try:
        cards = CardSet(text)
    except CHECKED:
        return
    assert CardSet(str(cards)[1:-1]) == cards
    assert CardSet(cards.unicode()) == cards
    assert len(cards) <= 52


@FUZZ
@given(st.lists(st.one_of(st.integers(-3, 60), notation_text, st.none(), st.floats()), max_size=8))
def test_any_list_is_a_card_set_or_an_error(items: list[object]) -> None:
    try:
        cards = CardSet(items)  # type: ignore[arg-type]
    except CHECKED:
        return
    assert len(cards) == len(items)


@FUZZ
@given(st.text(max_size=60), st.dictionaries(st.text(max_size=12), st.integers(), max_size=3))
def test_any_bot_spec_is_a_bot_or_an_error_and_its_spec_reads_back(
    spec: str, options: dict[str, int]
) -> None:
    try:
        bot = Bot(spec, **options)
    except CHECKED:
        return
    again = Bot(bot.spec_string)
    assert again.spec_string == bot.spec_string


@FUZZ
@given(
    st.sampled_from(
        ["greedy", "random", "minimax", "pimc", "ismcts", "clairvoyant", "bestresponse"]
    ),
    st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=12),
    st.integers(),
)
def test_any_option_value_is_in_range_or_an_error(name: str, option: str, value: int) -> None:
    try:
        bot = Bot(name, **{option: value})
    except CHECKED:
        return
    assert Bot(bot.spec_string).spec_string == bot.spec_string


def mutations(text: str) -> st.SearchStrategy[str]:
    """The record with whole lines cut, dropped, repeated or swapped (often still a record),
    then sometimes a few characters replaced, cut out or put in."""

    @st.composite
    def mutate(draw: st.DrawFn) -> str:
        lines = text.splitlines(keepends=True)
        for _ in range(draw(st.integers(0, 3))):
            at, other = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            kind = draw(st.sampled_from(["cut", "cut", "drop", "repeat", "swap"]))
            if kind == "cut":
                lines = lines[: at + 1]
            elif kind == "drop" and len(lines) > 1:
                del lines[at]
            elif kind == "repeat":
                lines.insert(at, lines[other])
            elif kind == "swap":
                lines[at], lines[other] = lines[other], lines[at]
        chars = list("".join(lines))
        for _ in range(draw(st.sampled_from([0, 0, 0, 1, 2, 3]))):
            at = draw(st.integers(0, len(chars)))
            kind = draw(st.sampled_from(["replace", "delete", "insert"]))
            piece = draw(st.text(alphabet=NOTATION_ALPHABET + "pelyrsd", min_size=1, max_size=4))
            if kind == "insert" or at == len(chars):
                chars[at:at] = piece
            elif kind == "delete":
                del chars[at : at + len(piece)]
            else:
                chars[at : at + len(piece)] = piece
        return "".join(chars)

    return mutate()


RECORD = a_record(seed=7, moves=30)


@FUZZ
@given(st.one_of(mutations(RECORD), st.text(max_size=200)))
def test_any_record_text_is_a_game_or_an_error_and_a_game_writes_the_same_record(
    text: str,
) -> None:
    try:
        game = Game.from_record(text)
    except CHECKED:
        return
    assert Game.from_record(game.record()).record() == game.record()
    assert len(game.history) <= 48


@settings(FUZZ, max_examples=100, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=300))
def test_any_file_bytes_are_a_game_or_an_error(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "game.tablic"
    path.write_bytes(data)
    try:
        game = Game.load(path)
    except (*CHECKED, OSError):
        return
    assert game.record().encode() == Game.from_record(game.record()).record().encode()


@FUZZ
@given(
    st.integers(0, 2**32),
    st.integers(0, 40),
    st.one_of(st.integers(-2, 55), notation_text),
    st.one_of(st.none(), notation_text, st.lists(st.integers(-2, 55), max_size=6)),
)
def test_an_illegal_move_is_an_error_and_changes_nothing(
    seed: int, moves: int, card: int | str, capture: str | list[int] | None
) -> None:
    game = Game.from_record(a_record(seed, moves))
    if game.is_finished:
        return
    before = game.record()
    legal = game.legal_moves()
    try:
        game.check(card, capture)
    except CHECKED as error:
        assert isinstance(error, (IllegalMoveError, ValueError, TypeError, OverflowError))
        with pytest.raises(CHECKED):
            copy.copy(game).play(card, capture)
        assert game.record() == before
        return
    assert any(move.card == Card(card) for move in legal)
    game.play(card, capture)
    assert len(game.history) == len(Game.from_record(before).history) + 1


def is_card_or_tuple_of_cards(value: object) -> bool:
    if isinstance(value, tuple):
        return all(is_card_or_tuple_of_cards(item) for item in value)
    return isinstance(value, Karta)


@FUZZ
@given(st.one_of(notation_text, st.tuples(st.integers(-2, 15), st.integers(-2, 15))))
def test_the_compatibility_layer_reads_cards_or_raises_what_it_documents(
    value: str | tuple[int, int],
) -> None:
    # As the original: what is no card as a whole is converted item by item.
    try:
        converted = Karta.uKarte(value)
    except (TypeError, ValueError):
        return
    assert is_card_or_tuple_of_cards(converted)
    if isinstance(converted, Karta):
        assert Karta(converted) == converted
