// Saving a game's record as a file and reading one back. The record is the engine's text
// (`Game.record()`, as `tablic match --save-records` writes); reading it is the engine's
// too, so a malformed file gets the engine's own message.
import { Game } from 'tablic';

/** Offers the game's record as a download named after its seed. */
export function downloadRecord(game: Game): void {
  const blob = new Blob([game.record()], { type: 'text/plain' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `tablic-${game.seed ?? 'deck'}-${game.plies}.txt`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}

/** The game a record file holds; an `Error` with the engine's message for a bad one. */
export async function gameFromFile(file: File): Promise<Game> {
  if (file.size > 1_000_000) throw new Error(`${file.name} is ${file.size} bytes: too big for a record`);
  return Game.fromRecord(await file.text());
}
