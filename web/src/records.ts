// Saving the record as a file and reading one back. The record is the engine's text (a
// game's, as `tablic match --save-records` writes, or a match's); reading it is the
// engine's too, so a malformed file gets the engine's own message.
import { Session } from './session';

/** Offers the session's record as a download named after its seed and moves. */
export function downloadRecord(session: Session): void {
  const blob = new Blob([session.record()], { type: 'text/plain' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  const kind = session.isMatch ? 'match' : 'game';
  link.download = `tablic-${kind}-${session.seed ?? 'deck'}-${session.game.plies}.txt`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}

/** What a record file holds; an `Error` with the engine's message for a bad one. */
export async function sessionFromFile(file: File): Promise<Session> {
  if (file.size > 1_000_000) throw new Error(`${file.name} is ${file.size} bytes: too big for a record`);
  return Session.fromRecord(await file.text());
}
