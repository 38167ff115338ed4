// BotWorker's side on the calling thread, the same in browsers and Node: each request gets
// an id and a promise, the worker answers them in order, and an answer settles its promise.
// worker.js and worker-node.js only start the worker.

export class BotWorkerBase {
  #worker;
  #pending = new Map();
  #next = 0;
  /** Why no request is taken any more, once the worker is gone. */
  #ended;

  /** `start(answered, failed)` starts a worker whose answers go to `answered` and whose
   * failure (a message) to `failed`; it returns the worker (postMessage, terminate, and
   * optionally busy(boolean), told whether requests are waiting). */
  constructor(start) {
    this.#worker = start((answer) => this.#settle(answer), (message) => this.#fail(message));
    this.#worker.busy?.(false);
  }

  /** A move (as text) for `seat` from a new bot of `spec` seeded with `seed`. */
  choose(spec, seed, state, seat) {
    return this.#request({ kind: 'choose', spec, seed, state, seat });
  }

  /** `analyzeView` of `seat`'s view, as plain data. */
  analyze(state, seat, bot, seed) {
    return this.#request({ kind: 'analyze', state, seat, bot, seed });
  }

  /** `analyzeGame`, every card known, as plain data. */
  analyzeGame(state, nodes) {
    return this.#request({ kind: 'analyzeGame', state, nodes });
  }

  /** Stops the worker at once, a decision in progress too; waiting requests are rejected. */
  terminate() {
    if (this.#ended === undefined) this.#worker.terminate();
    this.#fail('the bot worker was terminated');
  }

  #request(body) {
    if (this.#ended !== undefined) return Promise.reject(new Error(this.#ended));
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.busy?.(true);
      this.#worker.postMessage({ id, ...body });
    });
  }

  #settle({ id, value, error }) {
    const waiting = this.#pending.get(id);
    if (!waiting) return;
    this.#pending.delete(id);
    this.#worker.busy?.(this.#pending.size > 0);
    if (error === undefined) waiting.resolve(value);
    else waiting.reject(new Error(error));
  }

  #fail(message) {
    this.#ended ??= message;
    for (const { reject } of this.#pending.values()) reject(new Error(message));
    this.#pending.clear();
    this.#worker.busy?.(false);
  }
}
