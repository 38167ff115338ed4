// Who sits where. The person is always seat 0; with four players seat 2 is their bot
// partner and seats 1 and 3 the opponents (the engine's sides for `side-size=2`).
import type { Game } from 'tablic';

export const PERSON = 0;

/** A seat's name as the page shows it. */
export function seatName(players: number, seat: number): string {
  if (seat === PERSON) return 'You';
  if (players === 2) return 'Bot';
  return ['You', 'West', 'Partner', 'East'][seat] ?? `Seat ${seat}`;
}

/** A side's name: its seats' names joined ("You & Partner"). */
export function sideName(game: Game, side: number): string {
  const names: string[] = [];
  for (let seat = 0; seat < game.players; seat += 1) {
    if (game.sideOf(seat) === side) names.push(seatName(game.players, seat));
  }
  return names.join(' & ');
}
