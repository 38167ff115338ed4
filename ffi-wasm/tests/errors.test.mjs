// Bad input throws an Error with the engine's message, never a WebAssembly trap, and the
// package keeps working after it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Bot, Card, Game, cardsText, moveText } from 'tablic';

const started = () => Game.fromSeed(2, 1n);
const finished = () => {
  const game = started();
  const bot = new Bot('greedy');
  while (!game.isFinished) game.play(bot.choose(game));
  return game;
};

const CASES = [
  ['a malformed card', () => new Card('1X'),
    'invalid card "1X": unknown suit (expected C, D, H, S, a suit symbol, or tref, karo, herc, pik)'],
  ['a card index out of range', () => Card.fromIndex(52), 'no card has index 52 (0 to 51)'],
  ['a negative card index', () => Card.fromIndex(-1), "a card's index must be a whole number from 0, not -1"],
  ['a card that is not text', () => new Card(5), 'a card must be a string, not number'],
  ['a card twice', () => cardsText('2C 2C'), 'card 2C appears twice'],
  ['a card capturing itself', () => moveText('5S 5S'), 'a card cannot capture itself: 5S'],
  ['an empty move', () => moveText(''), '"play" needs a card'],
  ['a move that is not text', () => started().play(undefined), 'a move must be a string, not undefined'],
  ['a player count', () => Game.fromSeed(5, 1n), 'a game cannot have 5 players (use 2, 3, 4, 6, 8, 12, 16, 24 or 48)'],
  ['players that cannot sit in sides', () => Game.fromSeed(3, 1n, 'side-size=2'),
    '3 players cannot sit in sides of 2 (the side size must divide the player count)'],
  ['a bad rule value', () => Game.fromSeed(2, 1n, 'leftovers=nobody'),
    'leftovers="nobody": expected last-capturer or last-player'],
  ['an unknown rule', () => Game.fromSeed(2, 1n, 'colour=red'),
    'unknown rule "colour=red" (rules: side-size=K, leftovers=WHO, final-tabla=yes|no)'],
  ['a negative seed', () => Game.fromSeed(2, -1n), 'seed must be an integer from 0 to 2^64-1'],
  ['a seed past 64 bits', () => Game.fromSeed(2, 2n ** 64n), 'seed must be an integer from 0 to 2^64-1'],
  ['a fractional seed', () => Game.fromSeed(2, 1.5), 'seed must be an integer from 0 to 2^64-1'],
  ['a seed that is no number', () => Game.fromSeed(2, 'seven'), 'seed must be an integer from 0 to 2^64-1'],
  ['a short deck', () => Game.fromDeck(2, '2C 3C'), 'a deck has 52 cards, not 2'],
  ['a bad record', () => Game.fromRecord('hello'), 'line 1: a record starts with "tablic-record 1"'],
  ['an illegal move in a record', () => Game.fromRecord('tablic-record 1\nplayers 2\nseed 1\nplay KS\n'),
    'line 4: illegal move: KS is not in the hand'],
  ['a card not in the hand', () => started().play('3C'), 'illegal move 3C: 3C is not in the hand'],
  ['a capture of cards not on the table', () => started().play('4D 3C'), 'illegal move 4D 3C: not on the table: 3C'],
  ['a check of an illegal move', () => started().check('4D 3C'), 'illegal move 4D 3C: not on the table: 3C'],
  ["another seat's card's moves", () => started().cardMoves('3C'), 'illegal move 3C: 3C is not in the hand'],
  ['a move after the end', () => finished().play('3C'), 'illegal move 3C: the game is over'],
  ['a seat out of range', () => started().view(2), 'no seat 2 in a game of 2 players'],
  ['a negative seat', () => started().hand(-1), 'a seat must be a whole number from 0, not -1'],
  ['an unknown bot', () => new Bot('nosuch'),
    'unknown bot "nosuch" (known: random greedy minimax pimc clairvoyant ismcts bestresponse best)'],
  ["a bot option's value", () => new Bot('minimax:depth=99'), 'bad value in bot option "depth=99": expected a depth from 1 to 6'],
  ['a bot option', () => new Bot('greedy:foo=1'), 'bad bot option "foo=1": greedy takes no options'],
  ['a view for a bot that sees every card', () => new Bot('clairvoyant').chooseFor(started().view(0)),
    'the clairvoyant bot sees every card: give it the Game, not a View'],
  ['a view of a seat not to move', () => new Bot('greedy').chooseFor(started().view(1)), "it is not seat 1's turn"],
  ['a bot after the end', () => new Bot('greedy').choose(finished()), 'the game is over'],
  ['a result before the end', () => started().result(), 'the game is not over'],
];

for (const [what, call, message] of CASES) {
  test(`${what} is an Error with the engine's message`, () => {
    assert.throws(call, (error) => {
      assert.ok(error instanceof Error);
      assert.ok(!(error instanceof WebAssembly.RuntimeError), `a trap: ${error.message}`);
      assert.equal(error.message, message);
      return true;
    });
  });
}

test('an illegal move changes nothing, and the package works on after every error', () => {
  const game = started();
  const before = game.record();
  assert.throws(() => game.play('4D 3C'));
  assert.equal(game.record(), before);
  assert.equal(finished().result().sides.reduce((sum, side) => sum + side.cardPoints, 0), 22);
});
