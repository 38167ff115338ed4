// What the page plays: one game, or a match to 101 (games one after another, the lead
// moving a seat each game), both the engine's own objects. The person is player 0: seat 0
// of a single game, and wherever the match seats them in the game in play.
import { deriveSeed, Game, MatchToTarget, type Played } from 'tablic';

/** The person's player number. */
export const PERSON = 0;

export class Session {
  private current: Game;
  /** True when bots play every seat, the person's too, for the person to watch. */
  watching = false;

  private constructor(private readonly single: Game | undefined,
    private readonly match: MatchToTarget | undefined) {
    this.current = single ?? (match as MatchToTarget).game;
  }

  static game(players: number, seed: string, rules: string): Session {
    return new Session(Game.fromSeed(players, seed, rules), undefined);
  }

  static match(players: number, seed: string, rules: string, target: number): Session {
    return new Session(undefined, new MatchToTarget(players, seed, rules, target, null));
  }

  /** A match record plays on as a match, a game record as a single game; an `Error` with
   * the engine's message for anything else. */
  static fromRecord(text: string): Session {
    return text.trimStart().startsWith('tablic-match')
      ? new Session(undefined, MatchToTarget.fromRecord(text))
      : new Session(Game.fromRecord(text), undefined);
  }

  /** The game in play (a match's last game once it is over). */
  get game(): Game {
    return this.current;
  }

  get players(): number {
    return this.current.players;
  }

  get isMatch(): boolean {
    return this.match !== undefined;
  }

  /** The player sitting in `seat` of the game in play. */
  playerAt(seat: number): number {
    return this.match?.playerAt(seat) ?? seat;
  }

  /** The person's seat in the game in play. */
  get personSeat(): number {
    return this.match?.seatOf(PERSON) ?? PERSON;
  }

  /** The deal's seed: the game's, or the match's. */
  get seed(): bigint | undefined {
    return this.match?.seed ?? this.single?.seed;
  }

  /** The seed the bots of the game in play draw from (each seeded from it and its player). */
  get gameSeed(): bigint {
    return this.match === undefined ? this.single?.seed ?? 0n : deriveSeed(this.match.seed, this.match.gameNumber);
  }

  play(move: string): Played {
    if (this.match === undefined) return this.current.play(move);
    const played = this.match.play(move);
    this.current = this.match.game;
    return played;
  }

  /** The record: the game's, or the match's with every game so far. */
  record(): string {
    return (this.match ?? this.current).record();
  }

  /** How many moves of the game in play came before the person's latest decision (the
   * last position, before the last move, where they were to move); undefined if none. */
  previousDecision(): number | undefined {
    for (let plies = this.current.plies - 1; plies >= 0; plies -= 1) {
      const earlier = this.current.rewound(plies);
      const mover = earlier.toMove;
      earlier.free();
      if (mover === this.personSeat) return plies;
    }
    return undefined;
  }

  /** The session as it stood after the first `plies` moves of the game in play, rewound by
   * the engine: the game, or the match (back into a game just over, its scores off the
   * totals and its sheet line gone). */
  rewound(plies: number): Session {
    if (this.match === undefined) return new Session(this.current.rewound(plies), undefined);
    return new Session(undefined, this.match.rewound(plies));
  }

  /** The match's state, for the sheet and the running totals; none for a single game. */
  get matchState(): MatchToTarget | undefined {
    return this.match;
  }

  /** True when another game of the match is to be dealt. */
  get nextGameDue(): boolean {
    return this.match !== undefined && this.current.isFinished && !this.match.isOver;
  }

  nextGame(): void {
    if (this.match === undefined) return;
    this.match.nextGame();
    this.current = this.match.game;
  }
}
