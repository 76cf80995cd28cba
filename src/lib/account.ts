/** Accounts without passwords (issue 19): their addresses and lifetimes, shared by the pages and the Worker. */
import * as z from 'zod/mini';
import { emailField, honeypotField } from './schemas';

export const ACCOUNT_PATHS = {
  login: '/login',
  verify: '/login/verify',
  account: '/account',
  signOut: '/account/sign-out',
  signOutEverywhere: '/account/sign-out-everywhere',
  /** GET asks to confirm; POST deletes (UK GDPR's right to erasure). */
  deleteData: '/account/delete',
  referral: '/referral',
} as const;

export const SIGN_IN_LINK_MINUTES = 15;
/** The sign-in link's token: in the e-mailed address, and in the form on that page that spends it. */
export const SIGN_IN_LINK_FIELD = 't';
export const SESSION_DAYS = 30;

/** An account is its address, however it is typed: every table keeps it lower-cased. */
export const accountEmail = (email: string) => email.trim().toLowerCase();

/** The Worker swaps this in for the sign-in link when a session cookie is present (functions/lib/account/header.ts). */
export const YOUR_MOVES_LINK = { label: 'Your moves', href: ACCOUNT_PATHS.account } as const;

/** Not in schemas.ts, which the quote wizard bundles whole (zod/mini's schemas are not tree-shaken). */
export const signInSchema = z.object({ email: emailField, website: honeypotField });
