import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { API_PATHS, postJson } from '~/lib/api';
import { LIMITS } from '~/lib/limits';
import { callbackSchema, fieldErrors } from '~/lib/schemas';
import { CALLBACK_COPY, CALLBACK_MESSAGES } from '~/data/callback';
import { takePendingTrigger } from '~/scripts/pending-trigger';
import { notify } from '~/scripts/notify';
import { site } from '~/site.config';
import { ModalDialog } from '../shared/ModalDialog';
import { CloseButton } from '../shared/CloseButton';

const TRIGGER_SELECTOR = '[data-callback-trigger]';
const FIELDS = ['name', 'phone'] as const;
type Field = (typeof FIELDS)[number];
type Fields = Record<Field, string>;
type FieldErrors = Partial<Fields>;
const EMPTY: Fields = { name: '', phone: '' };

/** The messages this form shows next to its fields (the schema's, or the server's, for name and phone). */
function ownErrors(fields: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of FIELDS) if (fields[field]) errors[field] = fields[field];
  return errors;
}

export default function CallbackDialog() {
  const [open, setOpen] = useState(false);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const [values, setValues] = useState<Fields>(EMPTY);
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  /** Bumped on every round of errors, so the first field in error takes focus. */
  const [errorRound, setErrorRound] = useState(0);
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const id = useId();

  useEffect(() => {
    if (errorRound > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errorRound]);

  /** Errors belong next to their fields, inside the dialog: a notification would sit behind its backdrop. */
  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    setErrorRound((round) => round + 1);
  };

  useEffect(() => {
    const show = (from: HTMLElement) => {
      setOpener(from);
      setOpen(true);
    };
    const pending = takePendingTrigger(TRIGGER_SELECTOR);
    if (pending) show(pending);
    const onClick = (event: MouseEvent) => {
      const target = (event.target as Element | null)?.closest<HTMLElement>(TRIGGER_SELECTOR);
      if (!target) return;
      // A trigger is a link to /call-back, for when this dialog cannot open.
      event.preventDefault();
      show(target);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  /** Cancel and close both clear the form (spec section 4). */
  const close = () => {
    setOpen(false);
    setValues(EMPTY);
    setHoneypot('');
    setErrors({});
  };

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (sending) return;
    const checked = callbackSchema.safeParse(values);
    if (!checked.success) {
      showErrors(ownErrors(fieldErrors(checked.error)));
      // The spec's message for blank (or whitespace-only) fields.
      if (!values.name.trim() || !values.phone.trim()) {
        notify({ ...CALLBACK_MESSAGES.blank, variant: 'error' });
      }
      return;
    }
    setErrors({});
    setSending(true);
    const result = await postJson(API_PATHS.callback, { name: checked.data.name, phone: checked.data.phone, website: honeypot });
    setSending(false);
    const refused = result.ok ? {} : ownErrors(result.error.fields ?? {});
    if (result.ok) {
      notify({ ...CALLBACK_MESSAGES.sent, variant: 'success' });
      close();
    } else if (Object.keys(refused).length > 0) {
      showErrors(refused);
    } else {
      notify({
        title: 'We could not send your request',
        description: `Please try again in a moment, or call us on ${site.phone.display}.`,
        variant: 'error',
      });
    }
  };

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    required: true,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
    maxLength: LIMITS[name],
    className: 'field-input',
  });

  return (
    <ModalDialog open={open} onDismiss={close} titleId={`${id}-title`} descriptionId={`${id}-text`} returnFocusTo={opener}>
      <form ref={form} className="relative p-6" noValidate onSubmit={onSubmit}>
        <h2 id={`${id}-title`} className="pr-10 text-2xl">
          {CALLBACK_COPY.title}
        </h2>
        <p id={`${id}-text`} className="mt-2 text-ink-muted">
          {CALLBACK_COPY.intro} Rather talk now? Call{' '}
          <a href={`tel:${site.phone.tel}`} className="font-semibold whitespace-nowrap text-brand-700 underline">
            {site.phone.display}
          </a>
          .
        </p>
        <CloseButton label="Close" onClick={close} className="top-4 right-4" />

        <div className="mt-5 space-y-4">
          <div>
            <label htmlFor={`${id}-name`} className="field-label">
              {CALLBACK_COPY.nameLabel} <span aria-hidden="true">*</span>
            </label>
            <input {...field('name')} type="text" autoComplete="name" />
            {errors.name && (
              <p id={`${id}-name-error`} className="field-error">
                {errors.name}
              </p>
            )}
          </div>
          <div>
            <label htmlFor={`${id}-phone`} className="field-label">
              {CALLBACK_COPY.phoneLabel} <span aria-hidden="true">*</span>
            </label>
            <input {...field('phone')} type="tel" autoComplete="tel" inputMode="tel" />
            {errors.phone && (
              <p id={`${id}-phone-error`} className="field-error">
                {errors.phone}
              </p>
            )}
          </div>
          <div className="sr-only" aria-hidden="true">
            <label htmlFor={`${id}-website`}>Leave this field empty</label>
            <input
              id={`${id}-website`}
              name="website"
              tabIndex={-1}
              autoComplete="off"
              value={honeypot}
              onChange={(e) => setHoneypot(e.target.value)}
            />
          </div>
        </div>

        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={sending} aria-disabled={sending}>
            {sending ? 'Sending...' : CALLBACK_COPY.button}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
