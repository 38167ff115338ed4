"""Tablić as an OpenSpiel game: importing this module registers ``python_tablic``.

Needs open-spiel (CPython 3.11 or newer), the optional extra ``openspiel``:
``pip install 'tablic[openspiel]'``.

>>> import pyspiel
>>> import tablic.openspiel
>>> game = pyspiel.load_game("python_tablic(players=4,side_size=2)")
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(4, 3328, 52)

Parameters (``python_tablic(name=value,...)``): ``players`` (2), ``side_size`` (1: everyone
alone; 2 with 4 players: pairs), the house rules ``leftovers`` (``"last-capturer"`` or
``"last-player"``) and ``final_tabla`` (True), and ``captures_per_card`` (64), the ``K``
of the action encoding.

* **Chance**: every card is dealt by its own chance node, in the deck's order (the deck is
  the engine's: `tablic.Game` ``deck=``); outcome ``c`` is the card of `tablic.Card.index`
  ``c``, uniform over the cards not dealt yet. All 52 cards are dealt by 52 chance nodes
  (``max_chance_nodes_in_history``), the first ``4 + 6·P`` before the first move.
* **Actions** (encoding ``ACTION_ENCODING`` = 1): `tablic.encoding`'s, ``card · K + i``:
  card `Card.index` ``card`` with its ``i``-th legal capture in the engine's order (0 is
  the discard). ``num_distinct_actions`` is ``52 · K``; legal actions are sorted; an
  action's string is its move in the engine's notation (``"7S 3D 4S"``).
* **Observation** (``perfect_recall=False``): `tablic.encoding.observe_flat` of the
  player's `tablic.View` (layout in `tablic.encoding`); with ``private_info=NONE`` only its
  public fields, with ``public_info=False`` only ``hand`` and ``unseen``.
* **Information state** (``perfect_recall=True``, the default information state):
  ``player`` (one-hot), ``hand`` (now), ``opening_table`` (the table as first dealt), then
  for each of the 48 plies ``moves`` (the seat one-hot, the card, the captured cards) and
  ``own_hands`` (the player's hand before each of its own plies). Chance nodes have all 0.
* **Returns**: at the end, every player gets its side's margin: the side's total
  (`tablic.GameResult.side_totals`) minus the mean of the other sides' (zero-sum).

`resample` deals a world consistent with a player's information state through the engine's
own world sampler (`tablic.sample_world`, the PIMC bot's), for ``ISMCTSBot.set_resampler``.
"""

from __future__ import annotations

import copy
import random
from typing import Any

try:
    import numpy as np
    import numpy.typing as npt
    import pyspiel
except ImportError as error:  # pragma: no cover - exercised in a subprocess
    raise ImportError(
        "tablic.openspiel needs open-spiel (CPython 3.11 or newer), from the optional extra "
        "'openspiel': pip install 'tablic[openspiel]'"
    ) from error

from tablic._cards import Move
from tablic._tablic import Card, Game, Rules, View, sample_world
from tablic.encoding import (
    CAPTURES_PER_CARD,
    CARDS,
    cards_bits,
    legal_actions,
    observation_layout,
    observe,
)
from tablic.training import margins

__all__ = ["ACTION_ENCODING", "GAME_TYPE", "TablicGame", "TablicState", "resample"]

ACTION_ENCODING = 1
"""The version of the action and chance encodings above; a change bumps it."""

PLIES = 48
"""Moves in every game, whatever the number of players."""

_PRIVATE_FIELDS = ("hand", "unseen")
"""Observation fields only the observer knows."""

_DEFAULTS: dict[str, Any] = {
    "players": 2,
    "side_size": 1,
    "leftovers": "last-capturer",
    "final_tabla": True,
    "captures_per_card": CAPTURES_PER_CARD,
}

