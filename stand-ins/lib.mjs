// Small helpers shared by the stand-in servers (plain Node http, no dependencies).
export function sendJson(res, status, body, headers = {}) {
  const text = JSON.stringify(body);
  // Browsers call the postcode service directly (the quote wizard); postcodes.io allows any origin, so does the stand-in.
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'access-control-allow-origin': '*',
    ...headers,
  });
  res.end(text);
}

export function sendHtml(res, status, html) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html) });
  res.end(html);
}

export async function readText(req, limit = 1_000_000) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > limit) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function readJson(req, limit = 1_000_000) {
  const text = await readText(req, limit);
  return text ? JSON.parse(text) : {};
}

export const escapeHtml = (value) =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

export function portFrom(argv, envName, fallback) {
  const i = argv.indexOf('--port');
  if (i >= 0 && argv[i + 1]) return Number(argv[i + 1]);
  return Number(process.env[envName] ?? fallback);
}

export function listen(server, port, label) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      console.log(`${label} listening on http://127.0.0.1:${server.address().port}`);
      resolve(server);
    });
  });
}
