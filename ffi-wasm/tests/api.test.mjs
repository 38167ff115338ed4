// Cards, games, moves, views, results and bots through the package, with exact values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Bot, Card, Game, cardsText, deriveSeed, moveText, version } from 'tablic';

/** A deck whose first four cards are the table and whose next twelve the two hands. */
function deckWith(table, hand0, hand1) {
  const top = [...table, ...hand0.flatMap((card, i) => [card, hand1[i]])];
  const rest = [];
  for (let index = 0; index < 52; index++) {
    const card = Card.fromIndex(index).toString();
    if (!top.includes(card)) rest.push(card);
  }
  return [...top, ...rest].join(' ');
}

test('the version is the workspace version', () => {
  const cargo = readFileSync(new URL('../../Cargo.toml', import.meta.url), 'utf8');
  assert.equal(version(), cargo.match(/^version = "(.+)"$/m)[1]);
});

test('cards and their notation', () => {
  const ten = new Card('10♦');
  assert.equal(ten.toString(), '10D');
  assert.equal(`${ten}`, '10D');
  assert.equal(ten.index, 37);
  assert.equal(ten.rank, '10');
  assert.equal(ten.suit, 'D');
  assert.equal(ten.points, 2);
  assert.equal(ten.captureValue, 10);
  assert.equal(ten.unicode(), '10♦');
  assert.equal(new Card('karo 10').index, 37);
  const ace = Card.fromIndex(0);
  assert.deepEqual([ace.toString(), ace.points, ace.captureValue], ['AC', 1, 1]);
  assert.equal(new Card('KS').captureValue, 14);
  assert.equal(new Card('2C').points, 1);
  assert.equal(new Card('2D').points, 0);
  assert.equal(cardsText('10s 2c 3d'), '2C 3D 10S');
  assert.equal(cardsText('10s 2c 3d', true), '2♣ 3♦ 10♠');
  assert.equal(cardsText(''), '');
  assert.equal(moveText('10♦ 2c 8h'), '10D 2C 8H');
});

test("a card's moves are ranked as tablic rank ranks them", () => {
  const game = Game.fromDeck(2, deckWith(['AD', '2C', '3D', '5H'],
    ['5S', '6C', '8H', 'KC', '10D', 'AS'], ['4C', '4D', '4H', '4S', '6D', '6H']));
  assert.equal(game.table, 'AD 2C 3D 5H');
  assert.equal(game.hand(0), '5S 6C 8H 10D KC AS'.split(' ').sort((a, b) => new Card(a).index - new Card(b).index).join(' '));
  const ranked = readFileSync(new URL('./rank.txt', import.meta.url), 'utf8')
    .trim().split('\n').map((line) => line.replace(/ -$/, ''));
  for (const card of game.hand(0).split(' ')) {
    const expected = ranked.filter((line) => line.split(' ')[0] === card);
    assert.deepEqual(game.cardMoves(card), expected, card);
  }
  assert.equal(game.legalMoves().length, ranked.length);
  assert.deepEqual([...game.legalMoves()].sort(), [...ranked].sort());
});

test('a game played, viewed, undone and recorded', () => {
  const game = Game.fromSeed(3, 99n);
  assert.equal(game.players, 3);
  assert.equal(game.seed, 99n);
  assert.equal(game.rules, '');
  assert.equal(game.toMove, 0);
  assert.equal(game.deck.split(' ').length, 52);
  assert.equal(Game.fromDeck(3, game.deck).record().replace(/^deck.*$/m, ''),
    game.record().replace(/^seed.*$/m, ''), 'a game from its deck deals the same cards');
  const view = game.view(1);
  assert.equal(view.hand(), game.hand(1));
  assert.equal(view.handSize(0), 6);
  assert.equal(view.isMyTurn(), false);
  assert.deepEqual(view.legalMoves(), []);
  assert.equal(view.unseen().split(' ').length, 52 - 4 - 6);
  const before = game.record();
  const moves = game.legalMoves();
  const played = game.play(moves[0]);
  assert.equal(played.seat, 0);
  assert.equal(game.lastMove, moves[0]);
  assert.deepEqual(game.history, [moves[0]]);
  assert.equal(game.toMove, 1);
  assert.equal(view.isMyTurn(), false, 'a view is a snapshot');
  assert.equal(game.rewound(0).record(), before);
  const copy = Game.fromRecord(game.record());
  assert.equal(copy.record(), game.record());
  assert.throws(() => game.result(), { message: 'the game is not over' });
  assert.equal(game.resultSoFar().seats.length, 3);
});

test('a game in pairs scores by side', () => {
  const game = Game.fromSeed(4, '12345', 'side-size=2');
  assert.equal(game.rules, 'side-size=2');
  assert.equal(game.sideCount, 2);
  assert.deepEqual([0, 1, 2, 3].map((seat) => game.sideOf(seat)), [0, 1, 0, 1]);
  const bot = new Bot('greedy');
  while (!game.isFinished) game.play(bot.choose(game));
  const result = game.result();
  assert.equal(result.sides.length, 2);
  assert.equal(result.seats.length, 4);
  const cardPoints = result.sides.reduce((sum, side) => sum + side.cardPoints, 0);
  assert.equal(cardPoints, 22);
  assert.equal(result.sides.reduce((sum, side) => sum + side.cards, 0), 52);
  for (const side of [0, 1]) {
    const seats = result.seats.filter((_, seat) => seat % 2 === side);
    assert.equal(result.sides[side].cards, seats[0].cards + seats[1].cards);
    assert.equal(result.sideTotals[side], result.sides[side].total);
  }
});

test('bots by spec, and the seeds of a match', () => {
  const bot = new Bot('minimax:depth=2', 5);
  assert.equal(bot.name, 'minimax');
  assert.equal(bot.spec, 'minimax:depth=2,nodes=20000');
  assert.equal(bot.seesEveryCard, false);
  assert.equal(new Bot('clairvoyant').seesEveryCard, true);
  assert.equal(deriveSeed(7n, 0n), 7191089600892374487n, 'group 0 of `tablic match --seed 7`');
  assert.equal(deriveSeed(7, '0'), 7191089600892374487n);
  const game = Game.fromSeed(2, 1n);
  assert.equal(new Bot('best', 3n).chooseFor(game.view(0)), new Bot('best', 3n).chooseFor(game.view(0)));
});
