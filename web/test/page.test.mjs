// The page in Debian's Chromium (playwright-core, headless), served on 127.0.0.1: a whole
// game against a bot by keys and clicks (a choice among several captures, an undo, a hint,
// the score sheet), checked against the engine run in Node; a malformed record and keys
// mashed while bots think in a game of pairs; games of three (by keys and clicks, in a match,
// watched) and of four alone (opened from a record made in Node), checked the same way; the
// Players setting and its URL; levels by name in the URL (level=easy plays greedy), and an
// unknown setting or value shown as an error while the page plays with the defaults; the
// rules screen without the command line's parts; screenshots against the committed goldens in
// test/golden/. TABLIC_WEB_REGENERATE=1 writes the goldens instead (web/test.sh --regenerate).
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { Bot, Game, MatchToTarget, analyzeView, deriveSeed } from 'tablic';
import { serve } from './serve.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const site = process.env.TABLIC_WEB_DIR ?? join(here, '..', '..', 'target', 'web');
const goldens = join(here, 'golden');
const regenerate = process.env.TABLIC_WEB_REGENERATE === '1';
const failures = join(site, '..', 'web-test-failures');

/** The deal every checked game plays: its first hand has 4♣ with four ways to take. */
const SEED = 10n;
const DESKTOP = { width: 1100, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Pixels allowed to differ from a golden (antialiasing at most, never a changed card). */
const PIXELS_ALLOWED = 40;

let server;
let url;
let browser;

before(async () => {
  ({ server, url } = await serve(site));
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true });
});

after(async () => {
  await browser?.close();
  server?.close();
});

/** A page whose console errors and exceptions are collected, to fail the test at its end. */
async function openPage(viewport) {
  const context = await browser.newContext({ viewport, acceptDownloads: true, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (message) => { if (message.type() === 'error') problems.push(`console: ${message.text()}`); });
  page.on('pageerror', (error) => problems.push(`exception: ${error.message}`));
  return { page, problems, context };
}

/** Compares a screenshot with its golden (or writes it when regenerating). */
async function checkScreenshot(page, name) {
  const shot = await page.screenshot({ animations: 'disabled', caret: 'hide', fullPage: true });
  const golden = join(goldens, `${name}.png`);
  if (regenerate) {
    mkdirSync(goldens, { recursive: true });
    writeFileSync(golden, shot);
    return;
  }
  assert.ok(existsSync(golden), `no golden ${name}.png: run web/test.sh --regenerate and look at it`);
  const expected = PNG.sync.read(readFileSync(golden));
  const actual = PNG.sync.read(shot);
  const sameSize = expected.width === actual.width && expected.height === actual.height;
  const differ = sameSize
    ? pixelmatch(expected.data, actual.data, null, expected.width, expected.height, { threshold: 0.1 })
    : Infinity;
  if (differ > PIXELS_ALLOWED) {
    mkdirSync(failures, { recursive: true });
    writeFileSync(join(failures, `${name}.png`), shot);
  }
  assert.ok(differ <= PIXELS_ALLOWED,
    `${name}.png: ${sameSize ? `${differ} pixels differ` : `size ${actual.width}x${actual.height} against ${expected.width}x${expected.height}`} (the new one is in ${failures})`);
}

/** Resolves when the person is to move or the game is over, skipping shown bot moves. */
async function untilPersonOrEnd(page, onBotMove) {
  for (;;) {
    const state = await page.waitForFunction(() => {
      if (document.querySelector('.sheet')) return 'end';
      if (document.querySelector('.played-slot')) return 'shown';
      if (document.querySelector('.hand button.card:not([disabled])')) return 'person';
      return false;
    }, undefined, { polling: 20, timeout: 60000 }).then((handle) => handle.jsonValue(), async (error) => {
      const shown = await page.evaluate(() => document.querySelector('main')?.innerText.slice(0, 600));
      throw new Error(`${error.message}\nThe page showed:\n${shown}`);
    });
    if (state !== 'shown') return state;
    await onBotMove();
  }
}

/** The game the page holds, from its saved record (a download). */
async function savedRecord(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('s')]);
  return readFileSync(await download.path(), 'utf8');
}

/** Presses `count` keys drawn from `keys` by a linear congruential generator from `random`;
 * returns the generator's state after them. */
async function mashKeys(page, keys, count, random) {
  let state = random;
  for (let press = 0; press < count; press += 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    await page.keyboard.press(keys[state % keys.length], { delay: 0 });
  }
  return state;
}

