/** The days the office's diary has no room left on (issue 33 item 4), for the calendar: dates only, asked once per step. */
import { useEffect, useState } from 'react';
import { FULL_DAYS_PATH } from '~/lib/office/diary';

const NONE: ReadonlySet<string> = new Set();

/** Empty until the answer arrives, and if it never does: the server refuses a full day whatever the calendar showed. */
export function useFullDays(from: string, to: string): ReadonlySet<string> {
  const [full, setFull] = useState(NONE);
  useEffect(() => {
    const controller = new AbortController();
    fetch(`${FULL_DAYS_PATH}?${new URLSearchParams({ from, to })}`, { signal: controller.signal })
      .then((answer) => (answer.ok ? (answer.json() as Promise<{ dates?: unknown }>) : null))
      .then((body) => {
        if (Array.isArray(body?.dates)) setFull(new Set(body.dates.filter((date): date is string => typeof date === 'string')));
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [from, to]);
  return full;
}