GAME_TYPE = pyspiel.GameType(
    short_name="python_tablic",
    long_name="Python Tablic",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=48,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


def _bits_move(card: int, capture: int) -> Move:
    return Move(card, [index for index in range(CARDS) if capture >> index & 1])


class _Deal:
    """The engine's game behind a state: the cards dealt so far (deck order), the moves,
    and the `tablic.Game` they make. Copies and pickles as the cards and moves alone (the
    game is rebuilt), as OpenSpiel deep-copies and pickles a state's ``__dict__``."""

    def __init__(self, players: int, rules: Rules) -> None:
        self.players = players
        self.rules = rules
        self.deck: list[int] = []
        self.moves: list[tuple[int, int]] = []
        self._rebuild()

    def _rebuild(self) -> None:
        """The game dealt from the cards chosen so far, the rest in index order (cards not
        dealt yet, so never seen), with the moves replayed."""
        chosen = set(self.deck)
        rest = [index for index in range(CARDS) if index not in chosen]
        self.game = Game(players=self.players, deck=self.deck + rest, rules=self.rules)
        self.opening_table = cards_bits(self.game.table)
        self.hands_before: list[tuple[int, int]] = []
        """Each ply's seat and its hand before the move."""
        for card, capture in self.moves:
            self._play(card, capture)

    def _play(self, card: int, capture: int) -> None:
        seat = self.game.to_move
        assert seat is not None
        self.hands_before.append((seat, cards_bits(self.game.view(seat).hand)))
        self.game.play(_bits_move(card, capture))

    @property
    def dealing(self) -> bool:
        """Whether the engine has dealt cards that chance has not chosen yet."""
        return len(self.deck) < CARDS - self.game.view(0).undealt

    def deal(self, card: int) -> None:
        self.deck.append(card)
        if not self.dealing:
            self._rebuild()

    def play(self, move: Move) -> None:
        card, capture = move.card.index, cards_bits(move.capture)
        self.moves.append((card, capture))
        self._play(card, capture)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Deal:
        clone = copy.copy(self)
        clone.deck, clone.moves = self.deck[:], self.moves[:]
        clone.hands_before = self.hands_before[:]
        clone.game = copy.deepcopy(self.game)
        return clone

    def __getstate__(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "rules": str(self.rules),
            "deck": self.deck,
            "moves": self.moves,
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.players = state["players"]
        self.rules = Rules.parse(state["rules"])
        self.deck, self.moves = list(state["deck"]), list(state["moves"])
        self._rebuild()


def _utility_bounds(players: int, rules: Rules) -> tuple[float, float]:
    """Bounds of a margin: a side takes at most every card point, the most-cards bonus and
    a tabla on each of its moves; a margin is its total minus the mean of the others'."""
    sides = rules.side_count(players)
    points = 22 + 3
    most = points + PLIES // sides
    others_most = points + PLIES * (sides - 1) // sides
    return -others_most / (sides - 1), float(most)


class TablicGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """The game of ``python_tablic(...)``; see the module's docs."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**_DEFAULTS, **(params or {})}
        players = int(values["players"])
        self.rules = Rules(
            side_size=int(values["side_size"]),
            leftovers=values["leftovers"],
            final_tabla=bool(values["final_tabla"]),
        )
        Game(players=players, seed=0, rules=self.rules)  # says why when they cannot play
        self.players = players
        self.captures_per_card = int(values["captures_per_card"])
        if self.captures_per_card < 1:
            raise ValueError("captures_per_card must be at least 1")
        low, high = _utility_bounds(players, self.rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=CARDS * self.captures_per_card,
            max_chance_outcomes=CARDS,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=PLIES,
        )
        super().__init__(GAME_TYPE, info, params or {})

    def new_initial_state(self) -> TablicState:
        return TablicState(self)

    def max_chance_nodes_in_history(self) -> int:
        return CARDS

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TablicObserver:
        return TablicObserver(
            self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class TablicState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """A state: a `tablic.Game` dealt card by card by chance."""

    def __init__(self, game: TablicGame) -> None:
        super().__init__(game)
        self.captures_per_card = game.captures_per_card
        self.deal = _Deal(game.players, game.rules)
        self._actions: dict[int, Move] | None = None

    @property
    def engine(self) -> Game:
        """The engine's game (while chance deals, the cards it has not chosen are
        placeholders: read it at decision nodes)."""
        return self.deal.game

    def current_player(self) -> int:
        if self.deal.dealing:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.engine.to_move
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _moves(self) -> dict[int, Move]:
        if self._actions is None:
            seat = self.engine.to_move
            assert seat is not None
            self._actions = legal_actions(self.engine.view(seat), self.captures_per_card)
        return self._actions

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._moves())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        dealt = set(self.deal.deck)
        outcomes = [card for card in range(CARDS) if card not in dealt]
        return [(card, 1.0 / len(outcomes)) for card in outcomes]

    def _apply_action(self, action: int) -> None:
        if self.deal.dealing:
            self.deal.deal(int(action))
        else:
            self.deal.play(self._moves()[int(action)])
        self._actions = None

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {Card(int(action))}"
        move = self._moves().get(int(action)) if player == self.engine.to_move else None
        return str(move) if move is not None else f"action {action}"

    def is_terminal(self) -> bool:
        return not self.deal.dealing and self.engine.is_finished

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.engine.players
        result = self.engine.result()
        by_side = margins(result.side_totals)
        return [by_side[result.side_of(seat)] for seat in range(self.engine.players)]

    def __str__(self) -> str:
        if self.deal.dealing:
            return f"dealing: {len(self.deal.deck)} cards dealt"
        return self.engine.record()


def resample(
    state: TablicState,
    player: int,
    rng: random.Random | np.random.Generator | np.random.RandomState,
) -> TablicState:
    """A state with ``player``'s information state, the other hands dealt anew by the
    engine's world sampler (`tablic.sample_world`) with a seed drawn from ``rng`` (a
    `random.Random`, or a numpy ``Generator`` or ``RandomState``)."""
    if state.deal.dealing or state.is_terminal():
        raise ValueError("resample needs a decision node")
    if isinstance(rng, random.Random):
        seed = rng.getrandbits(64)
    elif isinstance(rng, np.random.Generator):
        seed = int(rng.integers(2**63))
    else:
        seed = int(rng.randint(2**31))
    deal = state.deal
    game = deal.game
    hands, _ = sample_world(game.view(player), seed)
    # The other seats' unplayed cards sit at the deck places of their cards now in hand:
    # give those places the world's cards, seat by seat (any order: a hand is a set).
    place_of = {card: place for place, card in enumerate(deal.deck)}
    resampled: TablicState = state.clone()
    deck = resampled.deal.deck
    for seat in range(game.players):
        if seat == player:
            continue
        places = sorted(place_of[card.index] for card in game.view(seat).hand)
        for place, card in zip(places, sorted(hands[seat])):
            deck[place] = card.index
    resampled.deal._rebuild()
    resampled._actions = None
    return resampled


class TablicObserver:
    """Observations and information states (OpenSpiel's PyObserver interface)."""

    def __init__(self, game: TablicGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("every player's private information is not observable here")
        self.players = game.players
        self.side_size = game.rules.side_size
        self.public = bool(iig_obs_type.public_info)
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        pieces = self._pieces()
        self.tensor = np.zeros(sum(int(np.prod(shape)) for _, shape in pieces), np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        start = 0
        for name, shape in pieces:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[start : start + size].reshape(shape)
            start += size

    def _pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        players = self.players
        if not self.perfect_recall:
            layout = observation_layout(players, self.side_size).items()
            return [(name, shape) for name, shape in layout if self._shown(name)]
        pieces: list[tuple[str, tuple[int, ...]]] = []
        if self.private:
            pieces += [("player", (players,)), ("hand", (CARDS,))]
        if self.public:
            pieces += [("opening_table", (CARDS,)), ("moves", (PLIES, players + 2 * CARDS))]
        if self.private:
            pieces.append(("own_hands", (PLIES, CARDS)))
        return pieces

    def _shown(self, name: str) -> bool:
        return self.private if name in _PRIVATE_FIELDS else self.public

    def set_from(self, state: TablicState, player: int) -> None:
        self.tensor.fill(0)
        if state.deal.dealing:
            return
        view = state.engine.view(player)
        if not self.perfect_recall:
            fields = observe(view)
            for name, piece in self.dict.items():
                piece[...] = fields[name]
            return
        deal = state.deal
        if "player" in self.dict:
            self.dict["player"][player] = 1
            self.dict["hand"][[card.index for card in view.hand]] = 1
        if "moves" in self.dict:
            _set_bits(self.dict["opening_table"], deal.opening_table)
            moves = self.dict["moves"]
            for ply, ((card, capture), (seat, _)) in enumerate(zip(deal.moves, deal.hands_before)):
                moves[ply, seat] = 1
                moves[ply, self.players + card] = 1
                _set_bits(moves[ply, self.players + CARDS :], capture)
        if "own_hands" in self.dict:
            for ply, (seat, hand) in enumerate(deal.hands_before):
                if seat == player:
                    _set_bits(self.dict["own_hands"][ply], hand)

    def string_from(self, state: TablicState, player: int) -> str:
        if state.deal.dealing:
            return f"dealing: {len(state.deal.deck)} cards dealt"
        view = state.engine.view(player)
        parts = []
        if self.private:
            parts.append(f"seat {player} hand {view.hand}")
        if not self.perfect_recall:
            if self.public:
                parts.append(_public_text(view))
            elif self.private:
                parts.append(f"unseen {view.unseen}")
            return " | ".join(parts)
        deal = state.deal
        if self.public:
            parts.append(f"opening table {_cards_text(deal.opening_table)}")
        for (card, capture), (seat, hand) in zip(deal.moves, deal.hands_before):
            text = ""
            if self.private and seat == player:
                text = f"[{_cards_text(hand)}] "
            if self.public:
                text += f"{seat}:{_bits_move(card, capture)}"
            parts.append(text.strip())
        return " | ".join(part for part in parts if part)


def _set_bits(row: npt.NDArray[np.float32], bits: int) -> None:
    row[[index for index in range(CARDS) if bits >> index & 1]] = 1


def _cards_text(bits: int) -> str:
    return " ".join(str(Card(index)) for index in range(CARDS) if bits >> index & 1)


def _public_text(view: View) -> str:
    piles = " ".join(
        f"{seat}:{len(pile)}c/{view.tablas[seat]}t" for seat, pile in enumerate(view.piles)
    )
    to_move = "-" if view.to_move is None else str(view.to_move)
    return (
        f"table {view.table} | piles {piles} | to move {to_move} | undealt {view.undealt} "
        f"| history {' / '.join(str(move) for move in view.history)}"
    )


pyspiel.register_game(GAME_TYPE, TablicGame)
