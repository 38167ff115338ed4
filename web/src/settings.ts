// The game a person asked for: who plays, how strong the bots are, which deal. It lives in
// the page's URL (`?players=2&level=greedy&seed=42`, `&watch=best` to watch bots), so a game can be shared and a test
// opens exactly the game it means. `players=4` is four in pairs (as links shared before
// three and four alone were offered mean it), `players=4&pairs=no` four each alone.

/** The bots' levels offered, weakest first: the engine's specs with a name for people. */
export const LEVELS: readonly { spec: string; name: string; about: string }[] = [
  { spec: 'greedy', name: 'Easy', about: 'greedy: takes the most it can right now' },
  { spec: 'minimax:depth=1', name: 'Medium', about: 'minimax, one round ahead' },
  { spec: 'minimax:depth=2', name: 'Hard', about: 'minimax, two rounds ahead' },
  { spec: 'minimax:depth=3', name: 'Expert', about: 'minimax, three rounds ahead' },
  { spec: 'best', name: 'Best', about: "best: the engine's strongest bot (may think a few seconds)" },
];

/** The tables offered, in the order the Players setting cycles through them: everyone
 * alone, or four in two pairs (the person and a bot partner against two bots). */
export const TABLES: readonly { players: number; pairs: boolean; name: string; about: string; info: string }[] = [
  { players: 2, pairs: false, name: '2', about: 'you against one bot', info: '2 players' },
  { players: 3, pairs: false, name: '3', about: 'you against two bots, each alone', info: '3 players' },
  { players: 4, pairs: false, name: '4 alone', about: 'you against three bots, each alone', info: '4 players alone' },
  { players: 4, pairs: true, name: '4 in pairs', about: 'you and a bot partner against two bots', info: '4 players in pairs' },
];

export type Table = (typeof TABLES)[number];

export interface Settings {
  /** An entry of TABLES: how many play, and whether in pairs. */
  table: Table;
  /** An entry of LEVELS: the opponents' (and the partner's) spec. */
  level: string;
  /** The deal: 64-bit, as decimal text. */
  seed: string;
  /** How long a bot's move stays marked, in milliseconds (any key cuts it short). */
  pause: number;
  /** A match to 101 (games one after another, the lead moving) rather than one game. */
  match: boolean;
  /** When bots play every seat for the person to watch: the spec (an entry of LEVELS) of
   * the side of player 0, the other side playing `level`; undefined when the person plays. */
  watch: string | undefined;
}

/** The score that ends a match. */
export const MATCH_TARGET = 101;

const MAX_SEED = (1n << 64n) - 1n;
const DEFAULT_PAUSE = 1500;

/** The rules text the engine takes for the table. */
export function rulesText(table: Table): string {
  return table.pairs ? 'side-size=2' : '';
}

/** The entry of TABLES for a game of `players` in `sideCount` sides, if the page offers it. */
export function tableOf(players: number, sideCount: number): Table | undefined {
  return TABLES.find((table) => table.players === players && (table.pairs ? 2 : players) === sideCount);
}

/** The table after `table` as the Players setting cycles (after the last, the first). */
export function nextTable(table: Table): Table {
  return TABLES[(TABLES.indexOf(table) + 1) % TABLES.length] ?? table;
}

/** A fresh seed from the browser's randomness, for "new game" without one given. */
export function randomSeed(): string {
  const words = crypto.getRandomValues(new Uint32Array(2));
  return ((BigInt(words[0] ?? 0) << 32n) | BigInt(words[1] ?? 0)).toString();
}

/** The seed's text if it is a 64-bit decimal number, else undefined. */
export function validSeed(text: string): string | undefined {
  const trimmed = text.trim();
  if (!/^[0-9]{1,20}$/.test(trimmed)) return undefined;
  const value = BigInt(trimmed);
  return value <= MAX_SEED ? value.toString() : undefined;
}

/** Settings from a URL's query, each missing or bad value replaced by its default. */
export function settingsFromQuery(query: string): Settings {
  const parameters = new URLSearchParams(query);
  const players = Number(parameters.get('players'));
  const pairs = parameters.get('pairs') !== 'no';
  const table = TABLES.find((entry) => entry.players === players && (players !== 4 || entry.pairs === pairs))
    ?? TABLES[0] as Table;
  const levelText = parameters.get('level') ?? '';
  const level = LEVELS.some((entry) => entry.spec === levelText) ? levelText : 'minimax:depth=2';
  const watchText = parameters.get('watch') ?? '';
  const watch = LEVELS.some((entry) => entry.spec === watchText) ? watchText : undefined;
  const seed = validSeed(parameters.get('seed') ?? '') ?? randomSeed();
  const pauseText = Number(parameters.get('pause') ?? DEFAULT_PAUSE);
  const pause = Number.isInteger(pauseText) && pauseText >= 0 && pauseText <= 600000
    ? pauseText : DEFAULT_PAUSE;
  return { table, level, seed, pause, match: parameters.get('match') === String(MATCH_TARGET), watch };
}

/** The query that gives these settings back. The pause is written only when not the default, the watch only when watching. */
export function queryOf(settings: Settings): string {
  const parameters = new URLSearchParams({
    players: String(settings.table.players),
    level: settings.level,
    seed: settings.seed,
  });
  if (settings.table.players === 4 && !settings.table.pairs) parameters.set('pairs', 'no');
  if (settings.match) parameters.set('match', String(MATCH_TARGET));
  if (settings.watch !== undefined) parameters.set('watch', settings.watch);
  if (settings.pause !== DEFAULT_PAUSE) parameters.set('pause', String(settings.pause));
  return parameters.toString();
}

/** The people's name of a level's spec. */
export function levelName(spec: string): string {
  return LEVELS.find((entry) => entry.spec === spec)?.name ?? spec;
}
