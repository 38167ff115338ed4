"""Finished games as training rows: one row per move, what the mover knew and what came of it.

Needs numpy, an optional extra: ``pip install 'tablic[env]'``.

>>> import pathlib, tempfile
>>> from tablic.training import self_play, write_npz, load_npz
>>> path = pathlib.Path(tempfile.mkdtemp()) / "rows.npz"
>>> write_npz(path, self_play(["greedy", "random"], games=2, seed=1))
96
>>> data = load_npz(path)
>>> data["observation"].shape, data["mask"].shape, data["margin"][:2].tolist()
((96, 275), (96, 3328), [14.0, -14.0])

A row (`Row`) of a game holds, for one move: the mover's `View` just before it, encoded by
`tablic.encoding.observe` (and the legal-action mask there), the move and its action index,
and the game's outcome (the final totals by seat and the mover's margin: its total minus
the mean of the other seats' totals). A game of 2, 3 or 4 players has 48 rows.

`rows` reads one game (a finished `tablic.Game` or its record text); `self_play` plays games
between built-in bots and yields their rows; `arrays` stacks rows into arrays, `write_npz`
saves them compressed and `load_npz` reads them back. The arrays (``R`` rows, ``P`` players,
``N = 52·K`` actions) are:

===============  ===========  ===========================================================
key              shape        meaning
===============  ===========  ===========================================================
``game``         (R,) int32   the game's number in the export (from 0)
``ply``          (R,) int32   the move's number in its game (from 0; a game started from a
                               position counts the moves before it)
``seat``         (R,) int32   the mover's seat
``bot``          (R,) int32   the mover's bot: its index in ``self_play``'s ``players``
                              (the seat, for games not from `self_play`)
``observation``  (R, D)       `tablic.encoding.observe_flat` of the mover's view, as uint8
                              in the file (every entry is a small integer) and float32
                              from `load_npz`; ``D`` = `observation_size` (P)
``mask``         (R, N) bool  the legal-action mask; packed 8 actions a byte in the file
                              (``numpy.packbits`` along axis 1), unpacked by `load_npz`
``action``       (R,) int32   the move's action (`tablic.encoding.move_to_action`), or −1
                              for a legal move past the cap of ``K`` captures per card
``card``         (R,) int32   the played card's `Card.index`
``capture``      (R,) uint64  the captured cards as a bitmask, bit ``card.index``
``totals``       (R, P) int32 the game's final totals, by seat (not relative)
``margin``       (R,) float32 the mover's total minus the mean of the others' totals
===============  ===========  ===========================================================

and ``captures_per_card``, a 0-d int32 array: ``K``, the cap of the encoding. All rows of
one export must have the same player count.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as error:  # pragma: no cover - exercised in a subprocess
    raise ImportError(
        "tablic.training needs numpy, from the optional extra 'env': "
        "pip install 'tablic[env]'"
    ) from error

from tablic._cards import Move
# A bot's seed in a match is derive_seed(deal seed, BOT_SEED_INDEX + rotation·n + bot).
from tablic._tablic import BOT_SEED_INDEX, Bot, Game, derive_seed, play_game
from tablic.encoding import (
    CAPTURES_PER_CARD,
    Observation,
    action_count,
    cards_bits,
    flatten,
    legal_actions,
    observe,
)

__all__ = [
    "BOT_SEED_INDEX",
    "Row",
    "arrays",
    "derive_seed",
    "initial_game",
    "load_npz",
    "margins",
    "rows",
    "self_play",
    "self_play_games",
    "write_npz",
]


def margins(totals: Sequence[int]) -> list[float]:
    """Every seat's margin: its total minus the mean of the other seats' totals."""
    everyone = sum(totals)
    others = len(totals) - 1
    return [total - (everyone - total) / others for total in totals]


@dataclass(frozen=True)
class Row:
    """One move of a finished game and what the mover knew before it."""

    game: int
    """The game's number in the export (0 for `rows` of one game)."""
    ply: int
    """The move's number in the game, from 0."""
    seat: int
    """The mover's seat."""
    bot: int
    """The mover's bot in `self_play` (its index in ``players``); else the seat."""
    players: int
    observation: Observation
    """`tablic.encoding.observe` of the mover's view just before the move."""
    mask: npt.NDArray[np.bool_]
    """`tablic.encoding.legal_action_mask` of that view."""
    move: Move
    action: int
    """The move's action, or −1 for a legal move past the cap (no action)."""
    totals: tuple[int, ...]
    """The final totals, by seat."""
    margin: float
    """The mover's final total minus the mean of the other seats' totals."""


