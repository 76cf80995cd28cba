// A static file server for the bench reference build. Text is gzipped when asked, as `wrangler dev` and Cloudflare do,
// so byte counts compare like with like.
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

function fileFor(root, pathname) {
  const safe = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  const candidate = join(root, safe);
  try {
    const stat = statSync(candidate);
    if (stat.isFile()) return candidate;
    if (stat.isDirectory()) return fileFor(root, join(safe, 'index.html'));
  } catch {
    // not there
  }
  return undefined;
}

/** Serves `root` on 127.0.0.1:`port`; unknown paths without an extension get `spaFallback`. */
export function serveStatic(root, port, { spaFallback } = {}) {
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    let file = fileFor(root, pathname);
    if (!file && spaFallback && !extname(pathname)) file = join(root, spaFallback);
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const body = readFileSync(file);
    if (/^(text\/|image\/svg|application\/json)/.test(type) && /\bgzip\b/.test(String(request.headers['accept-encoding']))) {
      response.writeHead(200, { 'content-type': type, 'content-encoding': 'gzip', vary: 'accept-encoding' }).end(gzipSync(body));
    } else {
      response.writeHead(200, { 'content-type': type }).end(body);
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
