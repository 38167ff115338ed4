"""A Gymnasium vector environment of tablić: ``num_envs`` games stepped together by the
engine, off the interpreter, on threads if asked.

Needs numpy and gymnasium (the optional extra ``env``: ``pip install 'tablic[env]'``).

>>> import numpy as np
>>> from tablic.vector import VectorEnv
>>> envs = VectorEnv(num_envs=4, players=2, opponents="greedy", seed=1)
>>> observations, infos = envs.reset()
>>> rng = np.random.default_rng(1)
>>> for _ in range(100):
...     choice = (rng.random(envs.num_envs) * envs.legal_action_counts).astype(np.int64)
...     actions = envs.legal_actions[np.arange(envs.num_envs), choice]
...     observations, rewards, terminations, truncations, infos = envs.step(actions)

Each game is the one-agent game of `tablic.env.raw_env` with the learner at ``seat`` and
the bot of ``opponents`` at every other seat: ``VectorEnv(n, players, seat, opponents,
seed=s)`` plays in game ``i`` exactly what ``raw_env(players, seed=s + i, opponents={…})``
plays, deal after deal, with the same observations (`tablic.encoding`'s, computed by the
same code), masks, rewards and ends.

* **Autoreset**: Gymnasium's NEXT_STEP mode (``metadata["autoreset_mode"]``). The step
  that ends a game returns its last observation (mask all 0), its reward and
  ``terminated``; the next step ignores that game's action and deals its next game
  (reward 0, not terminated). ``truncated`` is always False: a game ends by its rules.
* **Arrays**: made once and overwritten by every `reset` and `step`, which return the
  same read-only arrays each time (copy what you keep): observations ``(n, size)``
  float32 and masks ``(n, 52·K)`` int8 under ``"observation"`` and ``"action_mask"``,
  rewards ``(n,)`` float64, terminations and truncations ``(n,)`` bool. Also
  ``legal_actions`` ``(n, 6·K)`` int32, every game's legal actions in increasing order
  then -1, and ``legal_action_counts`` ``(n,)`` int32: a random legal action per game is
  two NumPy lines (above), without reading the masks.
* **Threads**: ``threads`` splits the games into that many runs of neighbours, one thread
  each of a pool made with the environment; which thread plays a game changes nothing in it, so every thread count gives the
  same games.
* **Seeds**: game ``i`` deals from ``seed + i`` (a random seed without one); ``reset()``
  deals every game its next deal, ``reset(seed=s)`` restarts game ``i`` at deal 0 of
  ``s + i``, ``reset(seed=[s0, s1, …])`` at deal 0 of ``s_i``. Bots given by spec get the
  seeds `tablic.env` gives them.
* **Bad input**: actions of the wrong shape or dtype, or an action its game's mask does
  not mark, raise `ValueError` naming the game, and nothing is played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode
except ImportError as error:  # pragma: no cover - exercised in a subprocess
    raise ImportError(
        "tablic.vector needs numpy and gymnasium, from the optional extra 'env': "
        "pip install 'tablic[env]'"
    ) from error

from tablic._tablic import Game, Rules, VectorGames
from tablic.encoding import CAPTURES_PER_CARD, action_count, observation_bounds
from tablic.env import Reward

__all__ = ["VectorEnv"]

ObsDict = dict[str, npt.NDArray[Any]]
"""A batch of observations: ``{"observation": float32 (n, size), "action_mask": int8
(n, 52·K)}``."""

_SEED_LIMIT = 2**64


def _read_only(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
    view = array.view()
    view.flags.writeable = False
    return view


class VectorEnv(gymnasium.vector.VectorEnv[ObsDict, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` games of tablić, the learner at ``seat`` of each against the bot of
    ``opponents`` (a spec the engine takes, such as ``"greedy"`` or ``"minimax:depth=2"``,
    for every other seat; or a dict of specs by seat naming all of them). See the module's
    docs for the arrays, the autoreset mode, threads and seeds."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(
        self,
        num_envs: int,
        players: int = 2,
        seat: int = 0,
        opponents: str | Mapping[int, str] = "random",
        seed: int | None = None,
        *,
        reward: Reward = "margin",
        captures_per_card: int = CAPTURES_PER_CARD,
        rules: Rules | str | None = None,
        threads: int = 1,
    ) -> None:
        self._games = VectorGames(
            num_envs,
            players,
            seat,
            opponents if isinstance(opponents, str) else dict(opponents),
            seed,
            reward,
            captures_per_card,
            rules,
            threads,
        )
        self.num_envs = num_envs
        self.players = players
        self.seat = seat
        self.threads = threads
        self.captures_per_card = captures_per_card
        self.rules = Game(players=players, seed=0, rules=rules).rules
        low, high = observation_bounds(players, self.rules.side_size)
        actions = action_count(captures_per_card)
        self.single_observation_space: spaces.Dict = spaces.Dict(
            {
                "observation": spaces.Box(low, high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), dtype=np.int8),
            }
        )
        self.single_action_space: spaces.Discrete = spaces.Discrete(actions)
        self.observation_space: spaces.Dict = spaces.Dict(
            {
                "observation": spaces.Box(
                    np.tile(low, (num_envs, 1)), np.tile(high, (num_envs, 1)), dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, (num_envs, actions), dtype=np.int8),
            }
        )
        self.action_space: spaces.MultiDiscrete = spaces.MultiDiscrete(
            np.full(num_envs, actions, dtype=np.int64)
        )
        self._observations: ObsDict = {
            "observation": _read_only(self._games.observations),
            "action_mask": _read_only(self._games.action_masks),
        }
        self.legal_actions: npt.NDArray[np.int32] = _read_only(self._games.legal_actions)
        """Every game's legal actions in increasing order, then -1: ``(n, 6·K)``."""
        self.legal_action_counts: npt.NDArray[np.int32] = _read_only(
            self._games.legal_action_counts
        )
        """How many legal actions each game has now (0 once its game is over): ``(n,)``."""
        self._rewards: npt.NDArray[np.float64] = _read_only(self._games.rewards)
        self._terminations: npt.NDArray[np.bool_] = _read_only(self._games.terminations)
        self._truncations: npt.NDArray[np.bool_] = _read_only(self._games.truncations)

    def reset(
        self,
        *,
        seed: int | np.integer[Any] | Sequence[int] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[ObsDict, dict[str, Any]]:
        """Deals every game: its next deal, or with ``seed`` deal 0 of ``seed + i`` (an
        int) or of ``seed[i]`` (one per game)."""
        seeds: list[int] | None = None
        if isinstance(seed, (int, np.integer)):
            seed = int(seed)
            if not 0 <= seed <= _SEED_LIMIT - self.num_envs:
                raise ValueError(
                    f"seed {seed} is out of range for {self.num_envs} games: game i plays "
                    f"seed + i, in 0 to {_SEED_LIMIT - 1}"
                )
            super().reset(seed=seed)
            seeds = [seed + game for game in range(self.num_envs)]
        elif seed is not None:
            seeds = [int(one) for one in seed]
            if len(seeds) != self.num_envs:
                raise ValueError(f"{len(seeds)} seeds for {self.num_envs} games")
            for one in seeds:
                if not 0 <= one < _SEED_LIMIT:
                    raise ValueError(f"seed {one} is out of range (0 to {_SEED_LIMIT - 1})")
        self._games.reset(seeds)
        return self._observations, {}

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        ObsDict,
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Plays one action per game (an integer array of shape ``(num_envs,)``) and the
        bots' answers; a game that ended on the last step deals its next game instead."""
        array = np.asarray(actions)
        if array.dtype.kind not in "iu":
            raise ValueError(f"actions must be integers, not {array.dtype}")
        if array.shape != (self.num_envs,):
            raise ValueError(
                f"actions must have shape ({self.num_envs},), one per game, not {array.shape}"
            )
        if array.dtype == np.uint64 and self.num_envs and int(array.max()) >= 2**63:
            raise ValueError(f"action {int(array.max())} is out of range")
        self._games.step(np.ascontiguousarray(array, dtype=np.int64))
        return self._observations, self._rewards, self._terminations, self._truncations, {}

    def close_extras(self, **kwargs: Any) -> None:
        pass
