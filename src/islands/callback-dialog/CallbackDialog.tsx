import { useEffect, useId, useState, type FormEvent } from 'react';
import { takePendingTrigger } from '~/scripts/pending-trigger';
import { notify } from '~/scripts/notify';
import { site } from '~/site.config';
import { ModalDialog } from '../shared/ModalDialog';
import { CloseButton } from '../shared/CloseButton';
import { submitCallback, type CallbackFields } from './submit';

const TRIGGER_SELECTOR = '[data-callback-trigger]';
type FieldErrors = Partial<Record<keyof CallbackFields, string>>;
const EMPTY: CallbackFields = { name: '', phone: '' };

export default function CallbackDialog() {
  const [open, setOpen] = useState(false);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const [values, setValues] = useState<CallbackFields>(EMPTY);
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const id = useId();

  useEffect(() => {
    const show = (from: HTMLElement) => {
      setOpener(from);
      setOpen(true);
    };
    const pending = takePendingTrigger(TRIGGER_SELECTOR);
    if (pending) show(pending);
    const onClick = (event: MouseEvent) => {
      const target = (event.target as Element | null)?.closest<HTMLElement>(TRIGGER_SELECTOR);
      if (target) show(target);
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

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const missing: FieldErrors = {};
    if (!values.name.trim()) missing.name = 'Enter your full name';
    if (!values.phone.trim()) missing.phone = 'Enter your phone number';
    if (missing.name || missing.phone) {
      setErrors(missing);
      notify({ title: 'Please fill in all fields', description: 'Both name and phone number are required.', variant: 'error' });
      return;
    }
    setErrors({});
    setSending(true);
    const result = await submitCallback({ name: values.name.trim(), phone: values.phone.trim() }, honeypot);
    setSending(false);
    if (result.ok) {
      notify({ title: 'Request submitted!', description: "We'll call you back within 24 hours.", variant: 'success' });
      close();
    } else if (result.fields) {
      setErrors(result.fields);
      notify({ title: 'Please check your details', description: result.message, variant: 'error' });
    } else {
      notify({
        title: 'We could not send your request',
        description: `Please try again in a moment, or call us on ${site.phone.display}.`,
        variant: 'error',
      });
    }
  };

  const field = (name: keyof CallbackFields) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    required: true,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
    className: 'field-input',
  });

  return (
    <ModalDialog open={open} onDismiss={close} titleId={`${id}-title`} descriptionId={`${id}-text`} returnFocusTo={opener}>
      <form className="relative p-6" noValidate onSubmit={onSubmit}>
        <h2 id={`${id}-title`} className="pr-10 text-2xl">
          Request a call back
        </h2>
        <p id={`${id}-text`} className="mt-2 text-ink-muted">
          Leave your name and number and one of our team will call you back within 24 hours. Rather talk now? Call{' '}
          <a href={`tel:${site.phone.tel}`} className="font-semibold whitespace-nowrap text-brand-700 underline">
            {site.phone.display}
          </a>
          .
        </p>
        <CloseButton label="Close" onClick={close} className="top-4 right-4" />

        <div className="mt-5 space-y-4">
          <div>
            <label htmlFor={`${id}-name`} className="field-label">
              Full Name <span aria-hidden="true">*</span>
            </label>
            <input {...field('name')} type="text" autoComplete="name" maxLength={100} />
            {errors.name && (
              <p id={`${id}-name-error`} className="field-error">
                {errors.name}
              </p>
            )}
          </div>
          <div>
            <label htmlFor={`${id}-phone`} className="field-label">
              Phone Number <span aria-hidden="true">*</span>
            </label>
            <input {...field('phone')} type="tel" autoComplete="tel" inputMode="tel" maxLength={25} />
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
            {sending ? 'Sending...' : 'Request call back'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
