// The package plays the native engine's games again, move for move: every record in
// vectors/ was saved by `tablic match` (make-vectors.sh), and each of its bots is rebuilt
// here from its spec and the seed the match gave it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { Bot, Game, deriveSeed } from 'tablic';

const VECTORS = new URL('./vectors/', import.meta.url);
// A match's bot i draws from deriveSeed(deriveSeed(matchSeed, group), BOT_SEED_INDEX + i).
const BOT_SEED_INDEX = 1000n;

function recordsOf(name) {
  const dir = new URL(`${name}/`, VECTORS);
  return readdirSync(dir)
    .sort()
    .map((file) => ({ file: `${name}/${file}`, text: readFileSync(new URL(file, dir), 'utf8') }));
}

/** The match seed, group and bot specs written in a saved record. */
function matchOf(text) {
  const [, seed, group] = text.match(/^# match seed (\d+), group (\d+), rotation 0$/m);
  const specs = [...text.matchAll(/^name (\d+) (.+)$/gm)].map((line) => line[2]);
  return { seed: BigInt(seed), group: BigInt(group), specs };
}

for (const name of readdirSync(VECTORS).sort()) {
  for (const { file, text } of recordsOf(name)) {
    test(`plays ${file} as the native engine did`, () => {
      const native = Game.fromRecord(text);
      const { seed, group, specs } = matchOf(text);
      assert.equal(specs.length, native.players);
      const gameSeed = deriveSeed(seed, group);
      assert.equal(native.seed, gameSeed);
      const bots = specs.map((spec, seat) => new Bot(spec, deriveSeed(gameSeed, BOT_SEED_INDEX + BigInt(seat))));
      const game = native.rewound(0);
      assert.equal(game.plies, 0);
      const expected = native.history;
      for (const [ply, move] of expected.entries()) {
        const seat = game.toMove;
        const bot = bots[seat];
        const chosen = bot.seesEveryCard ? bot.choose(game) : bot.chooseFor(game.view(seat));
        assert.equal(chosen, move, `${file}: move ${ply + 1}, seat ${seat} (${specs[seat]})`);
        game.play(chosen);
      }
      assert.ok(game.isFinished);
      assert.equal(game.record(), native.record());
      const [, totals] = text.match(/^result (.+)$/m);
      assert.deepEqual(game.result().sideTotals, totals.split(' ').map(Number));
    });
  }
}
