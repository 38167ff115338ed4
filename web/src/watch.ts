// Watching bots play every seat: the speeds offered and the bar of controls (pause or
// resume, one move, the speed, and the way out), each with its key marked.
import { element, keyButton } from './dom';

/** How many times faster than the settings' pause a watched game runs, in the order of the
 * keys 1, 2, 5 and 0; Infinity shows each move for no time at all. */
export const SPEEDS: readonly number[] = [1, 2, 5, Infinity];

/** The key of each speed. */
export const SPEED_KEYS: readonly string[] = ['1', '2', '5', '0'];

/** The speed after `speed` (after the fastest, the slowest again). */
export function nextSpeed(speed: number): number {
  return SPEEDS[(SPEEDS.indexOf(speed) + 1) % SPEEDS.length] ?? 1;
}

/** The speed's name: "2×", or "max". */
export function speedName(speed: number): string {
  return speed === Infinity ? 'max' : `${speed}×`;
}

export function renderWatchBar(paused: boolean, speed: number): HTMLElement {
  const speeds = SPEEDS.map((each, index) => {
    const button = keyButton(speedName(each), SPEED_KEYS[index] ?? '', 'watch-speed');
    button.dataset['index'] = String(index);
    button.setAttribute('aria-pressed', String(each === speed && !paused));
    return button;
  });
  const pause = keyButton(paused ? 'Resume' : 'Pause', 'P', 'watch-pause');
  pause.setAttribute('aria-pressed', String(paused));
  return element('nav', { class: 'bar watch-bar', 'aria-label': 'Watch' },
    pause, keyButton('Step', '.', 'watch-step'), ...speeds,
    element('span', { class: 'watch-state', 'data-field': 'watch-state' },
      paused ? 'paused' : `speed ${speedName(speed)}`),
    keyButton('Save', 'S', 'save'), keyButton('Rules', 'R', 'rules'), keyButton('Menu', 'M', 'menu'),
    keyButton('Keys', 'K', 'keys'));
}
