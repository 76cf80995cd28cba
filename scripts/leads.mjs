#!/usr/bin/env node
// Lists recent quote, contact and call-back requests and the e-mail outbox from the local D1 database.
//   npm run leads [-- --state .wrangler/state] [--limit 20]
import { parseArgs } from 'node:util';
import { openLocalD1 } from './lib/local-d1.mjs';

const { values: opts } = parseArgs({
  options: { state: { type: 'string', default: '.wrangler/state' }, limit: { type: 'string', default: '20' } },
});
const limit = Math.max(1, Number(opts.limit) || 20);

let db;
try {
  db = openLocalD1(opts.state);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

function section(title, sql) {
  const rows = db.prepare(sql).all(limit);
  console.log(`\n${title} (${rows.length} shown)`);
  if (rows.length === 0) console.log('  none');
  else console.table(rows.map((row) => ({ ...row })));
}

section(
  'Quote requests, newest first',
  `SELECT reference, substr(created_at, 1, 19) AS created, name, email, property_id AS property, from_postcode AS "from", to_postcode AS "to",
     move_date AS date, COALESCE(total, 'to price') AS "£", CASE verified WHEN 1 THEN 'yes' ELSE 'NO' END AS verified, promo_code AS promo, email_status AS emails
   FROM quote_requests ORDER BY id DESC LIMIT ?`,
);
section(
  'Contact messages, newest first',
  `SELECT reference, substr(created_at, 1, 19) AS created, first_name || ' ' || last_name AS name, email, subject, via, email_status AS emails,
     substr(replace(message, char(10), ' '), 1, 40) AS message
   FROM contact_messages ORDER BY id DESC LIMIT ?`,
);
section(
  'Call-back requests, newest first',
  `SELECT reference, substr(created_at, 1, 19) AS created, name, phone, email_status AS emails FROM callback_requests ORDER BY id DESC LIMIT ?`,
);

const totals = db.prepare('SELECT status, COUNT(*) AS emails FROM email_outbox GROUP BY status ORDER BY status').all();
console.log('\nE-mail outbox by status');
console.table(totals.map((row) => ({ ...row })));
section(
  'E-mails not sent yet (failed, waiting or given up)',
  `SELECT id, record_reference AS reference, kind, recipient, status, attempts, substr(next_attempt_at, 1, 19) AS next_attempt,
     substr(last_error, 1, 60) AS last_error, CASE WHEN alerted_at IS NULL THEN '' ELSE 'alerted' END AS business
   FROM email_outbox WHERE status != 'sent' ORDER BY id DESC LIMIT ?`,
);
db.close();
