/**
 * What the office's lead forms show (issue 40 items 2 and 3): adding a lead from a phone call, correcting any lead, and
 * making a survey or car lead a move to write its quote. One layout per form, as sections of fields; each field's label
 * and choices come from src/lib/office/lead-entry.ts. Data only: the markup is src/components/office/EntryForm.astro.
 */
import { ACCESS_KEYS, accessField, type AccessEnd } from '~/data/access';
import { londonToday } from '~/lib/dates';
import { latestMoveDate } from '~/lib/move-date';
import { FIELD_OPTIONS, fieldLabel, type HandKind } from '~/lib/office/lead-entry';
import type { EditTarget } from '../lib/office/lead-edit';
import type { FormValues, FieldSpec, EntryField, EntryFormView } from '~/lib/views/lead-entry';

const text = (name: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ name, input: 'text', ...extra });
const choices = (name: string, input: 'radios' | 'select' | 'checkboxes'): FieldSpec => ({ name, input });

const customer = (emailHint: string, emailOptional: boolean): FieldSpec[] => [
  text('name', { autocomplete: 'off', maxlength: 100 }),
  { name: 'email', input: 'email', autocomplete: 'off', hint: emailHint, optional: emailOptional, maxlength: 254 },
  { name: 'phone', input: 'tel', autocomplete: 'off', maxlength: 40 },
];

const QUOTE_EMAIL = 'The estimate, the written quote and the move page’s link go here.';
const REQUEST_EMAIL = 'The written quote goes here. Leave it empty if the customer would rather be phoned.';

const endFields = (end: AccessEnd, withAccess: boolean): FieldSpec[] => [
  text(`${end}Postcode`, { autocomplete: 'off', maxlength: 200 }),
  text(`${end}Address`, { optional: true, hint: 'House or flat number and street.', maxlength: 200 }),
  ...(withAccess ? ACCESS_KEYS.map((question) => ({ ...choices(accessField(end, question), 'select'), optional: true })) : []),
];

const routeSections = (withAccess: boolean): Array<{ title: string; fields: FieldSpec[] }> => [
  { title: 'Collection', fields: endFields('from', withAccess) },
  { title: 'Delivery', fields: endFields('to', withAccess) },
  { title: 'The day', fields: [{ name: 'moveDate', input: 'date' }] },
];

const SURVEY: FieldSpec[] = [choices('surveySize', 'radios'), choices('surveyType', 'radios')];
const CAR: FieldSpec[] = [text('carVehicle', { hint: 'For example, Ford Focus estate.', maxlength: 100 }), choices('carRuns', 'radios')];
const NOTE: FieldSpec = {
  name: 'note',
  input: 'textarea',
  optional: true,
  hint: 'What was said on the call. Kept with the lead’s staff notes.',
  maxlength: 2000,
};
const CREW_NOTES: FieldSpec[] = [
  { name: 'awkward', input: 'textarea', optional: true, maxlength: 2000 },
  { name: 'items', input: 'textarea', optional: true, maxlength: 2000 },
  { name: 'additionalInfo', input: 'textarea', optional: true, maxlength: 2000 },
];

/** The form for a lead added by hand. */
export function newLeadLayout(kind: HandKind): Array<{ title: string; lead?: string; fields: FieldSpec[] }> {
  if (kind === 'quote') {
    return [
      { title: 'The customer', fields: customer(QUOTE_EMAIL, false) },
      { title: 'The move', fields: [choices('propertyId', 'select'), { ...choices('furnitureIds', 'checkboxes'), optional: true }] },
      ...routeSections(false),
      {
        title: 'For the office',
        fields: [
          NOTE,
          {
            name: 'emailEstimate',
            input: 'checkbox',
            hint: 'As the website does: the estimate with a link to the customer’s move page. Untick it to send only the written quote later.',
          },
        ],
      },
    ];
  }
  const request =
    kind === 'survey'
      ? { title: 'The survey', fields: [...SURVEY, text('postcode', { optional: true, hint: 'Where the home is, if the customer said.' })] }
      : { title: 'The car', fields: [...CAR, text('carFrom', { maxlength: 200 }), text('carTo', { maxlength: 200 })] };
  return [{ title: 'The customer', fields: customer(REQUEST_EMAIL, true) }, request, { title: 'For the office', fields: [NOTE] }];
}

