/**
 * POST /api/check-code: whether a promo or friend's code is one we take, asked by the wizard as it is typed (issue 30),
 * with the same answer the quote itself would get. The body holds the code alone, so the answer cannot depend on an
 * e-mail address: only the signed-in owner (their session cookie) hears that a code is their own.
 */
import type { CodeAnswer } from '~/lib/api';
import { codeOffer } from '~/lib/referral';
import { codeCheckSchema, PROMO_MESSAGE } from '~/lib/schemas';
import type * as z from 'zod/mini';
import { codeProblem } from '../lib/account/referrals';
import { signedInEmail } from '../lib/account/session';
import { refusalJson, validationFailed } from '../lib/http';
import { refuse, type LeadContext, type LeadSpec } from '../lib/pipeline';

export const codeRoute: LeadSpec<typeof codeCheckSchema> = {
  type: 'code',
  schema: codeCheckSchema,
  // A body with the honeypot filled is told what a code we do not know is told.
  decoy: (c) => refusalJson(c, validationFailed({ promoCode: PROMO_MESSAGE })),
};

export async function checkCode(c: LeadContext, { promoCode }: z.output<typeof codeCheckSchema>): Promise<Response> {
  const problem = await codeProblem(c.env.DB, promoCode, () => signedInEmail(c));
  if (problem) return refuse(c, validationFailed({ promoCode: problem }));
  return c.json<CodeAnswer>({ code: promoCode, kind: codeOffer(promoCode)!.kind }, 200);
}
