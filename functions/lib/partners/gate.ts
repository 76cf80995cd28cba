/**
 * The door of the partner's own pages (issue 43 item 2): the one session gate for the partner role, admitting only an
 * address that is still an approved or paused partner. Signed out goes to /login; anyone else gets the ordinary 404.
 */
import type { Context } from 'hono';
import { ACCOUNT_PATHS } from '~/lib/account';
import type { AppBindings } from '../../env';
import { notFoundPage } from '../prebuilt-page';
import type { RateLimit } from '../pipeline';
import { sessionGate, type SessionBindings, type SessionRefusal } from '../sessions';
import { partnerByEmail, type PartnerRow } from './read';

export type PartnerBindings = SessionBindings & { Variables: { partner: PartnerRow } };

/** The partner's bucket for every post of their page (the request pipeline, functions/lib/pipeline.ts). */
export const partnerLimit: RateLimit<PartnerBindings> = { binding: 'PARTNER_LIMITER', key: (c) => `partner:${c.var.partner.email}` };

export function partnerRefusal<E extends AppBindings>(c: Context<E>, refusal: SessionRefusal): Promise<Response> | Response {
  if (refusal === 'sign-in') {
    c.header('Cache-Control', 'no-store');
    return c.redirect(ACCOUNT_PATHS.login, 303);
  }
  return notFoundPage(c.env, c.req.url, { 'Cache-Control': 'no-store' });
}

export const partnerOnly = sessionGate<PartnerBindings>({
  role: 'partner',
  admit: async (c, session) => {
    const partner = await partnerByEmail(c.env.DB, session.email);
    if (partner) c.set('partner', partner);
    return partner !== null;
  },
  refuse: partnerRefusal,
});
