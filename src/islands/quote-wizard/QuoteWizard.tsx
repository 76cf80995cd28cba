import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { QUOTE_STEPS } from '~/data/quote-labels';
// Its own copy (a few lines): a shared chunk would be one more request on the quote and contact pages.
import { handOff } from 'own-copy:~/scripts/notice-key';
import type { Notice } from '~/scripts/notify';
import { ContinueOffer } from './ContinueOffer';
import { StepFurniture } from './StepFurniture';
import { loadRouteMap, StepRoute } from './StepRoute';
import { StepSize } from './StepSize';
import { SurveyOffer } from './SurveyOffer';
import { QuoteCard } from './QuoteCard';
import { ServiceIntro } from './ServiceIntro';
import { CAR_STEP } from '~/data/car-transport';
import type { SurveySize } from '~/data/survey';
import { findService } from '~/data/services';
import { ACCESS_FIELD_NAMES } from '~/data/access';
import { takeOverForm } from './form-handover';
import { readPrefill } from './prefill';
import { priceNow, schedulePricing } from './pricing-runner';
import { furthestStep, onStepPop, pushStep, readEntry, replaceStep } from './step-history';
import {
  $draftOffer,
  $pricing,
  $restored,
  $wizard,
  accessOf,
  continueDraft,
  discardDraft,
  endWizard,
  goToStep,
  restoreWizard,
  toggleFurniture,
  updateAnswers,
  STEP_COUNT,
  type Step,
} from './store';
import type { ContactErrors, ContactField, SubmitOutcome } from './submit';

// Steps 4 and 5 load as the customer nears them, so a first visit fetches only what steps 1-3 need.
const loadDateStep = () => import('./StepDate');
const loadContactStep = () => import('./StepContact');
const loadSubmit = () => import('./submit');
/** Only a failed submit shows a notification: the module loads then, not with the wizard. */
const notify = (notice: Notice) => void import('~/scripts/notify').then((m) => m.notify(notice));
const StepDate = lazy(async () => {
  const { StepDate, calendarStylesLoaded } = await loadDateStep();
  await calendarStylesLoaded;
  return { default: StepDate };
});
const StepContact = lazy(() => loadContactStep().then((m) => ({ default: m.StepContact })));
// Car transport's own questions (and the checks they share with the Worker) load only for a car.
const CarForm = lazy(() => import('./CarForm'));

export const STEP_TITLES: Record<Step, string> = QUOTE_STEPS;

export const MESSAGES = {
  submitted: 'Quote request submitted! Check your email for confirmation.',
  emailFailed: 'Failed to send confirmation email, but your quote was received!',
  submitFailed: 'Failed to submit quote request. Please try again.',
} as const;

/** Why Continue on step 3 does nothing yet, in plain words. */
function routeBlocker(from: string, to: string, status: string): string | null {
  if (!from.trim() && !to.trim()) return 'Enter both postcodes to see your price.';
  if (!from.trim()) return 'Enter the postcode you are moving from.';
  if (!to.trim()) return 'Enter the postcode you are moving to.';
  if (status === 'loading') return 'Your price is still being calculated. One moment, then continue.';
  if (status !== 'success') return 'We need a price before you continue. Check the postcodes, then try again.';
  return null;
}

