/**
 * The SMS stand-in (stand-ins/sms/server.mjs) read by number, for every kind of test: a test waits for the texts to a
 * number only it uses (`testMobile()` in tests/shared/stand-ins.ts), never for "any text". A wait polls every 100 ms;
 * its ceiling only ends a wait for a text that never comes.
 */
export interface CapturedText {
  sid: string;
  direction: 'outbound-api' | 'inbound';
  from: string | null;
  to: string;
  body: string;
  status: string;
  num_segments: string;
  error_code: number | null;
  messaging_service_sid: string | null;
  /** Each status callback (or, for an inbound text, the post to the inbound webhook) with the Worker's answer. */
  callbacks: Array<{ status: string; response: number | string; at: string }>;
}

export const TEXT_WAIT_MS = 90_000;

/** The texts sent to `to` now, oldest first (for "none went": after the record's outbox is done with). */
export async function textsTo(smsUrl: string, to: string): Promise<CapturedText[]> {
  const response = await fetch(`${smsUrl}/__messages?${new URLSearchParams({ to, direction: 'outbound-api' })}`);
  if (!response.ok) throw new Error(`the SMS stand-in answered ${response.status}`);
  return ((await response.json()) as { data: CapturedText[] }).data;
}

/** Waits until at least `count` texts to `to` (and matching `where`) have been sent, and answers them, oldest first. */
export async function waitForTexts(
  smsUrl: string,
  to: string,
  {
    count = 1,
    where = () => true,
    timeoutMs = TEXT_WAIT_MS,
  }: { count?: number; where?: (text: CapturedText) => boolean; timeoutMs?: number } = {},
): Promise<CapturedText[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await textsTo(smsUrl, to)).filter(where);
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`${found.length} of ${count} text(s) to ${to} arrived within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A text from a phone (STOP, START…) to the firm's number, posted to the Worker's inbound webhook; answers once it has. */
export async function textFromPhone(
  smsUrl: string,
  from: string,
  body: string,
): Promise<{ sid: string; delivered: boolean; status: number | string }> {
  const response = await fetch(`${smsUrl}/__inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ From: from, Body: body }),
  });
  if (!response.ok) throw new Error(`the SMS stand-in answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { sid: string; delivered: boolean; status: number | string };
}
