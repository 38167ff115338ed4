// playMatch plays what `tablic match` plays: match.json was written by make-vectors.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { playMatch } from 'tablic';

test('playMatch gives the statistics of tablic match', () => {
  const native = JSON.parse(readFileSync(new URL('./match.json', import.meta.url), 'utf8'));
  const bots = playMatch('greedy,minimax:depth=1,random', native.games, BigInt(native.seed));
  assert.equal(bots.length, native.bots.length);
  for (const [i, expected] of native.bots.entries()) {
    const bot = bots[i];
    assert.equal(bot.spec, expected.name);
    assert.equal(bot.games, expected.games);
    assert.equal(bot.wins, expected.wins);
    assert.equal(bot.ties, expected.ties);
    assert.equal(bot.losses, expected.losses);
    assert.equal(bot.meanPoints, expected.mean_points);
    assert.equal(bot.meanMargin, expected.mean_margin);
    assert.equal(bot.meanTablas, expected.mean_tablas);
  }
});

test('a bad match is an Error with the engine\'s message', () => {
  assert.throws(() => playMatch('greedy', 1, 1n), { message: 'a game cannot have 1 player (use 2, 3, 4, 6, 8, 12, 16, 24 or 48)' });
  assert.throws(() => playMatch('greedy,nosuch', 1, 1n), /^Error: unknown bot "nosuch"/);
  assert.throws(() => playMatch('greedy,greedy,greedy', 1, 1n, 'side-size=2'),
    { message: '3 players cannot sit in sides of 2 (the side size must divide the player count)' });
});
