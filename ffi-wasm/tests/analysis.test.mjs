// Positions and analysis as tablic has them: positions.txt and analysis.jsonl were written
// by make-vectors.sh (`tablic position` and `tablic analyze --jsonl`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Game, analyzeGame, analyzeView } from 'tablic';

const read = (file) => readFileSync(new URL(file, import.meta.url), 'utf8').trim().split('\n');
const positions = read('./positions.txt');
const answers = read('./analysis.jsonl').map((line) => JSON.parse(line));
const moveText = ({ card, capture }) => [card, ...capture].join(' ');

for (const [i, position] of positions.entries()) {
  test(`position ${i + 1} is analysed as tablic analyze did`, () => {
    const expected = answers[i];
    const game = Game.fromPosition(position);
    const seat = position.match(/ seat=(\d+)/);
    const analysis = seat
      ? analyzeView(game.view(Number(seat[1])), 'pimc:samples=16', 5n)
      : analyzeGame(game);
    if (seat) assert.equal(game.view(Number(seat[1])).position(), position);
    else assert.equal(game.position(), position);
    assert.equal(analysis.seat, expected.seat);
    assert.equal(analysis.exact, expected.exact);
    assert.equal(analysis.horizon, expected.horizon);
    assert.equal(analysis.worlds, expected.worlds);
    assert.equal(analysis.leftOut, expected.left_out);
    assert.equal(analysis.nodes, expected.nodes);
    assert.equal(analysis.best, moveText(expected.best));
    assert.equal(analysis.botMove, expected.bot ? moveText(expected.bot.move) : undefined);
    assert.deepEqual(analysis.line, (expected.line ?? []).map(moveText));
    const moves = analysis.moves.map((move) => ({
      move: move.move, margin: move.margin, margin_se: move.marginSe ?? null, ahead: move.ahead,
      loss: move.loss, loss_se: move.lossSe ?? null, mark: move.mark,
    }));
    assert.deepEqual(moves, expected.moves.map((move) => ({
      move: moveText(move), margin: move.margin, margin_se: move.margin_se, ahead: move.ahead,
      loss: move.loss, loss_se: move.loss_se, mark: move.mark,
    })));
  });
}

test('analysis errors carry the engine\'s message', () => {
  const game = Game.fromSeed(2, 1n);
  assert.throws(() => analyzeView(game.view(1)), { message: "the position is seat 1's, but seat 0 is to move" });
  assert.throws(() => analyzeView(game.view(0), 'greedy'), /^Error: bot: /);
  assert.throws(() => analyzeGame(game, 10), /\(raise nodes\)$/);
  assert.throws(() => analyzeGame(game, 0), { message: 'nodes must be at least 1' });
  assert.throws(() => Game.fromPosition('players=2 nonsense'), /^Error: /);
});
