/**
 * A condition record at both ends (issue 44 item 5) over HTTP, through the crew's real job sheet link: before loading
 * and after unloading the crew write what was already damaged, with photos, and the customer signs with their typed
 * name and a tick. Refused without either, by the field; once signed, never replaced; the customer's copy by e-mail
 * (fetched by its own key); the move page, the lead page and the claims section show it; the photos are the office's
 * alone and go with the lead when it is erased.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS } from '~/lib/account';
import { API_PATHS, PAGE_PATHS, type QuoteAnswer } from '~/lib/api';
import { CLAIM_PATH } from '~/lib/claims';
import { londonDayStart } from '~/lib/dates';
import { CONDITION_MESSAGES } from '~/lib/office/condition';
import { JOB_SHEET_TOKEN_FIELD, leadPath, OFFICE_PATHS } from '~/lib/office/paths';
import { diaryDay, WEEKDAY } from '../shared/diary-days';
import { bookInDiary } from '../shared/office-posts';
import { postForm } from './bookings';
import { apiBase, call, query, runCron, secondsFromNow, unique, validQuote, waitForEmail } from './helpers';
import { readPage } from './html';
import { officeGet, officePost, ownerCookie } from './office';
import { post, signIn } from './sign-in';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

interface Move {
  reference: string;
  email: string;
  moveDate: string;
  answer: QuoteAnswer;
}

/** A quote booked by the owner in the diary with a crew led by Samira, as the office does it. */
async function bookedMove(): Promise<Move> {
  const email = `${unique('condition')}@example.com`;
  const moveDate = diaryDay(WEEKDAY);
  const response = await call(API_PATHS.quote, validQuote({ email, moveDate, name: 'Nia Okafor', phone: '07700 900456' }));
  expect(response.status).toBe(201);
  const answer = (await response.json()) as QuoteAnswer;
  const move = { reference: answer.reference, email, moveDate, answer };
  const booking = { crewLead: `Samira ${unique('Khan')}`, crewSize: 2, van: `LV71 ${unique('KFP')}`, window: '08-10' };
  await bookInDiary({ base: apiBase(), session: ownerCookie() }, move, booking);
  return move;
}

/** The crew lead's link, as the office makes it. */
async function linkFor(reference: string): Promise<string> {
  const response = await officePost(OFFICE_PATHS.jobSheetLink, { ref: reference });
  expect(response.status).toBe(200);
  const url = new URL(
    readPage(await response.text())
      .filled('job-sheet-link')
      .trim(),
  );
  return url.searchParams.get(JOB_SHEET_TOKEN_FIELD)!;
}

const sheetPath = (token: string) => `${OFFICE_PATHS.jobSheet}?${new URLSearchParams({ [JOB_SHEET_TOKEN_FIELD]: token })}`;

/** 09:10 and 15:40 UK time on the move's day. */
const onTheDay = (move: Move, hours: number, minutes: number) =>
  new Date(londonDayStart(move.moveDate).getTime() + (hours * 60 + minutes) * 60_000).toISOString();

