// Every call into the engine's bots and analysis, and nothing else: they run in the
// package's BotWorker (a module Web Worker), so a decision or a hint never blocks the page.
// A request asks about a game by its record, which the worker rebuilds exactly.
import { deriveSeed, Game } from 'tablic';
import { BotWorker, type AnalysisData } from 'tablic/worker';

/** The spec of the analysis behind hints: the engine's `tablic analyze` default. */
const HINT_ANALYSIS = 'pimc';

export type Hint = AnalysisData;

/** The seed of `player`'s bot in a game dealt from `seed`, as `tablic match` seeds its bot
 * `player`. */
export function botSeed(seed: bigint, player: number): bigint {
  return deriveSeed(seed, 1000 + player);
}

interface WaitingHint {
  record: string;
  seat: number;
  seed: bigint;
  resolve: (hint: Hint) => void;
  reject: (error: Error) => void;
}

/** The page's one bot worker, started with the page (so the page works offline once
 * loaded). An answer no longer wanted (after a new game or an undo) still arrives, and its
 * asker drops it. The worker answers in order, so requests wait behind the one it works
 * on: a bot's move is quick, but a hint may take seconds, so at most one hint is in the
 * worker at a time, and a hint asked meanwhile replaces any other still waiting. */
export class Bots {
  private readonly worker = new BotWorker();
  private hintRunning = false;
  private hintWaiting: WaitingHint | undefined;
  /** Settles once the worker has loaded the engine and answered: from then on the page
   * needs no network. */
  readonly ready: Promise<void> = this.worker
    .choose('greedy', 0n, Game.fromSeed(2, 0n).record(), 0)
    .then(() => undefined);

  /** The move of a bot of `spec` and `seed` at `seat` in the game `record` holds (a game's
   * or a match's record), from its view. */
  choose(spec: string, seed: bigint, record: string, seat: number): Promise<string> {
    return this.worker.choose(spec, seed, record, seat);
  }

  /** Every legal move of `seat` (to move) in the game `record` holds, valued from its view;
   * rejects if a later hint replaced it before it started. */
  hint(record: string, seat: number, seed: bigint): Promise<Hint> {
    return new Promise((resolve, reject) => {
      this.hintWaiting?.reject(new Error('a later hint was asked for'));
      this.hintWaiting = { record, seat, seed, resolve, reject };
      this.startHint();
    });
  }

  private startHint(): void {
    const next = this.hintWaiting;
    if (this.hintRunning || next === undefined) return;
    this.hintWaiting = undefined;
    this.hintRunning = true;
    this.worker.analyze(next.record, next.seat, HINT_ANALYSIS, next.seed)
      .then(next.resolve, next.reject)
      .finally(() => {
        this.hintRunning = false;
        this.startHint();
      });
  }
}
