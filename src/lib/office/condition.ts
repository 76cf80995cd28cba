/**
 * A condition record at both ends (issue 44 item 5): before loading and after unloading, the crew writes down what was
 * already damaged (with photos, as a crew report takes them) and the customer signs on the crew's phone with their
 * typed full name and a tick. One record an end; once signed it is never replaced (a second is refused): anything
 * found later is a damage report. The words and checks shared by the sheet, the Worker, the pages and the tests.
 */
import { JOB_NOTE_MAX } from './job-sheet';

export const CONDITION_ENDS = ['pickup', 'delivery'] as const;
export type ConditionEnd = (typeof CONDITION_ENDS)[number];

/** The sheet's form action for each end (`action=condition_pickup`). */
export const CONDITION_ACTIONS: Record<ConditionEnd, string> = { pickup: 'condition_pickup', delivery: 'condition_delivery' };
export const conditionEndOf = (action: string): ConditionEnd | null =>
  CONDITION_ENDS.find((end) => CONDITION_ACTIONS[end] === action) ?? null;

export const CONDITION_LABELS: Record<ConditionEnd, string> = {
  pickup: 'Condition at pickup',
  delivery: 'Condition at delivery',
};
/** When each is made, in the customer's and the office's words. */
export const CONDITION_WHEN: Record<ConditionEnd, string> = {
  pickup: 'before loading',
  delivery: 'after unloading',
};

/** The words the customer agrees to by ticking; stored nowhere else, so the page, the e-mail and the tests say the same. */
export const CONDITION_AGREEMENT = 'I have read this record and agree it describes the condition of my things';

/** audit_log.action for each end. */
export const CONDITION_AUDIT: Record<ConditionEnd, string> = {
  pickup: 'crew_condition_pickup',
  delivery: 'crew_condition_delivery',
};

export const CONDITION_NAME_MAX = 100;

/** A drawn signature (the pad the sheet shows with JavaScript): a PNG, well under this for a 600 by 200 pad. */
export const SIGNATURE_MAX_BYTES = 100 * 1024;
/** Said wherever a record was also signed on the pad, beside the typed name. */
export const SIGNED_ON_PHONE = 'Signed on the crew’s phone';

export const CONDITION_MESSAGES = {
  note: 'Write what was already damaged, or “None”.',
  noteTooLong: `Keep the record under ${JOB_NOTE_MAX} characters.`,
  name: 'Ask the customer to type their full name to sign.',
  nameTooLong: `Keep the name under ${CONDITION_NAME_MAX} characters.`,
  agree: 'Ask the customer to tick the box if they agree with the record.',
  signature: `The drawn signature must be a PNG picture under ${SIGNATURE_MAX_BYTES / 1024} KB. Clear it and sign again, or send the record with the typed name alone.`,
  recorded: 'This record is already signed and cannot be changed. Report anything new under “Damage or problem”.',
} as const;

export const CONDITION_NOTICES: Record<ConditionEnd, string> = {
  pickup: 'Thank you. The condition at pickup is recorded and signed; we have e-mailed the customer a copy.',
  delivery: 'Thank you. The condition at delivery is recorded and signed; we have e-mailed the customer a copy.',
};

export type ConditionField = 'note' | 'name' | 'agree' | 'signature';

/** A record's typed fields, checked: each refused field's message, or none. */
export function conditionProblems(fields: { note: string; name: string; agreed: boolean }): Partial<Record<ConditionField, string>> {
  const problems: Partial<Record<ConditionField, string>> = {};
  if (!fields.note) problems.note = CONDITION_MESSAGES.note;
  else if (fields.note.length > JOB_NOTE_MAX) problems.note = CONDITION_MESSAGES.noteTooLong;
  if (!fields.name) problems.name = CONDITION_MESSAGES.name;
  else if (fields.name.length > CONDITION_NAME_MAX) problems.name = CONDITION_MESSAGES.nameTooLong;
  if (!fields.agreed) problems.agree = CONDITION_MESSAGES.agree;
  return problems;
}

export const photoCountWords = (count: number): string => (count === 0 ? 'No photos' : `${count} photo${count === 1 ? '' : 's'}`);
