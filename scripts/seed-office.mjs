#!/usr/bin/env node
// Fills a local D1 with an office at a real firm's size (issue 40 item 9): 10,000 leads over two years with their
// stages, notes, to-dos, written quotes and diary, 50,000 e-mails and 20,000 audit lines (scripts/lib/office-seed.mjs).
// The leads are copies of a few real ones the running Worker stores first, so start the site, then seed it:
//   npm start                                   (in one terminal: the site on 8788, its D1 in .wrangler/state)
//   npm run seed:office                         (in another; then /office shows 10,000 leads)
//   npm run seed:office -- --url http://127.0.0.1:8788 --state .wrangler/state --leads 10000 --emails 50000 --audit 20000
// `npm run bench:office` does the same in a D1 of its own and times the office's pages.
import { parseArgs } from 'node:util';
import { openWritableD1, seedOffice, storeTemplates } from './lib/office-seed.mjs';

const { values: options } = parseArgs({
  options: {
    url: { type: 'string', default: `http://127.0.0.1:${process.env.PORT ?? '8788'}` },
    state: { type: 'string', default: '.wrangler/state' },
    leads: { type: 'string', default: '10000' },
    emails: { type: 'string', default: '50000' },
    audit: { type: 'string', default: '20000' },
  },
});

await storeTemplates(options.url);
const db = openWritableD1(options.state);
try {
  const made = seedOffice(db, { leads: Number(options.leads), emails: Number(options.emails), audit: Number(options.audit) });
  console.log(
    `Seeded ${made.leads} leads, ${made.emails} e-mails and ${made.audit} audit lines (${made.booked} booked moves) into ${options.state}.`,
  );
} finally {
  db.close();
}
