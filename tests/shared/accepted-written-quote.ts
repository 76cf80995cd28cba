/**
 * A written quote the office sent and the customer accepted, for the payment tests (issue 34). Until the written-quote
 * branch (office-quotes) is on main there is no HTTP way to make one, so this writes the row its send and accept leave
 * (schema migrations/0011_office.sql) into the run's local D1. The only write a test makes behind the Worker's back:
 * replace it with the office's own posts once that branch lands.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

export interface WrittenQuoteFixture {
  totalPence: number;
  depositPence: number;
}

export function acceptWrittenQuote(statePath: string, reference: string, { totalPence, depositPence }: WrittenQuoteFixture): void {
  const folder = join(statePath, 'v3/d1/miniflare-D1DatabaseObject');
  const file = readdirSync(folder).find((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
  if (!file) throw new Error(`No local database in ${folder}`);
  const db = new DatabaseSync(join(folder, file), { timeout: 5000 });
  try {
    const at = new Date().toISOString();
    db.prepare(
      `INSERT INTO written_quotes (reference, version, lines, code, discount_pence, total_pence, deposit_pence, valid_until,
         included, created_by, created_at, sent_at, accepted_at)
       VALUES (?, 1, ?, NULL, 0, ?, ?, '2099-12-31', NULL, 'owner@shiftly.example', ?, ?, ?)`,
    ).run(reference, JSON.stringify([{ label: 'Removal', pence: totalPence }]), totalPence, depositPence, at, at, at);
  } finally {
    db.close();
  }
}
