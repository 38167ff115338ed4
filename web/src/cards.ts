// Card faces: the rank in the page's own font and the suit as a drawn symbol, in one of four
// colours (spades black, hearts red, diamonds blue, clubs green), so suits differ by shape
// and by colour and nothing depends on the machine's fonts.
import { Card } from 'tablic';

const SUIT_PATHS: Record<string, string> = {
  S: 'M50 4C38 24 8 38 8 62c0 14 11 22 22 22 7 0 13-3 16-8-1 9-5 15-10 20h28c-5-5-9-11-10-20 3 5 9 8 16 8 11 0 22-8 22-22C92 38 62 24 50 4z',
  H: 'M50 94C36 80 6 60 6 34 6 18 18 8 31 8c9 0 16 5 19 13 3-8 10-13 19-13 13 0 25 10 25 26 0 26-30 46-44 60z',
  D: 'M50 4 88 50 50 96 12 50z',
  C: 'M50 6c-12 0-21 9-21 21 0 5 2 10 5 14-3-1-6-2-10-2-12 0-20 9-20 21s8 21 20 21c9 0 16-5 19-12-1 11-5 19-11 25h36c-6-6-10-14-11-25 3 7 10 12 19 12 12 0 20-9 20-21s-8-21-20-21c-4 0-7 1-10 2 3-4 5-9 5-14 0-12-9-21-21-21z',
};

const SUIT_NAMES: Record<string, string> = {
  S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs',
};

const RANK_NAMES: Record<string, string> = {
  A: 'ace', J: 'jack', Q: 'queen', K: 'king',
};

/** The cards of an engine text ("2C 10D"), in its order; none for "". */
export function cardsOf(text: string): string[] {
  return text.split(' ').filter((card) => card !== '');
}

/** A suit symbol as an inline SVG element. */
function suitSymbol(suit: string): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 100 100');
  svg.setAttribute('aria-hidden', 'true');
  svg.classList.add('suit');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', SUIT_PATHS[suit] ?? '');
  svg.append(path);
  return svg;
}

/** A card's name in words, for screen readers and titles: "10 of diamonds". */
export function cardName(text: string): string {
  const card = new Card(text);
  return `${RANK_NAMES[card.rank] ?? card.rank} of ${SUIT_NAMES[card.suit] ?? card.suit}`;
}

/** A card's points in a pile (the engine's count). */
export function cardPoints(text: string): number {
  return new Card(text).points;
}

/** A card face; `element` is the tag, a button where the person may pick it. */
export function cardFace(text: string, element: 'div' | 'button' = 'div'): HTMLElement {
  const card = new Card(text);
  const face = document.createElement(element);
  face.className = `card suit-${card.suit}`;
  face.dataset['card'] = card.toString();
  face.setAttribute('aria-label', cardName(text));
  const corner = document.createElement('span');
  corner.className = 'rank';
  corner.textContent = card.rank;
  corner.append(suitSymbol(card.suit));
  const middle = suitSymbol(card.suit);
  middle.classList.add('pip');
  face.append(corner, middle);
  if (card.points > 0) {
    const points = document.createElement('span');
    points.className = 'points';
    points.textContent = '•'.repeat(card.points);
    points.title = `${card.points} point${card.points > 1 ? 's' : ''}`;
    face.append(points);
  }
  return face;
}

/** A row of small inline cards for text ("7♠ takes 3♦ 4♣"). */
export function cardsInline(texts: string[]): HTMLElement {
  const row = document.createElement('span');
  row.className = 'inline-cards';
  for (const text of texts) {
    const card = new Card(text);
    const chip = document.createElement('span');
    chip.className = `chip suit-${card.suit}`;
    chip.textContent = card.rank;
    chip.append(suitSymbol(card.suit));
    chip.setAttribute('aria-label', cardName(text));
    row.append(chip);
  }
  return row;
}
