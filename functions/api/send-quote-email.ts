/** POST /api/send-quote-email: the wizard's quote, re-priced on the server (the client's figures are never trusted). */
import type { QuoteAnswer } from '~/lib/api';
import { quoteRequestSchema, type QuoteRequest } from '~/lib/schemas';
import { refuse, type LeadContext, type LeadSpec } from '../lib/pipeline';
import { acceptQuote } from '../lib/quote/accept';
import { decoyAnswer } from '../lib/quote/answer';

export const quoteRoute: LeadSpec<typeof quoteRequestSchema> = {
  type: 'quote',
  schema: quoteRequestSchema,
  decoy: (c, body) => c.json<QuoteAnswer>(decoyAnswer(body), 201),
};

export async function sendQuoteEmail(c: LeadContext, request: QuoteRequest): Promise<Response> {
  const outcome = await acceptQuote(c, request);
  if (!outcome.ok) return refuse(c, outcome.refusal);
  return c.json<QuoteAnswer>(outcome.answer, 201, outcome.replayed ? { 'Idempotent-Replayed': 'true' } : undefined);
}
