"""tablic.encoding (observations, actions, masks) and tablic.training (training rows)."""

from __future__ import annotations

import doctest
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

import tablic
import tablic.training
from tablic import Card, Game, Move, View
from tablic.encoding import (
    CAPTURES_PER_CARD,
    FIELDS,
    SIDE_FIELDS,
    action_count,
    action_to_move,
    cards_bits,
    flatten,
    legal_action_mask,
    legal_actions,
    move_to_action,
    observation_bounds,
    observation_layout,
    observation_size,
    observe,
    observe_flat,
    unflatten,
)
from tablic.training import (
    arrays,
    derive_seed,
    initial_game,
    load_npz,
    margins,
    rows,
    self_play,
    self_play_games,
    write_npz,
)

ALL = frozenset(Card(index) for index in range(52))


def cards(text: str) -> frozenset[Card]:
    return frozenset(Card(token) for token in text.split())


def random_positions(players: int, games: int, seed: int) -> Iterator[tuple[Game, View]]:
    """Every position of ``games`` whole games of uniformly random legal moves (crowded
    tables: the hardest case for the action cap), with the view of the seat to move."""
    rng = random.Random(seed)
    for number in range(games):
        game = Game(players=players, seed=derive_seed(seed, number))
        while (view := game.current_view()) is not None:
            yield game, view
            game.play(rng.choice(game.legal_moves()))


# --- observations ------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(2, 275), (3, 333), (4, 391)])
def test_the_layout_is_as_documented(players: int, size: int) -> None:
    layout = observation_layout(players)
    assert tuple(layout) == FIELDS
    assert observation_size(players) == size == 3 * 52 + 52 * players + 6 * players + 3
    view = Game(players=players, seed=1).view(0)
    observation = observe(view)
    assert {name: array.shape for name, array in observation.items()} == layout
    assert all(array.dtype == np.float32 for array in observation.values())
    flat = observe_flat(view)
    assert flat.shape == (size,) and flat.dtype == np.float32
    assert np.array_equal(flat, flatten(observation))
    for name, array in unflatten(flat, players).items():
        assert np.array_equal(array, observation[name])
    with pytest.raises(ValueError, match="shape"):
        unflatten(flat[:-1], players)
    with pytest.raises(ValueError, match="at least 2"):
        observation_layout(1)


@pytest.mark.parametrize(
    ("players", "rules", "partners"),
    [(4, "side-size=2", [1, 0, 1, 0]), (6, "side-size=2", [1, 0, 0, 1, 0, 0]),
     (6, "side-size=3", [1, 0, 1, 0, 1, 0])],
)
def test_a_game_of_sides_marks_the_partners(players: int, rules: str, partners: list[int]) -> None:
    side_size = tablic.Rules.parse(rules).side_size
    layout = observation_layout(players, side_size)
    assert tuple(layout) == FIELDS + SIDE_FIELDS and layout["partners"] == (players,)
    size = observation_size(players, side_size)
    assert size == observation_size(players) + players
    game = Game(players=players, seed=1, rules=rules)
    for seat in range(players):
        observation = observe(game.view(seat))
        # Relative seats: the observer first, so every seat sees the same pattern.
        assert observation["partners"].tolist() == partners
        flat = observe_flat(game.view(seat))
        assert flat.shape == (size,) and np.array_equal(flat[-players:], partners)
        assert np.array_equal(unflatten(flat, players, side_size)["partners"], partners)
    low, high = observation_bounds(players, side_size)
    assert low.shape == high.shape == (size,) and (high[-players:] == 1).all()
    with pytest.raises(ValueError, match=f"{players} players in sides of {side_size}"):
        unflatten(flat[:-1], players, side_size)
    # Everyone alone, the layout is the original one, whatever the house rules.
    alone = observe(Game(players=4, seed=1, rules="leftovers=last-player").view(0))
    assert tuple(alone) == FIELDS


def test_a_first_view_encodes_what_the_seat_knows() -> None:
    game = Game(players=3, seed=42)
    view = game.view(1)
    observation = observe(view)
    assert np.array_equal(observation["hand"], _plane(view.hand))
    assert np.array_equal(observation["table"], _plane(game.table))
    assert np.array_equal(observation["unseen"], _plane(ALL - view.hand - game.table))
    assert observation["hand_sizes"].tolist() == [6, 6, 6]
    # Seat 1 observes: seat 0, to move, is the last of the relative order (1, 2, 0).
    assert observation["to_move"].tolist() == [0, 0, 1]
    assert observation["last_capturer"].tolist() == [0, 0, 0]
    assert observation["deal"].tolist() == [52 - 4 - 18, 1, 0]
    assert not observation["piles"].any() and not observation["points"].any()