/** Whatever mashed keys did, back to a screen that works: the game, or a new one from the
 * menu. */
async function settleAfterMashing(page) {
  await page.keyboard.press('Escape');
  await page.keyboard.press('b');
  if (await page.$('.menu')) await page.keyboard.press('s');
}

/** The hint shown is the engine's analysis of the person's position (seat 0 of a single
 * game) with the page's seed, value for value. */
async function assertHintIsEngine(page) {
  const hinted = await page.$$eval('.hint tbody tr', (rows) => rows.map((row) => row.children[1].textContent));
  const atHint = await savedGame(page);
  const analysis = analyzeView(atHint.view(0), 'pimc', deriveSeed(atHint.seed, atHint.plies));
  const signed = (value) => (value > 0 ? `+${value.toFixed(1)}` : value.toFixed(1) === '-0.0' ? '0.0' : value.toFixed(1));
  assert.deepEqual(hinted, analysis.moves.slice(0, 6).map((move) => signed(move.margin)));
  assert.match(await page.textContent('.hint .explain'), new RegExp(`in ${analysis.worlds} likely ways`));
}

async function savedGame(page) {
  return Game.fromRecord(await savedRecord(page));
}

/** Every move of `seats` in the record is what the engine's bot of that level, seeded as
 * `tablic match` seeds its bot of that seat, plays there. */
function assertBotMoves(game, spec, seats) {
  const seed = game.seed;
  const replay = Game.fromSeed(game.players, seed, game.rules);
  for (const move of game.history) {
    const seat = replay.toMove;
    if (seats.includes(seat)) {
      const bot = new Bot(spec, deriveSeed(seed, 1000 + seat));
      assert.equal(move, bot.chooseFor(replay.view(seat)), `bot move at ply ${replay.plies}`);
    }
    replay.play(move);
  }
}

/** The sheet's numbers, side by side, as the page shows them. */
async function sheetValues(page) {
  return page.evaluate(() => Object.fromEntries(['cards', 'most', 'points', 'tablas', 'total'].map((field) => [field,
    [...document.querySelectorAll(`.sheet td[data-field="${field}"]`)].map((cell) => cell.textContent)])));
}

function expectedSheet(game) {
  const sides = game.result().sides;
  return {
    cards: sides.map((side) => String(side.cards)),
    most: sides.map((side) => (side.mostCards ? '+3' : '')),
    points: sides.map((side) => String(side.cardPoints)),
    tablas: sides.map((side) => (side.tablas > 0 ? `${'|'.repeat(side.tablas)} ${side.tablas}` : '0')),
    total: sides.map((side) => String(side.total)),
  };
}

