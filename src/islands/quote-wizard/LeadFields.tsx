import { useState, type ReactNode } from 'react';
import { QUOTE_HINTS, QUOTE_LABELS } from '~/data/quote-labels';
import { API_PATHS, postJson } from '~/lib/api';
import { callbackSchema, fieldErrors, type CallbackInput } from '~/lib/schemas';
import { site, telHref } from '~/site.config';

// Pieces of step 1's small request forms (the survey call, the car price). Ids come from the form's `useId`, so a
// message is tied to its field (`aria-describedby`).
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field-error">
      <span className="sr-only">Error: </span>
      {message}
    </p>
  ) : null;
}

interface ChoicesProps {
  id: string;
  legend: string;
  options: ReadonlyArray<{ value: string; label: string; hint?: string }>;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

export function Choices({ id, legend, options, value, error, onChange }: ChoicesProps) {
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field-label">{legend}</legend>
      <FieldError id={`${id}-error`} message={error} />
      {options.map((option) => (
        <label key={option.value} className="flex items-start gap-2 py-1">
          <input
            type="radio"
            name={id}
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
}

interface TextFieldProps {
  id: string;
  label: string;
  hint?: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  type?: 'text' | 'tel' | 'email';
  autoComplete?: string;
}

export function TextField({ id, label, hint, value, error, onChange, type = 'text', autoComplete }: TextFieldProps) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mb-1.5 text-sm text-ink-muted">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
      <input
        id={id}
        type={type}
        inputMode={type === 'text' ? undefined : type}
        className="field-input"
        autoComplete={autoComplete}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/**
 * The name and the number to call, side by side: every lead that ends in a call asks for both; then the e-mail address
 * its written quote goes to, which may be left empty (issue 40 item 2).
 */
export function ContactFields(props: {
  id: string;
  labels: { name: string; phone: string };
  name: string;
  phone: string;
  email: string;
  errors: { name?: string | undefined; phone?: string | undefined; email?: string | undefined };
  onName: (value: string) => void;
  onPhone: (value: string) => void;
  onEmail: (value: string) => void;
}) {
  const { id, labels, errors } = props;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField id={`${id}-name`} label={labels.name} autoComplete="name" value={props.name} error={errors.name} onChange={props.onName} />
      <TextField
        id={`${id}-phone`}
        label={labels.phone}
        type="tel"
        autoComplete="tel"
        value={props.phone}
        error={errors.phone}
        onChange={props.onPhone}
      />
      <div className="sm:col-span-2">
        <TextField
          id={`${id}-email`}
          label={QUOTE_LABELS.carEmail}
          hint={QUOTE_HINTS.requestEmail}
          type="email"
          autoComplete="email"
          value={props.email}
          error={errors.email}
          onChange={props.onEmail}
        />
      </div>
    </div>
  );
}

/** Sending failed: the server's message, and the phone number as the way that always works. */
export function SendFailure({ message }: { message: string }) {
  return (
    <p role="alert" className="font-medium text-danger">
      {message} Or call us on{' '}
      <a href={telHref} className="underline">
        {site.phone.display}
      </a>
      .
    </p>
  );
}

export function SendRow({ state, label }: { state: SendState; label: string }) {
  return (
    <>
      {state.status === 'failed' && <SendFailure message={state.message} />}
      <button type="submit" className="btn-primary" disabled={state.status === 'sending'}>
        {state.status === 'sending' ? 'Sending…' : label}
      </button>
    </>
  );
}

export function LeadSent({
  title,
  children,
  reference,
  marker,
}: {
  title: string;
  children: ReactNode;
  reference: string;
  marker: string;
}) {
  return (
    <div role="status" className="mt-3 rounded-xl border-2 border-success bg-green-50 p-4" {...{ [marker]: '' }}>
      <p className="font-semibold text-ink">{title}</p>
      <p className="mt-1 text-ink">
        {children} Your reference is <strong>{reference}</strong>.
      </p>
    </div>
  );
}

export type SendState = { status: 'idle' | 'sending' } | { status: 'sent'; reference: string } | { status: 'failed'; message: string };

/** Checked with the Worker's own schema first (every message at once, keyed by path, e.g. `car.vehicle`), then posted. */
export function useCallbackRequest<Field extends string>() {
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [state, setState] = useState<SendState>({ status: 'idle' });
  const send = async (body: CallbackInput) => {
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
  return { errors, state, send };
}
