// The table: the cards on it, and each seat's panel (cards in hand, pile, card points,
// tablas), the person's own at the bottom. Cards being taken are marked; a bot's card
// being played is shown beside the table.
import { cardFace, cardsOf } from './cards';
import { element } from './dom';
import { playerPlace, seatName, sideName } from './seats';
import type { Session } from './session';

/** What the table shows beyond the game itself. */
export interface TableMarks {
  /** The table's cards to show (the table before a bot's move, while it is shown). */
  table: string;
  /** Table cards marked as taken. */
  taken: string[];
  /** A card being played, with the seat playing it. */
  played?: { seat: number; card: string; tabla: boolean };
  /** The seat whose bot is thinking. */
  thinking?: number;
}

function seatPanel(session: Session, seat: number, marks: TableMarks): HTMLElement {
  const game = session.game;
  const person = session.personSeat;
  const soFar = game.resultSoFar();
  const result = soFar.seats[seat];
  const handSize = cardsOf(game.hand(seat)).length;
  const tablas = game.tablas(seat);
  // While a bot's move is shown, nobody is to move yet.
  const toMove = game.toMove === seat && marks.played === undefined;
  const position = playerPlace(game.players, session.playerAt(seat));
  const partner = seat !== person && game.sideOf(seat) === game.sideOf(person);
  const panel = element('section', {
    class: `seat seat-${position}${toMove ? ' to-move' : ''}${seat === person ? ' person' : ''}${partner ? ' partner' : ''}`,
    'data-seat': seat,
    'aria-label': seatName(session, seat),
  });
  const status = marks.thinking === seat ? 'thinking…' : toMove ? 'to move' : '';
  panel.append(element('h2', {}, seatName(session, seat),
    status !== '' && element('span', { class: 'status' }, ` ${status}`)));
  if (seat !== person) {
    const backs = element('div', { class: 'backs', 'aria-label': `${handSize} cards in hand` });
    for (let index = 0; index < handSize; index += 1) backs.append(element('span', { class: 'back' }));
    panel.append(backs);
  }
  panel.append(element('dl', { class: 'pile' },
    element('dt', {}, 'Pile'), element('dd', { 'data-field': 'cards' }, String(result?.cards ?? 0)),
    element('dt', {}, 'Points'), element('dd', { 'data-field': 'points' }, String(result?.cardPoints ?? 0)),
    element('dt', {}, 'Tablas'), element('dd', { 'data-field': 'tablas' },
      tablas > 0 ? element('span', { class: 'tally' }, '|'.repeat(tablas)) : '0')));
  soFar.free();
  if (marks.played?.seat === seat) {
    const card = cardFace(marks.played.card);
    card.classList.add('played');
    panel.append(element('div', { class: 'played-slot' }, card,
      marks.played.tabla && element('span', { class: 'banner' }, 'TABLA!')));
  }
  return panel;
}

/** The table's cards, the taken ones marked. */
function tableCards(marks: TableMarks): HTMLElement {
  const cards = cardsOf(marks.table);
  const area = element('section', { class: 'table-cards', 'aria-label': `Table: ${cards.length} cards` });
  if (cards.length === 0) area.append(element('p', { class: 'empty' }, 'The table is empty.'));
  for (const text of cards) {
    const face = cardFace(text);
    if (marks.taken.includes(text)) face.classList.add('taken');
    area.append(face);
  }
  return area;
}

/** In a game of sides, each side's card points and tablas so far, the person's side first. */
export function renderSides(session: Session): HTMLElement | undefined {
  const game = session.game;
  if (game.sideCount === game.players) return undefined;
  const soFar = game.resultSoFar();
  const own = game.sideOf(session.personSeat);
  const order = soFar.sides.map((_, side) => side).sort((a, b) => Number(b === own) - Number(a === own));
  const line = element('p', { class: 'sides', 'aria-label': 'Sides so far' },
    ...order.flatMap((side, index) => {
      const result = soFar.sides[side];
      const text = `${sideName(session, side)}: ${result?.cardPoints ?? 0} points, ${result?.cards ?? 0} cards, ${result?.tablas ?? 0} tablas`;
      return [index > 0 ? ' · ' : '', element('span', { 'data-side': side }, text)];
    }));
  soFar.free();
  return line;
}

/** Every seat but the person's around the table. */
export function renderTable(session: Session, marks: TableMarks): HTMLElement {
  const game = session.game;
  const board = element('div', { class: `board players-${game.players}` });
  for (let seat = 0; seat < game.players; seat += 1) {
    if (seat !== session.personSeat) board.append(seatPanel(session, seat, marks));
  }
  board.append(tableCards(marks));
  return board;
}

/** The person's own panel (pile, points, tablas). */
export function renderPersonPanel(session: Session, marks: TableMarks): HTMLElement {
  return seatPanel(session, session.personSeat, marks);
}
