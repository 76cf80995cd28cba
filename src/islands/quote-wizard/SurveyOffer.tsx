import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { SURVEY_COPY, type SurveySize } from '~/data/survey';

// The form and its checks (zod) load when the customer opens it, not with step 1.
const SurveyForm = lazy(() => import('./SurveyForm'));

/** Step 1's way out for a home above three bedrooms: no invented price, a survey call instead (data/survey.ts). */
export function SurveyOffer({ preset }: { preset: { size: SurveySize } | null }) {
  const [open, setOpen] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  // A size card was chosen on step 1: open the form with that size, and take the customer (and focus) to it.
  const shown = open || preset !== null;
  useEffect(() => {
    if (!preset) return;
    title.current?.focus();
    title.current?.scrollIntoView({ block: 'start' });
  }, [preset]);
  return (
    <section
      aria-labelledby="quote-survey-title"
      className="mt-6 scroll-mt-24 rounded-2xl border border-line bg-surface-muted p-5"
      data-survey-offer
    >
      <h3 id="quote-survey-title" ref={title} tabIndex={-1} className="text-lg focus:outline-none">
        {SURVEY_COPY.title}
      </h3>
      <p className="mt-1 text-ink-muted">{SURVEY_COPY.intro}</p>
      {!shown ? (
        <button type="button" className="btn-secondary mt-3" aria-expanded="false" onClick={() => setOpen(true)}>
          Ask for a free survey
        </button>
      ) : (
        <Suspense fallback={<p className="mt-3 text-ink-muted">Loading…</p>}>
          <SurveyForm preset={preset} />
        </Suspense>
      )}
    </section>
  );
}
