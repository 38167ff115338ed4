"""Rules and sides: `Rules` as a value and as text, games, views, positions and results
under house rules (the core's worked examples, scored by hand), and every error's message."""

from __future__ import annotations

import copy
import pickle
import re

import pytest

from tablic import Game, Position, Rules, play_game

HOUSE = "side-size=2 leftovers=last-player final-tabla=no"


def test_rules_are_values_with_a_text() -> None:
    house = Rules(side_size=2, leftovers="last-player", final_tabla=False)
    assert str(house) == HOUSE and Rules.parse(HOUSE) == house
    assert repr(house) == "Rules(side_size=2, leftovers='last-player', final_tabla=False)"
    assert (house.side_size, house.leftovers, house.final_tabla) == (2, "last-player", False)
    assert Rules() == Rules.ORIGINAL == Rules.parse("") and str(Rules()) == ""
    assert Rules.PAIRS == Rules(2) and str(Rules.PAIRS) == "side-size=2"
    assert len({house, Rules.parse(HOUSE), Rules()}) == 2
    assert pickle.loads(pickle.dumps(house)) == house
    assert Rules.PAIRS.side_count(6) == 3


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Rules.parse("pairs"), 'unknown rule "pairs" (rules: side-size=K, '),
        (lambda: Rules.parse("leftovers=dealer"),
         'leftovers="dealer": expected last-capturer or last-player'),
        (lambda: Rules.parse("side-size=2 side-size=2"), "rule side-size given twice"),
        (lambda: Rules(side_size=0), "side_size 0 is out of range (1 to 255 players)"),
        (lambda: Rules(leftovers="dealer"),  # type: ignore[arg-type]
         'leftovers="dealer": expected last-capturer or last-player'),
        (lambda: Rules.PAIRS.side_count(3), "3 players cannot sit in sides of 2 (the side "),
        (lambda: Game(players=3, rules=Rules.PAIRS), "3 players cannot sit in sides of 2"),
        (lambda: Game(players=2, rules="side-size=2"),
         "sides of 2 leave 2 players on one side, with nobody to play against"),
        (lambda: Game(players=4, rules="pairs"), 'unknown rule "pairs"'),
    ],
)
def test_bad_rules_say_why(make: object, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        make()  # type: ignore[operator]


def test_rules_must_be_rules_or_text() -> None:
    with pytest.raises(TypeError, match="rules must be a Rules or its text, not int"):
        Game(players=4, rules=2)  # type: ignore[arg-type]


def test_a_game_in_pairs_scores_by_side() -> None:
    game = Game(players=4, seed=1, rules="side-size=2")
    assert game.rules == Rules.PAIRS and game.side_count == 2
    assert [game.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    view = game.view(1)
    assert view.rules == Rules.PAIRS and view.side_of(2) == 0
    assert view.is_on_my_side(3) and not view.is_on_my_side(0)
    with pytest.raises(ValueError, match="no seat 4 in a game of 4 players"):
        game.side_of(4)
    result = play_game(game, ["greedy"] * 4)
    assert result.side_count == 2 and [result.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    for side in range(2):
        mine = [result.seats[side], result.seats[side + 2]]
        assert result.sides[side].cards == sum(seat.cards for seat in mine)
        assert result.sides[side].card_points == sum(seat.card_points for seat in mine)
        bonus = 3 if result.sides[side].most_cards else 0
        assert result.side_totals[side] == sum(seat.total for seat in mine) + bonus
    assert not any(seat.most_cards for seat in result.seats)
    assert sum(side.card_points for side in result.sides) == 22
    totals = result.side_totals
    assert result.winner == (None if totals[0] == totals[1] else totals.index(max(totals)))
    # The record names the rules and reads back under them; so does a pickle.
    assert game.record().startswith("tablic-record 1\nplayers 4\nrules side-size=2\nseed 1\n")
    assert Game.from_record(game.record()).rules == Rules.PAIRS
    assert pickle.loads(pickle.dumps(game)).rules == copy.copy(game).rules == Rules.PAIRS


# The last move of a four-player game (the core's worked example): seat 3 sweeps 5C with 5D.
# Seats 0 and 2 then hold 13 cards each, seat 1 10 and seat 3 16.
FOUR = (
    "players=4 {rules} ply=47 table=5C hands=-;-;-;5D "
    "piles=AC,AD,AH,AS,2D,2H,2S,3S,4C,4D,4H,4S,6C;JC,JD,JH,JS,10C,10H,6D,6H,6S,7C;"
    "QC,QD,QH,QS,2C,10D,7D,7H,7S,8C,8D,8H,8S;KC,KD,KH,KS,10S,9C,9D,9H,9S,3C,3D,3H,5H,5S "
    "tablas=0,0,0,0 last=2 deck=-"
)

# Two players, the last move: seat 1 holds 5D, 5C lies on the table, seat 0 captured last.
# Seat 1's 24 cards hold all 22 points; seat 0's 26 cards none.
TWO = (
    "players=2 {rules} ply=47 table=5C hands=-;5D "
    "piles=2D,2H,2S,3S,4C,4D,4H,4S,5H,5S,6C,6D,6H,6S,7C,7D,7H,7S,8C,8D,8H,8S,9C,9D,9H,9S;"
    "AC,AD,AH,AS,JC,JD,JH,JS,QC,QD,QH,QS,KC,KD,KH,KS,2C,10C,10D,10H,10S,3C,3D,3H "
    "tablas=0,0 last=0 deck=-"
)


def finish(text: str, card: str, capture: str) -> Game:
    game = Game.from_position(Position(text))
    assert game.play(card, capture).finished
    return game


def test_sides_pool_their_piles_and_share_no_bonus_on_a_tie() -> None:
    pairs = finish(FOUR.format(rules="side-size=2"), "5D", "5C").result()
    # 0+2: aces, queens, 2C, 10D = 11; 1+3: jacks, kings, three tens, the tabla = 12.
    assert pairs.side_totals == [11, 12] and [side.cards for side in pairs.sides] == [26, 26]
    assert pairs.totals == [4, 6, 7, 6] and pairs.winner == 1
    assert repr(pairs) == "GameResult(side_totals=[11, 12], totals=[4, 6, 7, 6], winner=1)"
    alone = finish(FOUR.format(rules=""), "5D", "5C").result()
    assert alone.totals == alone.side_totals == [4, 6, 7, 9] and alone.winner == 3
    assert alone.sides == alone.seats and alone.sides[3].most_cards


@pytest.mark.parametrize(
    ("rules", "card", "capture", "totals"),
    [
        ("", "5D", "5C", [0, 23]),  # the last tabla counts
        ("final-tabla=no", "5D", "5C", [0, 22]),  # ... or not
        ("", "5D", "", [3, 22]),  # the last cards to the last capturer: 28 cards to 24
        ("leftovers=last-player", "5D", "", [0, 22]),  # ... or to the last player: 26 each
    ],
)
def test_the_house_rules_by_hand(rules: str, card: str, capture: str, totals: list[int]) -> None:
    assert finish(TWO.format(rules=rules), card, capture).result().totals == totals


def test_positions_carry_their_rules() -> None:
    position = Position(TWO.format(rules=HOUSE.replace("side-size=2 ", "")))
    assert position.rules == Rules(leftovers="last-player", final_tabla=False)
    assert str(position).startswith("players=2 leftovers=last-player final-tabla=no ply=47 ")
    game = Game(players=6, seed=77, rules="side-size=3")
    game.play(game.legal_moves()[0])
    seen = Position.of_view(game.view(4))
    assert seen.rules == Rules(side_size=3) and " side-size=3 " in str(seen)
    assert Game.from_position(seen).rules == Rules(side_size=3)
    with pytest.raises(ValueError, match="sides of 2 leave 2 players on one side"):
        Position(TWO.format(rules="side-size=2"))
