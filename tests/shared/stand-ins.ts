/**
 * How a test makes a stand-in fail or dawdle for its own requests only (there is no switch to flip):
 * a reserved postcode (stand-ins/postcodes/fixture.json "reserved"), or a tagged e-mail address
 * (stand-ins/mail/server.mjs).
 */
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';

const fixture = JSON.parse(readFileSync(new URL('../../stand-ins/postcodes/fixture.json', import.meta.url), 'utf8')) as {
  reserved: Record<'down' | 'slow' | 'tooSlow' | 'once', { postcode: string; like?: string }>;
};

/** Every request for it answers 503: the service is down (the browser's and the Worker's requests alike). */
export const POSTCODE_DOWN = fixture.reserved.down.postcode;
/** Answers after 1 s (as LS1 1UR): slower than a test's short client time-out. */
export const POSTCODE_SLOW = fixture.reserved.slow.postcode;
/** Answers after 6 s (as CF10 1EP): slower than the Worker's 4 s time-out. */
export const POSTCODE_TOO_SLOW = fixture.reserved.tooSlow.postcode;

/** The real postcode whose place a `postcodeFoundOnce()` postcode takes (M1 1AE). */
export const FOUND_ONCE_LIKE = fixture.reserved.once.like!;

/** A postcode of this test's own that the stand-in finds once (as M1 1AE), then answers 503 for. */
export function postcodeFoundOnce(): string {
  const letters = 'ABDEFGHJLNPQRSTUWXYZ';
  const outward = fixture.reserved.once.postcode.split(' ')[0]!;
  return `${outward} ${randomInt(10)}${letters[randomInt(letters.length)]}${letters[randomInt(letters.length)]}`;
}

/**
 * The mail catcher's tags: `fail` (every send), `failtimes<N>` (the first N sends carrying the address, then they go
 * through), `slow<N>s` (each answer waits N seconds), `slowonce<N>s` (only the first send's answer waits). A send carries the address when it is sent to it or replies to
 * it, so a lead's business copy fails with the customer's.
 */
export type MailTag = 'fail' | `failtimes${number}` | `slow${number}s` | `slowonce${number}s`;

/** `ada@example.com` with a tag: `ada+fail@example.com`. */
export const tagged = (address: string, tag: MailTag) => address.replace('@', `+${tag}@`);

/**
 * The Stripe stand-in's Connect tags, read from a connected account's e-mail (stand-ins/stripe/connect.mjs):
 * `onboarded` (created already enabled), `transferfail` (transfers to it answer 500), `transferfailtimes<N>` (the first N
 * transfer requests answer 429), `balanceinsufficient` (transfers refused: the platform's balance is short),
 * `reversalrefused` (reversals refused: the partner's balance is short).
 */
export type ConnectTag = 'onboarded' | 'transferfail' | `transferfailtimes${number}` | 'balanceinsufficient' | 'reversalrefused';

/** A partner's address of this test's own (`partner-<name>-<random>@example.com`), with the tags it asks for. */
export const partnerEmail = (name: string, ...tags: ConnectTag[]) =>
  `partner-${name}-${randomInt(1e9)}${tags.map((tag) => `+${tag}`).join('')}@example.com`;

/**
 * The SMS stand-in's reserved recipients (stand-ins/sms/server.mjs), in Ofcom's drama range +447700900000 to
 * +447700900999 (never a real phone); the hundreds digit picks what happens: undelivered (30003 after sent), failed
 * (30001), down (every request 500), busy (the first N requests with each body 429, N the last digit), optedOut
 * (21610, as after STOP), slow (the answer waits N seconds, N the last digit).
 */
export const SMS_RESERVED = { undelivered: 1, failed: 2, down: 3, busy: 4, optedOut: 5, slow: 6 } as const;

/** A reserved recipient: `reservedMobile('busy', 2)` is refused twice per body, then takes it. */
export const reservedMobile = (kind: keyof typeof SMS_RESERVED, n = randomInt(10)) => `+447700900${SMS_RESERVED[kind]}${randomInt(10)}${n}`;

/** A mobile number of this test's own that the stand-in delivers to (any +447… outside the reserved range). */
export function testMobile(): string {
  for (;;) {
    const number = `+447${String(randomInt(1e9)).padStart(9, '0')}`;
    if (!number.startsWith('+447700900')) return number;
  }
}
