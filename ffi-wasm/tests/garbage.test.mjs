// Arbitrary input never traps: every function that reads text or numbers, fed random
// strings made of the notation's own pieces and random values, either answers or throws an
// Error, and the package works on afterwards.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Bot, Card, Game, MatchToTarget, analyzeGame, analyzeView, cardsText, deriveSeed, moveText,
  playMatch,
} from 'tablic';

const PIECES = ['A', '2', '10', 'J', 'K', 'C', 'D', 'h', '♠', '♦', 'karo', ' ', ',', ':', '=',
  'x', '-', ';', '\n', 'play ', 'tablic-record 1', 'players 2', 'seed ', 'deck', 'players=',
  'table=', 'hand=', 'seat=', 'tablic-match 1', 'target ', 'game 1', 'result ', 'name 0 ', 'greedy', 'minimax', 'depth=', 'side-size=', 'leftovers=', '99',
  '0', '-1', '\u0000', 'é', '18446744073709551616'];
const VALUES = [undefined, null, 0, -1, 1.5, NaN, Infinity, 2 ** 53, 3n, -3n, 2n ** 70n, '', {}, [], true];

/** A small deterministic generator (xorshift), so that a failure can be replayed. */
function generator(seed) {
  let state = seed;
  return (below) => {
    state ^= state << 13; state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5; state >>>= 0;
    return state % below;
  };
}

function text(next) {
  let out = '';
  for (let i = next(8); i >= 0; i--) out += PIECES[next(PIECES.length)];
  return out;
}

const CALLS = [
  (a) => new Card(a), (a) => Card.fromIndex(a), (a) => cardsText(a), (a) => moveText(a),
  (a) => Game.fromRecord(a), (a) => Game.fromPosition(a), (a, b) => Game.fromSeed(b, a),
  (a, b) => Game.fromSeed(2, b, a), (a) => Game.fromDeck(2, a), (a) => new Bot(a),
  (a, b) => new Bot('greedy', b), (a, b) => deriveSeed(a, b), (a) => playMatch(a, 1, 1n),
  (a) => Game.fromSeed(2, 1n).play(a), (a) => Game.fromSeed(2, 1n).cardMoves(a),
  (a, b) => Game.fromSeed(2, 1n).view(b), (a, b) => Game.fromSeed(2, 1n).rewound(b),
  (a) => analyzeView(Game.fromSeed(2, 1n).view(0), `pimc:samples=2,${a}`), (a, b) => analyzeGame(Game.fromSeed(2, 1n), Math.min(Number(b) || 0, 1000)),
  (a) => MatchToTarget.fromRecord(a), (a, b) => new MatchToTarget(b, a), (a, b) => new MatchToTarget(2, 1n, a, b),
  (a, b) => new MatchToTarget(2, 1n, '', 101, [a, b]), (a) => new MatchToTarget(2, 1n, '', 101, a),
  (a) => new MatchToTarget(2, 1n).play(a), (a, b) => new MatchToTarget(2, 1n).playerAt(b),
];

test('random input to every reader is an answer or an Error, never a trap', () => {
  const next = generator(2026);
  for (let round = 0; round < 2000; round++) {
    const call = CALLS[next(CALLS.length)];
    const a = next(4) === 0 ? VALUES[next(VALUES.length)] : text(next);
    const b = next(2) === 0 ? VALUES[next(VALUES.length)] : next(60);
    try {
      call(a, b);
    } catch (error) {
      assert.ok(error instanceof Error, `round ${round}: ${error}`);
      assert.ok(!(error instanceof WebAssembly.RuntimeError), `round ${round}: trap ${error.message}`);
      assert.ok(error.message.length > 0, `round ${round}: an empty message`);
    }
  }
  const game = Game.fromSeed(2, 1n);
  assert.equal(game.legalMoves().length > 0, true);
});
