// Chooses and starts the external services' stand-ins for `npm start` and the tests.
import { createMailCatcher } from '../../stand-ins/mail/server.mjs';
import { createPostcodesStandIn } from '../../stand-ins/postcodes/server.mjs';
import { createGitHubStandIn } from '../../stand-ins/github/server.mjs';
import { createStripeStandIn, STAND_IN_SECRET_KEY, STAND_IN_WEBHOOK_SECRET } from '../../stand-ins/stripe/server.mjs';
import { createSmsStandIn, STAND_IN_ACCOUNT_SID, STAND_IN_AUTH_TOKEN, STAND_IN_NUMBER } from '../../stand-ins/sms/server.mjs';

export const POSTCODES_IO = 'https://api.postcodes.io';
export const RESEND_API = 'https://api.resend.com';
export const STRIPE_API = 'https://api.stripe.com';
export const STRIPE_CHECKOUT = 'https://checkout.stripe.com';
/** The Worker's webhook (STRIPE_WEBHOOK_PATH in src/lib/payments.ts; tests/unit/payments.test.ts keeps them equal). */
export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';
/**
 * Where the SMS provider posts a text from a phone (STOP…): the Worker's inbound webhook, the address a Twilio number's
 * "A message comes in" is set to. Issue 44's route answers it.
 */
export const SMS_INBOUND_PATH = '/api/sms/inbound';
/** Any non-empty key: the mail catcher only checks that one is sent. */
export const CATCHER_API_KEY = 're_local_mail_catcher';

/** A taken port falls back to a free one with `fallback` (npm start); without it (tests and tools) it rejects. */
function listenOn(server, port, { fallback = true } = {}) {
  return new Promise((resolve, reject) => {
    const attempt = (p, retry) => {
      server.once('error', (error) => {
        if (error.code === 'EADDRINUSE' && retry) attempt(0, false);
        else if (error.code === 'EADDRINUSE')
          reject(new Error(`port ${p} is taken by another program (free it, or leave the port unset to use a free one)`));
        else reject(error);
      });
      server.listen(p, '127.0.0.1', () => resolve(server.address().port));
    };
    attempt(port, fallback && port !== 0);
  });
}