def initial_game(game: Game) -> Game:
    """A new game at the start of ``game``: the same players and deck, no moves."""
    header = [
        line
        for line in game.record().splitlines()
        if line.split(maxsplit=1)[:1] not in (["play"], ["result"])
    ]
    return Game.from_record("\n".join(header) + "\n")


def rows(
    game: Game | str,
    *,
    captures_per_card: int = CAPTURES_PER_CARD,
    game_index: int = 0,
    seating: Sequence[int] | None = None,
) -> Iterator[Row]:
    """The rows of a finished game (a `Game` or its record text), one per move in order.
    ``seating[seat]`` is the bot at each seat (`Row.bot`), by default the seat itself."""
    if isinstance(game, str):
        game = Game.from_record(game)
    if not game.is_finished:
        raise ValueError("the game is not finished: its outcome is unknown")
    totals = tuple(game.result().totals)
    margin = margins(totals)
    bots = list(range(game.players)) if seating is None else list(seating)
    if sorted(bots) != list(range(game.players)):
        raise ValueError(f"seating must be a permutation of the {game.players} seats")
    replay = initial_game(game)
    for move in game.history:
        seat = replay.to_move
        assert seat is not None, "the record has moves after the end of the game"
        view = replay.view(seat)
        actions = legal_actions(view, captures_per_card)
        mask = np.zeros(action_count(captures_per_card), dtype=np.bool_)
        mask[list(actions)] = True
        action = next((index for index, legal in actions.items() if legal == move), -1)
        yield Row(
            game=game_index,
            ply=replay.plies,
            seat=seat,
            bot=bots[seat],
            players=game.players,
            observation=observe(view),
            mask=mask,
            move=move,
            action=action,
            totals=totals,
            margin=margin[seat],
        )
        replay.play(move)


def self_play_games(
    players: Sequence[str], games: int, seed: int = 1, *, duplicate: bool = False
) -> Iterator[tuple[Game, list[int]]]:
    """Plays the games of ``tablic.match(players, games, seed, duplicate=duplicate)``, one
    bot spec per seat, and yields each finished game with its seating (the bot at each
    seat): the same deals, bot seeds and therefore moves as that match. Deal group ``g``
    is ``Game(seed=derive_seed(seed, g))``; with ``duplicate`` it is played once per
    rotation ``r`` of the seats (bot ``i`` at seat ``(i + r) mod n``)."""
    if isinstance(players, str):
        raise TypeError("players is a sequence of bot specs, e.g. ['greedy', 'random']")
    count = len(players)
    for group in range(games):
        deal = derive_seed(seed, group)
        for rotation in range(count if duplicate else 1):
            seating = [(seat - rotation) % count for seat in range(count)]
            bots = [
                Bot(
                    players[bot],
                    seed=derive_seed(deal, BOT_SEED_INDEX + rotation * count + bot),
                )
                for bot in seating
            ]
            game = Game(players=count, seed=deal)
            play_game(game, bots)
            yield game, seating


def self_play(
    players: Sequence[str],
    games: int,
    seed: int = 1,
    *,
    duplicate: bool = False,
    captures_per_card: int = CAPTURES_PER_CARD,
) -> Iterator[Row]:
    """The rows of `self_play_games`, game after game (`Row.game` counts the games)."""
    played = self_play_games(players, games, seed, duplicate=duplicate)
    for index, (game, seating) in enumerate(played):
        yield from rows(
            game, captures_per_card=captures_per_card, game_index=index, seating=seating
        )


