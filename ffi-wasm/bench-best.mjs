// The `best` bot's time per move in Node against native, on the same positions with the
// same seeds: every position with a choice in GAMES two-player greedy games (seeds
// deriveSeed(1, g)), `new Bot('best', deriveSeed(2, i))` deciding for the seat to move.
// Native is the core through the Python binding (bench_best.py, run by PYTHON); the two
// alternate for ROUNDS rounds, each position's time is its median over the rounds, and
// every round must choose the same moves. Prints one JSON object.
//
//   node ffi-wasm/bench-best.mjs PYTHON [GAMES] [ROUNDS]   (from ffi-wasm/, node_modules/tablic built)
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Bot, Game, deriveSeed } from 'tablic';

const [python, games = 8, rounds = 3] = process.argv.slice(2);
const NATIVE = fileURLToPath(new URL('./bench_best.py', import.meta.url));

const positions = [];
for (let g = 0; g < Number(games); g++) {
  const game = Game.fromSeed(2, deriveSeed(1n, BigInt(g)));
  const greedy = new Bot('greedy');
  while (!game.isFinished) {
    if (game.legalMoves().length > 1) {
      positions.push({ record: game.record(), seat: game.toMove, seed: String(deriveSeed(2n, BigInt(positions.length))) });
    }
    game.play(greedy.choose(game));
  }
}

function inNode() {
  const moves = [];
  const ms = [];
  for (const position of positions) {
    const game = Game.fromRecord(position.record);
    const bot = new Bot('best', BigInt(position.seed));
    const view = game.view(position.seat);
    const start = process.hrtime.bigint();
    moves.push(bot.chooseFor(view));
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
    [game, bot, view].forEach((object) => object.free());
  }
  return { moves, ms };
}

const native = () => JSON.parse(execFileSync(python, [NATIVE], {
  input: JSON.stringify(positions), encoding: 'utf8', maxBuffer: 1 << 26,
}));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const runs = { native: [], node: [] };
for (let round = 0; round < Number(rounds); round++) {
  runs.native.push(native());
  runs.node.push(inNode());
}
for (const run of [...runs.native, ...runs.node]) {
  const differs = run.moves.findIndex((move, i) => move !== runs.native[0].moves[i]);
  if (differs >= 0) throw new Error(`position ${differs}: ${run.moves[differs]} against ${runs.native[0].moves[differs]}`);
}
const perPosition = (side) => positions.map((_, i) => median(runs[side].map((run) => run.ms[i])));
const native_ms = perPosition('native');
const node_ms = perPosition('node');
const round2 = (value) => Math.round(value * 100) / 100;
console.log(JSON.stringify({
  positions: positions.length,
  rounds: Number(rounds),
  native_median_ms: round2(median(native_ms)),
  node_median_ms: round2(median(node_ms)),
  native_p90_ms: round2(native_ms.toSorted((a, b) => a - b)[Math.floor(positions.length * 0.9)]),
  node_p90_ms: round2(node_ms.toSorted((a, b) => a - b)[Math.floor(positions.length * 0.9)]),
  native_max_ms: round2(Math.max(...native_ms)),
  node_max_ms: round2(Math.max(...node_ms)),
  native_total_s: round2(native_ms.reduce((a, b) => a + b, 0) / 1000),
  node_total_s: round2(node_ms.reduce((a, b) => a + b, 0) / 1000),
  median_ratio_node_over_native: round2(median(native_ms.map((ms, i) => node_ms[i] / ms))),
}));