async function playWholeGame(viewport, tag) {
  const { page, problems, context } = await openPage(viewport);
  await page.goto(`${url}?pause=600000`);
  await page.waitForSelector('html[data-ready]');
  // The menu by keys: the level to Easy (three presses from Hard), the deal's seed typed.
  for (let press = 0; press < 3; press += 1) await page.keyboard.press('l');
  assert.equal(await page.textContent('[data-field="level"]'), 'Easy');
  await page.fill('#seed', String(SEED));
  await page.focus('[data-key="start"]');
  await checkScreenshot(page, `menu-${tag}`);
  await page.keyboard.press('Enter');
  assert.equal(await untilPersonOrEnd(page, () => {}), 'person');
  assert.match(page.url(), /seed=10/);

  // The first move by keys: 4♣ (the first card) has four moves, best first, laying it down
  // last; the second is chosen.
  await page.keyboard.press('1');
  const options = await page.$$eval('.choice .option', (buttons) => buttons.map((button) => button.dataset.move));
  assert.deepEqual(options, Game.fromSeed(2, SEED).cardMoves('4C'));
  assert.equal(options.length, 4);
  await page.keyboard.press('ArrowDown');
  assert.deepEqual(await page.$$eval('.table-cards .card.taken', (cards) => cards.map((card) => card.dataset.card)), ['4D']);
  await checkScreenshot(page, `choice-${tag}`);
  await page.keyboard.press('Enter');

  // The bot's reply stays marked until a key: its card and what it took.
  let botMovesSeen = 0;
  const skipBotMove = async () => {
    if (botMovesSeen === 0) {
      await checkScreenshot(page, `bot-move-${tag}`);
      const played = await page.getAttribute('.played-slot .card', 'data-card');
      assert.ok(played);
    }
    botMovesSeen += 1;
    if (botMovesSeen % 2 === 0) await page.keyboard.press('Shift'); else await page.click('.status');
  };
  assert.equal(await untilPersonOrEnd(page, skipBotMove), 'person');

  // An undo: back to the first move, the hand as dealt.
  const dealt = Game.fromSeed(2, SEED).hand(0);
  await page.keyboard.press('u');
  assert.equal(await untilPersonOrEnd(page, skipBotMove), 'person');
  assert.equal((await page.$$eval('.hand .card', (cards) => cards.map((card) => card.dataset.card))).join(' '), dealt);
  // Again the second way to take with 4♣, now by clicks.
  await page.click('.hand .card[data-card="4C"]');
  await page.click('.choice .option[data-index="1"]');
  assert.equal(await untilPersonOrEnd(page, skipBotMove), 'person');

  // A hint: the engine's analysis of this position with the page's seed, value for value.
  await page.keyboard.press('h');
  await page.waitForSelector('.hint table', { timeout: 60000 });
  await checkScreenshot(page, `hint-${tag}`);
  await assertHintIsEngine(page);

  // The rest of the game: the first card and its best capture, by clicks and keys in turn.
  let turn = 0;
  while (await untilPersonOrEnd(page, skipBotMove) === 'person') {
    if (turn % 2 === 0) {
      await page.click('.hand .card[data-index="0"]');
      await page.click('.choice .option[data-index="0"]');
    } else {
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
    }
    turn += 1;
  }
  await checkScreenshot(page, `sheet-${tag}`);
  const game = await savedGame(page);
  assert.ok(game.isFinished);
  assert.equal(game.history[0], '4C 4D');
  assertBotMoves(game, 'greedy', [1]);
  assert.deepEqual(await sheetValues(page), expectedSheet(game));
  assert.ok(botMovesSeen >= 20, `${botMovesSeen} bot moves shown`);
  assert.deepEqual(problems, []);
  await context.close();
}

test('a whole game on a desktop by keys and clicks, checked against the engine', async () => {
  await playWholeGame(DESKTOP, 'desktop');
});

test('a whole game in a phone-sized window', async () => {
  await playWholeGame(PHONE, 'phone');
});

