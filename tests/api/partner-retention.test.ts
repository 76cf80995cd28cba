/**
 * Issue 43 and the privacy policy's "If you apply to drive with us": a refused application and its documents are
 * deleted 6 months after the decision, from D1 and from R2, with the office's rows naming the applicant; an approved
 * partner's are kept. R2 is read through wrangler's own CLI against the state the Worker writes.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { query, runCron, statePath, unique } from './helpers';
import { officePost } from './office';
import { applied } from './partner-apply';

const SIX_MONTHS_AND_A_DAY_MS = (183 + 1) * 24 * 3600 * 1000;

/** True while R2 holds `key` in the test environment's bucket. */
function inR2(key: string): boolean {
  try {
    execFileSync(
      process.execPath,
      [
        'node_modules/wrangler/bin/wrangler.js',
        'r2',
        'object',
        'get',
        `shiftly-job-photos-test/${key}`,
        '--local',
        '--persist-to',
        statePath(),
        '--pipe',
      ],
      { stdio: ['ignore', 'ignore', 'ignore'], env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } },
    );
    return true;
  } catch {
    return false;
  }
}

const documentKeys = (reference: string) =>
  query<{ key: string }>('SELECT r2_key AS key FROM partner_documents WHERE reference = ? ORDER BY id', reference).map((row) => row.key);

describe('partners’ data past its keeping', () => {
  it('deletes a refused application with its documents six months after the decision, and keeps an approved one', async () => {
    const refused = await applied(`${unique('refused')}@example.com`);
    const kept = await applied(`${unique('approved')}@example.com`);
    expect((await officePost('/office/partners/decide', { ref: refused, decision: 'refuse', reason: 'No van yet' })).status).toBe(303);
    expect((await officePost('/office/partners/decide', { ref: kept, decision: 'approve' })).status).toBe(303);
    const refusedKeys = documentKeys(refused);
    expect(refusedKeys).toHaveLength(4);
    expect(inR2(refusedKeys[0]!)).toBe(true);

    // Five months on, nothing goes.
    await runCron(new Date(Date.now() + 150 * 24 * 3600 * 1000));
    expect(documentKeys(refused)).toEqual(refusedKeys);

    await runCron(new Date(Date.now() + SIX_MONTHS_AND_A_DAY_MS));
    expect(query('SELECT 1 FROM partner_applications WHERE reference = ?', refused)).toEqual([]);
    expect(documentKeys(refused)).toEqual([]);
    expect(query('SELECT 1 FROM audit_log WHERE record_reference = ?', refused)).toEqual([]);
    expect(query('SELECT 1 FROM office_tasks WHERE record_reference = ?', refused)).toEqual([]);
    expect(query('SELECT 1 FROM email_outbox WHERE record_reference = ?', refused)).toEqual([]);
    // One batch deletes them all: the first and the last stand for the four (each look is a wrangler run).
    for (const key of [refusedKeys[0]!, refusedKeys[3]!]) expect(inR2(key), key).toBe(false);

    // (By then its insurance has lapsed and it is paused: still a partner, with its documents.)
    expect(query('SELECT 1 AS kept FROM partner_applications WHERE reference = ?', kept)).toEqual([{ kept: 1 }]);
    const keptKeys = documentKeys(kept);
    expect(keptKeys).toHaveLength(4);
    expect(inR2(keptKeys[0]!)).toBe(true);
  });
});
