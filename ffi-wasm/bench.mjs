// Greedy-against-greedy games per second in Node: through playMatch (the whole match in
// WebAssembly, as `tablic match` plays it natively) and through the per-move API (a Bot
// choosing and Game.play for every move, as a page would). Prints one JSON object.
//
//   node ffi-wasm/bench.mjs GAMES      (from ffi-wasm/, with node_modules/tablic built)
import { Bot, Game, deriveSeed, playMatch } from 'tablic';

const games = Number(process.argv[2] ?? 20000);

function perSecond(run) {
  const start = process.hrtime.bigint();
  const value = run();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return { gamesPerSecond: games / seconds, value };
}

const match = perSecond(() => playMatch('greedy,greedy', games, 1n));
const api = perSecond(() => {
  let points = 0;
  for (let group = 0n; group < BigInt(games); group++) {
    const seed = deriveSeed(1n, group);
    const game = Game.fromSeed(2, seed);
    const bots = [0n, 1n].map((seat) => new Bot('greedy', deriveSeed(seed, 1000n + seat)));
    while (!game.isFinished) game.play(bots[game.toMove].choose(game));
    points += game.result().seats[0].total;
    game.free();
    bots.forEach((bot) => bot.free());
  }
  return points / games;
});
console.log(JSON.stringify({
  games,
  match_games_per_s: Math.round(match.gamesPerSecond),
  api_games_per_s: Math.round(api.gamesPerSecond),
  match_mean_points_bot0: match.value[0].meanPoints,
  api_mean_points_seat0: api.value,
}));
