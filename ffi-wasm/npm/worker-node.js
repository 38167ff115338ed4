// `tablic/worker` in Node: BotWorker runs the bots in a worker thread (bot-worker-node.js
// beside this file). The thread keeps Node running only while requests wait.
import { Worker } from 'node:worker_threads';
import { BotWorkerBase } from './worker-client.js';

export class BotWorker extends BotWorkerBase {
  constructor() {
    super((answered, failed) => {
      const worker = new Worker(new URL('./bot-worker-node.js', import.meta.url));
      worker.on('message', answered);
      worker.on('error', (error) => failed(`the bot worker failed: ${error.message}`));
      worker.on('exit', () => failed('the bot worker stopped'));
      return {
        postMessage: (message) => worker.postMessage(message),
        terminate: () => worker.terminate(),
        busy: (waiting) => (waiting ? worker.ref() : worker.unref()),
      };
    });
  }
}
