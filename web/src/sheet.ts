// The score sheet at the end of a game: for each side its cards, the +3 for the most cards,
// its card points, its tablas and its total, and who won; in a match, every game's totals
// and the running totals to the target. Every number is the engine's.
import { element } from './dom';
import { matchSideName, sideName } from './seats';
import { PERSON, type Session } from './session';

/** A tie's verdict: with two sides "A tie.", with more the sides sharing the top total. */
function tie(names: string[], totals: number[]): string {
  if (names.length === 2) return 'A tie.';
  const top = Math.max(...totals);
  const tied = names.filter((_, side) => totals[side] === top);
  return `A tie: ${tied.slice(0, -1).join(', ')} and ${tied.at(-1) ?? ''}, ${top} each.`;
}

function gameSheet(session: Session): HTMLElement[] {
  const game = session.game;
  const result = game.result();
  const sides = result.sides;
  const names = sides.map((_, side) => sideName(session, side));
  const row = (label: string, values: (string | HTMLElement)[], field: string) => element('tr', {},
    element('th', { scope: 'row' }, label),
    ...values.map((value, side) => element('td', { 'data-field': field, 'data-side': side }, value)));
  const winner = result.winner;
  const personSide = game.sideOf(session.personSeat);
  const verdict = winner === undefined ? tie(names, sides.map((side) => side.total))
    : winner === personSide && !session.watching
      ? (game.players === game.sideCount ? 'You win!' : 'You and your partner win!')
      : `${names[winner] ?? ''} win${names[winner]?.includes('&') ? '' : 's'}.`;
  const table = element('table', {},
    element('thead', {}, element('tr', {}, element('th', {}, ''),
      ...names.map((name) => element('th', { scope: 'col' }, name)))),
    element('tbody', {},
      row('Cards taken', sides.map((side) => String(side.cards)), 'cards'),
      row('Most cards', sides.map((side) => (side.mostCards ? '+3' : '')), 'most'),
      row('Card points', sides.map((side) => String(side.cardPoints)), 'points'),
      row('Tablas', sides.map((side) => (side.tablas > 0
        ? element('span', { class: 'tally', title: String(side.tablas) }, `${'|'.repeat(side.tablas)} ${side.tablas}`)
        : '0')), 'tablas'),
      row('Total', sides.map((side) => String(side.total)), 'total')));
  result.free();
  return [table, element('p', { class: 'verdict', 'data-field': 'winner' }, verdict)];
}

/** The match's sheet: each finished game's side totals and the running totals. */
function matchSheet(session: Session): HTMLElement[] {
  const match = session.matchState;
  if (match === undefined) return [];
  const names = Array.from({ length: match.sideCount }, (_, side) => matchSideName(session, side));
  const rows = match.sheet.map((line) => element('tr', {},
    element('th', { scope: 'row' }, `Game ${line.game}`),
    ...line.sides.map((side, index) => element('td', { 'data-field': 'game-total', 'data-side': index },
      `${side.total}`, element('span', { class: 'running' }, ` → ${line.runningTotals[index] ?? 0}`)))));
  const winner = match.winner;
  const verdict = winner === undefined
    ? `First to ${match.target}, alone in the lead, wins the match.`
    : winner === match.sideOf(PERSON) && !session.watching ? 'You win the match!'
      : `${names[winner] ?? ''} win${names[winner]?.includes('&') ? '' : 's'} the match.`;
  return [
    element('h2', {}, `Match to ${match.target}`),
    element('table', { class: 'match-sheet' },
      element('thead', {}, element('tr', {}, element('th', {}, ''),
        ...names.map((name) => element('th', { scope: 'col' }, name)))),
      element('tbody', {}, ...rows)),
    element('p', { class: 'verdict', 'data-field': 'match-winner' }, verdict),
  ];
}

export function renderSheet(session: Session): HTMLElement {
  return element('section', { class: 'sheet', role: 'dialog', 'aria-label': 'Score sheet' },
    element('h2', {}, session.isMatch ? `Score sheet, game ${session.matchState?.gameNumber ?? ''}` : 'Score sheet'),
    ...gameSheet(session), ...matchSheet(session));
}
