// A plain static file server on 127.0.0.1 for the e2e tests: serves one folder, no API (or, with
// a second argument, forwards /api/* to a running `lightsout serve`). Prints its URL.
//   node static-server.mjs DIR [API_BASE_URL]
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? '.');
const api = process.argv[3];
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm', '.json': 'application/json' };

const server = createServer(async (req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (api && url.pathname.startsWith('/api/')) {
    const body = req.method === 'POST' ? await new Promise((ok) => {
      const parts = []; req.on('data', (d) => parts.push(d)); req.on('end', () => ok(Buffer.concat(parts)));
    }) : undefined;
    const out = await fetch(new URL(url.pathname + url.search, api), { method: req.method, body,
      headers: { 'Content-Type': req.headers['content-type'] ?? 'application/json' } });
    res.writeHead(out.status, { 'Content-Type': out.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await out.arrayBuffer()));
    return;
  }
  const file = path.join(root, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''));
  const target = file.endsWith(path.sep) || url.pathname === '/' ? path.join(file, 'index.html') : file;
  if (!target.startsWith(root)) { res.writeHead(403).end(); return; }
  try {
    const data = await readFile(target);
    res.writeHead(200, { 'Content-Type': types[path.extname(target)] ?? 'application/octet-stream' });
    res.end(data);
  } catch {
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
  }
});
server.listen(0, '127.0.0.1', () => {
  console.log(`static: serving on http://127.0.0.1:${server.address().port}/`);
});