def test_piles_tablas_and_points_are_relative_to_the_observer() -> None:
    game = Game(players=2, deck=[Card(index) for index in range(52)])
    # Table AC AD AH AS; seat 0 holds 2C 2H 3C 3H 4C 4H: 2C takes AC AD (1 + 1).
    game.play("2C", "AC AD")
    for seat in (0, 1):
        observation = observe(game.view(seat))
        mine, theirs = (0, 1) if seat == 0 else (1, 0)
        assert np.array_equal(observation["piles"][mine], _plane(cards("2C AC AD")))
        assert not observation["piles"][theirs].any()
        assert observation["pile_sizes"][mine] == 3 and observation["pile_sizes"][theirs] == 0
        assert observation["points"][mine] == 3  # 2C and two aces
        assert observation["last_capturer"][mine] == 1
        assert observation["to_move"][theirs] == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observations_partition_the_deck_and_stay_in_bounds(players: int) -> None:
    low, high = observation_bounds(players)
    assert (low < high).all()
    for game, view in random_positions(players, 6, seed=players):
        for seat in range(players):
            seat_view = game.view(seat)
            observation = observe(seat_view)
            # Every card is in exactly one place: hand, table, a pile, or unseen.
            everywhere = (
                observation["hand"]
                + observation["table"]
                + observation["unseen"]
                + observation["piles"].sum(axis=0)
            )
            assert (everywhere == 1).all()
            assert observation["piles"].sum(axis=1).tolist() == observation[
                "pile_sizes"
            ].tolist()
            relative = [(seat + offset) % players for offset in range(players)]
            assert observation["hand_sizes"].tolist() == [
                seat_view.hand_sizes[other] for other in relative
            ]
            assert observation["tablas"].tolist() == [
                seat_view.tablas[other] for other in relative
            ]
            flat = observe_flat(seat_view)
            assert (low <= flat).all() and (flat <= high).all()
        assert observe(view)["to_move"][0] == 1


def test_a_finished_game_has_nobody_to_move() -> None:
    game = Game(players=2, seed=3)
    tablic.play_game(game, [tablic.Bot("greedy"), tablic.Bot("random", seed=2)])
    observation = observe(game.view(0))
    assert not observation["to_move"].any() and not observation["hand"].any()
    assert observation["points"].sum() == 22 and observation["pile_sizes"].sum() <= 52
    assert not legal_action_mask(game.view(0)).any()


# --- actions -----------------------------------------------------------------------------


def test_actions_are_card_times_capture_rank_with_the_discard_first() -> None:
    assert action_count() == 52 * CAPTURES_PER_CARD == 3328
    with pytest.raises(ValueError, match="at least 1"):
        action_count(0)
    # Seat 0 holds 2C 2H 3C 3H 4C 4H on the table AC AD AH AS.
    view = Game(players=2, deck=[Card(index) for index in range(52)]).view(0)
    actions = legal_actions(view)
    k = CAPTURES_PER_CARD
    two = Card("2C").index
    assert actions[two * k] == Move("2C")
    # Then the engine's order of 2C's captures: the four aces (two groups of 1 + 1) and
    # the six pairs of aces, each once.
    taken = [actions[two * k + rank].capture for rank in range(1, 8)]
    codes = [capture for card, capture in view.legal_move_codes() if card == two][1:]
    assert [cards_bits(capture) for capture in taken] == codes
    assert sorted(len(capture) for capture in taken) == [2] * 6 + [4]
    assert len(set(taken)) == 7
    assert two * k + 8 not in actions
    pair = Move("2C", "AC AD")
    assert action_to_move(view, move_to_action(view, pair)) == pair


