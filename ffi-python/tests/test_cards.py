"""Cards and card sets: notation, order, values, hashing, pickling."""

from __future__ import annotations

import pickle

import pytest

from tablic import Card, Move


@pytest.mark.parametrize("text", ["10D", "10d", "10♦", "karo 10", "KARO 10"])
def test_three_notations_name_one_card(text: str) -> None:
    card = Card(text)
    assert card == Card(37)
    assert (card.index, card.rank, card.suit) == (37, "10", "D")
    assert str(card) == "10D"
    assert repr(card) == "Card('10D')"
    assert card.unicode() == "10♦"


def test_values() -> None:
    assert [Card(text).points for text in ["2C", "2D", "10D", "10H", "AS", "JC", "5H"]] == [
        1, 0, 2, 1, 1, 1, 0,
    ]
    assert [Card(text).capture_value for text in ["AS", "7H", "JC", "QD", "KS"]] == [
        1, 7, 12, 13, 14,
    ]


def test_order_is_rank_then_suit() -> None:
    cards = [Card(index) for index in range(52)]
    assert sorted(reversed(cards)) == cards
    assert Card("AS") < Card("2C") < Card("2D") < Card("KS")
    assert [str(card) for card in cards[:5]] == ["AC", "AD", "AH", "AS", "2C"]


def test_hash_and_equality() -> None:
    assert len({Card("10D"), Card(37), Card("karo 10")}) == 1
    assert Card("10D") != Card("10H")
    text: object = "10D"
    assert Card("10D") != text  # a Card is not its text


def test_pickle_round_trip() -> None:
    for index in range(52):
        card = Card(index)
        assert pickle.loads(pickle.dumps(card)) == card
    move = Move("5S", "2C 3D")
    assert pickle.loads(pickle.dumps(move)) == move


@pytest.mark.parametrize(
    ("value", "error", "message"),
    [
        ("11X", ValueError, 'invalid card "11X"'),
        ("", ValueError, "empty"),
        (52, ValueError, "no card has index 52"),
        (-1, ValueError, "no card has index -1"),
        (2**64, ValueError, "no card has index 18446744073709551616"),
        (-(2**70), ValueError, "no card has index -1180591620717411303424"),
        (2.5, TypeError, "not float"),
        (None, TypeError, "not NoneType"),
    ],
)
def test_bad_cards_say_why(value: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        Card(value)  # type: ignore[arg-type]


def test_moves() -> None:
    move = Move("5S", ["2C", Card("3D")])
    card, capture = move
    assert card == Card("5S")
    assert capture == frozenset({Card("2C"), Card("3D")})
    assert str(move) == "5S 2C 3D"
    assert repr(move) == "Move('5S', '2C 3D')"
    assert Move("5S").is_discard and not move.is_discard
    assert hash(move) == hash(Move("5S", "3D 2C"))
    with pytest.raises(ValueError, match="appears twice"):
        Move("5S", ["2C", "2C"])
    with pytest.raises(ValueError, match="cannot capture itself"):
        Move("5S", "5S")
    with pytest.raises(TypeError, match="expected cards"):
        Move("5S", 7)  # type: ignore[arg-type]
