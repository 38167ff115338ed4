"""Cards, card sets and moves: notation, order, values, hashing, pickling."""

from __future__ import annotations

import copy
import pickle

import pytest

from tablic import Card, CardSet, Game, Move, captures


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


def test_moves_are_card_and_capture_pairs() -> None:
    move = Move("5S", ["2C", Card("3D")])
    card, capture = move
    assert (card, capture) == (Card("5S"), frozenset({Card("2C"), Card("3D")}))
    assert (move.card, move.capture) == (card, capture)
    assert isinstance(move, tuple) and type(capture) is CardSet and len(move) == 2
    assert move == (Card("5S"), CardSet("2C 3D")) and move[1] == capture
    assert str(move) == "5S 2C 3D" and str(Move("10D")) == "10D"
    assert repr(move) == "Move('5S', '2C 3D')" and repr(Move("5S")) == "Move('5S', '')"
    assert Move("5S").is_discard and not move.is_discard
    assert hash(move) == hash(Move("5S", "3D 2C")) == hash((Card("5S"), capture))
    match move:
        case Move(played, taken):
            assert (played, taken) == (card, capture)
    for copied in (pickle.loads(pickle.dumps(move)), copy.copy(move), copy.deepcopy(move)):
        assert copied == move and type(copied) is Move and type(copied.capture) is CardSet


def test_bad_moves_say_why() -> None:
    with pytest.raises(ValueError, match="appears twice"):
        Move("5S", ["2C", "2C"])
    with pytest.raises(ValueError, match="cannot capture itself"):
        Move("5S", "5S")
    with pytest.raises(TypeError, match="expected cards"):
        Move("5S", 7)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="^expected a Card, a card's text or its index, not tuple$"):
        Move(("5S", "2C"))  # type: ignore[arg-type]


def test_card_sets_print_sorted_in_the_engines_notation() -> None:
    cards = CardSet("10S 2C KH AD 3D 10D")
    assert repr(cards) == str(cards) == "{AD 2C 3D 10D 10S KH}"
    assert cards.unicode() == "A♦ 2♣ 3♦ 10♦ 10♠ K♥"
    assert repr(CardSet()) == "{}" and CardSet().unicode() == ""
    assert repr(captures("2C 3D 5H", "5S")) == "[{}, {5H}, {2C 3D}, {2C 3D 5H}]"
    assert repr([Move("7S", "3D 4S")]) == "[Move('7S', '3D 4S')]"
    assert f"{Game(seed=42).table}" == "{3D 4S 5D QH}"


def test_card_sets_are_frozensets_of_cards() -> None:
    cards = CardSet(["2C", Card("3D"), 12])
    plain = frozenset({Card("2C"), Card("3D"), Card("4C")})
    assert isinstance(cards, frozenset) and cards == plain and set(plain) == cards
    assert hash(cards) == hash(plain) and {plain: 1}[cards] == 1
    assert CardSet(cards) == cards and CardSet("") == CardSet() == frozenset()
    assert Card("3D") in cards and sorted(cards) == [Card("2C"), Card("3D"), Card("4C")]
    assert cards.copy() is cards
    for copied in (pickle.loads(pickle.dumps(cards)), copy.copy(cards), copy.deepcopy(cards)):
        assert copied == cards and type(copied) is CardSet
    with pytest.raises(ValueError, match="^card 2C appears twice$"):
        CardSet(["2C", "2c"])
    with pytest.raises(TypeError, match="^expected cards \\(an iterable or a string\\), not int$"):
        CardSet(7)  # type: ignore[arg-type]


def test_set_operations_between_cards_give_card_sets() -> None:
    cards = CardSet("2C 3D 4C")
    other = frozenset({Card("4C"), Card("5H")})
    results = {
        "|": cards | other,
        "&": cards & other,
        "-": cards - other,
        "^": cards ^ other,
        "union": cards.union(other, [Card("AS")]),
        "intersection": cards.intersection(other),
        "difference": cards.difference(other, {1}),
        "symmetric_difference": cards.symmetric_difference(other),
    }
    assert {name: repr(result) for name, result in results.items()} == {
        "|": "{2C 3D 4C 5H}",
        "&": "{4C}",
        "-": "{2C 3D}",
        "^": "{2C 3D 5H}",
        "union": "{AS 2C 3D 4C 5H}",
        "intersection": "{4C}",
        "difference": "{2C 3D}",
        "symmetric_difference": "{2C 3D 5H}",
    }
    assert all(type(result) is CardSet for result in results.values())
    # Other members make a plain frozenset; with a plain frozenset on the left, it decides.
    mixed = cards | {"2C"}
    assert type(mixed) is frozenset and mixed == {Card("2C"), Card("3D"), Card("4C"), "2C"}
    assert type(cards.union("AS")) is frozenset and type(other | cards) is frozenset
    assert cards & {"x": 1}.keys() == set()  # not a set: Python asks the other side
