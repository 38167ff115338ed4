// The bots' turns: each bot thinks (the page says so), plays, and its move stays marked
// on the table for a moment (any key or click cuts it short), until the person is to move
// or the game is over. A newer game or an undo makes a turn in progress stale: it stops.
import type { Game } from 'tablic';
import type { Bots } from './bots';
import { partsOf } from './moves';
import { PERSON } from './seats';

/** A bot's move being shown: the table as it was, the card played and what it took. */
export interface Showing {
  seat: number;
  move: string;
  tableBefore: string;
  tabla: boolean;
}

/** A wait that a key or a click may end early. */
export class Pause {
  private finish: (() => void) | undefined;

  wait(milliseconds: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.skip(), milliseconds);
      this.finish = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** Ends the wait in progress; true if there was one. */
  skip(): boolean {
    const finish = this.finish;
    this.finish = undefined;
    finish?.();
    return finish !== undefined;
  }
}

/** What a bot turn needs from the page. */
export interface BotTurnHost {
  readonly game: Game | undefined;
  readonly bots: Bots | undefined;
  readonly generation: number;
  readonly pauseMilliseconds: number;
  readonly pause: Pause;
  thinking: number | undefined;
  showing: Showing | undefined;
  played(seat: number, move: string, tabla: boolean): void;
  render(): void;
}

/** Plays the bots' moves until the person is to move or the game ends. */
export async function playBotTurns(host: BotTurnHost): Promise<void> {
  const generation = host.generation;
  const stale = () => host.generation !== generation;
  for (;;) {
    const game = host.game;
    const bots = host.bots;
    const seat = game?.toMove;
    if (game === undefined || bots === undefined || seat === undefined || seat === PERSON) break;
    host.thinking = seat;
    host.render();
    const move = await bots.choose(game);
    if (stale()) return;
    const tableBefore = game.table;
    const played = game.play(move);
    const tabla = played.tabla;
    played.free();
    host.thinking = undefined;
    host.showing = { seat, move, tableBefore, tabla };
    host.played(seat, move, tabla);
    host.render();
    await host.pause.wait(host.pauseMilliseconds);
    if (stale()) return;
    host.showing = undefined;
  }
  host.render();
}

/** The table cards a shown move takes. */
export function takenBy(showing: Showing): string[] {
  return partsOf(showing.move).captured;
}
