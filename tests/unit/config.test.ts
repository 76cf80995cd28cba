/** The Worker's settings: parsed once per environment, with the documented defaults for anything unset or unusable. */
import { describe, expect, it } from 'vitest';
import type { Env } from '../../functions/env';
import { config, parseConfig } from '../../functions/lib/config';

const env = (vars: Partial<Env>) => vars as Env;

describe('config(env)', () => {
  it('gives the defaults when nothing is set', () => {
    expect(parseConfig(env({}))).toEqual({
      siteUrl: 'https://shiftly.example',
      mail: {
        from: 'Shiftly <hello@shiftly.example>',
        business: 'hello@shiftly.example',
        siteUrl: 'https://shiftly.example',
        // The site's own details (src/data/launch-content.ts) until the owner's settings are read (issue 40 item 7).
        firm: {
          name: 'Shiftly',
          phone: { display: '020 7946 0321', tel: '+442079460321' },
          address: '14 Wharf Road, London N1 7GR',
          email: 'hello@shiftly.example',
        },
      },
      resend: { apiKey: undefined, baseUrl: 'https://api.resend.com' },
      postcodesApiUrl: 'https://api.postcodes.io',
      stripe: { secretKey: undefined, webhookSecret: undefined, api: { host: 'api.stripe.com', port: 443, protocol: 'https' } },
      sms: {
        apiUrl: 'https://api.twilio.com',
        accountSid: undefined,
        authToken: undefined,
        from: undefined,
        messagingServiceSid: undefined,
      },
      outbox: { retryBaseSeconds: 60 },
      rateLimitClientHeader: undefined,
    });
  });

  it('reads what is set, without trailing slashes or header-breaking characters', () => {
    const parsed = parseConfig(
      env({
        SITE_URL: 'https://moves.example/',
        MAIL_FROM: 'Moves <quotes@moves.example>\r\nBcc: x@example.com',
        BUSINESS_EMAIL: 'leads@moves.example',
        RESEND_API_KEY: 're_key',
        RESEND_BASE_URL: 'http://127.0.0.1:8791//',
        POSTCODES_API_URL: 'http://127.0.0.1:8790/',
        OUTBOX_RETRY_BASE_SECONDS: '1',
        RATE_LIMIT_CLIENT_HEADER: 'X-Test-Client',
        STRIPE_SECRET_KEY: 'sk_test_key',
        STRIPE_WEBHOOK_SECRET: 'whsec_secret',
        STRIPE_API_URL: 'http://127.0.0.1:8792/',
        SMS_API_URL: 'http://127.0.0.1:8793/',
        SMS_ACCOUNT_SID: 'AC00000000000000000000000000000001',
        SMS_AUTH_TOKEN: 'token',
        SMS_FROM: '+447700900000',
      }),
    );
    expect(parsed).toMatchObject({
      siteUrl: 'https://moves.example',
      mail: { from: 'Moves <quotes@moves.example> Bcc: x@example.com', business: 'leads@moves.example' },
      resend: { apiKey: 're_key', baseUrl: 'http://127.0.0.1:8791' },
      postcodesApiUrl: 'http://127.0.0.1:8790',
      outbox: { retryBaseSeconds: 1 },
      rateLimitClientHeader: 'X-Test-Client',
      // The SDK takes the API's host, port and protocol apart (the stand-in locally).
      stripe: { secretKey: 'sk_test_key', webhookSecret: 'whsec_secret', api: { host: '127.0.0.1', port: 8792, protocol: 'http' } },
      sms: { apiUrl: 'http://127.0.0.1:8793', accountSid: 'AC00000000000000000000000000000001', authToken: 'token', from: '+447700900000' },
    });
  });

  it('falls back for numbers it cannot use, and treats empty secrets as unset', () => {
    expect(parseConfig(env({ OUTBOX_RETRY_BASE_SECONDS: '-5', RESEND_API_KEY: '', SMS_AUTH_TOKEN: '' }))).toMatchObject({
      outbox: { retryBaseSeconds: 60 },
      resend: { apiKey: undefined },
      sms: { authToken: undefined },
    });
    expect(parseConfig(env({ OUTBOX_RETRY_BASE_SECONDS: 'soon' })).outbox.retryBaseSeconds).toBe(60);
  });

  it('parses an environment once', () => {
    const one = env({ SITE_URL: 'https://a.example' });
    expect(config(one)).toBe(config(one));
    expect(config(env({ SITE_URL: 'https://b.example' })).siteUrl).toBe('https://b.example');
  });
});
