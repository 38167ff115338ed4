// MatchToTarget plays the matches to a target that the native engine played
// (match-to-target/*.json, written through the Python binding by make-vectors.sh): the same
// record, totals, winner and score sheet; resumed from any point of its record, it plays on
// the same; every bad input is an Error with the engine's message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { Bot, Game, MatchToTarget, View, deriveSeed } from 'tablic';

const DIRECTORY = new URL('./match-to-target/', import.meta.url);
const VECTORS = readdirSync(DIRECTORY).filter((file) => file.endsWith('.json')).sort()
  .map((file) => [file, JSON.parse(readFileSync(new URL(file, DIRECTORY), 'utf8'))]);

/** Plays `match` to its end as match_to_target.py does: each decision a new bot of its
 * player's spec, seeded deriveSeed(deal seed, 1000 + moves played). */
function playOut(match, specs) {
  while (!match.isOver) {
    const game = match.game;
    if (game.isFinished) {
      match.nextGame();
    } else {
      const seat = game.toMove;
      const bot = new Bot(specs[match.playerAt(seat)], deriveSeed(game.seed, 1000 + game.plies));
      match.play(bot.seesEveryCard ? bot.choose(game) : bot.chooseFor(match.view(seat)));
      bot.free();
    }
    game.free();
  }
  return match;
}

const seatResult = (result) => ({
  card_points: result.cardPoints, tablas: result.tablas, cards: result.cards,
  most_cards: result.mostCards, total: result.total,
});

const sheetOf = (match) => match.sheet.map((line) => ({
  game: line.game,
  leader: line.leader,
  sides: line.sides.map(seatResult),
  running_totals: line.runningTotals,
  players: line.players.map(seatResult),
}));

const started = (vector) => new MatchToTarget(vector.players, BigInt(vector.seed), vector.rules,
  vector.target, vector.names);

for (const [file, vector] of VECTORS) {
  test(`${file}: bots play the native engine's match to ${vector.target}`, () => {
    const match = started(vector);
    assert.equal(match.players, vector.players);
    assert.equal(match.seed, BigInt(vector.seed));
    assert.equal(match.target, vector.target);
    assert.equal(match.rules, vector.rules);
    assert.deepEqual(match.names, vector.names.map((name) => name ?? undefined));
    assert.equal(match.gameNumber, 1);
    assert.equal(match.leader, 0);
    assert.deepEqual(match.totals, new Array(match.sideCount).fill(0));
    playOut(match, vector.bots);
    assert.equal(match.record(), vector.record);
    assert.deepEqual(match.totals, vector.totals);
    assert.equal(match.winner, vector.winner);
    assert.equal(match.isOver, true);
    assert.equal(match.finishedGames, vector.finished_games);
    assert.equal(match.gameNumber, vector.finished_games);
    assert.deepEqual(sheetOf(match), vector.sheet);
  });

  test(`${file}: resumed from its record anywhere, the match plays on the same`, () => {
    const lines = vector.record.split('\n');
    const secondGame = lines.indexOf('game 2');
    const firstResult = lines.findIndex((line) => line.startsWith('result '));
    const lastGame = lines.findLastIndex((line) => line.startsWith('game '));
    const cuts = [lines.indexOf('game 1') + 1, firstResult + 1, secondGame + 1, secondGame + 11,
      lastGame + 7, lines.length - 1];
    for (const cut of cuts) {
      const text = lines.slice(0, cut).join('\n') + '\n';
      const resumed = MatchToTarget.fromRecord(text);
      assert.equal(resumed.record(), text, `cut at line ${cut}`);
      playOut(resumed, vector.bots);
      assert.equal(resumed.record(), vector.record, `cut at line ${cut}`);
      assert.deepEqual(sheetOf(resumed), vector.sheet);
      assert.deepEqual(resumed.names, vector.names.map((name) => name ?? undefined));
    }
  });

  test(`${file}: rewound to any move of a game, the match is its record cut there`, () => {
    const lines = vector.record.split('\n');
    const over = MatchToTarget.fromRecord(vector.record);
    const games = [over];
    // Game 2 over, read back from the record up to its result.
    const secondResult = lines.findIndex((line, index) => index > lines.indexOf('game 2')
      && line.startsWith('result '));
    games.push(MatchToTarget.fromRecord(lines.slice(0, secondResult + 1).join('\n') + '\n'));
    for (const match of games) {
      const gameLine = lines.indexOf(`game ${match.gameNumber}`);
      const plies = match.game.plies;
      for (let moves = 0; moves <= plies; moves++) {
        const cut = lines.slice(0, gameLine + 1 + moves).join('\n') + '\n';
        const rewound = match.rewound(moves);
        const read = MatchToTarget.fromRecord(cut);
        const what = `game ${match.gameNumber}, ${moves} moves`;
        assert.equal(rewound.record(), moves < plies ? cut : match.record(), what);
        assert.deepEqual(sheetOf(rewound), sheetOf(read), what);
        assert.deepEqual([...rewound.totals, rewound.finishedGames, rewound.winner],
          [...read.totals, read.finishedGames, read.winner], what);
        assert.deepEqual(rewound.names, read.names);
        rewound.free();
        read.free();
      }
    }
  });
}

