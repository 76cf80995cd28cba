/**
 * Lateness said first (issue 44 item 3) over HTTP: the cron, run as if at set times of the move's day (window 8–10 am),
 * tells the customer once when the window starts with no "On our way", and once when the crew's estimate passes with
 * no "Arrived", and leaves the office an urgent to-do with the crew lead's phone. Every time below is worked by hand.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { londonDayStart } from '~/lib/dates';
import { emailsTo, query, runCron } from './helpers';
import { at, bookedMove, tap, type Move } from './moving-day';

/** The move's day at hh:mm UK time, as the cron's scheduled time. */
const cronAt = (move: Move, hours: number, minutes: number) =>
  runCron(new Date(londonDayStart(move.moveDate).getTime() + (hours * 60 + minutes) * 60_000));

const lateEmails = (move: Move) =>
  query(
    "SELECT idempotency_key AS key FROM email_outbox WHERE record_reference = ? AND idempotency_key LIKE '%:late_%' ORDER BY id",
    move.reference,
  );
const lateTasks = (move: Move) =>
  query("SELECT detail FROM office_tasks WHERE record_reference = ? AND kind = 'crew_late' ORDER BY id", move.reference);

describe('lateness said before the customer asks', () => {
  // Booked before any cron run: a run on a later day ends the owner's session, and an address may ask for only three
  // sign-in links a minute.
  let move: Move;
  let onTime: Move;
  let silent: Move;
  beforeAll(async () => {
    move = await bookedMove('07700 900123');
    onTime = await bookedMove();
    silent = await bookedMove();
  });

  it('the window starting with no “On our way”, then an estimate passing with no “Arrived”: each told once', async () => {
    const lead = query<{ lead: string }>(
      'SELECT c.lead_name AS lead FROM diary_entries d JOIN crews c ON c.id = d.crew_id WHERE d.reference = ?',
      move.reference,
    )[0]!.lead;

    // 07:55: the window (08:00) has not started.
    await cronAt(move, 7, 55);
    expect(lateEmails(move)).toEqual([]);
    // 08:00: it has, and no one has set off. 08:05: said already.
    await cronAt(move, 8, 0);
    await cronAt(move, 8, 5);
    expect(lateEmails(move)).toEqual([{ key: `move:${move.reference}:late_window:customer` }]);
    expect(lateTasks(move)).toEqual([
      {
        detail: `The arrival window 8–10 am has started with no “On our way”. Ring the crew lead, ${lead}: 07700 900123. The customer has been told.`,
      },
    ]);
    expect(query("SELECT 1 FROM audit_log WHERE record_reference = ? AND action = 'crew_late_told'", move.reference)).toHaveLength(1);

    // On our way at 08:10 with 30 minutes: expected at 08:40. At 08:40 it has not passed; at 08:45 it has.
    expect((await tap(move, { action: 'on_our_way', minutes: '30' }, at(move, 8, 10))).status).toBe(303);
    await cronAt(move, 8, 40);
    expect(lateEmails(move)).toHaveLength(1);
    await cronAt(move, 8, 45);
    await cronAt(move, 8, 50);
    expect(lateEmails(move)).toEqual([
      { key: `move:${move.reference}:late_window:customer` },
      { key: `move:${move.reference}:late_0840:customer` },
    ]);
    expect(lateTasks(move)[1]).toEqual({
      detail: `Their estimate of 08:40 has passed with no “Arrived”. Ring the crew lead, ${lead}: 07700 900123. The customer has been told.`,
    });

    await expect.poll(async () => (await emailsTo(move.email)).filter((e) => e.subject.includes('your crew is late')).length).toBe(2);
    const texts = (await emailsTo(move.email)).map((e) => e.text).join('\n');
    expect(texts).toContain('Nia, your arrival window of 8–10 am has started and your crew have not set off yet.');
    expect(texts).toContain('Nia, your crew expected to arrive at about 08:40 and have not arrived yet.');
  });

  it('says nothing while the crew keep to their estimate, nor once they have arrived; a crew with no phone is named so', async () => {
    // On our way at 07:50 with 15 minutes: expected at 08:05; arrived at 08:04.
    await tap(onTime, { action: 'on_our_way', minutes: '15' }, at(onTime, 7, 50));
    await cronAt(onTime, 8, 0);
    expect(lateEmails(onTime)).toEqual([]);
    await tap(onTime, { action: 'arrived' }, at(onTime, 8, 4));
    await cronAt(onTime, 8, 30);
    expect(lateEmails(onTime)).toEqual([]);

    await cronAt(silent, 8, 0);
    expect(lateTasks(silent)[0]!.detail).toMatch(/Ring the crew lead, Samira [^:]+: no phone on file\. /);
  });
});
