import { useId, useState } from 'react';
import { SURVEY_COPY, SURVEY_SIZES, SURVEY_TYPES } from '~/data/survey';
import { API_PATHS, postJson } from '~/lib/api';
import { callbackSchema, fieldErrors } from '~/lib/schemas';
import { site, telHref } from '~/site.config';
import { $wizard } from './store';

type Field = 'name' | 'phone' | 'survey.size' | 'survey.type';

/** The survey request: size, kind of survey, name and phone, sent as a call-back request carrying the survey. */
export default function SurveyForm() {
  const id = useId();
  const [size, setSize] = useState('');
  const [type, setType] = useState('');
  const [name, setName] = useState(() => $wizard.get().name);
  const [phone, setPhone] = useState(() => $wizard.get().phone);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [state, setState] = useState<
    { status: 'idle' | 'sending' } | { status: 'sent'; reference: string } | { status: 'failed'; message: string }
  >({
    status: 'idle',
  });

  if (state.status === 'sent') {
    return (
      <div role="status" className="mt-3 rounded-xl border-2 border-success bg-green-50 p-4" data-survey-sent>
        <p className="font-semibold text-ink">Survey call requested</p>
        <p className="mt-1 text-ink">
          {SURVEY_COPY.sent} Your reference is <strong>{state.reference}</strong>.
        </p>
      </div>
    );
  }

  const send = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const postcode = $wizard.get().fromPostcode.trim();
    const body = { name, phone, survey: { size, type, ...(postcode ? { postcode } : {}) } };
    const checked = callbackSchema.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error) as Partial<Record<Field, string>>);
      return;
    }
    setErrors({});
    setState({ status: 'sending' });
    const sent = await postJson(API_PATHS.callback, body);
    if (sent.ok) setState({ status: 'sent', reference: sent.data.reference });
    else setState({ status: 'failed', message: sent.error.message });
  };

  const error = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="field-error">
        <span className="sr-only">Error: </span>
        {errors[field]}
      </p>
    ) : null;

  const choices = (
    field: 'survey.size' | 'survey.type',
    legend: string,
    options: ReadonlyArray<{ value: string; label: string; hint?: string }>,
    value: string,
    onChange: (v: string) => void,
  ) => (
    <fieldset aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}>
      <legend className="field-label">{legend}</legend>
      {error(field)}
      {options.map((option) => (
        <label key={option.value} className="flex items-start gap-2 py-1">
          <input
            type="radio"
            name={`${id}-${field}`}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="mt-0.5 size-5 accent-brand-700"
          />
          <span>
            {option.label}
            {option.hint && <span className="block text-sm text-ink-muted">{option.hint}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );

  return (
    <form className="mt-4 space-y-4" noValidate onSubmit={send} data-survey-form>
      <div className="grid gap-4 sm:grid-cols-2">
        {choices('survey.size', 'Bedrooms', SURVEY_SIZES, size, setSize)}
        {choices('survey.type', 'Survey', SURVEY_TYPES, type, setType)}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className="field-label">
            Full Name
          </label>
          {error('name')}
          <input
            id={`${id}-name`}
            className="field-input"
            autoComplete="name"
            value={name}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${id}-name-error` : undefined}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-phone`} className="field-label">
            Phone Number
          </label>
          {error('phone')}
          <input
            id={`${id}-phone`}
            type="tel"
            inputMode="tel"
            className="field-input"
            autoComplete="tel"
            value={phone}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={errors.phone ? `${id}-phone-error` : undefined}
            onChange={(event) => setPhone(event.target.value)}
          />
        </div>
      </div>
      {state.status === 'failed' && (
        <p role="alert" className="font-medium text-danger">
          {state.message} Or call us on{' '}
          <a href={telHref} className="underline">
            {site.phone.display}
          </a>
          .
        </p>
      )}
      <button type="submit" className="btn-primary" disabled={state.status === 'sending'}>
        {state.status === 'sending' ? 'Sending…' : SURVEY_COPY.button}
      </button>
    </form>
  );
}
