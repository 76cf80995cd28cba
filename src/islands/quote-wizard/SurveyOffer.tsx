import { lazy, Suspense, useState } from 'react';
import { SURVEY_COPY } from '~/data/survey';

// The form and its checks (zod) load when the customer opens it, not with step 1.
const SurveyForm = lazy(() => import('./SurveyForm'));

/** Step 1's way out for a home above three bedrooms: no invented price, a survey call instead (data/survey.ts). */
export function SurveyOffer() {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="quote-survey-title" className="mt-6 rounded-2xl border border-line bg-surface-muted p-5" data-survey-offer>
      <h3 id="quote-survey-title" className="text-lg">
        {SURVEY_COPY.title}
      </h3>
      <p className="mt-1 text-ink-muted">{SURVEY_COPY.intro}</p>
      {!open ? (
        <button type="button" className="btn-secondary mt-3" aria-expanded="false" onClick={() => setOpen(true)}>
          Ask for a free survey
        </button>
      ) : (
        <Suspense fallback={<p className="mt-3 text-ink-muted">Loading…</p>}>
          <SurveyForm />
        </Suspense>
      )}
    </section>
  );
}
