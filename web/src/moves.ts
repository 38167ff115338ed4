// Moves as the page talks about them: the engine writes a move as the card played, then
// what it takes ("7S 3D 4C"); a lone card is laid down.
import { cardsInline, cardsOf } from './cards';

export interface MoveParts {
  card: string;
  captured: string[];
}

export function partsOf(move: string): MoveParts {
  const [card = '', ...captured] = cardsOf(move);
  return { card, captured };
}

/** The move in words, its cards drawn: "plays 7♠ and takes 3♦ 4♣" or "lays down 7♠";
 * `you` for the person ("play", "take"). */
export function moveInWords(move: string, you: boolean): HTMLElement {
  const { card, captured } = partsOf(move);
  const s = you ? '' : 's';
  const words = document.createElement('span');
  if (captured.length === 0) words.append(`lay${s} down `, cardsInline([card]));
  else words.append(`play${s} `, cardsInline([card]), ` and take${s} `, cardsInline(captured));
  return words;
}
