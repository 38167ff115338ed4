// web/bench.mjs: the page's figures in Debian's Chromium (after web/test.sh has built it).
//
//   node web/bench.mjs [LOADS] [GAMES] [SEED]
//
// 1. Load time to the first playable position: LOADS (default 9) loads of the built page
//    with a seed in its URL, each in a fresh browser context (nothing cached), served on
//    127.0.0.1; the time from navigation to the page's `tablic-ready` mark, when the hand
//    can be played. Prints the median, min and max.
// 2. `best`'s time per move in Chromium: GAMES (default 20) games of `tablic match
//    --players best,greedy --games GAMES --seed SEED` played through the package in a page,
//    every decision of `best` timed with performance.now(); compare with the native run of
//    the same games: cargo run --release -p tablic-core --example bot_move_times -- best
//    GAMES SEED (seat 0's mean points must agree: the same games).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from './test/serve.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(here);
const site = process.env.TABLIC_WEB_DIR ?? join(root, 'target', 'web');
const npm = process.env.TABLIC_NPM_DIR ?? join(root, 'target', 'npm', 'tablic');
const [loads = 9, games = 20, seed = 1] = process.argv.slice(2).map(Number);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true });
const page = await serve(site);
const times = [];
for (let load = 0; load < loads; load += 1) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const tab = await context.newPage();
  await tab.goto(`${page.url}?players=2&level=best&seed=${load + 1}`);
  await tab.waitForSelector('.hand button.card:not([disabled])');
  times.push(await tab.evaluate(() => performance.getEntriesByName('tablic-ready')[0].startTime));
  await context.close();
}
page.server.close();
console.log(JSON.stringify({
  loads, load_to_playable_ms: { median: +median(times).toFixed(1), min: +Math.min(...times).toFixed(1), max: +Math.max(...times).toFixed(1) },
}));

const package_ = await serve(npm);
const tab = await (await browser.newContext()).newPage();
await tab.goto(`${package_.url}package.json`);
const result = await tab.evaluate(async ({ games, seed }) => {
  const { Bot, Game, deriveSeed } = await import('./index.js');
  const decisions = [];
  let points = 0;
  for (let group = 0; group < games; group += 1) {
    const gameSeed = deriveSeed(BigInt(seed), BigInt(group));
    const game = Game.fromSeed(2, gameSeed);
    const bots = [0, 1].map((bot) => new Bot(bot === 0 ? 'best' : 'greedy', deriveSeed(gameSeed, BigInt(1000 + bot))));
    while (!game.isFinished) {
      const seat = game.toMove;
      const view = game.view(seat);
      const start = performance.now();
      const move = bots[seat].chooseFor(view);
      if (seat === 0) decisions.push((performance.now() - start) * 1000);
      game.play(move);
    }
    points += game.result().seats[0].total;
  }
  decisions.sort((a, b) => a - b);
  return {
    decisions: decisions.length,
    median_us: decisions[Math.floor(decisions.length / 2)],
    mean_us: decisions.reduce((sum, value) => sum + value, 0) / decisions.length,
    max_us: decisions[decisions.length - 1],
    mean_points: points / games,
  };
}, { games, seed });
package_.server.close();
await browser.close();
console.log(JSON.stringify({ browser: 'chromium', bot: 'best', games, seed, ...result }));