def test_the_order_is_the_engines_and_capped() -> None:
    # Table 3H 3S 4D 4C, played 7: the discard, then 7's five captures in the engine's
    # order (the four pairs and the four-card capture).
    deck = [Card(c) for c in "3H 3S 4D 4C 7S".split()]
    rest = [card for card in (Card(index) for index in range(52)) if card not in deck]
    game = Game(players=2, deck=deck[:4] + [deck[4]] + rest)
    view = game.view(0)
    assert Card("7S") in view.hand
    k = CAPTURES_PER_CARD
    base = Card("7S").index * k
    ranked = [action_to_move(view, base + rank) for rank in range(6)]
    assert ranked[0] == Move("7S")
    assert sorted(len(move.capture) for move in ranked[1:]) == [2, 2, 2, 2, 4]
    with pytest.raises(ValueError, match="6 legal captures, not 7"):
        action_to_move(view, base + 6)
    # With a cap of 3, the fourth capture is legal but has no action.
    capped = legal_actions(view, captures_per_card=3)
    assert [capped[Card("7S").index * 3 + rank] for rank in range(3)] == ranked[:3]
    with pytest.raises(ValueError, match="past the cap of 3"):
        move_to_action(view, ranked[3], captures_per_card=3)
    with pytest.raises(ValueError, match="not a legal move"):
        move_to_action(view, Move("7S", "3H"), captures_per_card=3)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_move_round_trips_and_the_mask_is_exact(players: int) -> None:
    positions = 0
    for game, view in random_positions(players, 40, seed=10 + players):
        legal = game.legal_moves()
        mask = legal_action_mask(view)
        actions = legal_actions(view)
        assert mask.dtype == np.bool_ and mask.shape == (action_count(),)
        assert sorted(np.flatnonzero(mask).tolist()) == list(actions)
        assert set(actions.values()) <= set(legal)
        per_card: dict[Card, int] = {}
        for move in legal:
            per_card[move.card] = per_card.get(move.card, 0) + 1
        # Exact unless some card has more captures than the cap, then capped per card.
        expected = sum(min(count, CAPTURES_PER_CARD) for count in per_card.values())
        assert int(mask.sum()) == len(actions) == expected
        sample = legal if len(legal) <= 150 else random.Random(positions).sample(legal, 40)
        for move in sample:
            if move in actions.values():
                action = move_to_action(view, move)
                assert actions[action] == move
                assert action_to_move(view, action) == move
            else:
                with pytest.raises(ValueError, match="past the cap"):
                    move_to_action(view, move)
        positions += 1
    assert positions == 40 * 48


def test_the_cap_keeps_the_first_captures_of_each_card() -> None:
    overflowed = 0
    for game, view in random_positions(2, 6, seed=5):
        for cap in (1, 3):
            actions = legal_actions(view, cap)
            mask = legal_action_mask(view, cap)
            assert mask.shape == (52 * cap,) and int(mask.sum()) == len(actions)
            full = legal_actions(view)
            for action, move in actions.items():
                card, rank = divmod(action, cap)
                # The same move as the uncapped encoding's rank: a prefix of each card's order.
                assert full[card * CAPTURES_PER_CARD + rank] == move
                assert move_to_action(view, move, cap) == action
            if cap == 1:
                assert all(move.is_discard for move in actions.values())
                assert len(actions) == len(view.hand)
            for move in game.legal_moves():
                if move not in actions.values():
                    overflowed += 1
                    with pytest.raises(ValueError, match="past the cap"):
                        move_to_action(view, move, cap)
    assert overflowed > 0


def test_only_the_seat_to_move_has_actions() -> None:
    game = Game(players=2, seed=8)
    other = game.view(1)
    assert not legal_action_mask(other).any() and legal_actions(other) == {}
    with pytest.raises(ValueError, match="not its turn"):
        action_to_move(other, 0)
    with pytest.raises(ValueError, match="not a legal move"):
        move_to_action(other, Move(next(iter(other.hand))))
    view = game.view(0)
    with pytest.raises(ValueError, match="not in 0..3327"):
        action_to_move(view, 3328)
    missing = next(card for card in sorted(ALL) if card not in view.hand)
    with pytest.raises(ValueError, match="not in hand"):
        action_to_move(view, missing.index * CAPTURES_PER_CARD)


# --- training rows -----------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rows_follow_the_game_record(players: int) -> None:
    game = Game(players=players, seed=77)
    bots = [tablic.Bot("greedy", seed=seat) for seat in range(players - 1)]
    tablic.play_game(game, [*bots, tablic.Bot("random", seed=9)])
    result = game.result()
    collected = list(rows(game))
    assert len(collected) == 48 == len(game.history)
    replay = initial_game(game)
    assert replay.history == [] and replay.table == initial_game(game).table
    for ply, (row, move) in enumerate(zip(collected, game.history)):
        assert row.ply == ply and row.game == 0 and row.players == players
        assert row.move == move and row.seat == replay.to_move == row.bot
        view = replay.view(row.seat)
        for name, array in observe(view).items():
            assert np.array_equal(row.observation[name], array)
        assert np.array_equal(row.mask, legal_action_mask(view))
        assert row.action >= 0 and row.mask[row.action]
        assert action_to_move(view, row.action) == move
        assert row.totals == tuple(result.totals)
        assert row.margin == margins(result.totals)[row.seat]
        replay.play(move)
    assert replay.record() == game.record()
    assert [row.move for row in rows(game.record())] == game.history