export async function postcodesIoReachable(timeoutMs = 2000) {
  try {
    const response = await fetch(`${POSTCODES_IO}/postcodes/SW1A1AA`, { signal: AbortSignal.timeout(timeoutMs) });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Env vars win: POSTCODES_API_URL, RESEND_BASE_URL, then RESEND_API_KEY, STRIPE_API_URL (with STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET), SMS_API_URL (with SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM). `stripeWebhookUrl`: where
 * the Stripe stand-in sends its events (the Worker's webhook); `smsInboundUrl`: where the SMS stand-in posts a text from
 * a phone. `forceStandIns` (tests) never probes the internet and never sends real e-mail unless RESEND_BASE_URL says so.
 */
export async function startStandIns({
  forceStandIns = false,
  env = process.env,
  strictPorts = false,
  stripeWebhookUrl,
  smsInboundUrl,
} = {}) {
  const servers = [];
  const close = () => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  const lines = [];
  /** Starts a stand-in and answers its address; a port it cannot have stops those already started too. */
  async function serve(server, port) {
    const bound = await listenOn(server, port, { fallback: !strictPorts }).catch(async (error) => {
      await close();
      throw error;
    });
    servers.push(server);
    return `http://127.0.0.1:${bound}`;
  }
  /** Where a stand-in's own posts go, said for a person. */
  const target = (url) => (typeof url === 'function' ? 'the site' : (url ?? 'nowhere'));

  let postcodesUrl = env.POSTCODES_API_URL;
  if (postcodesUrl) {
    lines.push(`Postcodes: ${postcodesUrl} (from POSTCODES_API_URL)`);
  } else if (!forceStandIns && (await postcodesIoReachable())) {
    postcodesUrl = POSTCODES_IO;
    lines.push(`Postcodes: ${POSTCODES_IO} answered within 2 s, so the real service is used`);
  } else {
    postcodesUrl = await serve(createPostcodesStandIn(), Number(env.POSTCODES_STANDIN_PORT ?? 8790));
    lines.push(
      `Postcodes: local stand-in on ${postcodesUrl} (${forceStandIns ? 'tests always use it' : 'postcodes.io did not answer within 2 s'})`,
    );
  }

  let resendUrl = env.RESEND_BASE_URL;
  let resendKey = env.RESEND_API_KEY;
  let mailCatcherUrl;
  if (resendUrl) {
    resendKey ||= CATCHER_API_KEY;
    lines.push(`E-mail: ${resendUrl} (from RESEND_BASE_URL)`);
  } else if (resendKey && !forceStandIns) {
    resendUrl = RESEND_API;
    lines.push(`E-mail: sent through ${resendUrl} (RESEND_API_KEY is set)`);
  } else {
    mailCatcherUrl = await serve(createMailCatcher(), Number(env.MAIL_CATCHER_PORT ?? 8791));
    resendUrl = mailCatcherUrl;
    resendKey = CATCHER_API_KEY;
    lines.push(`E-mail: nothing leaves this machine; the mail catcher keeps every e-mail. Read them at ${mailCatcherUrl}/`);
  }

  // The article editor's sign-in calls github.com; the tests send it to a stand-in (GITHUB_STAND_IN_URL reaches the
  // Worker only in the test environment). `npm start` leaves it alone: with the editor's secrets it is GitHub's.
  let githubUrl = env.GITHUB_STAND_IN_URL;
  if (githubUrl) {
    lines.push(`GitHub sign-in (article editor): ${githubUrl} (from GITHUB_STAND_IN_URL)`);
  } else if (forceStandIns) {
    githubUrl = await serve(createGitHubStandIn(), Number(env.GITHUB_STANDIN_PORT ?? 0));
    lines.push(`GitHub sign-in (article editor): local stand-in on ${githubUrl}`);
  }

  // Payments never reach the real Stripe from here: only STRIPE_API_URL (with its own keys) points elsewhere.
  let stripe = {
    url: env.STRIPE_API_URL,
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    // Where Checkout's page is (the CSP's form-action): Stripe's own beside its API; a stand-in serves both.
    checkoutUrl: env.STRIPE_CHECKOUT_URL || (env.STRIPE_API_URL === STRIPE_API ? STRIPE_CHECKOUT : env.STRIPE_API_URL),
  };
  if (stripe.url) {
    lines.push(`Payments (Stripe): ${stripe.url} (from STRIPE_API_URL)`);
  } else {
    const server = createStripeStandIn({ webhookUrl: stripeWebhookUrl, webhookSecret: STAND_IN_WEBHOOK_SECRET });
    // A fixed port by default, like the other stand-ins: the CSP baked by `npm start`'s build names it, and a later
    // `serve --no-build` must put Checkout's page at the same address.
    const url = await serve(server, Number(env.STRIPE_STANDIN_PORT ?? 8792));
    stripe = { url, secretKey: STAND_IN_SECRET_KEY, webhookSecret: STAND_IN_WEBHOOK_SECRET, checkoutUrl: url };
    lines.push(
      `Payments (Stripe): local stand-in on ${stripe.url}, no card is charged; events go to ${target(stripeWebhookUrl)} (${stripe.url}/events)`,
    );
  }

  // Text messages never reach a real provider from here: only SMS_API_URL (with its own account) points elsewhere.
  let sms = { url: env.SMS_API_URL, accountSid: env.SMS_ACCOUNT_SID, authToken: env.SMS_AUTH_TOKEN, from: env.SMS_FROM };
  if (sms.url) {
    lines.push(`Text messages: ${sms.url} (from SMS_API_URL)`);
  } else {
    const url = await serve(createSmsStandIn({ inboundUrl: smsInboundUrl }), Number(env.SMS_STANDIN_PORT ?? 8793));
    sms = { url, accountSid: STAND_IN_ACCOUNT_SID, authToken: STAND_IN_AUTH_TOKEN, from: STAND_IN_NUMBER };
    lines.push(
      `Text messages: local stand-in on ${url}, nothing is sent; read them at ${url}/ (texts from phones go to ${target(smsInboundUrl)})`,
    );
  }

  return {
    postcodesUrl,
    stripeUrl: stripe.url,
    stripeSecretKey: stripe.secretKey,
    stripeWebhookSecret: stripe.webhookSecret,
    stripeCheckoutUrl: stripe.checkoutUrl,
    resendUrl,
    resendKey,
    mailCatcherUrl,
    githubUrl,
    smsUrl: sms.url,
    smsAccountSid: sms.accountSid,
    smsAuthToken: sms.authToken,
    smsFrom: sms.from,
    lines,
    close,
  };
}
