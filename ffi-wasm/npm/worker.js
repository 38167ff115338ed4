// `tablic/worker` in a browser or a bundler: BotWorker runs the bots in a module Web Worker
// (bot-worker.js beside this file), so a decision never blocks the page.
import { BotWorkerBase } from './worker-client.js';

export class BotWorker extends BotWorkerBase {
  constructor() {
    super((answered, failed) => {
      const worker = new Worker(new URL('./bot-worker.js', import.meta.url), { type: 'module' });
      worker.addEventListener('message', (event) => answered(event.data));
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        worker.terminate();
        failed(`the bot worker failed: ${event.message ?? 'it did not start'}`);
      });
      return worker;
    });
  }
}
