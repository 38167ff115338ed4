"""A Gymnasium environment of tablić for one learner against built-in bots.

Needs numpy, pettingzoo and gymnasium, the optional extra ``env``:
``pip install 'tablic[env]'``.

>>> import gymnasium
>>> import tablic.gym
>>> environment = gymnasium.make("tablic/Tablic-v1", opponents="greedy")
>>> observation, info = environment.reset(seed=1)
>>> observation.shape, int(environment.unwrapped.action_masks().sum())
((275,), 6)

The learner sits at ``seat`` (0); every other seat is played inside the environment by the
bot of ``opponents``: one spec for all (``"greedy"``, ``"pimc:samples=8"``) or one per other
seat in seat order. It is `tablic.env.raw_env` with one agent, so observations, actions,
seeds and rewards are that environment's:

* **Observation**: ``Box`` of `tablic.encoding.observe_flat` (float32, a fresh array each
  step); the legal actions come from `TablicEnv.action_masks` (sb3-contrib's
  ``MaskablePPO`` convention), also in ``info["action_mask"]``.
* **Action**: ``Discrete(52 · K)``, `tablic.encoding`'s ``card · K + i``.
* **Reward**: 0 a move, then the ``reward`` of `tablic.env` (the margin by default) at the
  end; an action the mask does not mark ends the episode with ``illegal_reward``
  (−25 with margins) and ``info["illegal"]`` True.

Registered with ``gymnasium.register`` as ``"tablic/Tablic-v1"`` (version 1: the
observations and actions of ``tablic_v1``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
except ImportError as error:  # pragma: no cover - exercised in a subprocess
    raise ImportError(
        "tablic.gym needs numpy, pettingzoo and gymnasium, from the optional extra 'env': "
        "pip install 'tablic[env]'"
    ) from error

from tablic._tablic import Rules
from tablic.encoding import CAPTURES_PER_CARD, observation_bounds
from tablic.env import _ILLEGAL_REWARD, Reward, raw_env

__all__ = ["ID", "TablicEnv"]

ID = "tablic/Tablic-v1"
"""The id it is registered under."""

Observation = npt.NDArray[np.float32]


class TablicEnv(gymnasium.Env[Observation, np.int64]):
    """One learner's seat against bots; see the module's docs."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1, "version": 1}

    def __init__(
        self,
        players: int = 2,
        opponents: str | Sequence[str] = "greedy",
        *,
        seat: int = 0,
        seed: int | None = None,
        reward: Reward = "margin",
        illegal_reward: float | None = None,
        captures_per_card: int = CAPTURES_PER_CARD,
        rules: Rules | str | None = None,
        render_mode: str | None = None,
    ) -> None:
        others = [other for other in range(players) if other != seat]
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not a seat of {players} players")
        specs = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(specs) != len(others):
            raise ValueError(
                f"give one opponent for all or {len(others)} (one per other seat), "
                f"not {len(specs)}"
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game_env = raw_env(
            players,
            seed,
            dict(zip(others, specs)),
            reward=reward,
            captures_per_card=captures_per_card,
            rules=rules,
        )
        """The PettingZoo environment underneath, with the learner as its one agent."""
        self.agent = f"player_{seat}"
        self.render_mode = render_mode
        self.illegal_reward = _ILLEGAL_REWARD[reward] if illegal_reward is None else illegal_reward
        low, high = observation_bounds(players, self.game_env.rules.side_size)
        self.observation_space = spaces.Box(low, high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.game_env.action_space(self.agent).n)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        self.game_env.reset(seed=seed)
        return self._observe(), self._info()

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        if int(action) not in self.game_env.legal_actions():
            info = {**self._info(), "illegal": True}
            return self._observe(), self.illegal_reward, True, False, info
        self.game_env.step(int(action))
        done = self.game_env.terminations[self.agent]
        reward = self.game_env.rewards[self.agent] if done else 0.0
        info = {**self._info(), **(self.game_env.infos[self.agent] if done else {})}
        return self._observe(), reward, done, False, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """True at every legal action (all False once the game is over)."""
        mask: npt.NDArray[np.int8] = self.game_env.observe(self.agent)["action_mask"]
        return mask.astype(np.bool_)

    def render(self) -> str | None:
        return self.game_env.text() if self.render_mode == "ansi" else None

    def _observe(self) -> Observation:
        observation: Observation = self.game_env.observe(self.agent)["observation"]
        return observation

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.game_env.observe(self.agent)["action_mask"]}


gymnasium.register(id=ID, entry_point="tablic.gym:TablicEnv")
