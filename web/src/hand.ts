// The person's hand: one button per card, lowest first. One card holds the keyboard focus
// (←/→ move it, 1–6 pick a card at once); clicking a card or Enter shows what it takes.
import { cardFace, cardsOf } from './cards';
import { element } from './dom';

/** `watchedName`: whose hand it is when bots play every seat (then no card has a key). */
export function renderHand(hand: string, focused: number, playable: boolean,
  chosen: string | undefined, watchedName?: string): HTMLElement {
  const cards = cardsOf(hand);
  const row = element('section', { class: 'hand', 'aria-label': watchedName === undefined ? 'Your hand' : `${watchedName}'s hand` });
  cards.forEach((text, index) => {
    const button = cardFace(text, 'button') as HTMLButtonElement;
    button.type = 'button';
    button.dataset['action'] = 'choose-card';
    button.dataset['index'] = String(index);
    button.dataset['key'] = `hand-${index}`;
    button.tabIndex = index === focused ? 0 : -1;
    button.disabled = !playable;
    if (text === chosen) button.classList.add('chosen');
    if (watchedName === undefined) {
      button.append(element('span', { class: 'hand-key', 'aria-hidden': 'true' }, String(index + 1)));
    }
    row.append(button);
  });
  return row;
}

