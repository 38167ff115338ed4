// Types of `tablic/worker`: BotWorker, the bots and the analysis off the calling thread.
import type { Seed } from './tablic_wasm.js';

/**
 * A game's state as text, which the worker rebuilds exactly: a game record
 * (`Game.record()`), a match record (`MatchToTarget.record()`: its game in play), or a
 * position (`Game.position()`, or `View.position()`, which hides the other hands: enough
 * for a bot that decides from its seat's view, not for one that sees every card).
 */
export type StateText = string;

/** One legal move and what the analysis says of it (`MoveAnalysis` as plain data). */
export interface MoveAnalysisData {
  move: string;
  margin: number;
  marginSe: number | undefined;
  ahead: number;
  loss: number;
  lossSe: number | undefined;
  mark: '' | '?' | '??';
}

/** Every legal move of the seat to move, valued (`Analysis` as plain data). */
export interface AnalysisData {
  seat: number;
  exact: boolean;
  horizon: string;
  worlds: number;
  leftOut: number;
  /** Best first. */
  moves: MoveAnalysisData[];
  best: string;
  botMove: string | undefined;
  line: string[];
  nodes: number;
}

/**
 * The bots and the analysis in a worker (a module Web Worker in browsers, a worker thread
 * in Node), so that a decision never blocks the page. Requests are answered one at a time,
 * in the order they were made; a bad one rejects with the engine's `Error` message and the
 * worker goes on. Each request is independent: the same request gives the same answer, the
 * same as the same call on the calling thread.
 */
export class BotWorker {
  /** Starts the worker; the engine loads in it while the first requests wait. */
  constructor();
  /**
   * A move (as text) for `seat` in `state` from `new Bot(spec, seed)`: the same move as
   * `new Bot(spec, seed).chooseFor(game.view(seat))` (or `.choose(game)` for a bot that
   * sees every card) on the calling thread.
   */
  choose(spec: string, seed: Seed, state: StateText, seat: number): Promise<string>;
  /** `analyzeView(game.view(seat), bot, seed)` of the game `state` gives. */
  analyze(state: StateText, seat: number, bot?: string, seed?: Seed): Promise<AnalysisData>;
  /** `analyzeGame(game, nodes)` of the game `state` gives, every card known. */
  analyzeGame(state: StateText, nodes?: number): Promise<AnalysisData>;
  /** Stops the worker at once, a decision in progress too: waiting requests reject, and so
   * does every later one. */
  terminate(): void;
}