test('a malformed record shows the engine\'s error, the game plays on, and a saved one opens', async () => {
  const { page, problems, context } = await openPage(DESKTOP);
  await page.goto(`${url}?players=2&level=greedy&seed=${SEED}&pause=0`);
  assert.equal(await untilPersonOrEnd(page, () => {}), 'person');
  const text = 'seed 10\nplayers 2\nmoves 4C 9H\n';
  let expected;
  try { Game.fromRecord(text); } catch (error) { expected = error.message; }
  assert.ok(expected, 'the record is malformed for the engine too');
  await page.setInputFiles('input[type=file]', { name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.waitForSelector('.message.error');
  assert.equal(await page.textContent('.message.error'), `Could not open bad.txt: ${expected}`);
  await page.click('.hand .card[data-index="0"]');
  await page.click('.choice .option[data-index="0"]');
  assert.equal(await untilPersonOrEnd(page, () => {}), 'person');
  const record = await savedRecord(page);
  assert.equal(Game.fromRecord(record).plies, 2);
  // A good record, opened from the menu: the game as it was saved, ready to play on.
  await page.keyboard.press('m');
  await page.setInputFiles('input[type=file]', { name: 'good.txt', mimeType: 'text/plain', buffer: Buffer.from(record) });
  assert.equal(await untilPersonOrEnd(page, () => {}), 'person');
  assert.equal(await page.textContent('.message'), 'Opened good.txt.');
  assert.equal((await page.$$eval('.hand .card', (cards) => cards.map((card) => card.dataset.card))).join(' '),
    Game.fromRecord(record).hand(0));
  assert.equal(await savedRecord(page), record);
  // Undo goes back past where the record was opened: to the deal, then nothing more.
  await page.keyboard.press('u');
  assert.equal(await untilPersonOrEnd(page, () => {}), 'person');
  assert.equal((await page.$$eval('.hand .card', (cards) => cards.map((card) => card.dataset.card))).join(' '),
    Game.fromSeed(2, SEED).hand(0));
  assert.equal(Game.fromRecord(await savedRecord(page)).plies, 0);
  await page.keyboard.press('u');
  assert.equal(await page.textContent('.message'), 'Nothing to undo yet.');
  assert.deepEqual(problems, []);
  await context.close();
});

test('keys mashed while the bots think leave the page working, offline', async () => {
  const { page, problems, context } = await openPage(DESKTOP);
  await page.goto(`${url}?players=4&level=minimax:depth=3&seed=${SEED}&pause=0`);
  assert.equal(await untilPersonOrEnd(page, () => {}), 'person');
  // Once loaded (the bot worker too), the page needs no network: the rest is played offline.
  await page.waitForSelector('html[data-worker="ready"]', { timeout: 60000 });
  await context.setOffline(true);
  assert.deepEqual(await page.$$eval('.seat h2', (names) => names.map((name) => name.firstChild.textContent)),
    ['West', 'Partner', 'East', 'You']);
  await checkScreenshot(page, 'pairs-desktop');
  const keys = ['1', '2', '3', '6', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Enter', ' ',
    'Escape', 'h', 'u', 'k', 'r', 'b', 'x', 'Tab'];
  let random = 12345;
  for (let round = 0; round < 3; round += 1) {
    await page.click('.hand .card[data-index="0"]');
    await page.click('.choice .option[data-index="0"]');
    random = await mashKeys(page, keys, 40, random);
    await settleAfterMashing(page);
    assert.equal(await untilPersonOrEnd(page, () => {}), 'person');
  }
  while (await untilPersonOrEnd(page, () => {}) === 'person') {
    await page.click('.hand .card[data-index="0"]');
    await page.click('.choice .option[data-index="0"]');
  }
  const game = await savedGame(page);
  assert.deepEqual(await sheetValues(page), expectedSheet(game));
  assert.deepEqual(problems, []);
  await context.close();
});

test('a match to 101: running totals and every game\'s sheet are the engine\'s', async () => {
  const { page, problems, context } = await openPage(DESKTOP);
  await page.goto(`${url}?players=2&level=greedy&seed=${SEED}&match=101&pause=0`);
  let games = 0;
  let undone = false;
  for (;;) {
    const state = await untilPersonOrEnd(page, () => {});
    if (state === 'person' && games === 1 && !undone) {
      // An undo in the match's second game: the match rewound by the engine, as it was.
      const before = await savedRecord(page);
      await page.click('.hand .card[data-index="0"]');
      await page.click('.choice .option[data-index="0"]');
      assert.equal(await untilPersonOrEnd(page, () => {}), 'person');
      await page.keyboard.press('u');
      assert.equal(await untilPersonOrEnd(page, () => {}), 'person');
      assert.equal(await savedRecord(page), before);
      undone = true;
    }
    if (state === 'person') {
      await page.click('.hand .card[data-index="0"]');
      await page.click('.choice .option[data-index="0"]');
      continue;
    }
    games += 1;
    if (games === 2) await checkScreenshot(page, 'match-sheet-desktop');
    const match = MatchToTarget.fromRecord(await savedRecord(page));
    assert.equal(match.finishedGames, games);
    assert.deepEqual(await sheetValues(page), expectedSheet(match.game));
    const running = await page.$$eval('.match-sheet tbody tr:last-child .running', (cells) => cells.map((cell) => cell.textContent));
    assert.deepEqual(running, Array.from(match.totals, (total) => ` → ${total}`));
    const own = match.sideOf(0);
    assert.match(await page.textContent('[data-field="match-line"]'), new RegExp(`You ${match.totals[own]} · Them ${match.totals[1 - own]}`));
    if (match.isOver) {
      const verdict = await page.textContent('[data-field="match-winner"]');
      assert.equal(verdict, match.winner === own ? 'You win the match!' : 'Bot wins the match.');
      assert.ok(Math.max(...match.totals) >= 101);
      break;
    }
    await page.keyboard.press('g');
  }
  assert.ok(games >= 3, `${games} games`);
  assert.deepEqual(problems, []);
  await context.close();
});

/** The number of moves the page's log has shown since the game began (at most six lines). */
async function untilLogged(page, moves) {
  await page.waitForFunction((count) => document.querySelectorAll('.log li').length === count
    && document.querySelector('.played-slot') !== null, moves, { polling: 20, timeout: 60000 });
}

test('bots watched in every seat by keys: paused, a step, faster, to the sheet; their moves are the engine\'s', async () => {
  const { page, problems, context } = await openPage(DESKTOP);
  // Each move shown for ten minutes at 1×: nothing moves on but by the keys.
  await page.goto(`${url}?players=2&level=greedy&watch=minimax:depth=1&seed=${SEED}&pause=600000`);
  await untilLogged(page, 1);
  await page.keyboard.press('p');
  assert.equal(await page.textContent('[data-field="watch-state"]'), 'paused');
  assert.deepEqual(await page.$$eval('.seat h2', (names) => names.map((name) => name.firstChild.textContent)),
    ['North', 'South']);
  await checkScreenshot(page, 'watch-paused-desktop');
  // The keys' help shows the watch's keys; any key closes it, and does nothing else.
  await page.keyboard.press('k');
  assert.match(await page.textContent('.keys-help'), /pause or resume.*one move more.*speed 1×, 2×, 5×/);
  await page.keyboard.press('.');
  assert.equal(await page.$('.keys-help'), null);
  await page.keyboard.press('.');
  await untilLogged(page, 2);
  await page.waitForTimeout(300);
  assert.equal(await page.$$eval('.log li', (lines) => lines.length), 2, 'paused after a step');
  assert.equal(Game.fromRecord(await savedRecord(page)).plies, 2);
  // Resumed at 2× (five minutes a move), then faster: 5×, then the fastest to the end.
  await page.keyboard.press('2');
  assert.equal(await page.textContent('[data-field="watch-state"]'), 'speed 2×');
  await page.keyboard.press('f');
  assert.equal(await page.textContent('[data-field="watch-state"]'), 'speed 5×');
  assert.equal(await page.$$eval('.log li', (lines) => lines.length), 2, 'a new speed holds the move shown');
  await page.keyboard.press('f');
  await page.waitForSelector('.sheet', { timeout: 60000 });
  const game = await savedGame(page);
  assert.ok(game.isFinished);
  assertBotMoves(game, 'minimax:depth=1', [0]);
  assertBotMoves(game, 'greedy', [1]);
  assert.deepEqual(await sheetValues(page), expectedSheet(game));
  const winner = game.result().winner;
  assert.equal(await page.textContent('[data-field="winner"]'),
    winner === undefined ? 'A tie.' : `${['South', 'North'][winner]} wins.`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('keys mashed while bots are watched in pairs leave the page working', async () => {
  const { page, problems, context } = await openPage(DESKTOP);
  await page.goto(`${url}?players=4&level=minimax:depth=1&watch=greedy&seed=${SEED}&match=101&pause=20`);
  await untilLogged(page, 1);
  const keys = ['p', ' ', '.', 'ArrowRight', '1', '2', '5', '0', 'f', 'k', 'r', 'b', 'Escape', 'x', 'Tab', 'Enter', 'u', 'h'];
  await mashKeys(page, keys, 120, 4321);
  // Back to a watch (a new one if the keys reached the menu), run to its first sheet.
  await settleAfterMashing(page);
  await page.keyboard.press('0');
  await page.waitForSelector('.sheet', { timeout: 120000 });
  const match = MatchToTarget.fromRecord(await savedRecord(page));
  assert.equal(match.finishedGames, 1);
  assert.deepEqual(await sheetValues(page), expectedSheet(match.game));
  assert.deepEqual(problems, []);
  await context.close();
});

/** The seats' names around the table, the person's last. */
async function seatNames(page) {
  return page.$$eval('.seat h2', (names) => names.map((name) => name.firstChild.textContent));
}

/** Plays the person's turns to the sheet, by clicks and keys in turn: the first card and its
 * first (best) capture. */
async function playToSheet(page) {
  let turn = 0;
  while (await untilPersonOrEnd(page, () => {}) === 'person') {
    if (turn % 2 === 0) {
      await page.click('.hand .card[data-index="0"]');
      await page.click('.choice .option[data-index="0"]');
    } else {
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
    }
    turn += 1;
  }
}

/** A game of three from its start to its sheet, checked against the engine: the bots' moves,
 * the sheet's numbers and its verdict. */
async function playThreePlayers(page, tag) {
  assert.equal(await untilPersonOrEnd(page, () => {}), 'person');
  assert.deepEqual(await seatNames(page), ['West', 'East', 'You']);
  assert.match(await page.textContent('.info'), /· 3 players ·/);
  // The first move, undone: the hand as dealt again, the bots' replies gone.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  assert.equal(await untilPersonOrEnd(page, () => {}), 'person');
  const logged = await page.$$eval('.log li', (lines) => lines.map((line) => line.textContent));
  assert.match(logged[1] ?? '', /^West (plays|lays down) /);
  assert.match(logged[2] ?? '', /^East (plays|lays down) /);
  await page.keyboard.press('u');
  assert.equal(await untilPersonOrEnd(page, () => {}), 'person');
  assert.equal((await page.$$eval('.hand .card', (cards) => cards.map((card) => card.dataset.card))).join(' '),
    Game.fromSeed(3, SEED).hand(0));
  await page.click('.hand .card[data-index="1"]');
  await page.click('.choice .option[data-index="0"]');
  assert.equal(await untilPersonOrEnd(page, () => {}), 'person');
  await checkScreenshot(page, `three-${tag}`);
  await playToSheet(page);
  const game = await savedGame(page);
  assert.ok(game.isFinished);
  assert.equal(game.players, 3);
  assert.equal(game.sideCount, 3);
  assertBotMoves(game, 'greedy', [1, 2]);
  assert.deepEqual(await sheetValues(page), expectedSheet(game));
  assert.deepEqual(await page.$$eval('.sheet thead th[scope="col"]', (cells) => cells.map((cell) => cell.textContent)),
    ['You', 'West', 'East']);
  const result = game.result();
  const names = ['You', 'West', 'East'];
  const top = Math.max(...result.sideTotals);
  const tied = names.filter((_, side) => result.sideTotals[side] === top);
  assert.equal(await page.textContent('[data-field="winner"]'), result.winner === 0 ? 'You win!'
    : result.winner === undefined ? `A tie: ${tied.slice(0, -1).join(', ')} and ${tied.at(-1)}, ${top} each.`
      : `${names[result.winner]} wins.`);
  return game;
}

test('three players, from the menu by keys: a whole game to its sheet, the engine\'s', async () => {
  const { page, problems, context } = await openPage(DESKTOP);
  await page.goto(`${url}?pause=0`);
  await page.waitForSelector('html[data-ready]');
  await page.keyboard.press('p');
  assert.equal(await page.textContent('[data-field="players"]'), '3');
  for (let press = 0; press < 3; press += 1) await page.keyboard.press('l');
  await page.fill('#seed', String(SEED));
  await page.focus('[data-key="start"]');
  await page.keyboard.press('Enter');
  await playThreePlayers(page, 'desktop');
  await checkScreenshot(page, 'three-sheet-desktop');
  assert.match(page.url(), /players=3&level=greedy&seed=10/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('three players in a phone-sized window, with a hint', async () => {
  const { page, problems, context } = await openPage(PHONE);
  await page.goto(`${url}?players=3&level=greedy&seed=${SEED}&pause=0`);
  assert.equal(await untilPersonOrEnd(page, () => {}), 'person');
  await page.keyboard.press('h');
  await page.waitForSelector('.hint table', { timeout: 60000 });
  await assertHintIsEngine(page);
  await page.keyboard.press('Escape');
  await playThreePlayers(page, 'phone');
  assert.deepEqual(problems, []);
  await context.close();
});

test('four alone: a record made in Node opens and plays to its end, every bot an opponent', async () => {
  const { page, problems, context } = await openPage(DESKTOP);
  await page.goto(`${url}?players=2&level=greedy&seed=${SEED}&pause=0`);
  assert.equal(await untilPersonOrEnd(page, () => {}), 'person');
  // Five moves by the engine's greedy bots, seeded as the page seeds its bots: the person's
  // second turn is next.
  const made = Game.fromSeed(4, SEED);
  for (let ply = 0; ply < 4; ply += 1) {
    const seat = made.toMove;
    made.play(new Bot('greedy', deriveSeed(SEED, 1000 + seat)).chooseFor(made.view(seat)));
  }
  const text = made.record();
  await page.setInputFiles('input[type=file]', { name: 'four.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
  assert.equal(await untilPersonOrEnd(page, () => {}), 'person');
  assert.equal(await page.textContent('.message'), 'Opened four.txt.');
  assert.match(page.url(), /players=4&level=greedy&seed=10&pairs=no/);
  assert.deepEqual(await seatNames(page), ['West', 'North', 'East', 'You']);
  assert.equal(await page.$('.seat.partner'), null);
  assert.equal(await page.$('.sides'), null);
  assert.match(await page.textContent('.info'), /· 4 players alone ·/);
  assert.equal((await page.$$eval('.hand .card', (cards) => cards.map((card) => card.dataset.card))).join(' '), made.hand(0));
  await checkScreenshot(page, 'four-alone-desktop');
  await playToSheet(page);
  const game = await savedGame(page);
  assert.ok(game.isFinished);
  assert.deepEqual(game.history.slice(0, 4), made.history);
  assertBotMoves(game, 'greedy', [1, 2, 3]);
  assert.deepEqual(await sheetValues(page), expectedSheet(game));
  assert.deepEqual(await page.$$eval('.sheet thead th[scope="col"]', (cells) => cells.map((cell) => cell.textContent)),
    ['You', 'West', 'North', 'East']);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a match of three to 101: the first game\'s sheet and the running totals are the engine\'s', async () => {
  const { page, problems, context } = await openPage(DESKTOP);
  await page.goto(`${url}?players=3&level=greedy&seed=${SEED}&match=101&pause=0`);
  await playToSheet(page);
  const match = MatchToTarget.fromRecord(await savedRecord(page));
  assert.equal(match.players, 3);
  assert.equal(match.finishedGames, 1);
  assert.deepEqual(await sheetValues(page), expectedSheet(match.game));
  assert.deepEqual(await page.$$eval('.match-sheet thead th[scope="col"]', (cells) => cells.map((cell) => cell.textContent)),
    ['You', 'West', 'East']);
  const running = await page.$$eval('.match-sheet tbody tr:last-child .running', (cells) => cells.map((cell) => cell.textContent));
  assert.deepEqual(running, Array.from(match.totals, (total) => ` → ${total}`));
  const [you, west, east] = Array.from({ length: 3 }, (_, player) => match.totals[match.sideOf(player)]);
  assert.match(await page.textContent('[data-field="match-line"]'), new RegExp(`You ${you} · West ${west} · East ${east}$`));
  // The second game: the lead moved on, the names follow the players.
  await page.keyboard.press('g');
  assert.equal(await untilPersonOrEnd(page, () => {}), 'person');
  assert.deepEqual((await seatNames(page)).sort(), ['East', 'West', 'You']);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the Players setting cycles, and the URL keeps it: old players=4 is still pairs', async () => {
  const { page, problems, context } = await openPage(DESKTOP);
  await page.goto(`${url}?pause=0`);
  await page.waitForSelector('html[data-ready]');
  const seen = [await page.textContent('[data-field="players"]')];
  for (let press = 0; press < 4; press += 1) {
    await page.keyboard.press('p');
    seen.push(await page.textContent('[data-field="players"]'));
  }
  assert.deepEqual(seen, ['2', '3', '4 alone', '4 in pairs', '2']);
  const expectations = [
    ['players=3', '3', 'players=3', ['West', 'East', 'You']],
    ['players=4&pairs=no', '4 alone', 'players=4&level=greedy&seed=10&pairs=no', ['West', 'North', 'East', 'You']],
    ['players=4', '4 in pairs', 'players=4&level=greedy&seed=10&pause', ['West', 'Partner', 'East', 'You']],
    ['players=2', '2', 'players=2', ['Bot', 'You']],
  ];
  for (const [query, name, kept, seats] of expectations) {
    await page.goto(`${url}?${query}&level=greedy&seed=${SEED}&pause=0`);
    assert.equal(await untilPersonOrEnd(page, () => {}), 'person');
    assert.ok(page.url().includes(kept), `${page.url()} keeps ${kept}`);
    assert.deepEqual(await seatNames(page), seats);
    await page.keyboard.press('m');
    assert.equal(await page.textContent('[data-field="players"]'), name);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('bots watched at a table of three: South at the Watch level, West and East at the Level', async () => {
  const { page, problems, context } = await openPage(DESKTOP);
  await page.goto(`${url}?players=3&level=minimax:depth=1&watch=greedy&seed=${SEED}&pause=0`);
  await page.waitForSelector('.sheet', { timeout: 120000 });
  assert.deepEqual(await seatNames(page), ['West', 'East', 'South']);
  const game = await savedGame(page);
  assert.ok(game.isFinished);
  assertBotMoves(game, 'greedy', [0]);
  assertBotMoves(game, 'minimax:depth=1', [1, 2]);
  assert.deepEqual(await sheetValues(page), expectedSheet(game));
  assert.deepEqual(problems, []);
  await context.close();
});

/** Plays the person's first card and its first capture until the game is over. */
async function playFirstMovesToEnd(page) {
  while (await untilPersonOrEnd(page, () => {}) === 'person') {
    await page.click('.hand .card[data-index="0"]');
    await page.click('.choice .option[data-index="0"]');
  }
}

test('a level by its name in the URL, in any case: level=easy plays greedy, the engine\'s', async () => {
  const { page, problems, context } = await openPage(DESKTOP);
  await page.goto(`${url}?level=easy&seed=${SEED}&pause=0`);
  await playFirstMovesToEnd(page);
  assert.equal(await page.$('[data-field="address-error"]'), null);
  assert.match(page.url(), /level=greedy&seed=10/);
  assertBotMoves(await savedGame(page), 'greedy', [1]);
  for (const [query, level, watch] of [['level=EXPERT', 'Expert', 'off: you play'],
    ['level=Medium&watch=best', 'Medium', 'Best'], ['level=minimax:depth=1&watch=Easy', 'Medium', 'Easy']]) {
    await page.goto(`${url}?${query}`);
    await page.waitForSelector('html[data-ready]');
    assert.deepEqual([await page.textContent('[data-field="level"]'), await page.textContent('[data-field="watch"]')],
      [level, watch], query);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('an unknown setting or value in the URL is shown, and the page plays with the defaults', async () => {
  const { page, problems, context } = await openPage(DESKTOP);
  const shown = () => page.$$eval('[data-field="address-error"]', (notes) => notes.map((note) =>
    [...note.querySelectorAll('p, li')].map((line) => line.textContent).join('\n')));
  // On the menu: the level stays Hard, and Start plays a game (the note then goes).
  await page.goto(`${url}?level=bogus&players=5&pause=0`);
  await page.waitForSelector('html[data-ready]');
  assert.deepEqual(await shown(), ['The address asks for settings this page does not know; it plays with the defaults instead:\n'
    + 'level=bogus: not a level (easy, medium, hard, expert, best, or a spec: greedy, minimax:depth=1, minimax:depth=2, minimax:depth=3, best)\n'
    + 'players=5: not a table offered (2, 3 or 4)']);
  assert.ok(await page.isVisible('[data-field="address-error"]'));
  await page.fill('#seed', String(SEED));
  await page.focus('[data-key="start"]');
  await checkScreenshot(page, 'address-error-desktop');
  assert.deepEqual([await page.textContent('[data-field="level"]'), await page.textContent('[data-field="players"]')], ['Hard', '2']);
  await page.keyboard.press('s');
  assert.equal(await untilPersonOrEnd(page, () => {}), 'person');
  assert.deepEqual(await shown(), []);
  // A seed starts the game at once: the note is over the table, and the game plays.
  await page.goto(`${url}?colour=red&seed=${SEED}&pause=0`);
  assert.equal(await untilPersonOrEnd(page, () => {}), 'person');
  assert.deepEqual(await shown(), ['The address asks for settings this page does not know; it plays with the defaults instead:\n'
    + 'colour=red: no such setting (the settings are players, pairs, level, watch, seed, pause, match)']);
  assert.match(page.url(), /^[^?]*\?players=2&level=minimax%3Adepth%3D2&seed=10&pause=0$/);
  await playFirstMovesToEnd(page);
  assertBotMoves(await savedGame(page), 'minimax:depth=2', [1]);
  for (const [query, line] of [['pairs=maybe', 'pairs=maybe: not yes or no'],
    ['seed=12x', 'seed=12x: not a seed (a whole number from 0 to 18446744073709551615)'],
    ['pause=-5', 'pause=-5: not a pause (milliseconds, a whole number from 0 to 600000)'],
    ['match=50', 'match=50: not a match offered (101: a match to 101)'],
    ['watch=all', 'watch=all: not a level (easy, medium, hard, expert, best, or a spec: greedy, minimax:depth=1, minimax:depth=2, minimax:depth=3, best)']]) {
    await page.goto(`${url}?${query}`);
    await page.waitForSelector('html[data-ready]');
    assert.equal((await shown())[0]?.split('\n')[1], line, query);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('the rules screen is docs/RULES.md without what it says to command-line users alone', async () => {
  const { page, problems, context } = await openPage(DESKTOP);
  await page.goto(`${url}?pause=0`);
  await page.waitForSelector('html[data-ready]');
  await page.keyboard.press('r');
  const text = (await page.textContent('.rules-text')).replace(/\s+/g, ' ');
  for (const part of ['Examples:', 'at least two sides is allowed.', 'until a side reaches 101 points.',
    'The cards left at the end. By default', 'A tabla on the last move. By default']) {
    assert.ok(text.includes(part), part);
  }
  for (const commandLine of ['tablic', '--', 'command line', '<!--', 'cli']) {
    assert.ok(!text.includes(commandLine), commandLine);
  }
  assert.deepEqual(problems, []);
  await context.close();
});
