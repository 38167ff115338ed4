"""tablic: a fast, exact engine for the Balkan card game tablić.

The rules, the bots and the match harness are the Rust crate ``tablic-core``; this
package is a thin, typed layer over its native module ``tablic._tablic``.

>>> from tablic import Card, Game, Bot, captures
>>> sorted(map(str, captures("2C 3D 5H", "5S")[1]))
['5H']
>>> game = Game(players=2, seed=42)
>>> sorted(str(card) for card in game.table)
['3D', '4S', '5D', 'QH']
>>> bot = Bot("greedy", seed=1)
>>> move = bot.choose(game.view(0))
>>> game.play(move).seat
0
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from concurrent.futures import Future
from typing import Any, Protocol

from tablic._cards import CardSet, Move
from tablic._tablic import (
    MAX_LISTED,
    MAX_SPLIT_PARTS,
    Analysis,
    Bot,
    BotStats,
    Card,
    Game,
    GameResult,
    IllegalMoveError,
    MatchResult,
    MatchTally,
    MatchToTarget,
    MoveAnalysis,
    Played,
    Position,
    Rules,
    SeatResult,
    SheetLine,
    TournamentResult,
    View,
    __version__,
    analyze,
    capture_groups,
    capture_problem,
    captures,
    derive_seed,
    play_game,
    play_match,
    play_match_groups,
    play_tournament,
    split_match,
)

__all__ = [
    "MAX_LISTED",
    "MAX_SPLIT_PARTS",
    "Analysis",
    "Bot",
    "BotStats",
    "Card",
    "CardSet",
    "Game",
    "GameResult",
    "IllegalMoveError",
    "MatchResult",
    "MatchTally",
    "MatchToTarget",
    "Move",
    "MoveAnalysis",
    "Played",
    "Position",
    "Rules",
    "SeatResult",
    "SheetLine",
    "TournamentResult",
    "View",
    "__version__",
    "analyze",
    "capture_groups",
    "capture_problem",
    "captures",
    "derive_seed",
    "match",
    "tournament",
    "play_game",
    "play_match_groups",
    "split_match",
    "Executor",
]


_U64_MAX = 2**64 - 1
"""The largest count the native module takes (a Rust ``u64``)."""


class Executor(Protocol):
    """Where `match` can send pieces of a match: ``concurrent.futures`` executors (a
    ``ProcessPoolExecutor`` spreads a match over processes) or `tablic.ray.RayExecutor`."""

    def submit(self, fn: Any, /, *args: Any) -> Future[Any]: ...


def match(
    players: Sequence[str],
    games: int,
    seed: int = 1,
    *,
    duplicate: bool = False,
    threads: int = 1,
    executor: Executor | None = None,
    pieces: int | None = None,
    rules: Rules | str | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    checkpoint_every: float = 1.0,
) -> MatchResult:
    """Plays a match between built-in bots, exactly as ``tablic match`` does.

    ``players`` are bot specs, one per seat (``["pimc", "greedy"]``,
    ``"minimax:depth=3,nodes=8000"``); ``games`` deal groups are dealt from ``seed``; with
    ``duplicate`` every deal is played once per rotation of the seats, so the luck of the
    deal cancels out. The work runs without the GIL on ``threads`` threads. ``rules`` (a
    `Rules` or its text, ``"side-size=2"``) seats the bots in sides, bot ``i`` playing for
    side ``i mod s`` with ``s`` sides, and sets the house rules: a bot's points, margin and
    wins are then its side's, and a duplicated deal is played once for each side.

    With an ``executor``, the deal groups are split into ``pieces`` contiguous pieces (by
    default 16), each played by
    `play_match_groups` on the executor with ``threads`` threads, and the tallies merged in
    order. Every game depends only on the seed and its place in the match, so the result is
    the same for any executor, piece count and thread count (timings aside).

    With a ``checkpoint`` file, the match keeps its progress there as it goes (at most
    every ``checkpoint_every`` seconds) and, called again with the same arguments, goes on
    from it: after a crash, a kill or a KeyboardInterrupt the result is the one an
    uninterrupted match gives. The file is the one ``tablic match --checkpoint`` writes
    (docs/CHECKPOINTS.md); one of another match, or damaged, is a ``ValueError``.
    """
    if isinstance(players, str):
        raise TypeError("players is a sequence of bot specs, e.g. ['greedy', 'random']")
    if executor is None:
        if pieces is not None:
            raise ValueError("pieces needs an executor")
        return play_match(
            list(players),
            games,
            seed,
            duplicate,
            threads,
            rules,
            checkpoint,
            checkpoint_every,
        )
    if checkpoint is not None:
        raise ValueError("checkpoint does not work with an executor")
    if games < 1:
        raise ValueError("a match needs at least one game")
    if pieces is None:
        pieces = 16
    elif isinstance(pieces, int) and not 1 <= pieces <= MAX_SPLIT_PARTS:
        raise ValueError(f"pieces must be from 1 to {MAX_SPLIT_PARTS}")
    if isinstance(games, int) and games > _U64_MAX:
        raise ValueError(f"games {games} is out of range (0 to {_U64_MAX})")
    start = time.perf_counter()
    specs = list(players)
    futures = [
        executor.submit(
            play_match_groups, specs, seed, duplicate, first, end, threads, rules
        )
        for first, end in split_match(games, pieces)
        if end > first
    ]
    tally: MatchTally = futures[0].result()
    for future in futures[1:]:
        tally = tally.merge(future.result())
    return tally.result(time.perf_counter() - start)


def tournament(
    players: Sequence[str],
    games: int,
    seed: int = 1,
    *,
    size: int = 2,
    duplicate: bool = False,
    threads: int = 1,
    rules: Rules | str | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    checkpoint_every: float = 1.0,
) -> TournamentResult:
    """Plays a round robin between built-in bots: every table of ``size`` entrants from
    ``players`` plays a match of ``games`` deal groups (as `match` does), each table from
    its own seed derived from ``seed``. Each entrant's statistics add up all its tables.
    Under ``rules`` with sides, a table's ``i``-th entrant plays for side ``i mod s``.
    ``checkpoint`` and ``checkpoint_every`` keep and resume its progress as in `match`.
    """
    if isinstance(players, str):
        raise TypeError("players is a sequence of bot specs, e.g. ['greedy', 'random']")
    return play_tournament(
        list(players),
        games,
        size,
        seed,
        duplicate,
        threads,
        rules,
        checkpoint,
        checkpoint_every,
    )
