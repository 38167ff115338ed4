// The keys, screen by screen: one table that both drives the page and is shown as its help
// (press K), so the documented keys are the keys that work.

import { SPEED_KEYS } from './watch';

/** The screens with keys of their own: a watched game has its own keys on the game screen. */
export type Screen = 'menu' | 'rules' | 'game' | 'watch';

export interface KeyBinding {
  keys: string[];
  action: string;
  what: string;
}

export const KEYS: Record<Screen, KeyBinding[]> = {
  menu: [
    { keys: ['s', 'Enter'], action: 'start', what: 'start the game (or the watch)' },
    { keys: ['l'], action: 'level', what: "change the bots' level" },
    { keys: ['p'], action: 'players', what: 'who plays: 2, 3, 4 alone, or 4 in pairs' },
    { keys: ['g'], action: 'kind', what: 'one game, or a match to 101' },
    { keys: ['w'], action: 'watch', what: "watch bots play every seat: off, or the level of South's side" },
    { keys: ['n'], action: 'new-seed', what: 'a new random deal' },
    { keys: ['o'], action: 'open', what: 'open a saved record' },
    { keys: ['r'], action: 'rules', what: 'the rules' },
    { keys: ['k', '?'], action: 'keys', what: 'show these keys' },
  ],
  rules: [
    { keys: ['b', 'Escape'], action: 'back', what: 'back' },
  ],
  game: [
    { keys: ['ArrowLeft', 'ArrowRight'], action: 'hand-move', what: 'move along your hand' },
    { keys: ['1', '2', '3', '4', '5', '6'], action: 'pick-card', what: 'pick the card at that place' },
    { keys: ['Enter', ' '], action: 'confirm', what: "see a card's captures; play the one marked" },
    { keys: ['ArrowUp', 'ArrowDown'], action: 'option-move', what: 'move among the captures (best first)' },
    { keys: ['Escape'], action: 'back', what: 'put the card back; close the hint; to the menu' },
    { keys: ['u'], action: 'undo', what: 'undo your last move' },
    { keys: ['h'], action: 'hint', what: 'a hint: every move valued' },
    { keys: ['s'], action: 'save', what: 'save the record (download)' },
    { keys: ['o'], action: 'open', what: 'open a saved record' },
    { keys: ['g'], action: 'next-game', what: "the match's next game, after the sheet" },
    { keys: ['n'], action: 'new-game', what: 'a new game (or match), the same settings, a new deal' },
    { keys: ['r'], action: 'rules', what: 'the rules' },
    { keys: ['m'], action: 'menu', what: 'the menu' },
    { keys: ['k', '?'], action: 'keys', what: 'show these keys' },
  ],
  watch: [
    { keys: ['p', ' '], action: 'watch-pause', what: 'pause or resume' },
    { keys: ['.', 'ArrowRight'], action: 'watch-step', what: 'paused: one move more' },
    { keys: [...SPEED_KEYS], action: 'watch-speed', what: 'speed 1×, 2×, 5×, or 0 for the fastest' },
    { keys: ['f'], action: 'watch-faster', what: 'faster (after the fastest, 1× again)' },
    { keys: ['g'], action: 'next-game', what: "the match's next game, after the sheet" },
    { keys: ['n'], action: 'new-game', what: 'watch a new game (or match), the same settings, a new deal' },
    { keys: ['s'], action: 'save', what: 'save the record (download)' },
    { keys: ['r'], action: 'rules', what: 'the rules' },
    { keys: ['m', 'Escape'], action: 'menu', what: 'the menu' },
    { keys: ['k', '?'], action: 'keys', what: 'show these keys' },
  ],
};

/** The binding of a key press on a screen, if any. Letters ignore case. */
export function bindingFor(screen: Screen, key: string): KeyBinding | undefined {
  const pressed = key.length === 1 ? key.toLowerCase() : key;
  return KEYS[screen].find((binding) => binding.keys.includes(pressed));
}

/** A key as the help shows it. */
export function keyLabel(key: string): string {
  const names: Record<string, string> = {
    ArrowLeft: '←', ArrowRight: '→', ArrowUp: '↑', ArrowDown: '↓', ' ': 'Space', Escape: 'Esc',
  };
  return names[key] ?? (key.length === 1 ? key.toUpperCase() : key);
}
