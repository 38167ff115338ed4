// A typed use of the package: tsc --noEmit (through readme.test.mjs) checks the .d.ts that
// wasm-bindgen wrote against it, and the compiled file runs.
import {
  Bot, Card, Game, MatchToTarget, View, cardsText, deriveSeed, moveText, version,
  type GameResult, type Played, type SeatResult, type Seed,
} from 'tablic';
import { BotWorker, type AnalysisData, type MoveAnalysisData } from 'tablic/worker';

const seed: Seed = deriveSeed(1n, 0);
const game: Game = Game.fromSeed(2, seed, 'final-tabla=no');
const players: number = game.players;
const gameSeed: bigint | undefined = game.seed;
const toMove: number | undefined = game.toMove;
const view: View = game.view(toMove ?? 0);
const hand: string[] = view.hand().split(' ');
const moves: string[] = game.cardMoves(hand[0]);
const played: Played = game.play(moves[0]);
const tabla: boolean = played.tabla;
const bot: Bot = new Bot('pimc:samples=4', 9n);
while (!game.isFinished) {
  game.play(bot.chooseFor(game.view(game.toMove!)));
}
const result: GameResult = game.result();
const seats: SeatResult[] = result.seats;
// Plain arrays: a Uint32Array would not type-check here (no push), nor print as one.
const totals: number[] = result.sideTotals;
const matchTotals: number[] = new MatchToTarget(2, 1n).totals;
const runningTotals: number[][] = new MatchToTarget(2, 1n).sheet.map((line) => line.runningTotals);
const card: Card = new Card('10D');
const points: number = card.points;
console.log(version(), players, gameSeed, tabla, seats.length, totals.length, points, matchTotals, runningTotals,
  cardsText(game.pile(0), true).length > 0, moveText('10♦ 2c'), Game.fromRecord(game.record()).plies);

// tablic/worker: the bots off the calling thread.
const worker: BotWorker = new BotWorker();
const chosen: string = await worker.choose('greedy', 1n, game.record(), 0).catch((error: Error) => error.message);
const analysis: AnalysisData = await worker.analyzeGame(game.rewound(44).position());
const marks: MoveAnalysisData['mark'][] = analysis.moves.map((move) => move.mark);
worker.terminate();
console.log(chosen, analysis.exact, marks.length > 0);
