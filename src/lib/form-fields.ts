// A form's fields read from its schema, so a new field needs no second list: a page that leaves it out does not type-check.
import type * as z from 'zod/mini';
import { ACCESS_FIELD_NAMES } from '../data/access';
import { quoteFormSchema } from './quote-form-schema';
import { callbackSchema, contactSchema } from './schemas';

/** What a form posts beside its fields: the button pressed, the honeypot, the request key, the price last shown. */
const NOT_FIELDS = ['action', 'website', 'idempotencyKey', 'clientEstimate', 'estimateRoute', 'estimateDistance', 'estimateTotal'] as const;

type Shape = Readonly<Record<string, unknown>>;
type FormSchema = { def: { shape: Shape } } | { def: { options: readonly { def: { shape: Shape } }[] } };
type KeysOf<T> = T extends unknown ? keyof T & string : never;

/** Every option's fields, for a union of buttons. */
export type FieldOf<S extends z.ZodMiniType, Omitted extends string = never> = Exclude<
  KeysOf<z.input<S>>,
  (typeof NOT_FIELDS)[number] | Omitted
>;

function fieldsOf<Field extends string>(schema: FormSchema, omitted: readonly string[] = []): ReadonlySet<Field> {
  const shapes = 'options' in schema.def ? schema.def.options.map((option) => option.def.shape) : [schema.def.shape];
  const skip = new Set<string>([...NOT_FIELDS, ...omitted]);
  return new Set(shapes.flatMap((shape) => Object.keys(shape)).filter((name) => !skip.has(name)) as Field[]);
}

/**
 * The service and access selects offer only valid values, and an address's line 2 and town are optional with a maxlength,
 * so a problem with one (a tampered post) is the summary's general line.
 */
const SUMMARY_ONLY = ['service', ...ACCESS_FIELD_NAMES, 'fromAddress2', 'fromTown', 'toAddress2', 'toTown'] as const;
export type QuoteFormField = FieldOf<typeof quoteFormSchema, (typeof SUMMARY_ONLY)[number]>;
export const QUOTE_FORM_FIELDS = fieldsOf<QuoteFormField>(quoteFormSchema, SUMMARY_ONLY);

export type ContactFormField = FieldOf<typeof contactSchema>;
export const CONTACT_FORM_FIELDS = fieldsOf<ContactFormField>(contactSchema);

/**
 * A call-back's survey or car, and the e-mail address their written quote goes to (issue 40 item 2), come from the
 * quote's forms, never from the call-back form.
 */
const QUOTE_ONLY = ['survey', 'car', 'email'] as const;
export type CallbackFormField = FieldOf<typeof callbackSchema, (typeof QUOTE_ONLY)[number]>;
export const CALLBACK_FORM_FIELDS = fieldsOf<CallbackFormField>(callbackSchema, QUOTE_ONLY);
