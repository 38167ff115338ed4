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
  readonly session: Session | undefined;
  readonly bots: Bots;
  /** The bots' spec. */
  readonly level: string;
  readonly generation: number;
  readonly pauseMilliseconds: number;
  readonly pause: Pause;
  thinking: number | undefined;
  showing: Showing | undefined;
  played(seat: number, move: string, tabla: boolean): void;
  failed(message: string): void;
  render(): void;
}

/** Plays the bots' moves until the person is to move or the game ends. */
export async function playBotTurns(host: BotTurnHost): Promise<void> {
  const generation = host.generation;
  const stale = () => host.generation !== generation;
  for (;;) {
    const session = host.session;
    const seat = session?.game.toMove;
    if (session === undefined || seat === undefined || seat === session.personSeat) break;
    host.thinking = seat;
    host.render();
    let move: string;
    try {
      move = await host.bots.choose(host.level, botSeed(session.gameSeed, session.playerAt(seat)),
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
