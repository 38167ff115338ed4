// The bot worker's script in Node (a worker_threads Worker that BotWorker starts): answers
// each request in order with the package's own calls.
import { parentPort } from 'node:worker_threads';
import { answer } from './worker-requests.js';

const tablic = await import('./node.js');

parentPort.on('message', (request) => parentPort.postMessage(answer(tablic, request)));
