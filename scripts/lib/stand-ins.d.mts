export const POSTCODES_IO: string;
export const RESEND_API: string;
export const CATCHER_API_KEY: string;
export const STRIPE_WEBHOOK_PATH: string;
export const STRIPE_API: string;
export const STRIPE_CHECKOUT: string;
export const SMS_INBOUND_PATH: string;
export function postcodesIoReachable(timeoutMs?: number): Promise<boolean>;
export function startStandIns(options?: {
  forceStandIns?: boolean;
  env?: NodeJS.ProcessEnv;
  strictPorts?: boolean;
  /** Where the Stripe stand-in sends its signed events (the Worker's webhook). */
  stripeWebhookUrl?: string | (() => string | undefined);
  /** Where the SMS stand-in posts a text from a phone (the Worker's inbound webhook). */
  smsInboundUrl?: string | (() => string | undefined);
}): Promise<{
  postcodesUrl: string;
  resendUrl: string;
  resendKey: string;
  mailCatcherUrl?: string;
  /** The GitHub sign-in stand-in, when the stand-ins are forced (tests) or GITHUB_STAND_IN_URL names one. */
  githubUrl?: string;
  /** STRIPE_API_URL, or the Stripe stand-in; with the keys the Worker is given. */
  stripeUrl: string;
  stripeSecretKey: string;
  stripeWebhookSecret: string;
  /** Checkout's hosted page origin, for the CSP's form-action (the stand-in's own address locally). */
  stripeCheckoutUrl: string;
  /** SMS_API_URL, or the SMS stand-in (Twilio's Messages API); with the account the Worker is given. */
  smsUrl: string;
  smsAccountSid: string;
  smsAuthToken: string;
  smsFrom: string;
  lines: string[];
  close: () => Promise<unknown>;
}>;
