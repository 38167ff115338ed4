// A static file server for the built page on 127.0.0.1, as any static host serves it
// (`.wasm` as application/wasm); only files under the folder given, GET and HEAD only.
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
};

/** Serves `folder`; resolves to the server and its base URL (a free port). */
export function serve(folder) {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = normalize(join(folder, path.endsWith('/') ? `${path}index.html` : path));
    let size;
    try {
      if (!file.startsWith(folder + sep) && file !== folder) throw new Error('outside');
      size = statSync(file).isFile() ? statSync(file).size : undefined;
    } catch {
      size = undefined;
    }
    if (size === undefined || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': size,
      'cache-control': 'no-store',
    });
    if (request.method === 'HEAD') response.end(); else createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ server, url: `http://127.0.0.1:${port}/` });
    });
  });
}
