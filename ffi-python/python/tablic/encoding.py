"""Observation and action encodings of a `tablic.View`, for machine learning.

Needs numpy, an optional extra: ``pip install 'tablic[env]'``.

Everything here is what one seat may know (a `View`); legality comes from the engine, so
no rule of the game is restated in Python. The flat observation and the legal actions are
computed by the binding's Rust (``tablic._tablic.observe_flat`` and
``legal_action_codes``), the same code `tablic.vector` runs for every game of a batch.

Observation
===========

`observe` gives a dict of float32 arrays, one per field below; `observe_flat` gives them
concatenated in this order (`observation_layout` gives every field's slice, `unflatten`
undoes it). ``P`` is the number of players. Seats are **relative to the observer**: row
or entry ``i`` of a per-seat field is seat ``(view.seat + i) % P``, so index 0 is always the
observer, 1 the next seat to play after it, and so on. Card planes have 52 entries indexed
by `Card.index` (rank-major: ``AC AD AH AS 2C 2D … KS``; suits clubs, diamonds, hearts,
spades) and hold 0 or 1. Counts are raw (not scaled); their upper bounds are in
`observation_bounds`.

================  =========  =========================================================
field             shape      meaning
================  =========  =========================================================
``hand``          (52,)      the observer's hand
``table``         (52,)      the cards face up on the table
``unseen``        (52,)      cards the observer has not seen: in the other hands or not
                             dealt yet (``1 - unseen`` is ``View.seen``)
``piles``         (P, 52)    each seat's captured cards (pile), relative seats
``pile_sizes``    (P,)       cards in each seat's pile (the sum of its ``piles`` row)
``hand_sizes``    (P,)       cards in each seat's hand, 0 to 6
``tablas``        (P,)       tablas (sweeps) each seat has made so far
``points``        (P,)       card points (`Card.points`) in each seat's pile so far, 0 to 22
                             (without tablas and the 3 for most cards)
``to_move``       (P,)       one-hot: the seat to move; all 0 when the game is over
``last_capturer`` (P,)       one-hot: the last seat that captured; all 0 before any capture
``deal``          (3,)       cards not dealt yet (``View.undealt``), deals dealt so far
                             (``View.deals_dealt``), 1 in the last deal else 0
``partners``      (P,)       only in a game of sides (``side_size`` above 1): 1 for every
                             seat on the observer's side (itself at index 0), else 0
================  =========  =========================================================

The flat vector has ``3·52 + 52·P + 6·P + 3`` entries: 275 for 2 players, 333 for 3, 391
for 4 (`observation_size`). A game of sides adds ``partners`` at the end, ``P`` more
entries (395 for four in pairs); a game of everyone alone has no such field, so its layout
is the same whatever the house rules.

Actions
=======

The action space is ``Discrete(52 · K)`` with ``K = captures_per_card`` (default
`CAPTURES_PER_CARD` = 64, so 3,328 actions). Action ``a`` means: play card
``Card(a // K)`` with capture number ``a % K`` in that card's list of legal captures on the
current table, in the engine's fixed order (``View.legal_move_codes``):

1. capture 0 is always the discard (the empty capture), which is always legal, so every
   card in hand has an action;
2. then the non-empty captures in the order the engine's capture search finds them. That
   order is fixed: the same table and card always give the same list, on every platform.

Overflow: a card with more than ``K`` legal captures keeps only its first ``K`` in that
order; the others get no action. `legal_action_mask` marks exactly the legal moves that
have an action, `action_to_move` and `move_to_action` are inverse bijections between those
moves and the marked actions, and `move_to_action` raises `ValueError` for a legal move past
the cap. With ``K = 64`` this never happens in games between the built-in greedy bots
(whose tables stay small: at most 32 captures of one card in 6,000 measured games) and for
fewer than 0.1 % of (position, card) pairs in random play, whose tables grow to 18 cards
and some card's captures to about 1,500. A larger ``K`` moves the cap; no finite ``K`` is
exact, since a table can in principle hold up to 51 cards.

Cost: the engine stops each card's capture search after ``K`` captures, so the mask costs
the same on any table, even the crowded ones (tens of cards, millions of captures) that
near-constant discarding builds.
"""

from __future__ import annotations

from collections.abc import Iterable

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as error:  # pragma: no cover - exercised in a subprocess
    raise ImportError(
        "tablic.encoding needs numpy, from the optional extra 'env': "
        "pip install 'tablic[env]'"
    ) from error

from tablic._cards import Move
from tablic import _tablic
from tablic._tablic import Card, View

