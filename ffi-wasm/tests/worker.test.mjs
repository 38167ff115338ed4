// tablic/worker in Node (a worker thread; browsers run the same requests in a module Web
// Worker): a bot seeded the same chooses the same move as on this thread, the analysis is
// the same, requests are answered in order, and every error rejects with the engine's
// message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Bot, Game, MatchToTarget, analyzeGame, analyzeView } from 'tablic';
import { BotWorker } from 'tablic/worker';

const saved = Game.fromRecord(readFileSync(new URL('./vectors/greedy-minimax/g000000-r0.txt', import.meta.url), 'utf8'));
const midGame = saved.rewound(17);
const lateGame = saved.rewound(41);
const pairs = Game.fromSeed(4, 11n, 'side-size=2 leftovers=last-player');
for (const move of pairs.legalMoves().slice(0, 1)) pairs.play(move);
const match = new MatchToTarget(2, 5n, 'final-tabla=no', 31);
while (!match.game.isFinished) match.play(new Bot('greedy').choose(match.game));
match.nextGame();
match.play(new Bot('greedy').choose(match.game));

/** The states a page sends, with the game each gives and the seat to move. */
const STATES = [
  ['a game record', midGame.record(), midGame],
  ["a seat's position", midGame.view(midGame.toMove).position(), midGame],
  ['a position with every card', lateGame.position(), lateGame],
  ['a record of four in pairs', pairs.record(), pairs],
  ['a match record', match.record(), match.game],
];
const BOTS = ['greedy', 'random', 'minimax:depth=2', 'pimc:samples=8', 'ismcts:iterations=200', 'best'];

/** An analysis as the worker sends it. */
const data = (analysis) => ({
  seat: analysis.seat, exact: analysis.exact, horizon: analysis.horizon, worlds: analysis.worlds,
  leftOut: analysis.leftOut, best: analysis.best, botMove: analysis.botMove, line: analysis.line,
  nodes: analysis.nodes,
  moves: analysis.moves.map((move) => ({
    move: move.move, margin: move.margin, marginSe: move.marginSe, ahead: move.ahead,
    loss: move.loss, lossSe: move.lossSe, mark: move.mark,
  })),
});

test('a bot in the worker chooses what the same bot chooses on this thread', async () => {
  const worker = new BotWorker();
  try {
    for (const [what, state, game] of STATES) {
      const seat = game.toMove;
      for (const [i, spec] of BOTS.entries()) {
        const seed = BigInt(100 + i);
        const here = new Bot(spec, seed).chooseFor(game.view(seat));
        assert.equal(await worker.choose(spec, seed, state, seat), here, `${spec} on ${what}`);
      }
    }
    const clairvoyant = new Bot('clairvoyant', 3n).choose(lateGame);
    assert.equal(await worker.choose('clairvoyant', 3n, lateGame.record(), lateGame.toMove), clairvoyant);
  } finally {
    worker.terminate();
  }
});

test('the analysis in the worker is the analysis on this thread', async () => {
  const worker = new BotWorker();
  try {
    const seat = midGame.toMove;
    assert.deepEqual(await worker.analyze(midGame.record(), seat, 'pimc:samples=8', 4n),
      data(analyzeView(midGame.view(seat), 'pimc:samples=8', 4n)));
    assert.deepEqual(await worker.analyze(midGame.view(seat).position(), seat),
      data(analyzeView(midGame.view(seat))));
    assert.deepEqual(await worker.analyzeGame(lateGame.position()), data(analyzeGame(lateGame)));
  } finally {
    worker.terminate();
  }
});

test('requests are answered in the order they were made, a failed one among them', async () => {
  const worker = new BotWorker();
  const order = [];
  const requests = [
    worker.choose('pimc:samples=16', 1n, midGame.record(), midGame.toMove),
    worker.choose('nosuch', 1n, midGame.record(), midGame.toMove),
    worker.analyze(midGame.record(), midGame.toMove, 'pimc:samples=4'),
    worker.choose('greedy', 1n, midGame.record(), midGame.toMove),
  ].map((promise, i) => promise.then(() => order.push(i), () => order.push(`${i} failed`)));
  await Promise.all(requests);
  worker.terminate();
  assert.deepEqual(order, [0, '1 failed', 2, 3]);
});

const ERRORS = [
  ['an unknown bot', (worker) => worker.choose('nosuch', 1n, midGame.record(), midGame.toMove),
    'unknown bot "nosuch" (known: random greedy minimax pimc clairvoyant ismcts bestresponse best)'],
  ['a bad seed', (worker) => worker.choose('greedy', -1n, midGame.record(), midGame.toMove),
    "a bot's seed must be an integer from 0 to 2^64-1"],
  ['a bad record', (worker) => worker.choose('greedy', 1n, 'tablic-record 1\nplayers 2\nseed 1\nplay KS\n', 0),
    'line 4: illegal move: KS is not in the hand'],
  ['a bad match record', (worker) => worker.choose('greedy', 1n, 'tablic-match 1\n', 0),
    'expected "players N"'],
  ['a bad position', (worker) => worker.choose('greedy', 1n, 'players=2 nonsense', 0), 'expected key=value, found "nonsense"'],
  ['a state that is not text', (worker) => worker.choose('greedy', 1n, 7, 0), 'a record must be a string, not number'],
  ['a seat out of range', (worker) => worker.choose('greedy', 1n, midGame.record(), 2), 'no seat 2 in a game of 2 players'],
  ['a seat not to move', (worker) => worker.choose('greedy', 1n, midGame.record(), 1 - midGame.toMove),
    `it is not seat ${1 - midGame.toMove}'s turn`],
  ['a seat not to move, for a bot that sees every card', (worker) => worker.choose('clairvoyant', 1n, midGame.record(), 1 - midGame.toMove),
    `it is not seat ${1 - midGame.toMove}'s turn`],
  ['a game that is over', (worker) => worker.choose('greedy', 1n, saved.record(), 0), "it is not seat 0's turn"],
  ['an analysis by a bot that does not sample', (worker) => worker.analyze(midGame.record(), midGame.toMove, 'greedy'), /^bot: /],
  ['an analysis out of nodes', (worker) => worker.analyzeGame(Game.fromSeed(2, 1n).record(), 10), /\(raise nodes\)$/],
];

test("every bad request rejects with the engine's message, and the worker goes on", async () => {
  const worker = new BotWorker();
  try {
    for (const [what, request, message] of ERRORS) {
      await assert.rejects(request(worker), (error) => {
        assert.ok(error instanceof Error, what);
        if (message instanceof RegExp) assert.match(error.message, message, what);
        else assert.equal(error.message, message, what);
        return true;
      });
    }
    assert.equal(await worker.choose('greedy', 1n, midGame.record(), midGame.toMove),
      new Bot('greedy', 1n).chooseFor(midGame.view(midGame.toMove)));
  } finally {
    worker.terminate();
  }
});

test('terminate rejects the waiting requests and every later one', async () => {
  const worker = new BotWorker();
  const waiting = worker.choose('best', 1n, Game.fromSeed(2, 9n).record(), 0);
  worker.terminate();
  await assert.rejects(waiting, { message: 'the bot worker was terminated' });
  await assert.rejects(worker.choose('greedy', 1n, midGame.record(), midGame.toMove),
    { message: 'the bot worker was terminated' });
  worker.terminate();
});
