/**
 * The job sheet link e-mailed to the crew lead from the lead page (issue 40 item 7) over HTTP: the e-mail carries a
 * working link made as it is sent (never stored), which stops the earlier one; the address is kept for next time; the
 * audit trail names who sent it to whom. A wrong address, or a move the diary has not booked, sends nothing.
 */
import { describe, expect, it } from 'vitest';
import { API_PATHS, type QuoteAnswer } from '~/lib/api';
import { JOB_SHEET_TOKEN_FIELD, leadPath, OFFICE_PATHS } from '~/lib/office/paths';
import { diaryDay } from '../shared/diary-days';
import { bookInDiary } from '../shared/office-posts';
import { apiBase, call, emailsTo, query, unique, validQuote } from './helpers';
import { readPage } from './html';
import { officeGet, officePost, OWNER_EMAIL, ownerCookie } from './office';

async function quoted(): Promise<{ reference: string; moveDate: string }> {
  const moveDate = diaryDay();
  const response = await call(API_PATHS.quote, validQuote({ moveDate, email: `${unique('crew-mail')}@example.com` }));
  expect(response.status).toBe(201);
  return { reference: ((await response.json()) as QuoteAnswer).reference, moveDate };
}

async function booked(): Promise<{ reference: string; moveDate: string; crewLead: string }> {
  const move = await quoted();
  const booking = { crewLead: `Kofi ${unique('Mensah')}`, crewSize: 2, van: `LV74 ${unique('CRW')}`, window: '10-12' };
  await bookInDiary({ base: apiBase(), session: ownerCookie() }, move, booking);
  return { ...move, crewLead: booking.crewLead };
}

const sendTo = (reference: string, email: string) => officePost(OFFICE_PATHS.jobSheetEmail, { ref: reference, email });
const sheet = (token: string) => fetch(`${apiBase()}${OFFICE_PATHS.jobSheet}?${new URLSearchParams({ [JOB_SHEET_TOKEN_FIELD]: token })}`);

describe('e-mailing the job sheet link to the crew lead', () => {
  it('sends a working link, stops the earlier one, keeps the address and says who sent it', async () => {
    const move = await booked();
    // A link made on the page first, as before.
    const made = await officePost(OFFICE_PATHS.jobSheetLink, { ref: move.reference });
    const earlier = new URL(
      readPage(await made.text())
        .filled('job-sheet-link')
        .trim(),
    ).searchParams.get(JOB_SHEET_TOKEN_FIELD)!;
    expect((await sheet(earlier)).status).toBe(200);

    const lead = `${unique('kofi')}@example.com`;
    const sent = await sendTo(move.reference, lead);
    expect(sent.status).toBe(303);
    expect(sent.headers.get('Location')).toBe(`${leadPath(move.reference)}&done=job_sheet_emailed`);

    await expect.poll(async () => (await emailsTo(lead)).length, { timeout: 20_000 }).toBe(1);
    const [email] = await emailsTo(lead);
    expect(email!.subject).toContain(`move ${move.reference}`);
    expect(email!.text).toContain(`Hello ${move.crewLead.split(' ')[0]}, here is the job sheet`);
    expect(email!.text).toContain('arriving 10 am–12 noon');
    const link = new URL(/https?:\/\/\S+\/job-sheet\?t=[\w-]{32}/.exec(email!.text)![0]);
    expect(email!.html).toContain(link.search);
    const token = link.searchParams.get(JOB_SHEET_TOKEN_FIELD)!;
    expect((await sheet(token)).status).toBe(200);
    expect((await sheet(earlier)).status).toBe(404);
    // Only the link's hash is kept, never the link.
    expect(query('SELECT 1 FROM email_outbox WHERE payload LIKE ?', `%${token}%`)).toEqual([]);

    expect(
      query('SELECT actor, detail FROM audit_log WHERE record_reference = ? AND action = ?', move.reference, 'job_sheet_emailed'),
    ).toEqual([{ actor: OWNER_EMAIL, detail: `Job sheet link e-mailed to ${lead}; any earlier link stops working when it is sent` }]);
    // The lead page offers the same address next time.
    const page = readPage(await (await officeGet(leadPath(move.reference))).text());
    expect(page.shown('job-sheet-email')).toBe(true);
    expect(await (await officeGet(leadPath(move.reference))).text()).toContain(`value="${lead}"`);
  });

  it('refuses an address that is not one, with the message by the field, and sends nothing', async () => {
    const move = await booked();
    const refused = await sendTo(move.reference, 'kofi at example');
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(readPage(html).filled('error:email')).toBe('Please enter a valid email address.');
    expect(html).toContain('value="kofi at example"');
    expect(query("SELECT 1 FROM email_outbox WHERE record_type = 'crew' AND record_reference = ?", move.reference)).toEqual([]);
  });

  it('sends nothing for a move the diary has not booked', async () => {
    const move = await quoted();
    const refused = await sendTo(move.reference, `${unique('nobody')}@example.com`);
    expect(refused.status).toBe(409);
    const page = readPage(await refused.text());
    expect(page.shown('job-sheet-not-booked')).toBe(true);
    expect(page.shown('job-sheet-email')).toBe(false);
    expect(query("SELECT 1 FROM email_outbox WHERE record_type = 'crew' AND record_reference = ?", move.reference)).toEqual([]);
  });
});
