/**
 * One request pipeline (issue 42 item 4): every POST route of the Worker's Hono app runs the pipeline's steps
 * (functions/lib/pipeline.ts: body limit, rate limit, origin, media type, schema), or is named below with the reason it
 * reads its body itself. A new POST route without `formRoute()`/`leadRoute()` fails here.
 */
import { describe, expect, it, vi } from 'vitest';
import { OFFICE_PATHS } from '~/lib/office/paths';
import { STRIPE_WEBHOOK_PATH } from '~/lib/payments';
import { SMS_INBOUND_PATH, SMS_STATUS_PATH } from '~/lib/sms-paths';
import { PIPELINE_STEP, type PipelineFields } from '../../functions/lib/pipeline';

// Its `cloudflare:` imports do not load in Node, and no page is rendered here: only the routes are read.
vi.mock('@astrojs/cloudflare/handler', () => ({ handle: () => Promise.reject(new Error('no page is rendered here')) }));
const { api } = await import('../../functions/worker');

/** The POST routes that read their body themselves, each with why. */
const OWN_READERS: Record<string, string> = {
  [STRIPE_WEBHOOK_PATH]: "Stripe's events: its signature over the raw bytes is the check, not an origin",
  [SMS_STATUS_PATH]: "Twilio's status callbacks: its signature is the check",
  [SMS_INBOUND_PATH]: "Twilio's inbound texts: its signature is the check",
};

/**
 * The form routes whose handlers still read their fields by hand (no schema given to the pipeline), each with why. A
 * new route belongs in neither list: give formRoute() its `schema`, and its handler the checked values.
 */
const FIELDS_BY_HAND: Record<string, string> = {
  [OFFICE_PATHS.editLead]: 'a correction: its rules are the lead’s kind’s, so read after the lead (saveLeadEdit)',
  [OFFICE_PATHS.leadMove]: 'a survey or car lead made a move: its rules are the lead’s kind’s (makeMove)',
  [OFFICE_PATHS.writtenQuote]: 'a written quote’s lines, figures and addresses (readWrittenQuote), checked against the move',
  [OFFICE_PATHS.settings]: 'the owner’s settings: a field not posted keeps its current value (readSettingsForm)',
};

const postRoutes = new Map<string, unknown[]>();
for (const { method, path, handler } of api.routes) {
  if (method !== 'POST') continue;
  postRoutes.set(path, [...(postRoutes.get(path) ?? []), handler]);
}
const piped = (handlers: unknown[]) => handlers.some((handler) => typeof handler === 'function' && PIPELINE_STEP in handler);
/** How a piped route's fields reach its handler (pipeline.ts's PipelineFields). */
const fieldsOf = (handlers: unknown[]) =>
  handlers.flatMap((handler) =>
    typeof handler === 'function' && PIPELINE_STEP in handler
      ? [(handler as unknown as Record<symbol, PipelineFields>)[PIPELINE_STEP]!.fields]
      : [],
  )[0];
const byHand = [...postRoutes].filter(([, handlers]) => fieldsOf(handlers) === 'byHand').map(([path]) => path);

describe('the one request pipeline', () => {
  it('finds the POST routes', () => {
    // Leads, sign-in and the office's lead page at least (a list of the routes would only copy worker.ts).
    expect([...postRoutes.keys()]).toEqual(expect.arrayContaining(['/api/send-quote-email', '/login', OFFICE_PATHS.lead]));
  });

  it('runs every POST route through it, but those that read their own body', () => {
    const without = [...postRoutes].filter(([path, handlers]) => !piped(handlers) && !(path in OWN_READERS)).map(([path]) => path);
    expect(without).toEqual([]);
  });

  it('names no route as reading its own body that goes through it, or that is not there', () => {
    const stale = Object.keys(OWN_READERS).filter((path) => !postRoutes.has(path) || piped(postRoutes.get(path)!));
    expect(stale).toEqual([]);
  });

  it("checks every form's fields with its schema, but those named as reading them by hand", () => {
    // A handler given the typed fields (a second parameter) with no schema reads them itself.
    expect(byHand.filter((path) => !(path in FIELDS_BY_HAND))).toEqual([]);
  });

  it('names no route as reading its fields by hand that has a schema, or that is not there', () => {
    expect(Object.keys(FIELDS_BY_HAND).filter((path) => !byHand.includes(path))).toEqual([]);
  });
});
