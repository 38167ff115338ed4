// Every call into the engine's bots and analysis, and nothing else: the one module to move
// into a Web Worker. Each call is async and yields to the browser first, so the page shows
// "thinking" before the work starts.
import { Bot, analyzeView, deriveSeed, type Game } from 'tablic';

/** One analysed move, in points of margin (the seat's points minus the others' mean). */
export interface HintMove {
  move: string;
  margin: number;
  loss: number;
  mark: string;
  ahead: number;
}

export interface Hint {
  moves: HintMove[];
  worlds: number;
  horizon: string;
  exact: boolean;
}

/** The spec of the analysis behind hints: the engine's `tablic analyze` default. */
export const HINT_ANALYSIS = 'pimc';

function nextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** The bots of one game, one per bot seat, each seeded from the game's seed and its seat. */
export class Bots {
  private readonly bots = new Map<number, Bot>();

  constructor(spec: string, seed: bigint, seats: number[]) {
    for (const seat of seats) this.bots.set(seat, new Bot(spec, deriveSeed(seed, 1000 + seat)));
  }

  /** The move of the bot at the seat to move, from that seat's view alone. */
  async choose(game: Game): Promise<string> {
    await nextPaint();
    const seat = game.toMove;
    const bot = seat === undefined ? undefined : this.bots.get(seat);
    if (seat === undefined || bot === undefined) throw new Error('no bot is to move');
    return bot.chooseFor(game.view(seat));
  }
}

/** Every legal move of `seat` (to move) valued from its view, best first. */
export async function hintFor(game: Game, seat: number, seed: bigint): Promise<Hint> {
  await nextPaint();
  const analysis = analyzeView(game.view(seat), HINT_ANALYSIS, seed);
  const hint: Hint = {
    moves: analysis.moves.map((entry) => ({
      move: entry.move, margin: entry.margin, loss: entry.loss, mark: entry.mark,
      ahead: entry.ahead,
    })),
    worlds: analysis.worlds,
    horizon: analysis.horizon,
    exact: analysis.exact,
  };
  analysis.free();
  return hint;
}
