import { afterEach, describe, expect, it } from 'vitest';
import { call, emailsTo, mailControl, query, runCron, unique, validContact } from './helpers';

const BUSINESS = 'leads@shiftly.example';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => mailControl({ fail: false, failMatch: '' }));

describe('e-mail outbox and cron trigger', () => {
  it('gives up after the configured attempts, keeps the row flagged and alerts the business once', async () => {
    // Only this customer's address fails; the business mailbox works.
    const email = `${unique('bounce')}@example.com`;
    await mailControl({ fail: true, failMatch: email });
    const response = await call('/api/send-contact-email', validContact({ email }));
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };

    // Test env: OUTBOX_RETRY_BASE_SECONDS 1 (retry after 1 s, then 4 s), OUTBOX_MAX_ATTEMPTS 3.
    await pause(1_200);
    await runCron();
    expect(query('SELECT status, attempts FROM email_outbox WHERE record_reference = ? AND kind = ?', reference, 'customer')).toEqual([
      { status: 'failed', attempts: 2 },
    ]);
    await pause(4_200);
    await runCron();
    const [row] = query<{ status: string; attempts: number; alerted_at: string | null }>(
      'SELECT status, attempts, alerted_at FROM email_outbox WHERE record_reference = ? AND kind = ?',
      reference,
      'customer',
    );
    expect(row).toMatchObject({ status: 'gave_up', attempts: 3 });
    expect(row!.alerted_at).not.toBeNull();
    expect(query('SELECT email_status FROM contact_messages WHERE reference = ?', reference)).toEqual([{ email_status: 'failed' }]);

    const alerts = (await emailsTo(BUSINESS)).filter((e) => e.subject.includes('could not be sent') && e.html.includes(reference));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.html).toContain(email);

    // A later run neither retries nor alerts again.
    await runCron();
    expect((await emailsTo(BUSINESS)).filter((e) => e.subject.includes('could not be sent') && e.html.includes(reference))).toHaveLength(1);
    expect(await emailsTo(email)).toHaveLength(0);
  });
});
