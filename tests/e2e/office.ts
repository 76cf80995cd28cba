/** The office in a browser: the owner's session (signed in once per run by the global setup) put on a page's context. */
import type { BrowserContext } from '@playwright/test';
import { STAFF_COOKIE } from '../shared/office-sign-in';
import { siteEnv } from './site-env';

export { OWNER_EMAIL, OFFICE_SIGN_IN_SUBJECT, STAFF_COOKIE } from '../shared/office-sign-in';

/** Signs `context` in to the office as the owner, or as whoever `session` belongs to. */
export async function signInToOffice(context: BrowserContext, session = siteEnv('ownerSession')): Promise<void> {
  const url = new URL(siteEnv('baseUrl'));
  await context.addCookies([{ name: STAFF_COOKIE, value: session, domain: url.hostname, path: '/', httpOnly: true, sameSite: 'Lax' }]);
}
