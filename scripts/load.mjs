#!/usr/bin/env node
// Load test: 500 quote submissions at concurrency 50 against a local server (wrangler dev --env load: the
// test set-up with the rate limits raised in wrangler.jsonc) with both stand-ins. Prints throughput and
// p50/p95 latency, then checks that exactly 500 records and 1,000 e-mails exist.
//   npm run load      (LOAD_PORT, default 8795; LOAD_TOTAL / LOAD_CONCURRENCY to change the run)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createMailCatcher } from '../stand-ins/mail/server.mjs';
import { createPostcodesStandIn } from '../stand-ins/postcodes/server.mjs';
import { listenOn } from './lib/stand-ins.mjs';
import { openLocalD1 } from './lib/local-d1.mjs';

const TOTAL = Number(process.env.LOAD_TOTAL ?? 500);
const CONCURRENCY = Number(process.env.LOAD_CONCURRENCY ?? 50);
const PORT = Number(process.env.LOAD_PORT ?? 8795);
const BASE = `http://127.0.0.1:${PORT}`;
const STATE = '.wrangler/load-state';

const fixture = JSON.parse(readFileSync('stand-ins/postcodes/fixture.json', 'utf8')).postcodes.map((p) => p.postcode);
const packages = ['mini', 'studio', 'two-bed', 'three-bed'];
const furniture = [
  'wardrobe',
  'double-wardrobe',
  'office-desk',
  'dining-table',
  'single-bed',
  'double-bed',
  'tv-stand',
  'bookcase',
  'sofa',
];

function londonDateInDays(days) {
  const date = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(date);
}

const run = Date.now().toString(36);
function body(i) {
  return {
    name: `Load Tester ${i}`,
    email: `load-${run}-${i}@example.com`,
    phone: '07700 900123',
    propertyId: packages[i % packages.length],
    furnitureIds: furniture.slice(0, i % 4),
    fromPostcode: fixture[i % fixture.length],
    toPostcode: fixture[(i * 7 + 3) % fixture.length],
    moveDate: londonDateInDays(3 + (i % 30)),
    clientEstimate: { total: 500, distance: 50 },
    idempotencyKey: `load-${run}-${i}`,
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function waitForHealth(server) {
  for (let i = 0; i < 400; i++) {
    if (server.exitCode !== null) throw new Error('the server exited before it was ready');
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${BASE} did not answer within 2 minutes`);
}

if (!existsSync('dist')) mkdirSync('dist');
const postcodes = createPostcodesStandIn();
const mail = createMailCatcher();
const postcodesUrl = `http://127.0.0.1:${await listenOn(postcodes, Number(process.env.POSTCODES_STANDIN_PORT ?? 8790))}`;
const mailUrl = `http://127.0.0.1:${await listenOn(mail, Number(process.env.MAIL_CATCHER_PORT ?? 8791))}`;

console.log(`Starting wrangler dev --env load on ${BASE} (stand-ins: postcodes ${postcodesUrl}, mail ${mailUrl})`);
const server = spawn(
  process.execPath,
  ['scripts/serve.mjs', '--no-build', '--port', String(PORT), '--state', STATE, '--fresh', '--env', 'load'],
  {
    env: { ...process.env, POSTCODES_API_URL: postcodesUrl, RESEND_BASE_URL: mailUrl, RESEND_API_KEY: 're_load_test' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  },
);

let exitCode = 1;
try {
  await waitForHealth(server);
  const latencies = [];
  const statuses = {};
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < TOTAL) {
        const i = next++;
        const t0 = performance.now();
        const response = await fetch(`${BASE}/api/send-quote-email`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body(i)),
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);

  const outboxNow = () => {
    const db = openLocalD1(STATE);
    try {
      return db.prepare('SELECT status, COUNT(*) AS n FROM email_outbox GROUP BY status').all();
    } finally {
      db.close();
    }
  };
  const notSent = (rows) => rows.filter((r) => r.status !== 'sent').reduce((sum, r) => sum + r.n, 0);
  const sentAtOnce = outboxNow().find((r) => r.status === 'sent')?.n ?? 0;
  // An e-mail that failed during the burst (e.g. the 10 s send timeout on a starved machine) waits in the
  // outbox; the cron trigger retries it with the same idempotency key, as in production.
  let cronRuns = 0;
  while (notSent(outboxNow()) > 0 && cronRuns < 3) {
    await new Promise((r) => setTimeout(r, 1_500 * (cronRuns + 1) ** 2));
    await (await fetch(`${BASE}/__scheduled?cron=${encodeURIComponent('*/5 * * * *')}`)).text();
    cronRuns += 1;
  }

  const db = openLocalD1(STATE);
  const records = db.prepare('SELECT COUNT(*) AS n FROM quote_requests WHERE email LIKE ?').get(`load-${run}-%`).n;
  const outbox = db.prepare('SELECT status, COUNT(*) AS n FROM email_outbox GROUP BY status').all();
  db.close();
  const captured = (await (await fetch(`${mailUrl}/emails`)).json()).data.filter((e) => !e.replayOf);
  const distinctKeys = new Set(captured.map((e) => e.idempotencyKey)).size;

  console.log(`\n${TOTAL} quote submissions at concurrency ${CONCURRENCY}`);
  console.log(`  answers:     ${JSON.stringify(statuses)}`);
  console.log(`  wall time:   ${seconds.toFixed(2)} s`);
  console.log(`  throughput:  ${(TOTAL / seconds).toFixed(1)} requests/s`);
  console.log(
    `  latency:     p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, max ${latencies.at(-1).toFixed(0)} ms`,
  );
  console.log(`  D1 records:  ${records} (expected ${TOTAL})`);
  console.log(
    `  outbox:      ${sentAtOnce} sent during the burst; after ${cronRuns} cron run(s): ${outbox.map((r) => `${r.status} ${r.n}`).join(', ')}`,
  );
  console.log(`  e-mails:     ${captured.length} captured, ${distinctKeys} distinct idempotency keys (expected ${TOTAL * 2})`);
  const ok = statuses[201] === TOTAL && records === TOTAL && captured.length === TOTAL * 2 && distinctKeys === TOTAL * 2;
  console.log(ok ? '\n✓ every request stored once and e-mailed twice' : '\n✗ counts do not match');
  exitCode = ok ? 0 : 1;
} catch (error) {
  console.error(error);
} finally {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    server.kill('SIGTERM');
  }
  await Promise.all([postcodes, mail].map((s) => new Promise((resolve) => s.close(resolve))));
  process.exit(exitCode);
}
