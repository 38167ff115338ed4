"""A PettingZoo AEC environment of tablić for 2 or more players.

Needs numpy and pettingzoo, the optional extra ``env``: ``pip install 'tablic[env]'``.

>>> from tablic.env import env
>>> game = env(players=2, seed=1)
>>> game.reset()
>>> for agent in game.agent_iter():
...     observation, reward, terminated, truncated, info = game.last()
...     if terminated or truncated:
...         action = None
...     else:
...         action = game.action_space(agent).sample(observation["action_mask"])
...     game.step(action)

Agents are named ``player_<seat>``. Every seat plays for itself unless ``rules`` seat the
players in sides (``rules="side-size=2"``: seats 0 and 2 against 1 and 3); seats given in
``opponents`` are played inside the environment by a built-in bot or any object with a
``choose(view)`` method, and are not agents (``opponents={1: "greedy"}`` makes a one-agent
environment against the greedy bot).

* **Observation**: a dict, the PettingZoo convention for masked actions:
  ``"observation"`` is `tablic.encoding.observe_flat` of the agent's `View` (float32, layout
  in `tablic.encoding`, seats relative to the agent; in a game of sides it ends with
  ``partners``, 1 for every seat on the agent's side), ``"action_mask"`` an int8 array with
  1 at every legal action (`tablic.encoding.legal_action_mask`) when it is the agent's turn,
  else all 0 (also once the game is over).
* **Actions**: ``Discrete(52 · K)`` with ``K = captures_per_card`` (default 64: 3,328
  actions), decoded by `tablic.encoding.action_to_move`: card ``a // K``, capture ``a % K``
  in the card's list of legal captures in the engine's order (discard first). The raw environment raises `ValueError`
  for an action the mask does not mark; `env` wraps it in PettingZoo's
  ``TerminateIllegalWrapper`` (an illegal action ends the game, the agent gets
  ``illegal_reward``), ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``.
* **Rewards**: 0 on every move, then once at the end for every agent, by ``reward``:
  ``"margin"`` (default) the agent's total minus the mean of the other seats' totals (the
  ``margin`` of ``tablic match``); ``"total"`` the agent's own total; ``"win"`` +1 for the
  strict winner, 0 for a leader tied with others, −1 for everyone else. In a game of sides
  these are the sides' figures, and every agent gets its side's: the side's margin over
  the mean of the other sides, its total, its win. Totals come from the engine
  (`tablic.Game.result`), and the final ``infos`` of every agent hold them as ``"totals"``
  (by seat: in a game of sides, each seat's share), ``"side_totals"`` (by side) and
  ``"side"`` (the agent's).
* **Seeds**: deal ``k`` after ``reset(seed=s)`` (``k`` = 0 for that reset, then 1, 2, …
  for the following resets without a seed) is ``Game(seed=derive_seed(s, k))``, exactly
  the deal of group ``k`` of ``tablic.match(..., seed=s)``; a bot given by name gets the
  seed that match gives the bot at its seat (``derive_seed(deal seed, 1000 + seat)``). The
  constructor's ``seed`` is the ``s`` of the first reset without one; without any seed, a
  random one.
* **Rendering**: ``"ansi"`` returns the whole state as text (every hand, the table, the
  piles), ``"human"`` prints it after every step.
* **Pickling**: an environment pickles with its game and plays on as the original; a bot
  given by name is rebuilt from its name and seed and decides the game's moves so far
  again (so its random stream is where it was); a `Bot` object or Python player given as
  an opponent does not pickle (``TypeError``).
* **Registration**: importing the module registers ``"tablic_v1"`` with
  ``pettingzoo.register``, as an AEC environment (`env`) and a parallel one (`parallel_env`,
  PettingZoo's ``turn_based_aec_to_parallel`` of `env`): ``pettingzoo.make("aec",
  "tablic_v1", players=4, rules="side-size=2")``.

Versions (``metadata["name"]``, ``metadata["version"]``): 0, the first; 1 adds the
registration, pickling and `parallel_env`, with the same observations, actions and
rewards (`tablic.encoding`'s layout, ``partners`` in a game of sides).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    import pettingzoo
    from pettingzoo import AECEnv, ParallelEnv
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.conversions import turn_based_aec_to_parallel
except ImportError as error:  # pragma: no cover - exercised in a subprocess
    raise ImportError(
        "tablic.env needs numpy and pettingzoo, from the optional extra 'env': "
        "pip install 'tablic[env]'"
    ) from error

from tablic._cards import Move
from tablic._tablic import Bot, Game, GameResult, Rules, View
from tablic.encoding import (
    CAPTURES_PER_CARD,
    action_count,
    legal_actions,
    observation_bounds,
    observe_flat,
)
from tablic.training import BOT_SEED_INDEX, derive_seed, margins

if TYPE_CHECKING:
    from tablic._tablic import Player

__all__ = ["VERSION", "Reward", "env", "parallel_env", "raw_env"]

VERSION = 1
"""The environment's version (see the module's docs), in its registered name too."""

NAME = f"tablic_v{VERSION}"
"""The name it is registered under."""

Reward = Literal["margin", "total", "win"]
"""What an agent is paid at the end of the game (see the module's docs)."""

ObsDict = dict[str, Any]
"""An observation: ``{"observation": float32 array, "action_mask": int8 array}``."""

Action = int | np.integer[Any] | None
"""An action: an int below ``52 · K``, or None for the step of an agent that is done."""

_ILLEGAL_REWARD: dict[str, float] = {"margin": -25.0, "total": -1.0, "win": -1.0}


def _rewards(result: GameResult, kind: Reward) -> list[float]:
    """Every side's final reward (a side is a seat when everyone plays alone)."""
    totals = result.side_totals
    if kind == "total":
        return [float(total) for total in totals]
    if kind == "margin":
        return margins(totals)
    best = max(totals)
    winner = result.winner
    return [
        1.0 if side == winner else 0.0 if total == best else -1.0
        for side, total in enumerate(totals)
    ]


class raw_env(AECEnv[str, ObsDict, Action]):
    """The AEC environment without wrappers (`env` adds them)."""

    metadata: dict[str, Any] = {
        "name": NAME,
        "version": VERSION,
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 2,
        seed: int | None = None,
        opponents: Mapping[int, str | Bot | Player] | None = None,
        *,
        render_mode: str | None = None,
        reward: Reward = "margin",
        captures_per_card: int = CAPTURES_PER_CARD,
        rules: Rules | str | None = None,
    ) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # PettingZoo's bare __init__
        # Says why when the count, the seed or the rules are wrong.
        self.rules = Game(players=players, seed=seed or 0, rules=rules).rules
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        if reward not in _ILLEGAL_REWARD:
            raise ValueError(f"reward must be 'margin', 'total' or 'win', not {reward!r}")
        self.players = players
        self.render_mode = render_mode
        self.reward: Reward = reward
        self.captures_per_card = captures_per_card
        self._opponent_players: dict[int, str | Bot | Player] = dict(opponents or {})
        self._opponent_seeds: dict[int, int] = {}
        for seat, player in self._opponent_players.items():
            if not 0 <= seat < players:
                raise ValueError(f"opponent seat {seat} is not a seat of {players} players")
            if isinstance(player, str):
                Bot(player)  # says why when the spec is wrong
            elif not isinstance(player, Bot) and not callable(getattr(player, "choose", None)):
                raise TypeError(f"opponent {seat} has no choose(view) method")
        seats = [seat for seat in range(players) if seat not in self._opponent_players]
        if not seats:
            raise ValueError("every seat is an opponent: leave at least one seat to an agent")
        self.possible_agents: list[str] = [f"player_{seat}" for seat in seats]
        self._seat_of = {agent: seat for agent, seat in zip(self.possible_agents, seats)}
        self._agent_at = {seat: agent for agent, seat in self._seat_of.items()}
        low, high = observation_bounds(players, self.rules.side_size)
        actions = action_count(captures_per_card)
        self._observation_spaces: dict[str, spaces.Dict] = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces: dict[str, spaces.Discrete] = {
            agent: spaces.Discrete(actions) for agent in self.possible_agents
        }
        self.observation_spaces = {
            agent: space for agent, space in self._observation_spaces.items()
        }
        self.action_spaces = {agent: space for agent, space in self._action_spaces.items()}
        self._base_seed = secrets.randbits(64) if seed is None else seed
        self._next_deal = 0
        self._game: Game | None = None
        self._opponents: dict[int, Bot | Player] = {}
        self._actions: dict[int, Move] = {}
        self.agents: list[str] = []

    # --- the PettingZoo API -------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        base, index = (self._base_seed, self._next_deal) if seed is None else (seed, 0)
        deal = derive_seed(base, index)  # says why when the seed is out of range
        self._base_seed, self._next_deal = base, index + 1
        self._game = Game(players=self.players, seed=deal, rules=self.rules)
        self._opponent_seeds = {
            seat: derive_seed(deal, BOT_SEED_INDEX + seat) for seat in self._opponent_players
        }
        self._opponents = self._made_opponents()
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self._advance()

    def observe(self, agent: str) -> ObsDict:
        view = self.game.view(self._seat_of[agent])
        mask = np.zeros(action_count(self.captures_per_card), dtype=np.int8)
        if agent == self.agent_selection and not self.terminations.get(agent, True):
            mask[list(self._actions)] = 1
        return {"observation": observe_flat(view), "action_mask": mask}

    def step(self, action: Action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = None if action is None else self._actions.get(int(action))
        if move is None:
            raise ValueError(
                f"action {action} is not legal for {agent} now (see its action_mask)"
            )
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.game.play(move)
        self._advance()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() without a render_mode: make the environment with "
                "render_mode='ansi' or 'human'"
            )
            return None
        text = self.text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # --- beyond the API -----------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game being played (after `reset`)."""
        if self._game is None:
            raise RuntimeError("reset() the environment first")
        return self._game

    def text(self) -> str:
        """The whole state as text: what ``render`` shows."""
        game = self.game
        view = game.view(0)
        lines = []
        if game.is_finished:
            totals = " ".join(str(total) for total in game.result().totals)
            lines.append(f"game over after {len(game.history)} moves: totals {totals}")
        else:
            lines.append(
                f"move {len(game.history) + 1}, deal {view.deals_dealt}"
                f"{' (the last)' if view.is_last_deal else ''}, {view.undealt} cards "
                f"undealt; seat {game.to_move} to move"
            )
        lines.append(f"table: {game.table}")
        for seat in range(self.players):
            seat_view = game.view(seat)
            pile = seat_view.piles[seat]
            who = self._agent_at.get(seat)
            if who is None:
                opponent = self._opponents.get(seat)
                who = opponent.spec_string if isinstance(opponent, Bot) else "opponent"
            marks = " (last capturer)" if view.last_capturer == seat else ""
            lines.append(
                f"seat {seat} {who}: hand {seat_view.hand} | pile "
                f"{len(pile)} cards, {sum(card.points for card in pile)} points, "
                f"{seat_view.tablas[seat]} tablas{marks}"
            )
        history = game.history
        if history:
            lines.append(f"last move: {history[-1]}")
        return "\n".join(lines)

    def _made_opponents(self) -> dict[int, Bot | Player]:
        """The opponents of this deal: a bot given by name made with its seat's seed."""
        return {
            seat: Bot(player, seed=self._opponent_seeds[seat])
            if isinstance(player, str)
            else player
            for seat, player in self._opponent_players.items()
        }

    def __getstate__(self) -> dict[str, Any]:
        for seat, player in self._opponent_players.items():
            if not isinstance(player, str):
                raise TypeError(
                    f"the opponent at seat {seat} is an object, which does not pickle: "
                    "give built-in bots by name to pickle the environment"
                )
        state = dict(self.__dict__)
        del state["_opponents"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._opponents = {}
        if self._game is not None:
            self._opponents = self._made_opponents()
            self._replay_opponents(self._game)

    def _replay_opponents(self, game: Game) -> None:
        """Brings the new opponents' random streams to where the game's moves left them:
        each bot decides again every move it made in the game so far."""
        replay = Game(players=self.players, deck=game.deck, rules=self.rules)
        for move in game.history:
            bot = self._opponents.get(replay.to_move)  # type: ignore[arg-type]
            if isinstance(bot, Bot):
                bot.choose(replay)
            replay.play(move)

    def legal_actions(self) -> dict[int, Move]:
        """The selected agent's legal actions and their moves (empty once the game is
        over)."""
        return dict(self._actions)

    def _advance(self) -> None:
        """Plays the opponents' moves up to an agent's turn or the end of the game."""
        game = self.game
        while (seat := game.to_move) is not None and seat in self._opponents:
            game.play(_answer(self._opponents[seat], game, seat))
        if seat is None:
            self._actions = {}
            result = game.result()
            rewards = _rewards(result, self.reward)
            for agent in self.agents:
                side = result.side_of(self._seat_of[agent])
                self.rewards[agent] = rewards[side]
                self.terminations[agent] = True
                self.infos[agent] = {
                    "totals": result.totals,
                    "side_totals": result.side_totals,
                    "side": side,
                }
            return
        self.agent_selection = self._agent_at[seat]
        self._actions = legal_actions(game.view(seat), self.captures_per_card)


def _answer(player: Bot | Player, game: Game, seat: int) -> Move:
    """An opponent's move: a `Bot` sees the game (as in `tablic.play_game`), anything else
    its seat's view."""
    if isinstance(player, Bot):
        return player.choose(game)
    view: View = game.view(seat)
    answer = player.choose(view)
    if isinstance(answer, Move):
        return answer
    card, capture = answer
    return Move(card, capture)


def env(
    players: int = 2,
    seed: int | None = None,
    opponents: Mapping[int, str | Bot | Player] | None = None,
    *,
    render_mode: str | None = None,
    reward: Reward = "margin",
    captures_per_card: int = CAPTURES_PER_CARD,
    illegal_reward: float | None = None,
    terminate_illegal: bool = True,
    rules: Rules | str | None = None,
) -> AECEnv[str, ObsDict, Action]:
    """`raw_env` with PettingZoo's standard wrappers: ``TerminateIllegalWrapper`` (unless
    ``terminate_illegal`` is False: then an illegal action raises ``ValueError``),
    ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``. ``illegal_reward`` is what an
    illegal action earns; by default −25 with ``reward="margin"`` (below any margin seen in
    practice) and −1 with ``"total"`` or ``"win"``. ``rules`` (a `tablic.Rules` or its text)
    seat the players in sides, with side rewards."""
    environment: AECEnv[str, ObsDict, Action] = raw_env(
        players,
        seed,
        opponents,
        render_mode=render_mode,
        reward=reward,
        captures_per_card=captures_per_card,
        rules=rules,
    )
    if terminate_illegal:
        penalty = _ILLEGAL_REWARD[reward] if illegal_reward is None else illegal_reward
        environment = wrappers.TerminateIllegalWrapper(environment, penalty)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    return wrappers.OrderEnforcingWrapper(environment)


def parallel_env(
    players: int = 2,
    seed: int | None = None,
    opponents: Mapping[int, str | Bot | Player] | None = None,
    **options: Any,
) -> ParallelEnv[str, ObsDict, Action]:
    """`env` as a PettingZoo parallel environment (``turn_based_aec_to_parallel``): one
    agent acts at each step, the others' actions are ignored. ``options`` are `env`'s."""
    # Action already holds None, the ``ActionType | None`` the conversion's types spell.
    return turn_based_aec_to_parallel(  # type: ignore[misc]
        env(players, seed, opponents, **options)
    )


pettingzoo.register("aec", NAME, env)
pettingzoo.register("parallel", NAME, parallel_env)
