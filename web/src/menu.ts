// The start menu: the bots' level, the player count, one game or a match, watching bots,
// the deal's seed, and the way to the game, the rules, a saved record and the keys. Each choice has its key marked.
import { element, keyButton } from './dom';
import { LEVELS, levelName, MATCH_TARGET, type Settings } from './settings';

function setting(label: string, value: string, detail: string, key: string, action: string): HTMLElement {
  const button = keyButton(label, key, action);
  button.dataset['key'] = action;
  return element('div', { class: 'setting' }, button,
    element('span', { class: 'value', 'data-field': action }, value),
    element('span', { class: 'detail' }, detail));
}

export function renderMenu(settings: Settings, error: string | undefined): HTMLElement {
  const level = LEVELS.find((entry) => entry.spec === settings.level);
  const start = keyButton('Start', 'S', 'start');
  start.classList.add('primary');
  start.dataset['key'] = 'start';
  const seed = element('input', {
    id: 'seed', type: 'text', inputmode: 'numeric', value: settings.seed, autocomplete: 'off',
    spellcheck: 'false', 'aria-describedby': 'seed-note',
  });
  const newSeed = keyButton('New deal', 'N', 'new-seed');
  newSeed.dataset['key'] = 'new-seed';
  const open = keyButton('Open a record', 'O', 'open');
  open.dataset['key'] = 'open';
  const rules = keyButton('Rules', 'R', 'rules');
  rules.dataset['key'] = 'rules';
  const keys = keyButton('Keys', 'K', 'keys');
  keys.dataset['key'] = 'keys';
  return element('main', { class: 'screen menu', 'aria-label': 'Menu' },
    element('h1', {}, 'Tablić'),
    element('p', { class: 'tagline' }, 'The Balkan card game, against the tablic engine\'s bots.'),
    element('div', { class: 'settings' },
      setting('Level', levelName(settings.level), level?.about ?? settings.level, 'L', 'level'),
      setting('Players', settings.table.name, settings.table.about, 'P', 'players'),
      setting('Game', settings.match ? `match to ${MATCH_TARGET}` : 'one game',
        settings.match ? 'games one after another, the lead moving; the first side to 101, alone in the lead, wins'
          : 'a single game of four or two deals', 'G', 'kind'),
      setting('Watch', settings.watch === undefined ? 'off: you play' : levelName(settings.watch),
        settings.watch === undefined ? 'or watch bots play every seat, a level per side'
          : `bots in every seat: South's side at this level, every other side at the Level above`, 'W', 'watch'),
      element('div', { class: 'setting' },
        element('label', { for: 'seed' }, 'Deal'), seed, newSeed,
        element('span', { class: 'detail', id: 'seed-note' }, 'the seed of the deal: the same seed, the same cards'))),
    error !== undefined && element('p', { class: 'error', role: 'alert' }, error),
    element('div', { class: 'actions' }, start, open, rules, keys));
}