__all__ = [
    "CARDS",
    "CAPTURES_PER_CARD",
    "FIELDS",
    "SIDE_FIELDS",
    "action_count",
    "action_to_move",
    "card_plane",
    "cards_bits",
    "flatten",
    "legal_action_mask",
    "legal_actions",
    "move_to_action",
    "observation_bounds",
    "observation_layout",
    "observation_size",
    "observe",
    "observe_flat",
    "unflatten",
]

CARDS = 52
"""Cards in the deck, and entries in every card plane."""

CAPTURES_PER_CARD = 64
"""The default ``K``: actions per card, so ``52 · K`` = 3,328 actions."""

FIELDS = (
    "hand",
    "table",
    "unseen",
    "piles",
    "pile_sizes",
    "hand_sizes",
    "tablas",
    "points",
    "to_move",
    "last_capturer",
    "deal",
)
"""The observation's fields, in the order of the flat vector, in a game of everyone alone."""

SIDE_FIELDS = ("partners",)
"""The fields a game of sides adds after `FIELDS`."""

Observation = dict[str, npt.NDArray[np.float32]]


def _check_players(players: int) -> None:
    if players < 2:
        raise ValueError(f"a game has at least 2 players, not {players}")


def observation_layout(players: int, side_size: int = 1) -> dict[str, tuple[int, ...]]:
    """Every field's shape for ``players`` players in sides of ``side_size`` (the game's
    `Rules.side_size`; 1, everyone alone, by default), in the order of the flat vector."""
    _check_players(players)
    sides: dict[str, tuple[int, ...]] = {"partners": (players,)} if side_size > 1 else {}
    return {
        "hand": (CARDS,),
        "table": (CARDS,),
        "unseen": (CARDS,),
        "piles": (players, CARDS),
        "pile_sizes": (players,),
        "hand_sizes": (players,),
        "tablas": (players,),
        "points": (players,),
        "to_move": (players,),
        "last_capturer": (players,),
        "deal": (3,),
        **sides,
    }


def _slices(players: int, side_size: int = 1) -> dict[str, tuple[slice, tuple[int, ...]]]:
    """Every field's slice of the flat vector, and its shape."""
    slices = {}
    start = 0
    for name, shape in observation_layout(players, side_size).items():
        size = int(np.prod(shape))
        slices[name] = (slice(start, start + size), shape)
        start += size
    return slices


def observation_size(players: int, side_size: int = 1) -> int:
    """Entries in the flat observation: ``3·52 + 52·P + 6·P + 3``, and ``P`` more in a
    game of sides."""
    layout = observation_layout(players, side_size)
    return sum(int(np.prod(shape)) for shape in layout.values())