test("seats turn with the lead, sides stay, and the game and views are the game in play's", () => {
  const match = new MatchToTarget(4, 3n, 'side-size=2');
  assert.equal(match.sideCount, 2);
  assert.deepEqual([0, 1, 2, 3].map((player) => match.sideOf(player)), [0, 1, 0, 1]);
  const bot = new Bot('greedy');
  for (let game = 1; game <= 3; game++) {
    assert.equal(match.gameNumber, game);
    assert.equal(match.leader, (game - 1) % 4);
    for (let seat = 0; seat < 4; seat++) {
      assert.equal(match.playerAt(seat), (seat + game - 1) % 4);
      assert.equal(match.seatOf(match.playerAt(seat)), seat);
    }
    const current = match.game;
    assert.ok(current instanceof Game);
    assert.equal(current.seed, deriveSeed(3n, game - 1));
    const view = match.view(0);
    assert.ok(view instanceof View);
    assert.equal(view.hand(), current.view(0).hand());
    while (!match.game.isFinished) match.play(bot.choose(match.game));
    assert.equal(match.sheet.length, game);
    assert.equal(match.gameNumber, game, 'a finished game is still the game in play');
    assert.deepEqual(match.totals, match.sheet.at(-1).runningTotals);
    match.nextGame();
  }
});

test('a copy and the game it lends are independent of the match', () => {
  const match = new MatchToTarget(2, 1n);
  const game = match.game;
  const copy = match.clone();
  match.play(new Bot('greedy').choose(game));
  assert.equal(game.plies, 0);
  assert.equal(copy.game.plies, 0);
  assert.equal(match.game.plies, 1);
  assert.notEqual(copy.record(), match.record());
});

/** Plays the game in play to its end by the first legal move. */
function finishByFirstMoves(match) {
  while (!match.game.isFinished) match.play(match.game.legalMoves()[0]);
}

test('the side alone at the top is ahead, undefined while level, and wins the match', () => {
  // The engine's match for seed 10, first legal moves, far from its target (the C and Python
  // tests pin the same): the fourth game leaves the sides level.
  const match = new MatchToTarget(2, 10n, '', 1_000_000);
  assert.deepEqual([match.totals, match.ahead], [[0, 0], undefined]);
  const afterEachGame = [];
  for (let game = 0; game < 5; game++) {
    if (game > 0) match.nextGame();
    finishByFirstMoves(match);
    afterEachGame.push([match.totals, match.ahead, match.winner]);
  }
  assert.deepEqual(afterEachGame, [
    [[1, 24], 1, undefined],
    [[6, 44], 1, undefined],
    [[29, 46], 1, undefined],
    [[50, 50], undefined, undefined],
    [[57, 68], 1, undefined],
  ]);
  const decided = playOut(new MatchToTarget(2, 4n, '', 40), ['greedy', 'greedy']);
  assert.notEqual(decided.winner, undefined);
  assert.equal(decided.ahead, decided.winner);
});

test('an undo of the deciding move takes the last game back into play', () => {
  // The engine's match for seed 3 in pairs, first legal moves (the C and Python tests pin
  // the same): 122 to 103 after 9 games, the last 22 to 3.
  const match = new MatchToTarget(4, 3n, 'side-size=2');
  for (;;) {
    finishByFirstMoves(match);
    if (match.isOver) break;
    match.nextGame();
  }
  assert.deepEqual([match.totals, match.finishedGames, match.winner], [[122, 103], 9, 0]);
  const record = match.record();
  const undone = match.rewound(47);
  assert.deepEqual([undone.totals, undone.finishedGames, undone.gameNumber, undone.winner,
    undone.isOver, undone.leader, undone.game.toMove], [[100, 100], 8, 9, undefined, false, 0, 3]);
  assert.equal(undone.sheet.length, 8);
  assert.equal(match.record(), record, 'the match rewound is unchanged');
  undone.play(match.game.history.at(-1));
  assert.equal(undone.record(), record);
  assert.equal(match.rewound(48).record(), record);
});

const fresh = () => new MatchToTarget(2, 1n);
const over = () => playOut(new MatchToTarget(2, 1n, '', 5), ['greedy', 'greedy']);
const between = () => {
  const match = fresh();
  while (!match.game.isFinished) match.play(new Bot('greedy').choose(match.game));
  return match;
};
const HEADER = 'tablic-match 1\nplayers 2\ntarget 101\nseed 1\n';

