// The game a person asked for: who plays, how strong the bots are, which deal. It lives in
// the page's URL (`?players=2&level=greedy&seed=42`, `&watch=best` to watch bots), so a game can be shared and a test
// opens exactly the game it means. `players=4` is four in pairs (as links shared before
// three and four alone were offered mean it), `players=4&pairs=no` four each alone. A level
// is a spec or its name (`level=easy`), in any case; a setting or value the page does not
// know is reported (the page shows it) and its default used.

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

/** The settings the URL may hold, as `queryOf` writes them. */
const KEYS = ['players', 'pairs', 'level', 'watch', 'seed', 'pause', 'match'] as const;

/** The spec of a level given by its spec or its name, in any case (`easy` and `GREEDY` are
 * `greedy`), or undefined. */
function levelSpec(text: string): string | undefined {
  const wanted = text.trim().toLowerCase();
  return LEVELS.find((entry) => entry.spec === wanted || entry.name.toLowerCase() === wanted)?.spec;
}

const LEVELS_TEXT = `${LEVELS.map((entry) => entry.name.toLowerCase()).join(', ')}, `
  + `or a spec: ${LEVELS.map((entry) => entry.spec).join(', ')}`;

/** Settings from a URL's query, each missing or bad value replaced by its default, and one
 * line for each setting or value that was not understood (`level=bogus`, `colour=red`). */
export function settingsFromQuery(query: string): { settings: Settings; problems: string[] } {
  const parameters = new URLSearchParams(query);
  const inOrder = [...new Set(parameters.keys())];
  const wrong = new Map<string, string>();
  const bad = (key: string, expected: string): void => {
    wrong.set(key, `${key}=${parameters.get(key) ?? ''}: ${expected}`);
  };
  for (const key of inOrder) {
    if (!(KEYS as readonly string[]).includes(key)) bad(key, `no such setting (the settings are ${KEYS.join(', ')})`);
  }
  const playersText = parameters.get('players');
  const pairsText = parameters.get('pairs');
  if (pairsText !== null && pairsText !== 'yes' && pairsText !== 'no') bad('pairs', 'not yes or no');
  const players = Number(playersText);
  const pairs = pairsText !== 'no';
  let table = TABLES.find((entry) => entry.players === players && (players !== 4 || entry.pairs === pairs));
  if (table === undefined && playersText !== null) bad('players', 'not a table offered (2, 3 or 4)');
  table ??= TABLES[0] as Table;
  const levelText = parameters.get('level');
  const level = levelSpec(levelText ?? 'hard') ?? 'minimax:depth=2';
  if (levelText !== null && levelSpec(levelText) === undefined) bad('level', `not a level (${LEVELS_TEXT})`);
  const watchText = parameters.get('watch');
  const watch = watchText === null ? undefined : levelSpec(watchText);
  if (watchText !== null && watch === undefined) bad('watch', `not a level (${LEVELS_TEXT})`);
  const seedText = parameters.get('seed');
  const seed = validSeed(seedText ?? '') ?? randomSeed();
  if (seedText !== null && validSeed(seedText) === undefined) bad('seed', `not a seed (a whole number from 0 to ${MAX_SEED})`);
  const pauseNumber = Number(parameters.get('pause') ?? DEFAULT_PAUSE);
  const pauseValid = Number.isInteger(pauseNumber) && pauseNumber >= 0 && pauseNumber <= 600000;
  if (!pauseValid) bad('pause', 'not a pause (milliseconds, a whole number from 0 to 600000)');
  const matchText = parameters.get('match');
  if (matchText !== null && matchText !== String(MATCH_TARGET)) bad('match', `not a match offered (${MATCH_TARGET}: a match to ${MATCH_TARGET})`);
  const settings = {
    table, level, seed, pause: pauseValid ? pauseNumber : DEFAULT_PAUSE, match: matchText === String(MATCH_TARGET), watch,
  };
  // In the URL's order.
  const problems = inOrder.flatMap((key) => wrong.get(key) ?? []);
  return { settings, problems };
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
