/**
 * A condition record (issue 44 item 5) as the crew's sheet, the office's lead page and claims, and the customer's move
 * page show it. Data only.
 */
import { UK_TIME_ZONE, londonToday } from '~/lib/dates';
import { CONDITION_LABELS, CONDITION_WHEN, photoCountWords } from '~/lib/office/condition';
import { formatDateTime } from '~/lib/office/format';
import { OFFICE_PATHS } from '~/lib/office/paths';
import type { ConditionLine } from '~/lib/views/job-sheet';
import type { ConditionRecord } from '../lib/office/condition';

/** Photos through the office's own route (staff only). */
export const photoLinks = (keys: string[]) =>
  keys.map((key, index) => ({
    href: `${OFFICE_PATHS.jobPhoto}?${new URLSearchParams({ key })}`,
    label: `Photo ${index + 1} of ${keys.length}`,
  }));

const clock = new Intl.DateTimeFormat('en-GB', { timeZone: UK_TIME_ZONE, hour: '2-digit', minute: '2-digit', hour12: false });

/**
 * `today`: the crew's sheet shows only the time on the day; elsewhere the date and time. `staff`: with its photos' links,
 * which only the office may open.
 */
export function conditionLine(record: ConditionRecord, today: string | null, staff: boolean): ConditionLine {
  const at = new Date(record.createdAt);
  return {
    end: record.end,
    label: CONDITION_LABELS[record.end],
    when: CONDITION_WHEN[record.end],
    note: record.note,
    signedName: record.signedName,
    at: today !== null && londonToday(at) === today ? clock.format(at) : formatDateTime(record.createdAt),
    photoCount: photoCountWords(record.photos.length),
    photos: staff ? photoLinks(record.photos) : [],
    signedOnPhone: record.signature !== null,
    signature: staff && record.signature ? { href: photoLinks([record.signature])[0]!.href } : null,
  };
}