const CASES = [
  ['a player count', () => new MatchToTarget(5, 1n), 'a game cannot have 5 players (use 2, 3, 4, 6, 8, 12, 16, 24 or 48)'],
  ['players that is not a count', () => new MatchToTarget(2.5, 1n), 'players must be a whole number from 0, not 2.5'],
  ['players that cannot sit in sides', () => new MatchToTarget(3, 1n, 'side-size=2'),
    '3 players cannot sit in sides of 2 (the side size must divide the player count)'],
  ['an unknown rule', () => new MatchToTarget(2, 1n, 'colour=red'),
    'unknown rule "colour=red" (rules: side-size=K, leftovers=WHO, final-tabla=yes|no)'],
  ['rules that are not text', () => new MatchToTarget(2, 1n, 7), 'rules must be a string, not number'],
  ['a seed', () => new MatchToTarget(2, -1n), 'seed must be an integer from 0 to 2^64-1'],
  ['a target of 0', () => new MatchToTarget(2, 1n, '', 0), 'a target of 0 points (expected 1 to 1000000)'],
  ['a target past the most', () => new MatchToTarget(2, 1n, '', 1_000_001), 'a target of 1000001 points (expected 1 to 1000000)'],
  ['a negative target', () => new MatchToTarget(2, 1n, '', -101), 'target must be a whole number from 0, not -101'],
  ['names that are no array', () => new MatchToTarget(2, 1n, '', 101, 'ana'), 'names must be an array'],
  ['more names than players', () => new MatchToTarget(2, 1n, '', 101, ['a', 'b', 'c']), '3 names for 2 players'],
  ['a name that is not text', () => new MatchToTarget(2, 1n, '', 101, ['a', 7]), 'a name must be a string, not number'],
  ['an empty name', () => new MatchToTarget(2, 1n, '', 101, ['a', '']), 'seat 1: empty name'],
  ['a name with spaces around it', () => new MatchToTarget(2, 1n, '', 101, [' a']), 'seat 0: space around the name'],
  ['a name too long', () => new MatchToTarget(2, 1n, '', 101, ['x'.repeat(65)]), 'seat 0: a name of 65 bytes (at most 64)'],
  ['a record that is not a match', () => MatchToTarget.fromRecord('tablic-record 1\nplayers 2\nseed 1\n'),
    'line 1: a match record starts with "tablic-match 1"'],
  ['a record that is not text', () => MatchToTarget.fromRecord(undefined), 'a record must be a string, not undefined'],
  ['an illegal move in a record', () => MatchToTarget.fromRecord(`${HEADER}game 1\nplay KS\n`),
    'line 6: illegal move: KS is not in the hand'],
  ['a wrong result in a record', () => {
    const text = between().record().replace(/^result .*$/m, 'result 1 2');
    return MatchToTarget.fromRecord(text);
  }, /^line \d+: /],
  ['a player out of range', () => fresh().sideOf(2), 'no player 2 in a match of 2 players'],
  ['a seat out of range', () => fresh().playerAt(2), 'no seat 2 in a match of 2 players'],
  ['a negative player', () => fresh().seatOf(-1), 'a player must be a whole number from 0, not -1'],
  ["a view's seat out of range", () => fresh().view(2), 'no seat 2 in a game of 2 players'],
  ['an illegal move', () => fresh().play('6C 2H 4D'), 'illegal move 6C 2H 4D: not on the table: 4D'],
  ['a move that is not text', () => fresh().play(3), 'a move must be a string, not number'],
  ['the next game before the game ends', () => fresh().nextGame(), 'the game in play is not over'],
  ['a move between games', () => between().play('3C'), 'illegal move 3C: the game is over'],
  ['a move after the match', () => over().play('3C'), 'illegal move 3C: the game is over'],
  ['the next game after the match', () => over().nextGame(), 'the match is over'],
  ['a negative undo', () => fresh().rewound(-1), 'moves must be a whole number from 0, not -1'],
];

for (const [what, call, message] of CASES) {
  test(`${what} is an Error with the engine's message`, () => {
    assert.throws(call, (error) => {
      assert.ok(error instanceof Error);
      assert.ok(!(error instanceof WebAssembly.RuntimeError), `a trap: ${error.message}`);
      if (message instanceof RegExp) assert.match(error.message, message);
      else assert.equal(error.message, message);
      return true;
    });
  });
}

test('an illegal move or a refused next game changes nothing', () => {
  const match = fresh();
  const before = match.record();
  assert.throws(() => match.play('6C 2H 4D'));
  assert.throws(() => match.nextGame());
  assert.equal(match.record(), before);
  assert.equal(over().winner, over().totals[0] > over().totals[1] ? 0 : 1);
});
