#!/usr/bin/env node
// A Resend-compatible mail catcher for offline development and tests.
//   POST /emails          Resend's send-email call, answers { id }. A repeated Idempotency-Key with the same body
//                         answers the first id (a replay, as Resend does); with a different body 409.
//   GET  /emails          { data: [captured e-mails, oldest first] }
//   DELETE /emails        forget everything (also POST /__reset)
//   GET  /                a plain page to read captured e-mails
//   POST /__control       { "fail": true|false, "failMatch": "text in the recipient" } answers 500s while failing
// Port: --port N, env MAIL_CATCHER_PORT, default 8791. MAIL_CATCHER_FAIL=1 starts failing.
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { escapeHtml, listen, portFrom, readJson, sendHtml, sendJson } from '../lib.mjs';

export function createMailCatcher({ fail = process.env.MAIL_CATCHER_FAIL === '1' } = {}) {
  const state = { fail, failMatch: '', failedAttempts: 0 };
  /** @type {Array<Record<string, unknown>>} */
  let emails = [];
  const byKey = new Map();

  const recipients = (value) => (Array.isArray(value) ? value : [value]).filter(Boolean).map(String);

  function page() {
    const rows = emails
      .slice()
      .reverse()
      .map(
        (e) => `<article>
  <h2>${escapeHtml(e.subject)}</h2>
  <p><b>From</b> ${escapeHtml(e.from)} · <b>To</b> ${escapeHtml(recipients(e.to).join(', '))}${e.reply_to ? ` · <b>Reply-To</b> ${escapeHtml(recipients(e.reply_to).join(', '))}` : ''}</p>
  <p><small>${escapeHtml(e.created_at)} · id ${escapeHtml(e.id)} · Idempotency-Key ${escapeHtml(e.idempotencyKey ?? '(none)')}${e.replayOf ? ' · replay' : ''}</small></p>
  <iframe sandbox title="${escapeHtml(e.subject)}" srcdoc="${escapeHtml(e.html ?? `<pre>${escapeHtml(e.text)}</pre>`)}"></iframe>
</article>`,
      )
      .join('\n');
    return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Captured e-mails (${emails.length})</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}iframe{width:100%;height:24rem;border:1px solid #eee}</style>
</head><body><h1>Captured e-mails (${emails.length})</h1><p>Newest first. Nothing here was really sent: this is the local Resend stand-in.${state.fail ? ' <b>Currently failing every send.</b>' : ''}</p>${rows || '<p>No e-mails yet.</p>'}</body></html>`;
  }

  return createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      if (url.pathname === '/__control' && req.method === 'POST') {
        const body = await readJson(req);
        if (body.fail !== undefined) state.fail = Boolean(body.fail);
        if (body.failMatch !== undefined) state.failMatch = String(body.failMatch);
        return sendJson(res, 200, state);
      }
      if (url.pathname === '/__control') return sendJson(res, 200, state);
      if ((url.pathname === '/__reset' && req.method === 'POST') || (url.pathname === '/emails' && req.method === 'DELETE')) {
        emails = [];
        byKey.clear();
        state.failedAttempts = 0;
        return sendJson(res, 200, { ok: true });
      }
      if (url.pathname === '/emails' && req.method === 'GET') return sendJson(res, 200, { object: 'list', data: emails });
      if (url.pathname === '/' && req.method === 'GET') return sendHtml(res, 200, page());
      if (url.pathname === '/emails' && req.method === 'POST') {
        if (!/^Bearer \S+/.test(req.headers.authorization ?? '')) {
          return sendJson(res, 401, { statusCode: 401, name: 'missing_api_key', message: 'Missing API key in the authorization header' });
        }
        const raw = await readJson(req);
        const to = recipients(raw.to);
        if (state.fail && (!state.failMatch || to.some((address) => address.includes(state.failMatch)))) {
          state.failedAttempts += 1;
          return sendJson(res, 500, { statusCode: 500, name: 'application_error', message: 'The mail catcher is switched to fail.' });
        }
        if (!raw.from || to.length === 0 || !raw.subject || (!raw.html && !raw.text)) {
          return sendJson(res, 422, {
            statusCode: 422,
            name: 'validation_error',
            message: 'from, to, subject and html or text are required.',
          });
        }
        const key = req.headers['idempotency-key'];
        const fingerprint = JSON.stringify(raw);
        if (key && byKey.has(key)) {
          const first = byKey.get(key);
          if (first.fingerprint !== fingerprint) {
            return sendJson(res, 409, {
              statusCode: 409,
              name: 'invalid_idempotent_request',
              message: 'Same idempotency key used with a different request payload.',
            });
          }
          emails.push({ ...first.email, replayOf: first.email.id, created_at: new Date().toISOString() });
          return sendJson(res, 200, { id: first.email.id });
        }
        const email = { ...raw, id: randomUUID(), idempotencyKey: key ?? null, created_at: new Date().toISOString() };
        emails.push(email);
        if (key) byKey.set(key, { fingerprint, email });
        return sendJson(res, 200, { id: email.id });
      }
      return sendJson(res, 404, { statusCode: 404, name: 'not_found', message: 'The requested endpoint does not exist.' });
    } catch (error) {
      return sendJson(res, 400, { statusCode: 400, name: 'invalid_json', message: String(error?.message ?? error) });
    }
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = portFrom(process.argv, 'MAIL_CATCHER_PORT', 8791);
  const server = await listen(createMailCatcher(), port, 'Mail catcher (Resend stand-in)');
  console.log(`Read captured e-mails at http://127.0.0.1:${server.address().port}/`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
}
