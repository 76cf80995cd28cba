/**
 * A promo or friend's code is recognised only by the server's answer (issue 30): the wizard asks /api/check-code once
 * the customer pauses, and names a discount only when the server took the code.
 */
import { useEffect, useState } from 'react';
import { API_PATHS, postJson } from '~/lib/api';
import { codeOffer } from '~/lib/referral';

export type CodeCheck =
  /** Nothing typed, or nothing that could be a code (the quote's own check names that on submit). */
  | { status: 'none' }
  | { status: 'checking' }
  | { status: 'recognised'; code: string }
  | { status: 'refused'; message: string }
  /** No answer (offline, too many checks): no discount is shown, and the quote checks the code again. */
  | { status: 'unchecked' };

export const CODE_HINTS = {
  recognised: 'Code recognised: see your booking summary.',
  unchecked: 'We could not check this code just now. We will check it when you send your request.',
} as const;

/** After the last keystroke, so a code is checked once it is typed, not at every letter. */
const PAUSE_MS = 400;

export function useCodeCheck(typed: string): CodeCheck {
  const text = typed.trim();
  const askable = codeOffer(text) !== null;
  const [answered, setAnswered] = useState<{ text: string; check: CodeCheck } | null>(null);

  useEffect(() => {
    if (!askable) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const answer = await postJson(API_PATHS.code, { promoCode: text }, { signal: controller.signal });
      if (controller.signal.aborted) return;
      const refusal = answer.ok ? undefined : answer.error.fields?.promoCode;
      setAnswered({
        text,
        check: answer.ok
          ? { status: 'recognised', code: answer.data.code }
          : refusal
            ? { status: 'refused', message: refusal }
            : { status: 'unchecked' },
      });
    }, PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, askable]);

  if (!askable) return { status: 'none' };
  return answered?.text === text ? answered.check : { status: 'checking' };
}