/** The form that corrects a lead, by its shape. */
export function editLayout(shape: EditTarget['shape']): Array<{ title: string; fields: FieldSpec[] }> {
  switch (shape) {
    case 'move':
    case 'surveyMove':
    case 'carMove':
      return [
        { title: 'The customer', fields: customer(QUOTE_EMAIL, false) },
        {
          title: 'The move',
          fields:
            shape === 'move'
              ? [choices('propertyId', 'select'), { ...choices('furnitureIds', 'checkboxes'), optional: true }]
              : shape === 'surveyMove'
                ? SURVEY
                : CAR,
        },
        ...routeSections(true),
        { title: 'For the crew', fields: CREW_NOTES },
      ];
    case 'survey':
      return newLeadLayout('survey').slice(0, 2);
    case 'car':
      return newLeadLayout('car').slice(0, 2);
    case 'callback':
      return [{ title: 'The customer', fields: customer(REQUEST_EMAIL, true) }];
    case 'contact':
      return [
        {
          title: 'The customer',
          fields: [
            text('firstName', { maxlength: 100 }),
            text('lastName', { maxlength: 100 }),
            { name: 'email', input: 'email', maxlength: 254 },
            { name: 'phone', input: 'tel', optional: true, maxlength: 40 },
          ],
        },
      ];
  }
}

/** What a survey or car lead is asked for to become a move with a written quote. */
export function moveLayout(kind: 'survey' | 'car'): Array<{ title: string; lead?: string; fields: FieldSpec[] }> {
  return [
    { title: 'The customer', fields: customer(QUOTE_EMAIL, false) },
    { title: kind === 'survey' ? 'The survey' : 'The car', fields: kind === 'survey' ? SURVEY : CAR },
    ...routeSections(false),
    {
      title: 'For the crew',
      fields: [
        { name: 'items', input: 'textarea', optional: true, maxlength: 2000, hint: 'What is moving, as the survey or the call found.' },
      ],
    },
  ];
}

const controlOf = (field: FieldSpec, options: EntryField['options']) =>
  `entry-${field.name}${(field.input === 'radios' || field.input === 'checkboxes') && options?.[0] ? `-${options[0].value}` : ''}`;

/** The layout filled in: each field with its label, choices, value (as posted, else as stored) and message. */
export function entryFormView(
  layout: Array<{ title: string; lead?: string; fields: FieldSpec[] }>,
  values: FormValues,
  errors: Record<string, string>,
  now: Date,
): EntryFormView {
  const today = londonToday(now);
  const sections = layout.map((section) => ({
    ...section,
    fields: section.fields.map((field): EntryField => {
      const options = FIELD_OPTIONS[field.name];
      const fallback = field.input === 'checkboxes' ? [] : '';
      return {
        ...field,
        label: field.input === 'checkbox' ? 'E-mail the estimate to the customer now' : fieldLabel(field.name),
        control: controlOf(field, options),
        value: values[field.name] ?? fallback,
        error: errors[field.name],
        ...(options ? { options } : {}),
        ...(field.input === 'date' ? { min: today, max: latestMoveDate(today) } : {}),
      };
    }),
  }));
  const fields = sections.flatMap((section) => section.fields);
  const errorList = [
    ...(errors.form ? [{ name: 'form', message: errors.form, control: fields[0]?.control ?? '' }] : []),
    ...fields.flatMap((field) => (field.error ? [{ name: field.name, message: field.error, control: field.control }] : [])),
  ];
  return { sections, errorList };
}

/** A fresh form's values: nothing typed yet, and the estimate e-mail ticked. */
export const blankValues = (kind: HandKind): FormValues => (kind === 'quote' ? { emailEstimate: 'yes' } : {});
