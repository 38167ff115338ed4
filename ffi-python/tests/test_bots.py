"""Bots by name and options, Python players, and games between them."""

from __future__ import annotations

import pytest

from tablic import Bot, Card, Game, IllegalMoveError, Move, View, derive_seed, match, play_game


@pytest.mark.parametrize(
    "bot",
    [
        Bot("random", seed=1),
        Bot("greedy"),
        Bot("minimax", depth=2, nodes=2000),
        Bot("pimc", samples=2, nodes=2000),
        Bot("ismcts", iterations=40, seed=3),
        Bot("minimax:depth=1"),
    ],
)
def test_every_bot_plays_legal_moves(bot: Bot) -> None:
    game = Game(seed=5)
    opponent = Bot("greedy")
    result = play_game(game, [bot, opponent])
    assert game.is_finished and len(game.history) == 48
    assert sum(seat.card_points for seat in result.seats) == 22


@pytest.mark.parametrize("name", ["clairvoyant", "bestresponse"])
def test_the_bots_that_see_every_card_need_the_game(name: str) -> None:
    game = Game(seed=5)
    bot = Bot(name)
    assert bot.sees_every_card and not Bot("greedy").sees_every_card
    with pytest.raises(TypeError, match=f"the {name} bot sees every card: give it the Game"):
        bot.choose(game.view(0))
    game.check(bot.choose(game))


def test_same_seed_same_moves() -> None:
    records = []
    for _ in range(2):
        game = Game(seed=9)
        play_game(game, [Bot("random", seed=4), Bot("minimax", seed=5, nodes=3000)])
        records.append(game.record())
    assert records[0] == records[1]


def test_bad_bots_say_why() -> None:
    with pytest.raises(ValueError, match='unknown bot "nosuch"'):
        Bot("nosuch")
    with pytest.raises(ValueError, match="depth"):
        Bot("minimax", depth=99)
    with pytest.raises(ValueError, match="not both"):
        Bot("minimax:depth=2", nodes=5)
    with pytest.raises(TypeError, match="must be an int"):
        Bot("pimc", samples="many")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not seat 1's turn"):
        Bot("greedy").choose(Game(seed=1).view(1))
    assert Bot("minimax", depth=3).spec_string.startswith("minimax:depth=3")
    # Names and options of wide characters, longer than a message keeps of them.
    with pytest.raises(ValueError, match="unknown bot"):
        Bot("é" * 13)
    with pytest.raises(ValueError, match="bad bot option"):
        Bot("greedy:" + "é" * 13)
    # An option too large for any machine integer is just out of range.
    with pytest.raises(ValueError, match="depth"):
        Bot("minimax", depth=2**200)
    with pytest.raises(ValueError, match="samples"):
        Bot("pimc", samples=-(2**200))


class FirstMove:
    """A Python player: the first legal move, and a log of what it saw."""

    def __init__(self) -> None:
        self.seen: list[int] = []

    def choose(self, view: View) -> Move:
        self.seen.append(len(view.history))
        return view.legal_moves()[0]


class Cheater:
    def choose(self, view: View) -> tuple[str, str]:
        return ("KS" if Card("KS") not in view.hand else "AC", "")


def test_python_players_sit_next_to_bots() -> None:
    player = FirstMove()
    game = Game(seed=21)
    play_game(game, [player, Bot("greedy")])
    assert player.seen == list(range(0, 48, 2))


def test_bot_specs_play_as_in_a_match() -> None:
    # Group 0 of a match from seed s is dealt from derive_seed(s, 0), each bot seeded as
    # its seat: play_game with the same specs plays the same game.
    specs = ["random", "minimax:depth=1,nodes=500", "random"]
    totals = []
    for seed in range(4):
        result = play_game(Game(players=3, seed=derive_seed(seed, 0)), specs)
        assert result.totals == [stats.mean_points for stats in match(specs, 1, seed).bots]
        totals.append(result.totals)
    assert totals == [[6, 14, 5], [4, 19, 2], [6, 19, 2], [0, 22, 3]]


def test_illegal_answers_name_the_seat_and_reason() -> None:
    game = Game(seed=21)
    with pytest.raises(IllegalMoveError, match="seat 1: illegal move .*not in the hand"):
        play_game(game, [Bot("greedy"), Cheater()])
    assert len(game.history) == 1  # the legal first move stays played


def test_bad_players() -> None:
    with pytest.raises(TypeError, match="^player 1 is not a bot's spec and has no choose"):
        play_game(Game(seed=1), [Bot("greedy"), object()])  # type: ignore[list-item]
    with pytest.raises(ValueError, match='^unknown bot "nosuchbot"'):
        play_game(Game(seed=1), ["nosuchbot", "greedy"])
    with pytest.raises(ValueError, match="3 players for a game of 2"):
        play_game(Game(seed=1), [Bot("greedy")] * 3)

    class Mumbler:
        def choose(self, view: View) -> str:
            return "hmm"

    with pytest.raises(TypeError, match="answered badly"):
        play_game(Game(seed=1), [Mumbler(), Bot("greedy")])  # type: ignore[list-item]


@pytest.mark.parametrize(("seed", "text"), [(-1, "-1"), (2**64, "18446744073709551616")])
def test_a_seed_out_of_range_says_so(seed: int, text: str) -> None:
    message = f"^seed {text} is out of range \\(0 to 18446744073709551615\\)"
    with pytest.raises(ValueError, match=message):
        Bot("random", seed=seed)
    assert repr(Bot("random", seed=2**64 - 1)) == "Bot('random', seed=18446744073709551615)"
    for bad in (1.5, "1"):
        with pytest.raises(TypeError):
            Bot("random", seed=bad)  # type: ignore[arg-type]
