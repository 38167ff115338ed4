// Choosing what a card takes: the engine lists a card's moves best first (laying it down
// last); each option says what it takes, its points and whether it is a tabla, and the
// option in focus is marked on the table.
import type { Game } from 'tablic';
import { cardName, cardPoints, cardsInline } from './cards';
import { element } from './dom';
import { partsOf } from './moves';

export interface Option {
  move: string;
  captured: string[];
  /** Points the move puts in the pile: the captured cards and the card itself. */
  points: number;
  /** The move empties the table. */
  tabla: boolean;
}

export interface Choice {
  card: string;
  options: Option[];
  /** The option in focus. */
  index: number;
}

/** The options of `card` for the seat to move, best first. */
export function choiceFor(game: Game, card: string): Choice {
  const options = game.cardMoves(card).map((move): Option => {
    const { captured } = partsOf(move);
    const taken = captured.length === 0 ? [] : [card, ...captured];
    const trial = game.clone();
    const played = trial.play(move);
    const option = {
      move,
      captured,
      points: taken.reduce((sum, text) => sum + cardPoints(text), 0),
      tabla: played.tabla,
    };
    played.free();
    trial.free();
    return option;
  });
  return { card, options, index: 0 };
}

/** The list of options, the one in focus marked; each is a button. */
export function renderChoice(choice: Choice): HTMLElement {
  const list = element('ol', { class: 'choice', role: 'listbox', 'aria-label': `What the ${cardName(choice.card)} takes` });
  choice.options.forEach((option, index) => {
    const describe = option.captured.length === 0
      ? element('span', {}, 'Take nothing: lay it down')
      : element('span', {}, 'Take ', cardsInline(option.captured));
    const notes: string[] = [];
    if (option.captured.length > 0) notes.push(`${option.points} point${option.points === 1 ? '' : 's'}`);
    if (option.tabla) notes.push('TABLA');
    const button = element('button', {
      type: 'button',
      class: `option${index === choice.index ? ' focused' : ''}${option.tabla ? ' tabla' : ''}`,
      role: 'option',
      'aria-selected': index === choice.index ? 'true' : 'false',
      'data-action': 'play-option',
      'data-index': index,
      'data-move': option.move,
      'data-key': `option-${index}`,
    }, describe,
    notes.length > 0 && element('span', { class: 'option-notes' }, notes.join(' · ')));
    list.append(element('li', {}, button));
  });
  return list;
}
