// What a bot worker does with one request, in the worker: the package's own calls, with
// nothing decided here. Shared by bot-worker.js (browsers) and bot-worker-node.js (Node).

/** The game a state's text gives: a game record, a match record (its game in play) or a
 * position, each read by the package's own reader. */
function gameOf(tablic, state) {
  if (typeof state !== 'string') return tablic.Game.fromRecord(state);  // its Error says why
  const header = state.trimStart();
  if (header.startsWith('tablic-record')) return tablic.Game.fromRecord(state);
  if (header.startsWith('tablic-match')) return tablic.MatchToTarget.fromRecord(state).game;
  return tablic.Game.fromPosition(state);
}

/** An analysis as plain data, which can cross to another thread. */
function analysisData(analysis) {
  return {
    seat: analysis.seat,
    exact: analysis.exact,
    horizon: analysis.horizon,
    worlds: analysis.worlds,
    leftOut: analysis.leftOut,
    moves: analysis.moves.map((move) => ({
      move: move.move, margin: move.margin, marginSe: move.marginSe, ahead: move.ahead,
      loss: move.loss, lossSe: move.lossSe, mark: move.mark,
    })),
    best: analysis.best,
    botMove: analysis.botMove,
    line: analysis.line,
    nodes: analysis.nodes,
  };
}

const KINDS = {
  /** A new bot of `spec` and `seed` chooses for `seat`, as `new Bot(spec, seed)` does on
   * the main thread: from the seat's view, or from the game for a bot that sees every card. */
  choose(tablic, { spec, seed, state, seat }) {
    const game = gameOf(tablic, state);
    const view = game.view(seat);
    const bot = new tablic.Bot(spec, seed);
    try {
      if (!bot.seesEveryCard) return bot.chooseFor(view);
      if (!view.isMyTurn()) throw new Error(`it is not seat ${seat}'s turn`);
      return bot.choose(game);
    } finally {
      bot.free();
    }
  },
  /** `analyzeView` of the seat's view. */
  analyze(tablic, { state, seat, bot, seed }) {
    return analysisData(tablic.analyzeView(gameOf(tablic, state).view(seat), bot, seed));
  },
  /** `analyzeGame`, with every card known. */
  analyzeGame(tablic, { state, nodes }) {
    return analysisData(tablic.analyzeGame(gameOf(tablic, state), nodes));
  },
};

/** The answer to `request` ({ id, kind, ... }): { id, value } or { id, error: message }. */
export function answer(tablic, request) {
  try {
    const kind = Object.hasOwn(KINDS, request.kind) ? KINDS[request.kind] : undefined;
    if (!kind) throw new Error(`no request of kind ${request.kind}`);
    return { id: request.id, value: kind(tablic, request) };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}
