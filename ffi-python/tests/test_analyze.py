"""tablic.analyze: the core's analysis of a position, with the figures `tablic analyze
--json` prints for the same position, bot and seed."""

from __future__ import annotations

import contextlib
import io

import pytest

import tablic
from tablic import Analysis, Game, Move, Position, analyze
from test_docs import PYTHON_GUIDE, readme_python

# Seat 0 in the third deal of two players, as in `tablic analyze --help`.
SEAT_POSITION = (
    "players=2 ply=24 turn=0 seat=0 table=8C hand=AD,2D,3C,6S,9D,JD "
    "piles=3D,4S,6D,7H,7S,10C,10S,QC,QH;2C,3S,4D,4H,5C,5D,5H,5S,8H,8S,9H,9S,10D,JH,QS,KC,KH,KS "
    "tablas=0,0 last=1"
)

# Three moves from the end with everything known.
KNOWN_POSITION = (
    "players=2 ply=42 turn=0 table=3H,6C,QD hands=AC,10H,KD;2H,4C,8D "
    "piles=AD,AH,2D,3D,4S,6D,7C,7H,7S,9D,10C,10S,JC,JD,QC,QH;AS,2C,2S,3C,3S,4D,4H,5C,5D,5H,"
    "5S,6H,6S,7D,8C,8H,8S,9C,9H,9S,10D,JH,JS,QS,KC,KH,KS tablas=0,0 last=1 deck=-"
)


def figures(analysis: Analysis) -> list[tuple[str, float, float | None, float, float, float | None, str]]:
    """Each move's figures, best first, as `tablic analyze --json` lists them."""
    return [
        (str(judged.move), judged.margin, judged.margin_se, judged.ahead, judged.loss,
         judged.loss_se, judged.mark)
        for judged in analysis.moves
    ]


def test_a_seats_position_gives_the_figures_of_tablic_analyze() -> None:
    # tablic analyze --json --bot pimc:samples=8 SEAT_POSITION (seed 1)
    analysis = analyze(Position(SEAT_POSITION), "pimc:samples=8")
    assert figures(analysis) == [
        ("AD", -11.041666666666666, 1.522890813082615, 0.0, 0.0, 0.0, ""),
        ("2D", -11.125, 0.875, 0.0, 0.08333333333333333, 1.3812089252673165, ""),
        ("9D", -11.25, 0.8903138380137254, 0.0, 0.20833333333333334, 1.5183239244912594, ""),
        ("3C", -11.5, 1.5223207012519793, 0.0, 0.4583333333333333, 0.6297439010839097, ""),
        ("6S", -12.0, 1.251982554774753, 0.0, 0.9583333333333334, 1.0530332227683836, ""),
        ("JD", -13.625, 0.743857118469947, 0.0, 2.5833333333333335, 0.9875213479709756, "?"),
    ]
    assert (analysis.seat, analysis.exact, analysis.horizon) == (0, False, "deal_end")
    assert (analysis.worlds, analysis.left_out, analysis.nodes) == (8, 0, 78733)
    assert [judged.worlds for judged in analysis.moves] == [8] * 6
    assert analysis.best == Move("AD", "") == analysis.bot_move
    assert analysis.line == []
    assert analysis.elapsed_ms >= 0


def test_a_learned_horizon_is_named() -> None:
    learned = analyze(Position(SEAT_POSITION), "pimc:samples=8,learned=1")
    assert learned.horizon == "learned_deal_end"
    fixed = analyze(Position(SEAT_POSITION), "pimc:samples=8")
    assert [judged.margin for judged in learned.moves] != [judged.margin for judged in fixed.moves]


def test_the_bot_move_is_the_move_the_bot_plays_with_the_seed() -> None:
    game = Game.from_position(Position(SEAT_POSITION))
    for seed in (1, 2):
        analysis = analyze(game.view(0), "pimc:samples=8", seed=seed)
        assert analysis.bot_move == tablic.Bot("pimc", samples=8, seed=seed).choose(game.view(0))


def test_a_view_is_analysed_as_its_position() -> None:
    game = Game.from_position(Position(SEAT_POSITION))
    from_view = analyze(game.view(0), "pimc:samples=8", seed=7)
    from_position = analyze(Position.of_view(game.view(0)), "pimc:samples=8", seed=7)
    assert figures(from_view) == figures(from_position)
    assert from_view.nodes == from_position.nodes
    # Another seed samples other worlds.
    assert figures(from_view) != figures(analyze(game.view(0), "pimc:samples=8", seed=1))


