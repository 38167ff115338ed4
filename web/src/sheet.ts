// The score sheet at the end of a game: for each side its cards, the +3 for the most cards,
// its card points, its tablas and its total, and who won. Every number is the engine's.
import type { Game } from 'tablic';
import { element } from './dom';
import { PERSON, sideName } from './seats';

export function renderSheet(game: Game): HTMLElement {
  const result = game.result();
  const sides = result.sides;
  const names = sides.map((_, side) => sideName(game, side));
  const row = (label: string, values: (string | HTMLElement)[], field: string) => element('tr', {},
    element('th', { scope: 'row' }, label),
    ...values.map((value, side) => element('td', { 'data-field': field, 'data-side': side }, value)));
  const winner = result.winner;
  const verdict = winner === undefined ? 'A tie.' : winner === game.sideOf(PERSON)
    ? (game.players === 2 ? 'You win!' : 'You and your partner win!')
    : `${names[winner] ?? ''} win${names[winner]?.includes('&') ? '' : 's'}.`;
  const sheet = element('section', { class: 'sheet', role: 'dialog', 'aria-label': 'Score sheet' },
    element('h2', {}, 'Score sheet'),
    element('table', {},
      element('thead', {}, element('tr', {}, element('th', {}, ''),
        ...names.map((name) => element('th', { scope: 'col' }, name)))),
      element('tbody', {},
        row('Cards taken', sides.map((side) => String(side.cards)), 'cards'),
        row('Most cards', sides.map((side) => (side.mostCards ? '+3' : '')), 'most'),
        row('Card points', sides.map((side) => String(side.cardPoints)), 'points'),
        row('Tablas', sides.map((side) => (side.tablas > 0
          ? element('span', { class: 'tally', title: String(side.tablas) }, `${'|'.repeat(side.tablas)} ${side.tablas}`)
          : '0')), 'tablas'),
        row('Total', sides.map((side) => String(side.total)), 'total'))),
    element('p', { class: 'verdict', 'data-field': 'winner' }, verdict));
  result.free();
  return sheet;
}
