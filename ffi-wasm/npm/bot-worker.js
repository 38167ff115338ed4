// The bot worker's script in a browser (a module Worker that BotWorker starts): answers
// each request in order with the package's own calls. It listens at once and loads the
// WebAssembly meanwhile, so no request sent early is lost.
import { answer } from './worker-requests.js';

const tablic = import('./index.js');

self.addEventListener('message', async (event) => {
  let loaded;
  try {
    loaded = await tablic;
  } catch (error) {
    self.postMessage({ id: event.data.id, error: `the engine did not load: ${error.message}` });
    return;
  }
  self.postMessage(answer(loaded, event.data));
});