def test_three_players_are_solved_a_few_moves_ahead() -> None:
    # tablic analyze --json --bot pimc:samples=2,nodes=2000 (the view of seat 0, seed 1)
    analysis = analyze(Game(players=3, seed=1).view(0), "pimc:samples=2,nodes=2000")
    assert (analysis.horizon, analysis.worlds, analysis.nodes) == ("moves:3", 2, 8129)
    assert figures(analysis)[:2] == [
        ("7H", -2.5833333333333335, 0.25, 0.0, 0.0, 0.0, ""),
        ("4D", -2.6666666666666665, 0.16666666666666666, 0.0, 0.08333333333333333,
         0.08333333333333333, ""),
    ]
    assert analysis.bot_move == Move("7H", "")


def test_everything_known_is_exact_with_the_best_line() -> None:
    analysis = analyze(Position(KNOWN_POSITION))
    assert figures(analysis) == [
        ("10H", -1.0, 0.0, 0.0, 0.0, 0.0, ""),
        ("KD", -1.0, 0.0, 0.0, 0.0, 0.0, ""),
        ("AC", -9.0, 0.0, 0.0, 8.0, 0.0, "??"),
    ]
    assert (analysis.exact, analysis.horizon, analysis.worlds, analysis.nodes) == (
        True, "game_end", 1, 105)
    assert analysis.bot_move is None
    assert [str(played) for played in analysis.line] == [
        "10H", "4C", "KD 4C 10H", "2H", "AC 2H 3H 6C", "8D"]


def test_the_best_value_is_the_margin_of_playing_the_best_line() -> None:
    game = Game.from_position(Position(KNOWN_POSITION))
    analysis = analyze(game)
    assert analysis.exact and analysis.best == analysis.line[0]
    for played in analysis.line:
        game.play(played)
    result = game.result()
    assert result is not None
    own, other = result.totals
    assert analysis.moves[0].margin == own - other == -1


def test_a_game_is_analysed_with_everything_known() -> None:
    game = Game.from_position(Position(KNOWN_POSITION))
    assert figures(analyze(game)) == figures(analyze(Position.of_game(game)))


def crowded_game() -> Game:
    """A game whose players only discarded until 21 cards lay on the table."""
    game = Game(players=2, seed=5)
    while len(game.table) <= 20:
        game.play(next(legal for legal in game.legal_moves() if legal.is_discard))
    return game


@pytest.mark.parametrize(
    ("target", "bot", "options", "message"),
    [
        (Position(SEAT_POSITION), "greedy", {}, "bot: greedy cannot weigh moves (use pimc)"),
        (Position(SEAT_POSITION), "pimc:x=1", {},
         'bot: bad bot option "x=1": pimc takes samples, nodes, learned, inference, alone, memory or exact'),
        (Position(SEAT_POSITION), "pimc:samples=1,nodes=1", {},
         "the search ran out of its budget of 1 nodes (raise the bot's nodes)"),
        (Game(players=2, seed=5), "pimc", {"nodes": 1000},
         "the search ran out of its budget of 1000 nodes (raise nodes)"),
        (crowded_game(), "pimc", {},
         "21 cards on the table: more than 20, where no search is made"),
        (crowded_game().view(0), "pimc", {}, "the position is seat 0's, but seat 1 is to move"),
        (Position(SEAT_POSITION), "pimc", {"nodes": 0}, "nodes must be at least 1"),
        (Position(SEAT_POSITION), "pimc", {"nodes": -1},
         "nodes -1 is out of range (0 to 18446744073709551615)"),
        (Position(SEAT_POSITION), "pimc", {"seed": 2**64},
         "seed 18446744073709551616 is out of range (0 to 18446744073709551615)"),
    ],
)
def test_what_cannot_be_analysed_says_why(
    target: Position | Game, bot: str, options: dict[str, int], message: str
) -> None:
    with pytest.raises(ValueError) as raised:
        analyze(target, bot, **options)
    assert str(raised.value) == message


def test_a_finished_game_has_no_move_to_analyse() -> None:
    game = Game.from_position(Position(KNOWN_POSITION))
    for played in analyze(game).line:
        game.play(played)
    for target in (game, game.view(0), Position.of_view(game.view(0))):
        with pytest.raises(ValueError, match=r"^the game is over: there is no move to analyse$"):
            analyze(target)


def test_only_positions_views_and_games_are_analysed() -> None:
    with pytest.raises(TypeError, match=r"^expected a Position, a View or a Game, not str$"):
        analyze(SEAT_POSITION)  # type: ignore[arg-type]


def test_the_readme_example_prints_what_it_says() -> None:
    example = next(block for block in readme_python() if "tablic.analyze(" in block)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(example, str(PYTHON_GUIDE), "exec"), {})
    assert printed.getvalue() == (
        "QS 16.69 0.0 \n"
        "7C 16.52 0.17 \n"
        "10C 15.92 0.77 \n"
        "deal_end QS\n"
        "9.0 [Move('10C', ''), Move('KS', '')]\n"
    )
