#!/usr/bin/env node
// 500 quote submissions at concurrency 50 against wrangler dev --env load (the test set-up with rate limits raised),
// then checks that exactly 500 records and 1,000 e-mails exist.
//   npm run load      (free ports unless LOAD_PORT, POSTCODES_STANDIN_PORT, MAIL_CATCHER_PORT name them;
//                      LOAD_TOTAL / LOAD_CONCURRENCY to change the run)
import { readFileSync } from 'node:fs';
import { furnitureIds } from '../src/data/furniture.ts';
import { packages } from '../src/data/packages.ts';
import { addDays, londonToday } from '../src/lib/dates.ts';
import { openDayFrom } from '../src/lib/move-date.ts';
import { openLocalD1 } from './lib/local-d1.mjs';
import { portFromEnv, startSite } from './lib/start-site.mjs';

const TOTAL = Number(process.env.LOAD_TOTAL ?? 500);
const CONCURRENCY = Number(process.env.LOAD_CONCURRENCY ?? 50);

const fixture = JSON.parse(readFileSync('stand-ins/postcodes/fixture.json', 'utf8')).postcodes.map((p) => p.postcode);
const packageIds = packages.map((p) => p.id);

const run = Date.now().toString(36);
function body(i) {
  return {
    name: `Load Tester ${i}`,
    email: `load-${run}-${i}@example.com`,
    phone: '07700 900123',
    propertyId: packageIds[i % packageIds.length],
    furnitureIds: furnitureIds.slice(0, i % 4),
    fromPostcode: fixture[i % fixture.length],
    toPostcode: fixture[(i * 7 + 3) % fixture.length],
    moveDate: openDayFrom(addDays(londonToday(), 3 + (i % 30))),
    clientEstimate: { total: 500, distance: 50 },
    idempotencyKey: `load-${run}-${i}`,
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

let site;
let exitCode = 1;
try {
  site = await startSite({
    state: '.wrangler/load-state',
    wranglerEnv: 'load',
    ports: { site: portFromEnv('LOAD_PORT'), postcodes: portFromEnv('POSTCODES_STANDIN_PORT'), mail: portFromEnv('MAIL_CATCHER_PORT') },
  });
  console.log(`wrangler dev --env load on ${site.url} (stand-ins: postcodes ${site.postcodesUrl}, mail ${site.mailUrl})`);
  const latencies = [];
  const statuses = {};
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < TOTAL) {
        const i = next++;
        const t0 = performance.now();
        const response = await fetch(`${site.url}/api/send-quote-email`, {
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
    const db = openLocalD1(site.statePath);
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
    await (await fetch(`${site.url}/__scheduled?cron=${encodeURIComponent('*/5 * * * *')}`)).text();
    cronRuns += 1;
  }

  const db = openLocalD1(site.statePath);
  const records = db.prepare('SELECT COUNT(*) AS n FROM quote_requests WHERE email LIKE ?').get(`load-${run}-%`).n;
  const outbox = db.prepare('SELECT status, COUNT(*) AS n FROM email_outbox GROUP BY status').all();
  db.close();
  const captured = (await (await fetch(`${site.mailUrl}/emails`)).json()).data.filter((e) => !e.replayOf);
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
  await site?.stop();
  process.exit(exitCode);
}