def observation_bounds(
    players: int, side_size: int = 1
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """Lower and upper bounds of every entry of the flat observation (the bounds of a
    gymnasium ``Box``): 0 below; above, 1 for card planes, one-hot fields and partners, 6
    for hand sizes, 52 for pile sizes, ``48 // P`` (the moves a seat makes) for tablas and
    deals dealt, 22 for points, 48 for undealt cards and 1 for the last-deal flag."""
    high = {
        "hand": 1.0,
        "table": 1.0,
        "unseen": 1.0,
        "piles": 1.0,
        "pile_sizes": 52.0,
        "hand_sizes": 6.0,
        "tablas": float(48 // players),
        "points": 22.0,
        "to_move": 1.0,
        "last_capturer": 1.0,
        "partners": 1.0,
    }
    upper = np.zeros(observation_size(players, side_size), dtype=np.float32)
    for name, (where, _) in _slices(players, side_size).items():
        if name == "deal":
            upper[where] = np.array([48.0, float(48 // players), 1.0], dtype=np.float32)
        else:
            upper[where] = high[name]
    return np.zeros_like(upper), upper


def cards_bits(cards: Iterable[Card]) -> int:
    """A set of cards as a 52-bit integer: bit ``card.index`` for every card."""
    bits = 0
    for card in cards:
        bits |= 1 << card.index
    return bits


def card_plane(cards: Iterable[Card]) -> npt.NDArray[np.float32]:
    """A set of cards as a 0/1 float32 array of 52 entries indexed by `Card.index`."""
    plane = np.zeros(CARDS, dtype=np.float32)
    plane[[card.index for card in cards]] = 1.0
    return plane


def observe(view: View) -> Observation:
    """The view as a dict of float32 arrays, one per field of `FIELDS`, and of
    `SIDE_FIELDS` in a game of sides (see the module's table); per-seat fields start with
    the observer's seat. The arrays are views into one `observe_flat` vector."""
    return unflatten(observe_flat(view), view.players, view.rules.side_size)


def flatten(observation: Observation) -> npt.NDArray[np.float32]:
    """The fields of `observe` concatenated in the order of `FIELDS`, then
    `SIDE_FIELDS` when the observation has them (a game of sides)."""
    names = FIELDS + tuple(name for name in SIDE_FIELDS if name in observation)
    return np.concatenate([observation[name].ravel() for name in names]).astype(
        np.float32, copy=False
    )


def observe_flat(view: View) -> npt.NDArray[np.float32]:
    """``flatten(observe(view))``: one float32 vector of `observation_size` entries,
    computed by the engine's binding (the code `tablic.vector` runs for every game)."""
    return _tablic.observe_flat(view)


def unflatten(
    vector: npt.NDArray[np.float32], players: int, side_size: int = 1
) -> Observation:
    """The fields of a flat observation (views into ``vector``), as `observe` gives them,
    for ``players`` players in sides of ``side_size``."""
    size = observation_size(players, side_size)
    if vector.shape != (size,):
        sides = f" in sides of {side_size}" if side_size > 1 else ""
        raise ValueError(
            f"a flat observation of {players} players{sides} has shape ({size},), "
            f"not {vector.shape}"
        )
    return {
        name: vector[where].reshape(shape)
        for name, (where, shape) in _slices(players, side_size).items()
    }


def action_count(captures_per_card: int = CAPTURES_PER_CARD) -> int:
    """The size ``N = 52 · K`` of the action space."""
    if captures_per_card < 1:
        raise ValueError("captures_per_card must be at least 1")
    return CARDS * captures_per_card


def _move(card: int, capture: int) -> Move:
    return Move(card, [index for index in range(CARDS) if capture >> index & 1])


def _codes_by_card(view: View, captures_per_card: int) -> dict[int, list[int]]:
    """Each card's legal captures (bitmasks) in the engine's order, capped at ``K``: the
    binding's action list (the one `tablic.vector` uses), grouped by card."""
    by_card: dict[int, list[int]] = {}
    for _, card, capture in _tablic.legal_action_codes(view, captures_per_card):
        by_card.setdefault(card, []).append(capture)
    return by_card


def legal_actions(
    view: View, captures_per_card: int = CAPTURES_PER_CARD
) -> dict[int, Move]:
    """Every action the seat may take now, with its move, in increasing action order:
    the legal moves (from the engine) that have an action. Empty unless it is the view's
    seat's turn. Compute it once per position when you need the mask and the moves."""
    action_count(captures_per_card)
    return {
        action: _move(card, capture)
        for action, card, capture in _tablic.legal_action_codes(view, captures_per_card)
    }


def legal_action_mask(
    view: View, captures_per_card: int = CAPTURES_PER_CARD
) -> npt.NDArray[np.bool_]:
    """A bool array of ``52 · K`` entries, True exactly at the actions of `legal_actions`
    (all False when it is not the seat's turn)."""
    mask = np.zeros(action_count(captures_per_card), dtype=np.bool_)
    codes = _tablic.legal_action_codes(view, captures_per_card)
    mask[[action for action, _, _ in codes]] = True
    return mask


def action_to_move(
    view: View, action: int, captures_per_card: int = CAPTURES_PER_CARD
) -> Move:
    """The move of ``action``; `ValueError` unless the mask marks it."""
    count = action_count(captures_per_card)
    action = int(action)
    if not 0 <= action < count:
        raise ValueError(f"action {action} is not in 0..{count - 1}")
    card, rank = divmod(action, captures_per_card)
    captures = _codes_by_card(view, captures_per_card).get(card)
    if not captures:
        reason = "it is not its turn" if not view.is_my_turn else f"{Card(card)} is not in hand"
        raise ValueError(f"action {action} is not legal for seat {view.seat}: {reason}")
    if rank >= len(captures):
        raise ValueError(
            f"action {action} is not legal: {Card(card)} has {len(captures)} legal captures, "
            f"not {rank + 1}"
        )
    return _move(card, captures[rank])


def move_to_action(
    view: View, move: Move, captures_per_card: int = CAPTURES_PER_CARD
) -> int:
    """The action of a legal ``move``; `ValueError` if the move is not legal for the
    view's seat now, or is legal but past the cap of ``K`` captures for its card."""
    action_count(captures_per_card)
    card = move.card.index
    captures = _codes_by_card(view, captures_per_card).get(card, [])
    bits = cards_bits(move.capture)
    if bits in captures:
        return card * captures_per_card + captures.index(bits)
    try:
        view.check(move)
    except ValueError:
        raise ValueError(f"{move} is not a legal move for seat {view.seat} now") from None
    raise ValueError(
        f"{move} is legal but has no action: it is past the cap of {captures_per_card} "
        f"captures for {move.card}"
    )