def test_rows_of_a_game_from_a_position_count_the_moves_before_it() -> None:
    whole = Game(seed=5)
    tablic.play_game(whole, [tablic.Bot("greedy", seed=1), tablic.Bot("greedy", seed=2)])
    first_30 = Game(seed=5)
    for move in whole.history[:30]:
        first_30.play(move)
    game = Game.from_position(tablic.Position.of_game(first_30).without_moves())
    for move in whole.history[30:]:
        game.play(move)
    collected = list(rows(game))
    assert [row.ply for row in collected] == list(range(30, 48))
    assert [row.move for row in collected] == whole.history[30:]
    assert collected[0].totals == tuple(whole.result().totals)


def test_margins_are_own_total_minus_the_mean_of_the_others() -> None:
    assert margins([20, 5]) == [15.0, -15.0]
    assert margins([10, 4, 8]) == [4.0, -5.0, 1.0]


def test_rows_need_a_finished_game() -> None:
    with pytest.raises(ValueError, match="not finished"):
        next(rows(Game(seed=1)))


def test_derive_seed_is_the_engines() -> None:
    assert derive_seed(0, 0) == 0xE220A8397B1DCDAF
    assert derive_seed(1, 0) != derive_seed(0, 1)


@pytest.mark.parametrize(
    ("players", "duplicate"),
    [(["greedy", "random"], False), (["greedy", "random", "minimax:depth=1"], True)],
)
def test_self_play_plays_the_games_of_match(players: list[str], duplicate: bool) -> None:
    games = 6
    totals = [0] * len(players)
    played = 0
    for game, seating in self_play_games(players, games, seed=4, duplicate=duplicate):
        played += 1
        for seat, total in enumerate(game.result().totals):
            totals[seating[seat]] += total
    assert played == games * (len(players) if duplicate else 1)
    result = tablic.match(players, games, seed=4, duplicate=duplicate)
    assert [bot.mean_points for bot in result.bots] == pytest.approx(
        [total / played for total in totals]
    )
    with pytest.raises(TypeError, match="sequence of bot specs"):
        next(self_play_games("greedy", 1))


def test_the_npz_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "rows.npz"
    count = write_npz(path, self_play(["greedy", "random"], 3, seed=2, duplicate=True))
    assert count == 3 * 2 * 48
    data = load_npz(path)
    expected = arrays(self_play(["greedy", "random"], 3, seed=2, duplicate=True))
    assert sorted(data) == sorted(expected)
    for key, array in expected.items():
        assert data[key].dtype == array.dtype, key
        assert np.array_equal(data[key], array), key
    assert data["observation"].shape == (count, 275) and data["mask"].shape == (count, 3328)
    assert data["game"].tolist() == [index // 48 for index in range(count)]
    assert (data["action"] >= 0).all()
    assert data["mask"][np.arange(count), data["action"]].all()
    # Seat 0 alternates bots between the two rotations of each deal.
    assert data["bot"][data["seat"] == 0][::24].tolist() == [0, 1] * 3
    first = np.flatnonzero(data["ply"] == 0)
    for index in first:
        totals = data["totals"][index]
        assert data["margin"][index] == totals[0] - totals[1]
    assert int(data["captures_per_card"]) == CAPTURES_PER_CARD


def test_arrays_need_rows_of_one_player_count() -> None:
    with pytest.raises(ValueError, match="no rows"):
        arrays([])
    two = next(self_play(["greedy", "greedy"], 1))
    three = next(self_play(["greedy", "greedy", "greedy"], 1))
    with pytest.raises(ValueError, match="different player counts"):
        arrays([two, three])
    with pytest.raises(ValueError, match="do not have"):
        arrays([two], captures_per_card=2)


def test_the_docstring_example_runs() -> None:
    failures, tried = doctest.testmod(tablic.training)
    assert tried > 0 and failures == 0


# --- the optional extra ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("module", "missing"),
    [
        ("tablic.encoding", "numpy"),
        ("tablic.training", "numpy"),
        ("tablic.env", "numpy"),
        ("tablic.env", "pettingzoo"),
    ],
)
def test_without_the_extra_the_import_says_what_to_install(module: str, missing: str) -> None:
    script = (
        "import sys\n"
        f"sys.modules[{missing!r}] = None\n"
        "import tablic\n"
        "tablic.Game(seed=1)\n"
        "try:\n"
        f"    import {module}\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    output = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout
    assert module in output and "pip install 'tablic[env]'" in output


def _plane(cards: frozenset[Card]) -> npt.NDArray[np.float32]:
    plane = np.zeros(52, dtype=np.float32)
    for card in cards:
        plane[card.index] = 1
    return plane
