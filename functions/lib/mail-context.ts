import { DEFAULT_SITE_URL } from '../../src/site.config';
import type { Env } from '../env';
import type { MailContext } from './emails';
import { businessEmail, mailFrom } from './outbox';

export function mailContext(env: Env): MailContext {
  return { from: mailFrom(env), business: businessEmail(env), siteUrl: (env.SITE_URL || DEFAULT_SITE_URL).replace(/\/+$/, '') };
}
