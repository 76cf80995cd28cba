// The quote form without JavaScript (POST /quote), read by the Worker only: kept out of schemas.ts so no browser
// bundle carries it.
import * as z from 'zod/mini';
import { fromTypedDate } from './dates';
import { ADDRESS_FIELD_NAMES, type AddressFieldName } from './move-facts';
import {
  addressFields,
  carShape,
  formAccessFields,
  furnitureIdsField,
  honeypotField,
  idempotencyKeyField,
  moveDateField,
  optionalEmailField,
  propertyIdField,
  quoteRequestSchema,
  requiredPostcodeField,
  serviceField,
  surveySizeField,
  surveyTypeField,
} from './schemas';

/** A browser posts an empty field as '': for an optional field that is the same as leaving it out. */
const blankAsMissing = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.transform((value: unknown) => (value === '' ? undefined : value)),
    schema,
  );

/** The street address as every plain form posts it (move-facts.ts names it; an empty field posts ''). */
export const formAddressFields = Object.fromEntries(ADDRESS_FIELD_NAMES.map((name) => [name, blankAsMissing(addressFields[name])])) as {
  [Name in AddressFieldName]: ReturnType<typeof blankAsMissing<(typeof addressFields)[Name]>>;
};

/** One ticked box arrives as a string, several as a list, none as nothing (the list's own schema checks what is in it). */
const formFurniture = z.pipe(
  z.transform((value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value]) as string[] | undefined),
  furnitureIdsField,
);

/**
 * A date field posts `YYYY-MM-DD`; a browser without one lets people type, so dd/mm/yyyy is read too. Every plain form
 * with a date reads it through this (the quote form, the manage page's new date).
 */
export const formDate = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' ? (fromTypedDate(value) ?? value.trim()) : value)),
    schema,
  );

const formDateField = formDate(moveDateField);

const quoteFormRoute = {
  service: blankAsMissing(serviceField),
  propertyId: propertyIdField,
  furnitureIds: formFurniture,
  fromPostcode: requiredPostcodeField('from'),
  toPostcode: requiredPostcodeField('to'),
  ...formAddressFields,
  ...formAccessFields,
  website: honeypotField,
};

/**
 * The quote form without JavaScript (POST /quote): the request's own fields as a browser posts them, with the
 * same messages. Its two buttons send `action`: 'Check my price' (`price`) needs only what the price needs;
 * 'Submit Quote Request' (`submit`) needs everything the wizard sends except the estimate, which the server
 * works out, and the request key, which the Worker writes into every page it answers. `estimate*` are hidden
 * fields holding the price the page last showed (functions/pages/quote-form.ts).
 */
export const quoteFormSchema = z.discriminatedUnion(
  'action',
  [
    // 'Ask for a survey call' (4 bedrooms or more): a call-back request carrying the survey, never a price.
    z.object({
      action: z.literal('survey'),
      surveySize: surveySizeField,
      surveyType: surveyTypeField,
      fromPostcode: z.optional(z.string()),
      name: quoteRequestSchema.shape.name,
      phone: quoteRequestSchema.shape.phone,
      email: blankAsMissing(optionalEmailField),
      website: honeypotField,
    }),
    // 'Ask for a car price' (car transport, its own small form at the top of /quote?service=car-transport): a
    // call-back request carrying the car, priced on request.
    z.object({
      action: z.literal('car'),
      carVehicle: carShape.vehicle,
      carRuns: carShape.runs,
      carFrom: carShape.from,
      carTo: carShape.to,
      carName: quoteRequestSchema.shape.name,
      carPhone: quoteRequestSchema.shape.phone,
      carEmail: blankAsMissing(optionalEmailField),
      website: honeypotField,
    }),
    z.object({ action: z.literal('price'), ...quoteFormRoute, moveDate: blankAsMissing(z.optional(formDateField)) }),
    z.object({
      // 'Book and pay the deposit now' (issue 41 item 2) sends the same quote as 'Submit', then opens its Checkout.
      action: z.enum(['submit', 'book']),
      ...quoteFormRoute,
      moveDate: formDateField,
      name: quoteRequestSchema.shape.name,
      email: quoteRequestSchema.shape.email,
      phone: quoteRequestSchema.shape.phone,
      additionalInfo: blankAsMissing(quoteRequestSchema.shape.additionalInfo),
      promoCode: quoteRequestSchema.shape.promoCode,
      idempotencyKey: blankAsMissing(z.optional(idempotencyKeyField)),
      // A ticked box posts 'on'; an unticked one posts nothing.
      textUpdates: z.optional(
        z.pipe(
          z.literal('on', 'Please tick the box or leave it.'),
          z.transform(() => true),
        ),
      ),
      estimateRoute: z.optional(z.string()),
      estimateDistance: z.optional(z.string()),
      estimateTotal: z.optional(z.string()),
    }),
  ],
  { error: 'Please use one of the buttons on the form.' },
);

export type QuoteForm = z.output<typeof quoteFormSchema>;
