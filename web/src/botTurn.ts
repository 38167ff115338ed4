// The bots' turns: each bot thinks in the bot worker (the page says so and stays usable),
// plays, and its move stays marked on the table for a moment (any key or click cuts it
// short), until the person is to move or the game is over. A newer game or an undo makes a
// turn in progress stale: it stops.
import { botSeed, type Bots } from './bots';
import { partsOf } from './moves';
import type { Session } from './session';

/** A bot's move being shown: the table as it was, the card played and what it took. */
export interface Showing {
  seat: number;
  move: string;
  tableBefore: string;
  tabla: boolean;
}

/** A wait that a key or a click may end early, or a watcher make longer or shorter. */
export class Pause {
  private finish: (() => void) | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** Waits `milliseconds`, or until skipped when undefined. */
  wait(milliseconds: number | undefined): Promise<void> {
    return new Promise((resolve) => {
      this.finish = () => {
        clearTimeout(this.timer);
        resolve();
      };
      this.restart(milliseconds);
    });
  }

  /** Gives the wait in progress, if any, a new length from now (undefined: until skipped). */
  restart(milliseconds: number | undefined): void {
    if (this.finish === undefined) return;
    clearTimeout(this.timer);
    this.timer = milliseconds === undefined ? undefined : setTimeout(() => this.skip(), milliseconds);
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
  readonly session: Session | undefined;
  readonly bots: Bots;
  /** The spec of the bot in `seat` of the game in play. */
  specFor(seat: number): string;
  /** True when bots play the person's seat too. */
  readonly watching: boolean;
  readonly generation: number;
  /** How long a move stays shown; undefined: until the pause is skipped. */
  readonly pauseMilliseconds: number | undefined;
  readonly pause: Pause;
  thinking: number | undefined;
  showing: Showing | undefined;
  played(seat: number, move: string, tabla: boolean): void;
  failed(message: string): void;
  render(): void;
}

/** Plays the bots' moves until the person is to move (never, when watching) or the game
 * ends. */
export async function playBotTurns(host: BotTurnHost): Promise<void> {
  const generation = host.generation;
  const stale = () => host.generation !== generation;
  for (;;) {
    const session = host.session;
    const seat = session?.game.toMove;
    if (session === undefined || seat === undefined || (seat === session.personSeat && !host.watching)) break;
    host.thinking = seat;
    host.render();
    let move: string;
    try {
      move = await host.bots.choose(host.specFor(seat), botSeed(session.gameSeed, session.playerAt(seat)),
        session.record(), seat);
    } catch (error) {
      if (!stale()) host.failed(`The bot could not move: ${(error as Error).message}`);
      return;
    }
    if (stale()) return;
    const tableBefore = session.game.table;
    const played = session.play(move);
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
