// The hint: the engine's analysis of every move the person may play, best first, with its
// numbers said in words.
import { cardsInline } from './cards';
import { element } from './dom';
import type { MoveAnalysisData } from 'tablic/worker';
import type { Hint } from './bots';
import { partsOf } from './moves';

function signed(value: number): string {
  const rounded = value.toFixed(1);
  return value > 0 ? `+${rounded}` : rounded === '-0.0' ? '0.0' : rounded;
}

/** How far the analysis looked, in words. */
function horizonInWords(horizon: string): string {
  if (horizon === 'game_end') return 'to the end of the game';
  if (horizon === 'deal_end') return 'to the end of this deal';
  const moves = /^moves:(\d+)$/.exec(horizon);
  return moves ? `${moves[1]} moves ahead` : horizon;
}

function moveCell(move: string): HTMLElement {
  const { card, captured } = partsOf(move);
  return captured.length === 0
    ? element('span', {}, 'lay down ', cardsInline([card]))
    : element('span', {}, cardsInline([card]), ' takes ', cardsInline(captured));
}

function verdict(entry: MoveAnalysisData): string {
  if (entry.loss < 0.05) return 'the best';
  const words = entry.mark === '??' ? 'a blunder' : entry.mark === '?' ? 'a mistake' : 'close';
  return `${words}: ${entry.loss.toFixed(1)} points worse`;
}

/** The hint panel: the best move first, the numbers explained below the list. */
export function renderHint(hint: Hint): HTMLElement {
  const best = hint.moves[0];
  const rows = hint.moves.slice(0, 6).map((entry, index) => element('tr', { class: index === 0 ? 'best' : '' },
    element('td', {}, moveCell(entry.move)),
    element('td', { class: 'number' }, signed(entry.margin)),
    element('td', { class: 'number' }, `${Math.round(entry.ahead * 100)} %`),
    element('td', {}, verdict(entry))));
  const how = hint.exact
    ? `Every hidden card could lie only one way, so these values are exact, looking ${horizonInWords(hint.horizon)}.`
    : `The engine dealt the cards you cannot see in ${hint.worlds} likely ways, played every move out ${horizonInWords(hint.horizon)} in each, and averaged.`;
  return element('section', { class: 'hint', 'aria-label': 'Hint', 'aria-live': 'polite' },
    element('h2', {}, 'Hint'),
    best && element('p', {}, 'Best: ', moveCell(best.move), '.'),
    element('table', {},
      element('thead', {}, element('tr', {},
        element('th', {}, 'Move'), element('th', {}, 'Margin'), element('th', {}, 'Ahead'),
        element('th', {}, 'Verdict'))),
      element('tbody', {}, ...rows)),
    element('p', { class: 'explain' },
      `${how} Margin: your points then minus your opponents' average (for a side, the side's). `
      + 'Ahead: how often you are in front. "Worse": the margin lost against the best move; '
      + 'a mistake loses a point or more, a blunder three or more.'));
}