/** The sheet's condition form as a phone posts it: multipart, no referrer (`Origin: null`). */
function record(token: string, at: string, fields: Record<string, string>, photos = 0, signature?: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (let i = 0; i < photos; i++) form.append('photos', new Blob([PNG], { type: 'image/png' }), `door-${i}.png`);
  // As the pad's script sends it: a file named and typed as a PNG, whatever its bytes.
  if (signature) form.set('signature', new Blob([signature], { type: 'image/png' }), 'signature.png');
  return fetch(`${apiBase()}${sheetPath(token)}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: 'null', 'Sec-Fetch-Site': 'same-origin', 'X-Test-Now': at, 'X-Test-Client': unique('phone') },
    body: form,
  });
}

const rowsOf = (reference: string) =>
  query<{
    end_kind: string;
    note: string;
    photos: string | null;
    signed_name: string;
    signature: string | null;
    recorded_by: string;
    created_at: string;
  }>(
    'SELECT end_kind, note, photos, signed_name, signature, recorded_by, created_at FROM condition_records WHERE reference = ? ORDER BY id',
    reference,
  );

const text = (page: ReturnType<typeof readPage>, key: string) => page.filled(key).replace(/\s+/g, ' ').trim();

/** The move's day in words, as the e-mail says it (e.g. "Tuesday 15 December 2026"), worked out here. */
const dayInWords = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
    .format(new Date(`${day}T12:00:00Z`))
    .replace(',', '');

describe('the condition record at both ends', () => {
  it('is refused without the customer’s tick or name, by the field, and stores nothing', async () => {
    const move = await bookedMove();
    const token = await linkFor(move.reference);
    const at = onTheDay(move, 9, 10);

    const noTick = await record(token, at, { action: 'condition_pickup', note: 'Scratch on the wardrobe door', name: 'Nia Okafor' });
    expect(noTick.status).toBe(400);
    const html = await noTick.text();
    const page = readPage(html);
    expect(page.filled('error:agree')).toBe(CONDITION_MESSAGES.agree);
    expect(html).toMatch(/id="condition_pickup-agree"[^>]*aria-describedby="condition_pickup-agree-error"/);
    // What was typed comes back, so the crew need not write it again.
    expect(html).toContain('Scratch on the wardrobe door</textarea>');
    expect(html).toContain('value="Nia Okafor"');

    const noName = await record(token, at, { action: 'condition_pickup', note: 'Scratch on the wardrobe door', name: '   ', agree: 'yes' });
    expect(noName.status).toBe(400);
    const again = await noName.text();
    expect(readPage(again).filled('error:name')).toBe(CONDITION_MESSAGES.name);
    expect(again).toMatch(/id="condition_pickup-name"[^>]*aria-describedby="condition_pickup-name-error"/);

    // A drawn signature that is not a PNG by its bytes (a JPEG's), or over 100 KB, is refused by the pad's own message.
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);
    const oversize = new Uint8Array(100 * 1024 + 1);
    oversize.set(PNG);
    for (const signature of [jpeg, oversize]) {
      const drawn = await record(token, at, { action: 'condition_pickup', note: 'None', name: 'Nia Okafor', agree: 'yes' }, 0, signature);
      expect(drawn.status).toBe(400);
      const refused = await drawn.text();
      expect(readPage(refused).filled('error:signature')).toBe(CONDITION_MESSAGES.signature);
      expect(refused).toMatch(/<canvas[^>]*aria-describedby="condition_pickup-signature-hint condition_pickup-signature-error"/);
    }

    const noNote = await record(token, at, { action: 'condition_delivery', note: ' ', name: 'Nia Okafor', agree: 'yes' });
    expect(noNote.status).toBe(400);
    expect(readPage(await noNote.text()).filled('error:note')).toBe(CONDITION_MESSAGES.note);

    expect(rowsOf(move.reference)).toEqual([]);
    expect(query('SELECT 1 FROM email_outbox WHERE idempotency_key LIKE ?', `move:${move.reference}:condition:%`)).toEqual([]);
  });

  it('is signed at pickup and at delivery, e-mailed to the customer, and shown to them, the office and beside a claim', async () => {
    const move = await bookedMove();
    const token = await linkFor(move.reference);

    const pickup = await record(
      token,
      onTheDay(move, 9, 10),
      { action: 'condition_pickup', note: 'Scratch on the wardrobe door; sofa leg loose', name: '  Nia   Okafor ', agree: 'yes' },
      2,
    );
    expect(pickup.status).toBe(303);
    const back = new URL(pickup.headers.get('Location')!, apiBase());
    expect(back.searchParams.get('done')).toBe('condition_pickup');
    // The sheet on the day says only the time.
    const sheet = readPage(await (await fetch(back, { headers: { 'X-Test-Now': onTheDay(move, 9, 11) } })).text());
    expect(sheet.filled('notice')).toBe('Thank you. The condition at pickup is recorded and signed; we have e-mailed the customer a copy.');
    expect(text(sheet, 'condition:pickup:signed')).toBe('Nia Okafor, 09:10 (2 photos)');

    // Signed once: a second record for the same end is refused and changes nothing.
    const twice = await record(token, onTheDay(move, 9, 20), {
      action: 'condition_pickup',
      note: 'None',
      name: 'Someone else',
      agree: 'yes',
    });
    expect(twice.status).toBe(409);
    expect(readPage(await twice.text()).filled('error:note')).toBe(CONDITION_MESSAGES.recorded);

    const delivery = await record(token, onTheDay(move, 15, 40), {
      action: 'condition_delivery',
      note: 'None',
      name: 'Nia Okafor',
      agree: 'yes',
    });
    expect(delivery.status).toBe(303);

    const rows = rowsOf(move.reference);
    expect(rows.map(({ photos, ...row }) => ({ ...row, photos: photos && (JSON.parse(photos) as string[]).length }))).toEqual([
      {
        end_kind: 'pickup',
        note: 'Scratch on the wardrobe door; sofa leg loose',
        photos: 2,
        signed_name: 'Nia Okafor',
        signature: null,
        recorded_by: 'crew:Samira',
        created_at: onTheDay(move, 9, 10),
      },
      {
        end_kind: 'delivery',
        note: 'None',
        photos: null,
        signed_name: 'Nia Okafor',
        signature: null,
        recorded_by: 'crew:Samira',
        created_at: onTheDay(move, 15, 40),
      },
    ]);
    const keys = JSON.parse(rows[0]!.photos!) as string[];
    for (const key of keys) expect(key).toMatch(new RegExp(`^job-photos/${move.reference}/[0-9a-f-]{36}\\.png$`));
    expect(
      query<{ actor: string; action: string; detail: string }>(
        "SELECT actor, action, detail FROM audit_log WHERE record_reference = ? AND action LIKE 'crew_condition_%' ORDER BY id",
        move.reference,
      ),
    ).toEqual([
      {
        actor: 'crew:Samira',
        action: 'crew_condition_pickup',
        detail: 'Condition at pickup, signed by Nia Okafor: Scratch on the wardrobe door; sofa leg loose (2 photos)',
      },
      { actor: 'crew:Samira', action: 'crew_condition_delivery', detail: 'Condition at delivery, signed by Nia Okafor: None (no photos)' },
    ]);

    // The customer's copy of each, by its own key.
    const copy = await waitForEmail({ key: `move:${move.reference}:condition:pickup:customer` });
    expect(copy.to).toContain(move.email);
    const words = copy.text.replace(/\s+/g, ' ');
    expect(words).toContain('Scratch on the wardrobe door; sofa leg loose');
    expect(words).toContain('2 photos');
    expect(words).toContain('Nia Okafor');
    expect(words).toContain(`${dayInWords(move.moveDate)} at 09:10`);
    expect(words).toContain('I have read this record and agree it describes the condition of my things');
    const second = await waitForEmail({ key: `move:${move.reference}:condition:delivery:customer` });
    expect(second.text.replace(/\s+/g, ' ')).toContain(`${dayInWords(move.moveDate)} at 15:40`);

    // The move page: both records, who signed and when; the photos only counted.
    const moveHtml = await (await fetch(new URL(move.answer.confirmationUrl, apiBase()))).text();
    const movePage = readPage(moveHtml);
    expect(text(movePage, 'condition:pickup:note')).toBe('Scratch on the wardrobe door; sofa leg loose');
    expect(text(movePage, 'condition:pickup:photos')).toBe('2 photos');
    expect(text(movePage, 'condition:pickup:signed')).toMatch(/^Nia Okafor, \d{1,2} \w{3,4} \d{4}, 09:10$/);
    expect(text(movePage, 'condition:delivery:note')).toBe('None');
    expect(text(movePage, 'condition:delivery:signed')).toMatch(/^Nia Okafor, \d{1,2} \w{3,4} \d{4}, 15:40$/);
    expect(moveHtml).not.toContain(keys[0]);

    // The lead page: both records with their photos through the office's route; the photos the office's alone.
    const photoPath = `${OFFICE_PATHS.jobPhoto}?${new URLSearchParams({ key: keys[0]! })}`;
    const leadHtml = await (await officeGet(leadPath(move.reference))).text();
    const lead = readPage(leadHtml);
    expect(text(lead, 'job-sheet:condition:pickup:note')).toBe('Scratch on the wardrobe door; sofa leg loose');
    expect(text(lead, 'job-sheet:condition:delivery:signed')).toBe('Signed by Nia Okafor; no photos');
    expect(leadHtml).toContain(`src="${photoPath.replace(/&/g, '&amp;')}"`);
    const photo = await officeGet(photoPath);
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await fetch(`${apiBase()}${photoPath}`, { redirect: 'manual' })).status).toBe(303);

    // A claim from a crew's damage report: the claims section sets both records beside it.
    const problem = new FormData();
    problem.set('action', 'problem');
    problem.set('note', 'Lamp dropped on the stairs');
    const reported = await fetch(`${apiBase()}${sheetPath(token)}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: 'null', 'Sec-Fetch-Site': 'same-origin', 'X-Test-Now': onTheDay(move, 15, 45) },
      body: problem,
    });
    expect(reported.status).toBe(303);
    const [report] = query<{ id: number }>("SELECT id FROM job_reports WHERE reference = ? AND kind = 'problem'", move.reference);
    const opened = await officePost(CLAIM_PATH, {
      ref: move.reference,
      report: String(report!.id),
      action: 'open',
      item: 'lamp',
      value: '60',
    });
    expect(opened.status).toBe(303);
    const claims = readPage(await (await officeGet(leadPath(move.reference))).text());
    expect(text(claims, 'claims:condition:pickup:note')).toBe('Scratch on the wardrobe door; sofa leg loose');
    expect(text(claims, 'claims:condition:delivery:note')).toBe('None');

    // Erased with the lead (the customer cancels, then deletes their data): the rows go by the foreign key, and the next
    // cron run an hour on takes the photos from R2.
    const t = new URL(move.answer.confirmationUrl, apiBase()).searchParams.get('t')!;
    expect((await postForm(PAGE_PATHS.confirmation, { ref: move.reference, t, action: 'cancel-confirm' })).status).toBe(303);
    expect((await post(ACCOUNT_PATHS.deleteData, await signIn(move.email))).status).toBe(200);
    expect(rowsOf(move.reference)).toEqual([]);
    await runCron(secondsFromNow(2 * 3600));
    expect((await officeGet(photoPath)).status).toBe(404);
  });

  it('keeps the signature drawn on the crew’s phone in R2 beside the photos, for the office to see', async () => {
    const move = await bookedMove();
    const token = await linkFor(move.reference);
    const fields = { action: 'condition_delivery', note: 'None', name: 'Nia Okafor', agree: 'yes' };
    expect((await record(token, onTheDay(move, 15, 40), fields, 1, PNG)).status).toBe(303);

    const [row] = rowsOf(move.reference);
    expect(row!.signature).toMatch(new RegExp(`^job-photos/${move.reference}/[0-9a-f-]{36}\\.png$`));
    expect(row!.signature).not.toBe((JSON.parse(row!.photos!) as string[])[0]);
    const [audit] = query<{ detail: string }>(
      "SELECT detail FROM audit_log WHERE record_reference = ? AND action = 'crew_condition_delivery'",
      move.reference,
    );
    expect(audit!.detail).toBe('Condition at delivery, signed by Nia Okafor (signed on the crew’s phone too): None (1 photo)');

    // The office sees it through the photos' own route; nobody else can open it.
    const signaturePath = `${OFFICE_PATHS.jobPhoto}?${new URLSearchParams({ key: row!.signature! })}`;
    const leadHtml = await (await officeGet(leadPath(move.reference))).text();
    expect(readPage(leadHtml).shown('job-sheet:condition:delivery:signature')).toBe(true);
    expect(leadHtml).toContain(`src="${signaturePath.replace(/&/g, '&amp;')}"`);
    const image = await officeGet(signaturePath);
    expect(image.status).toBe(200);
    expect(image.headers.get('Content-Type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await fetch(`${apiBase()}${signaturePath}`, { redirect: 'manual' })).status).toBe(303);

    // The customer's page and copy say it was drawn too; the picture stays with the office.
    const moveHtml = await (await fetch(new URL(move.answer.confirmationUrl, apiBase()))).text();
    expect(text(readPage(moveHtml), 'condition:delivery:signed')).toMatch(/^Nia Okafor, .*15:40; signed on the crew’s phone$/);
    expect(moveHtml).not.toContain(row!.signature!);
    const copy = await waitForEmail({ key: `move:${move.reference}:condition:delivery:customer` });
    expect(copy.text.replace(/\s+/g, ' ')).toContain('Nia Okafor (signed on the crew’s phone too)');

    // The cron's sweep of R2 an hour on keeps it while the record names it.
    await runCron(secondsFromNow(2 * 3600));
    expect((await officeGet(signaturePath)).status).toBe(200);
  });

  it('takes the delivery the day after (a delivery past midnight), not the pickup, and keeps the signed pickup in view', async () => {
    const move = await bookedMove();
    const token = await linkFor(move.reference);
    const pickup = { action: 'condition_pickup', note: 'Dent in the fridge door', name: 'Nia Okafor', agree: 'yes' };
    expect((await record(token, onTheDay(move, 9, 10), pickup)).status).toBe(303);

    // 00:40 UK time the next day: 24 hours and 40 minutes after the move day's first moment.
    const nextDay = onTheDay(move, 24, 40);
    const sheet = await (await fetch(`${apiBase()}${sheetPath(token)}`, { headers: { 'X-Test-Now': nextDay } })).text();
    const page = readPage(sheet);
    expect(text(page, 'day-notice')).toBe(
      `The move was on ${dayInWords(move.moveDate)}. Until the end of today you can still send “Arrived at delivery” and ` +
        'record the condition at delivery; you can also mark the job done or report a problem.',
    );
    expect(sheet).toContain('name="action" value="at_delivery"');
    expect(sheet).toContain('name="action" value="condition_delivery"');
    expect(sheet).not.toContain('name="action" value="condition_pickup"');
    expect(sheet).not.toContain('name="action" value="on_our_way"');
    // The pickup signed yesterday is still on the sheet, dated as it is not today's.
    expect(text(page, 'condition:pickup:signed')).toMatch(/^Nia Okafor, .+09:10 \(no photos\)$/);

    // The pickup's record cannot be made now: the sheet again with the day's message.
    const late = await record(token, nextDay, { ...pickup, note: 'None' });
    expect(late.status).toBe(400);
    const delivery = { action: 'condition_delivery', note: 'None', name: 'Nia Okafor', agree: 'yes' };
    expect((await record(token, nextDay, delivery)).status).toBe(303);
    expect(rowsOf(move.reference).map((row) => [row.end_kind, row.created_at])).toEqual([
      ['pickup', onTheDay(move, 9, 10)],
      ['delivery', nextDay],
    ]);
  });
});
