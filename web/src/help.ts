// The keys' help: the table of src/keyboard.ts for the current screen.
import { element } from './dom';
import { KEYS, keyLabel, type Screen } from './keyboard';

export function renderKeysHelp(screen: Screen): HTMLElement {
  return element('section', { class: 'keys-help', role: 'dialog', 'aria-label': 'Keys' },
    element('h2', {}, 'Keys'),
    element('dl', {}, ...KEYS[screen].flatMap((binding) => [
      element('dt', {}, ...binding.keys.flatMap((key, index) => [index > 0 ? ' ' : '', element('kbd', {}, keyLabel(key))])),
      element('dd', {}, binding.what),
    ])),
    element('p', {}, 'Press any key to close. Tab and Shift+Tab reach every button.'));
}
