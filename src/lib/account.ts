/** Accounts without passwords (issue 19): their addresses and lifetimes, shared by the pages and the Worker. */
import * as z from 'zod/mini';
import { emailField, honeypotField } from './schemas';

export const ACCOUNT_PATHS = {
  login: '/login',
  verify: '/login/verify',
  account: '/account',
  signOut: '/account/sign-out',
  signOutEverywhere: '/account/sign-out-everywhere',
  /** GET: /account asking to confirm; POST: delete (UK GDPR's right to erasure). */
  deleteData: '/account/delete',
  /** The referral page: a signed-in customer's own code and figures (issue 19, item 7). */
  referral: '/referral',
} as const;

/** A sign-in link works once, for this long. */
export const SIGN_IN_LINK_MINUTES = 15;
/** A session lasts this long unless signed out. */
export const SESSION_DAYS = 30;

/** The header's sign-in link once a session cookie is present (the Worker rewrites it: functions/lib/account/header.ts). */
export const YOUR_MOVES_LINK = { label: 'Your moves', href: ACCOUNT_PATHS.account } as const;

/**
 * POST /login: the address a sign-in link goes to. Here rather than in schemas.ts, which the quote wizard bundles
 * whole (zod/mini's schemas are not tree-shaken), and no browser code needs this one.
 */
export const signInSchema = z.object({ email: emailField, website: honeypotField });
