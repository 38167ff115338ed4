// Every call into the engine's bots and analysis, and nothing else: they run in the
// package's BotWorker (a module Web Worker), so a decision or a hint never blocks the page.
// A request asks about a game by its record, which the worker rebuilds exactly.
import { deriveSeed } from 'tablic';
import { BotWorker, type AnalysisData } from 'tablic/worker';

/** The spec of the analysis behind hints: the engine's `tablic analyze` default. */
export const HINT_ANALYSIS = 'pimc';

export type Hint = AnalysisData;

/** The seed of `player`'s bot in a game dealt from `seed`, as `tablic match` seeds its bot
 * `player`. */
export function botSeed(seed: bigint, player: number): bigint {
  return deriveSeed(seed, 1000 + player);
}

/** The page's one bot worker; restarted when an answer still being worked out is no longer
 * wanted (a new game, an undo), so the next request does not wait behind it. */
export class Bots {
  private worker = new BotWorker();
  private waiting = 0;

  /** The move of a bot of `spec` and `seed` at `seat` in the game `record` holds (a game's
   * or a match's record), from its view. */
  choose(spec: string, seed: bigint, record: string, seat: number): Promise<string> {
    return this.track(this.worker.choose(spec, seed, record, seat));
  }

  /** Every legal move of `seat` (to move) in the game `record` holds, valued from its view. */
  hint(record: string, seat: number, seed: bigint): Promise<Hint> {
    return this.track(this.worker.analyze(record, seat, HINT_ANALYSIS, seed));
  }

  /** Drops every answer still awaited: their promises reject. */
  abandon(): void {
    if (this.waiting === 0) return;
    this.worker.terminate();
    this.worker = new BotWorker();
    this.waiting = 0;
  }

  private async track<T>(request: Promise<T>): Promise<T> {
    this.waiting += 1;
    try {
      return await request;
    } finally {
      this.waiting = Math.max(0, this.waiting - 1);
    }
  }
}
