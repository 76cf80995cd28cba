/**
 * What every e-mail is written with: the sender, where alerts go, the site's address, and the firm as the owner's
 * settings have it (issue 40 item 7), so the next e-mail after a change carries it. The one way to it: an e-mail is
 * drafted in the request (or the cron, or the queue) that stores it, after `await mailContext(env)`.
 */
import { telOf, vatOf } from '~/lib/office/settings';
import type { Env } from '../env';
import { config, type MailContext } from './config';
import { headerSafe } from './escape';
import { firmSettings } from './office/settings';

/** Specials of RFC 5322 that a display name may hold only inside quotes. */
const SPECIALS = /[()<>[\]:;@\\,."]/;

/** MAIL_FROM's address under the business's name. */
function sender(from: string, name: string): string {
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  const display = name.replace(/["\\\r\n]/g, '').trim();
  return headerSafe(`${SPECIALS.test(display) ? `"${display}"` : display} <${address}>`, 254);
}

export async function mailContext(env: Env): Promise<MailContext> {
  const mail = config(env).mail;
  const settings = await firmSettings(env);
  return {
    ...mail,
    from: sender(mail.from, settings.businessName),
    business: headerSafe(settings.alertsEmail, 254),
    firm: {
      name: settings.businessName,
      phone: { display: settings.phone, tel: telOf(settings.phone) },
      address: settings.tradingAddress.split('\n').join(', '),
      email: mail.firm.email,
    },
    vat: vatOf(settings),
  };
}
