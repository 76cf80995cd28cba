#!/usr/bin/env node
// Quote submissions at once against wrangler dev --env load (the test set-up with rate limits raised), then waits for
// the e-mail queue to send every e-mail and checks that each record is stored once and e-mailed twice, no e-mail twice.
//   npm run load                  500 quotes at concurrency 50
//   npm run load -- --failing     300 quotes at concurrency 30, each address failing its first 1 to 3 sends (the mail
//                                 catcher's +failtimesN), then back: the queue's retries must lose nothing
// Free ports unless LOAD_PORT, POSTCODES_STANDIN_PORT, MAIL_CATCHER_PORT name them; LOAD_TOTAL / LOAD_CONCURRENCY change
// the run.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { furnitureIds } from '../src/data/furniture.ts';
import { packages } from '../src/data/packages.ts';
import { addDays, londonToday } from '../src/lib/dates.ts';
import { openDayFrom } from '../src/lib/move-date.ts';
import { openLocalD1 } from './lib/local-d1.mjs';
import { portFromEnv, startSite } from './lib/start-site.mjs';

const { values: options } = parseArgs({ options: { failing: { type: 'boolean', default: false } } });
const FAILING = options.failing;
const TOTAL = Number(process.env.LOAD_TOTAL ?? (FAILING ? 300 : 500));
const CONCURRENCY = Number(process.env.LOAD_CONCURRENCY ?? (FAILING ? 30 : 50));
/** How long the queue may take to send everything after the last answer. */
const DELIVERY_DEADLINE_MS = 5 * 60_000;

const fixture = JSON.parse(readFileSync('stand-ins/postcodes/fixture.json', 'utf8')).postcodes.map((p) => p.postcode);
const packageIds = packages.map((p) => p.id);

const run = Date.now().toString(36);
const prefix = `load-${run}-`;
function body(i) {
  return {
    name: `Load Tester ${i}`,
    // The customer e-mail and the business copy (which replies to the customer) both carry the address.
    email: FAILING ? `${prefix}${i}+failtimes${1 + (i % 3)}@example.com` : `${prefix}${i}@example.com`,
    phone: '07700 900123',
    propertyId: packageIds[i % packageIds.length],
    furnitureIds: furnitureIds.slice(0, i % 4),
    fromPostcode: fixture[i % fixture.length],
    toPostcode: fixture[(i * 7 + 3) % fixture.length],
    moveDate: openDayFrom(addDays(londonToday(), 3 + (i % 30))),
    clientEstimate: { total: 500, distance: 50 },
    idempotencyKey: `${prefix}${i}`,
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** `columns` of this run's outbox rows (its quotes' e-mails), read from the local D1 file. */
function outbox(statePath, columns) {
  const db = openLocalD1(statePath);
  try {
    return db
      .prepare(
        `SELECT ${columns} FROM email_outbox WHERE record_type = 'quote' AND record_reference IN
           (SELECT reference FROM quote_requests WHERE email LIKE ?)`,
      )
      .all(`${prefix}%`);
  } finally {
    db.close();
  }
}

let site;
let exitCode = 1;
try {
  site = await startSite({
    state: '.wrangler/load-state',
    wranglerEnv: 'load',
    // The Worker comes from the build, made for this environment's queues and limits.
    build: true,
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

  // Waits for the event (no row left pending or failed), polling the database the consumer records in.
  const stillOpen = () => outbox(site.statePath, "SUM(status IN ('pending', 'failed')) AS n")[0].n ?? 0;
  const sentAtAnswers = outbox(site.statePath, "SUM(status = 'sent') AS n")[0].n ?? 0;
  const waitStarted = performance.now();
  while (stillOpen() > 0 && performance.now() - waitStarted < DELIVERY_DEADLINE_MS) await new Promise((r) => setTimeout(r, 250));
  const delivery = (performance.now() - waitStarted) / 1000;

  const db = openLocalD1(site.statePath);
  const records = db.prepare('SELECT COUNT(*) AS n FROM quote_requests WHERE email LIKE ?').get(`${prefix}%`).n;
  db.close();
  const byStatus = Object.fromEntries(
    ['pending', 'failed', 'sent', 'gave_up'].map((status) => [status, outbox(site.statePath, `SUM(status = '${status}') AS n`)[0].n ?? 0]),
  );
  const attempts = outbox(site.statePath, 'SUM(attempts) AS n')[0].n ?? 0;
  const references = new Set(outbox(site.statePath, 'record_reference AS reference').map((row) => row.reference));

  const all = (await (await fetch(`${site.mailUrl}/emails`)).json()).data.filter((e) =>
    references.has(/^quote:([^:]+):/.exec(e.idempotencyKey ?? '')?.[1]),
  );
  const captured = all.filter((e) => !e.replayOf);
  const replays = all.length - captured.length;
  const distinctKeys = new Set(captured.map((e) => e.idempotencyKey)).size;
  // The business copy is to the business and replies to the customer: its recipient is the customer it is about.
  const recipientKinds = new Set(captured.map((e) => `${[e.reply_to ?? e.to].flat()[0]}|${e.idempotencyKey.split(':').at(-1)}`)).size;

  const expected = TOTAL * 2;
  console.log(
    `\n${TOTAL} quote submissions at concurrency ${CONCURRENCY}${FAILING ? ', every address failing its first 1 to 3 sends' : ''}`,
  );
  console.log(`  answers:     ${JSON.stringify(statuses)}`);
  console.log(`  wall time:   ${seconds.toFixed(2)} s`);
  console.log(`  throughput:  ${(TOTAL / seconds).toFixed(1)} requests/s`);
  console.log(
    `  latency:     p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, max ${latencies.at(-1).toFixed(0)} ms`,
  );
  console.log(`  D1 records:  ${records} (expected ${TOTAL})`);
  console.log(
    `  outbox:      ${sentAtAnswers} sent by the last answer; ${delivery.toFixed(1)} s later: ${Object.entries(byStatus)
      .map(([status, n]) => `${status} ${n}`)
      .join(', ')}; ${attempts} sends tried for ${expected} e-mails`,
  );
  console.log(
    `  e-mails:     ${captured.length} captured, ${distinctKeys} distinct idempotency keys, ${recipientKinds} distinct recipient and kind (expected ${expected}); ${replays} replays`,
  );
  const ok =
    statuses[201] === TOTAL &&
    records === TOTAL &&
    byStatus.sent === expected &&
    captured.length === expected &&
    distinctKeys === expected &&
    recipientKinds === expected;
  console.log(ok ? '\n✓ every request stored once and e-mailed twice, nothing lost or sent twice' : '\n✗ counts do not match');
  exitCode = ok ? 0 : 1;
} catch (error) {
  console.error(error);
} finally {
  await site?.stop();
  process.exit(exitCode);
}
