// Who sits where, by player: the person is player 0, south; the others follow clockwise
// (west, then north and east with four, east with three). With four in pairs player 2 is
// their bot partner and players 1 and 3 the opponents; otherwise everyone plays alone. In a
// match the seats of the game in play move (the lead passes on); names and places follow
// the players.
import type { Game } from 'tablic';
import { PERSON, type Session } from './session';

/** The places around the table by player, for each player count offered. */
const PLACES: Record<number, readonly string[]> = {
  2: ['south', 'north'],
  3: ['south', 'west', 'east'],
  4: ['south', 'west', 'north', 'east'],
};

/** Where a player sits on the screen. */
export function playerPlace(players: number, player: number): string {
  return PLACES[players]?.[player] ?? 'north';
}

/** A player's name as the page shows it; when watching, every seat is named by its place.
 * `partner` says the player is on the person's side (four in pairs). */
export function playerName(players: number, player: number, watching: boolean, partner = false): string {
  const place = playerPlace(players, player);
  const placeName = place.charAt(0).toUpperCase() + place.slice(1);
  if (watching) return placeName;
  if (player === PERSON) return 'You';
  if (players === 2) return 'Bot';
  return partner ? 'Partner' : placeName;
}

/** The name of whoever sits in `seat` of the game in play. */
export function seatName(session: Session, seat: number): string {
  const game: Game = session.game;
  const partner = seat !== session.personSeat && game.sideOf(seat) === game.sideOf(session.personSeat);
  return playerName(session.players, session.playerAt(seat), session.watching, partner);
}

/** A side of the game in play by name: its players' names joined ("You & Partner"). */
export function sideName(session: Session, side: number): string {
  const game: Game = session.game;
  const seats = Array.from({ length: game.players }, (_, seat) => seat).filter((seat) => game.sideOf(seat) === side);
  return seats.sort((a, b) => session.playerAt(a) - session.playerAt(b))
    .map((seat) => seatName(session, seat)).join(' & ');
}

/** A side of the match (its sides are the players', whatever seats they hold) by name. */
export function matchSideName(session: Session, side: number): string {
  const match = session.matchState;
  if (match === undefined) return sideName(session, side);
  const players = Array.from({ length: match.players }, (_, player) => player)
    .filter((player) => match.sideOf(player) === side);
  return players.map((player) => playerName(match.players, player, session.watching,
    player !== PERSON && side === match.sideOf(PERSON))).join(' & ');
}