export default function QuoteWizard() {
  const state = useStore($wizard);
  const pricing = useStore($pricing);
  const restored = useStore($restored);
  const offer = useStore($draftOffer);
  const heading = useRef<HTMLHeadingElement>(null);
  const offerAnswered = useRef(false);
  const [blocked, setBlocked] = useState<string | null>(null);
  /** What is wrong with a typed move date that is not a day we can take (step 4 then has no date). */
  const [dateProblem, setDateProblem] = useState<string | null>(null);
  /** A move date the server refused on submit: step 4 shows it again with the server's message. */
  const [refusedDate, setRefusedDate] = useState<{ date: string; message: string } | null>(null);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [errorRound, setErrorRound] = useState(0);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const [honeypot, setHoneypot] = useState('');
  /** Car transport: the customer asked for an estimate for household belongings as well (step 1 then shows the sizes). */
  const [belongings, setBelongings] = useState(false);
  /** A bigger home's card chosen on step 1 (a new object each time, so choosing again takes focus there again). */
  const [surveyPreset, setSurveyPreset] = useState<{ size: SurveySize } | null>(null);
  const stepChanged = useRef(false);
  const { step } = state;

  // The calendar keeps the last priced distance while a date change is re-priced, as a date never changes it
  // (state adjusted while rendering, not in an effect).
  const routeKey = `${state.fromPostcode.trim()}|${state.toPostcode.trim()}`;
  const [measured, setMeasured] = useState<{ routeKey: string; miles: number } | null>(null);
  if (pricing.status === 'success' && (measured?.routeKey !== routeKey || measured.miles !== pricing.distanceMiles)) {
    setMeasured({ routeKey, miles: pricing.distanceMiles });
  }
  const pricedRoute =
    measured?.routeKey === routeKey && state.propertyId
      ? { propertyId: state.propertyId, furnitureIds: state.furnitureIds, distanceMiles: measured.miles, access: accessOf(state) }
      : null;

  // Before the first paint, so nothing on screen moves once the saved or typed answers arrive.
  useLayoutEffect(() => {
    const prefill = readPrefill();
    restoreWizard({ answers: { ...prefill?.answers, ...takeOverForm() }, request: prefill?.request ?? null });
  }, []);

  // Fetch the next heavy step while the customer is still on the one before it.
  useEffect(() => {
    if (step >= 2) void loadRouteMap();
    if (step >= 3) void loadDateStep();
    if (step >= 4) {
      void loadContactStep();
      void loadSubmit();
    }
  }, [step]);

  // The access answers are priced too (the access table).
  const accessKey = ACCESS_FIELD_NAMES.map((name) => state[name]).join('|');
  useEffect(() => {
    if (restored) schedulePricing();
  }, [restored, state.propertyId, state.fromPostcode, state.toPostcode, state.furnitureIds, state.moveDate, accessKey]);

  // Focus the new step's heading on every step change (not on the first render), and once an offer is answered.
  useEffect(() => {
    if (!stepChanged.current && !(offerAnswered.current && !offer)) return;
    stepChanged.current = false;
    offerAnswered.current = false;
    heading.current?.focus();
  }, [step, offer]);

  const showStep = (next: Step) => {
    stepChanged.current = true;
    setBlocked(null);
    setDateProblem(null);
    goToStep(next);
  };

  // Runs after the restore above (effects run in order). A wizard entry shows its step, capped at what the answers
  // can reach; any other entry is marked with the step shown.
  useEffect(() => {
    const entry = readEntry(history.state);
    const reachable = (wanted: Step) => Math.min(wanted, furthestStep($wizard.get(), $pricing.get())) as Step;
    if (entry) {
      const shown = reachable(entry.quoteStep);
      goToStep(shown);
      if (shown !== entry.quoteStep) replaceStep(shown);
    } else replaceStep($wizard.get().step);
    // Back and Forward move focus to the heading, as the buttons do.
    return onStepPop((popped) => {
      const shown = reachable(popped.quoteStep);
      if (shown !== popped.quoteStep) replaceStep(shown);
      showStep(shown);
    });
  }, []);

  /** Continue: a new history entry, so the browser's Back returns here. */
  const forward = (next: Step) => {
    showStep(next);
    pushStep(next);
  };

  /** The page's Back button: the browser's Back when the previous entry is the previous step, so history stays in order. */
  const back = () => {
    const entry = readEntry(history.state);
    if (entry?.pushed && entry.quoteStep === step) {
      history.back(); // the popstate listener shows the step
    } else {
      const previous = (step - 1) as Step;
      showStep(previous);
      replaceStep(previous);
    }
  };

  const onContinue = () => {
    if (step === 3) {
      const reason = routeBlocker(state.fromPostcode, state.toPostcode, pricing.status);
      if (reason) return setBlocked(reason);
    }
    if (step === 4 && dateProblem) return setBlocked(dateProblem);
    if (step === 4 && !state.moveDate) return setBlocked('Choose your move date to continue.');
    if (step < STEP_COUNT) forward((step + 1) as Step);
  };

  const onContactChange = (field: ContactField, value: string) => {
    updateAnswers({ [field]: value });
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (book = false) => {
    if (inFlight.current) return;
    inFlight.current = true;
    let outcome: SubmitOutcome;
    try {
      const { submitQuote } = await loadSubmit();
      outcome = await submitQuote({
        honeypot,
        onSending: () => {
          setErrors({});
          setSending(true);
        },
      });
    } catch (error) {
      // A step that could not load: never a dead button.
      console.error('Quote submission failed', error);
      outcome = { status: 'refused', errors: {}, message: '' };
    }
    show(outcome, book);
  };

  /** What the customer sees of a submit's outcome (submit.ts did the work). */
  const show = (outcome: SubmitOutcome, book = false) => {
    if (outcome.status === 'accepted') {
      const { answer } = outcome;
      if (book) {
        // Stored: its deposit through the move page's own plain post, whose answer is Stripe's page (or the move
        // page saying why it needs a written quote after all).
        endWizard();
        // Not loaded (a dropped connection): the move page, stored and offering the same button.
        void import('./book-now').then(
          ({ postBookNow }) => postBookNow(answer.confirmationUrl),
          () => window.location.assign(answer.confirmationUrl),
        );
        return;
      }
      const notice = answer.emailSent
        ? { title: MESSAGES.submitted, variant: 'success' as const }
        : { title: MESSAGES.emailFailed, variant: 'error' as const };
      // The quote is stored, so the answers kept on this device can go.
      endWizard();
      handOff(notice);
      window.location.assign(answer.confirmationUrl);
      return;
    }
    inFlight.current = false;
    setSending(false);
    if (outcome.status === 'unpriced') {
      notify({
        title: MESSAGES.submitFailed,
        description: 'Your price or move date is missing: please check steps 3 and 4.',
        variant: 'error',
      });
      return;
    }
    if (Object.keys(outcome.errors).length > 0) {
      setErrors(outcome.errors);
      setErrorRound((round) => round + 1);
    }
    if (outcome.status === 'refused' && outcome.date) {
      // Back to the date step, where the field says what is wrong: nothing on step 5 could be highlighted for it.
      setRefusedDate(outcome.date);
      showStep(4);
      replaceStep(4);
      return;
    }
    if (outcome.status === 'refused')
      notify({ title: MESSAGES.submitFailed, ...(outcome.message ? { description: outcome.message } : {}), variant: 'error' });
  };

  const backButton =
    step > 1 ? (
      <button type="button" className="btn-secondary" onClick={back}>
        Back
      </button>
    ) : (
      <span />
    );

  const progress = (step / STEP_COUNT) * 100;
  // A car is priced on request: step 1 asks about the car, until the customer asks for a belongings estimate too.
  const carFirst = step === 1 && findService(state.request?.service)?.onRequest === 'car' && !belongings && !state.propertyId;
  const title = carFirst ? CAR_STEP.title : STEP_TITLES[step];

  if (offer) {
    const answer = (choice: () => void) => () => {
      offerAnswered.current = true;
      choice();
      // The entry was marked with step 1 while the offer showed: a reload must come back to the step continued at.
      replaceStep($wizard.get().step);
    };
    return (
      <div className="card p-5 sm:p-8" data-quote-wizard>
        <ContinueOffer draft={offer} onContinue={answer(continueDraft)} onStartAgain={answer(discardDraft)} />
      </div>
    );
  }

  return (
    <div className="card p-5 sm:p-8" data-quote-wizard data-step={step}>
      <div className="flex items-center justify-between text-sm font-semibold text-ink-muted">
        <span id="quote-progress-label">
          Step {step} of {STEP_COUNT}
        </span>
        <span aria-hidden="true">{Math.round(progress)}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="quote-progress-label"
        aria-valuemin={0}
        aria-valuemax={STEP_COUNT}
        aria-valuenow={step}
        aria-valuetext={`Step ${step} of ${STEP_COUNT}: ${title}`}
        className="mt-2 h-2 overflow-hidden rounded-full bg-brand-100"
      >
        <div className={`h-full rounded-full bg-brand-700 transition-[width] duration-300 ${WIDTH[step]}`} />
      </div>

      <h2 ref={heading} tabIndex={-1} id="quote-step-title" className="mt-6 mb-5 scroll-mt-24 text-2xl focus:outline-none sm:text-3xl">
        {title}
      </h2>

      {step === 1 && state.request && <ServiceIntro request={state.request} selectedSize={state.propertyId} />}
      {carFirst && (
        <>
          <Suspense fallback={<StepLoading />}>
            <CarForm />
          </Suspense>
          <section aria-labelledby="quote-belongings-title" className="mt-6 rounded-2xl border border-line bg-surface-muted p-5">
            <h3 id="quote-belongings-title" className="text-lg">
              {CAR_STEP.belongings}
            </h3>
            <button
              type="button"
              className="btn-secondary mt-3"
              onClick={() => {
                setBelongings(true);
                heading.current?.focus();
              }}
            >
              {CAR_STEP.belongingsButton}
            </button>
          </section>
        </>
      )}
      {step === 1 && !carFirst && (
        <>
          <StepSize
            selected={state.propertyId}
            onSelect={(id) => updateAnswers({ propertyId: id })}
            labelledBy="quote-step-title"
            onSurvey={(size) => setSurveyPreset({ size })}
          />
          <SurveyOffer preset={surveyPreset} />
        </>
      )}
      {step === 2 && <StepFurniture selected={state.furnitureIds} onToggle={toggleFurniture} />}
      {step === 3 && (
        <StepRoute
          answers={state}
          onChange={(patch) => {
            setBlocked(null);
            updateAnswers(patch);
          }}
          pricing={pricing}
          onRecalculate={priceNow}
          blockedMessage={blocked}
        />
      )}
      {step === 4 && (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <Suspense fallback={<StepLoading />}>
            <StepDate
              value={state.moveDate}
              onChange={(moveDate, problem) => {
                setBlocked(null);
                setDateProblem(problem);
                updateAnswers({ moveDate });
              }}
              blockedMessage={blocked}
              route={pricedRoute}
              refused={refusedDate}
            />
          </Suspense>
          <div aria-live="polite">
            {pricing.status === 'loading' && <p className="text-brand-800">Calculating distance and pricing...</p>}
            {pricing.status === 'success' && <QuoteCard result={pricing.result} notes={pricing.notes} />}
          </div>
        </div>
      )}
      {step === 5 && (
        <Suspense fallback={<StepLoading />}>
          <StepContact
            state={state}
            pricing={pricing}
            errors={errors}
            errorRound={errorRound}
            sending={sending}
            honeypot={honeypot}
            onHoneypot={setHoneypot}
            onChange={onContactChange}
            onSubmit={(book) => void onSubmit(book)}
            back={backButton}
          />
        </Suspense>
      )}

      {step < 5 && !carFirst && (
        <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          {backButton}
          <button type="button" className="btn-primary" onClick={onContinue} disabled={step === 1 && !state.propertyId}>
            Continue
          </button>
        </div>
      )}
    </div>
  );
}

/** Progress = step / 5, as static classes Tailwind can see. */
const WIDTH: Record<Step, string> = { 1: 'w-1/5', 2: 'w-2/5', 3: 'w-3/5', 4: 'w-4/5', 5: 'w-full' };

function StepLoading() {
  return <p className="text-ink-muted">Loading this step...</p>;
}
