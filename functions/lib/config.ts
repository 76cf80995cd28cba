/** The Worker's settings: defaults, trimming and number parsing live here and nowhere else. */
import { DEFAULT_POSTCODES_API_URL } from '~/lib/postcode-client';
import { DEFAULT_SITE_URL, site } from '~/site.config';
import type { Vat } from '~/lib/vat';
import type { Env } from '../env';
import { headerSafe } from './escape';

export const DEFAULT_RESEND_BASE_URL = 'https://api.resend.com';
export const DEFAULT_RETRY_BASE_SECONDS = 60;
export const DEFAULT_STRIPE_API_URL = 'https://api.stripe.com';
export const DEFAULT_SMS_API_URL = 'https://api.twilio.com';

/** The firm as its e-mails name it (issue 40 item 7: the owner's settings, functions/lib/mail-context.ts). */
export interface MailFirm {
  name: string;
  phone: { display: string; tel: string };
  /** The trading address on one line. */
  address: string;
  /** The address customers write to. */
  email: string;
}

export interface MailContext {
  from: string;
  /** Where the office's alerts go. */
  business: string;
  /** Without a trailing slash. */
  siteUrl: string;
  firm: MailFirm;
  /** The firm's VAT when registered (issue 45): e-mails show the VAT within each total; absent or null, none. */
  vat?: Vat | null;
}

export interface Config {
  /** Without a trailing slash; also the origin our own form posts must come from. */
  siteUrl: string;
  mail: MailContext;
  resend: { apiKey: string | undefined; baseUrl: string };
  postcodesApiUrl: string;
  /** The SDK's host, port and protocol come from `apiUrl`; without the keys no payment can start or be confirmed. */
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    api: { host: string; port: number; protocol: 'http' | 'https' };
  };
  /** The SMS provider (Twilio's Messages API; functions/lib/sms.ts). Without the account SID and auth token no text can go. */
  sms: {
    /** Without a trailing slash. */
    apiUrl: string;
    accountSid: string | undefined;
    authToken: string | undefined;
    /** The firm's number (E.164) or an alphanumeric sender ID; a Messaging Service, when set, picks the sender instead. */
    from: string | undefined;
    messagingServiceSid: string | undefined;
  };
  outbox: {
    /** First retry delay of a failed e-mail, in seconds; x4 each attempt. How many: the queue's `max_retries`. */
    retryBaseSeconds: number;
  };
  rateLimitClientHeader: string | undefined;
  /** Test environments only: its value is an ISO instant. */
  testClockHeader: string | undefined;
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

function number(value: string | undefined, fallback: number, valid: (n: number) => boolean): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  return valid(parsed) ? parsed : fallback;
}

function stripeApi(value: string): Config['stripe']['api'] {
  const url = URL.canParse(value) ? new URL(value) : new URL(DEFAULT_STRIPE_API_URL);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port) || (protocol === 'http' ? 80 : 443), protocol };
}

export function parseConfig(env: Env): Config {
  const siteUrl = withoutTrailingSlash(env.SITE_URL || DEFAULT_SITE_URL);
  return {
    siteUrl,
    mail: {
      from: headerSafe(env.MAIL_FROM || `${site.brand} <${site.email}>`, 254),
      business: headerSafe(env.BUSINESS_EMAIL || site.email, 254),
      siteUrl,
      // The site's own details: what an e-mail says until the owner's settings are read (mailContext).
      firm: {
        name: site.brand,
        phone: site.phone,
        address: `${site.address.street}, ${site.address.locality} ${site.address.postcode}`,
        email: site.email,
      },
    },
    resend: { apiKey: env.RESEND_API_KEY || undefined, baseUrl: withoutTrailingSlash(env.RESEND_BASE_URL || DEFAULT_RESEND_BASE_URL) },
    postcodesApiUrl: withoutTrailingSlash(env.POSTCODES_API_URL || DEFAULT_POSTCODES_API_URL),
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY || undefined,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
      api: stripeApi(env.STRIPE_API_URL || DEFAULT_STRIPE_API_URL),
    },
    sms: {
      apiUrl: withoutTrailingSlash(env.SMS_API_URL || DEFAULT_SMS_API_URL),
      accountSid: env.SMS_ACCOUNT_SID || undefined,
      authToken: env.SMS_AUTH_TOKEN || undefined,
      from: env.SMS_FROM || undefined,
      messagingServiceSid: env.SMS_MESSAGING_SERVICE_SID || undefined,
    },
    outbox: {
      retryBaseSeconds: number(env.OUTBOX_RETRY_BASE_SECONDS, DEFAULT_RETRY_BASE_SECONDS, (n) => Number.isFinite(n) && n >= 0),
    },
    rateLimitClientHeader: env.RATE_LIMIT_CLIENT_HEADER || undefined,
    testClockHeader: env.TEST_CLOCK_HEADER || undefined,
  };
}

const parsed = new WeakMap<Env, Config>();

/** The settings for this environment, parsed on first use (the runtime hands every request the same `env`). */
export function config(env: Env): Config {
  let found = parsed.get(env);
  if (!found) {
    found = parseConfig(env);
    parsed.set(env, found);
  }
  return found;
}