def _packed(source: Iterable[Row], captures_per_card: int) -> dict[str, npt.NDArray[Any]]:
    """Rows stacked as stored in the file: observations uint8, masks packed 8 a byte.
    Rows are consumed one at a time, so only this compact form is ever held."""
    actions = action_count(captures_per_card)
    keys = "game ply seat bot observation mask action card capture totals margin".split()
    columns: dict[str, list[Any]] = {key: [] for key in keys}
    players: int | None = None
    for row in source:
        if players is None:
            players = row.players
        elif row.players != players:
            raise ValueError("rows of different player counts cannot share arrays")
        if row.mask.shape != (actions,):
            raise ValueError(f"the rows' masks do not have {actions} actions")
        observation = flatten(row.observation)
        if observation.min() < 0 or observation.max() > 255:  # pragma: no cover - bounds
            raise ValueError("an observation entry does not fit in a byte")
        columns["game"].append(row.game)
        columns["ply"].append(row.ply)
        columns["seat"].append(row.seat)
        columns["bot"].append(row.bot)
        columns["observation"].append(observation.astype(np.uint8))
        columns["mask"].append(np.packbits(row.mask))
        columns["action"].append(row.action)
        columns["card"].append(row.move.card.index)
        columns["capture"].append(cards_bits(row.move.capture))
        columns["totals"].append(row.totals)
        columns["margin"].append(row.margin)
    if players is None:
        raise ValueError("no rows")
    return {
        "game": np.array(columns["game"], dtype=np.int32),
        "ply": np.array(columns["ply"], dtype=np.int32),
        "seat": np.array(columns["seat"], dtype=np.int32),
        "bot": np.array(columns["bot"], dtype=np.int32),
        "observation": np.stack(columns["observation"]),
        "mask": np.stack(columns["mask"]),
        "action": np.array(columns["action"], dtype=np.int32),
        "card": np.array(columns["card"], dtype=np.int32),
        "capture": np.array(columns["capture"], dtype=np.uint64),
        "totals": np.array(columns["totals"], dtype=np.int32),
        "margin": np.array(columns["margin"], dtype=np.float32),
        "captures_per_card": np.array(captures_per_card, dtype=np.int32),
    }


def _unpacked(data: dict[str, npt.NDArray[Any]]) -> dict[str, npt.NDArray[Any]]:
    """The stored form with float32 observations and bool masks."""
    actions = action_count(int(data["captures_per_card"]))
    unpacked = dict(data)
    unpacked["observation"] = data["observation"].astype(np.float32)
    packed = data["mask"].astype(np.uint8)
    unpacked["mask"] = np.unpackbits(packed, axis=1, count=actions).astype(np.bool_)
    return unpacked


def arrays(
    source: Iterable[Row], *, captures_per_card: int = CAPTURES_PER_CARD
) -> dict[str, npt.NDArray[Any]]:
    """Rows stacked into the arrays of the module's table, as in memory (observations
    float32, masks unpacked). ``captures_per_card`` must be the rows' ``K``."""
    return _unpacked(_packed(source, captures_per_card))


def write_npz(
    path: str | os.PathLike[str],
    source: Iterable[Row],
    *,
    captures_per_card: int = CAPTURES_PER_CARD,
) -> int:
    """Writes rows to a compressed ``.npz`` (observations as uint8, masks packed) and
    returns how many. Rows are packed as they come (about 0.7 kB each for 2 players), so
    ``source`` may be a long generator such as `self_play`. ``captures_per_card`` must be
    the rows' ``K``."""
    data = _packed(source, captures_per_card)
    np.savez_compressed(path, **data)  # type: ignore[arg-type]
    return len(data["game"])


def load_npz(path: str | os.PathLike[str]) -> dict[str, npt.NDArray[Any]]:
    """The arrays `write_npz` wrote, as `arrays` gives them (float32 observations, bool
    masks)."""
    with np.load(path) as stored:
        data: dict[str, npt.NDArray[Any]] = {key: stored[key] for key in stored.files}
    return _unpacked(data)
