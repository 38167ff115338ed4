// Who sits where, by player: the person is player 0; with four players in pairs player 2
// is their bot partner and players 1 and 3 the opponents. In a match the seats of the game
// in play move (the lead passes on); names and places follow the players.
import type { Game } from 'tablic';
import { PERSON, type Session } from './session';

/** A player's name as the page shows it; when watching, every seat is named by its place. */
export function playerName(players: number, player: number, watching: boolean): string {
  if (watching) return (players === 2 ? ['South', 'North'] : ['South', 'West', 'North', 'East'])[player] ?? `Player ${player}`;
  if (player === PERSON) return 'You';
  if (players === 2) return 'Bot';
  return ['You', 'West', 'Partner', 'East'][player] ?? `Player ${player}`;
}

/** Where a player sits on the screen. */
export function playerPlace(players: number, player: number): string {
  return players === 2 ? (player === PERSON ? 'south' : 'north')
    : ['south', 'west', 'north', 'east'][player] ?? 'north';
}

/** The name of whoever sits in `seat` of the game in play. */
export function seatName(session: Session, seat: number): string {
  return playerName(session.players, session.playerAt(seat), session.watching);
}

/** A side's name: its players' names joined ("You & Partner"). */
export function sideName(session: Session, side: number): string {
  const game: Game = session.game;
  const names: string[] = [];
  for (let player = 0; player < game.players; player += 1) {
    const seat = session.matchState?.seatOf(player) ?? player;
    if (game.sideOf(seat) === side) names.push(playerName(game.players, player, session.watching));
  }
  return names.join(' & ');
}
