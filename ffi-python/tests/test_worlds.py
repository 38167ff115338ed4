"""tablic.sample_world: a world consistent with a view, from the engine's PIMC sampler."""

from __future__ import annotations

import random

import pytest

from tablic import Game
from tablic._tablic import sample_world


@pytest.mark.parametrize(("players", "moves"), [(2, 0), (2, 15), (3, 20), (4, 7)])
def test_a_world_deals_exactly_the_unseen_cards(players: int, moves: int) -> None:
    game = Game(players=players, seed=players * 100 + moves)
    rng = random.Random(moves)
    for _ in range(moves):
        game.play(rng.choice(game.legal_moves()))
    seat = game.to_move
    assert seat is not None
    view = game.view(seat)
    worlds = set()
    for seed in range(20):
        hands, deck = sample_world(view, seed)
        assert len(hands) == players and hands[seat] == view.hand
        assert [len(hand) for hand in hands] == view.hand_sizes
        hidden = [card for other, hand in enumerate(hands) if other != seat for card in hand]
        assert sorted(hidden + deck) == sorted(view.unseen)
        assert len(deck) == view.undealt
        assert sample_world(view, seed) == (hands, deck)
        worlds.add((tuple(frozenset(hand) for hand in hands), tuple(deck)))
    assert len(worlds) == 20


def test_a_seed_out_of_range_says_so() -> None:
    with pytest.raises(ValueError, match="seed -1 is out of range"):
        sample_world(Game(seed=1).view(0), -1)
