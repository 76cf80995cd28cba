// Progressive enhancement of /contact, whose form posts to /contact without JavaScript and sends JSON to the endpoint with it.
import type { ContactInput } from '../lib/schemas';
import { notify } from './notify';

export const CONTACT_MESSAGES = {
  sent: "Message sent successfully! We'll get back to you soon.",
  failed: 'Failed to send message. Please try again.',
  sending: 'Sending...',
} as const;

const loadSending = () => Promise.all([import('../lib/schemas'), import('../lib/api')]);

/** ContactForm.astro gives every field of the schema a slot, in the form's order. */
const messageSlots = (form: HTMLFormElement) => form.querySelectorAll<HTMLElement>('[id^="contact-"][id$="-error"]');

function showErrors(form: HTMLFormElement, fields: Record<string, string>): void {
  let first: HTMLElement | null = null;
  for (const slot of messageSlots(form)) {
    const name = slot.id.slice('contact-'.length, -'-error'.length);
    const input = form.querySelector<HTMLElement>(`#contact-${name}`);
    const message = fields[name];
    slot.textContent = message ?? '';
    slot.hidden = !message;
    if (input) {
      if (message) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
      if (message && !first) first = input;
    }
  }
  first?.focus();
}

/** The honeypot is included: the server judges it. */
function values(form: HTMLFormElement): ContactInput {
  const data: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') data[key] = value;
  return data as ContactInput;
}

/** Focused so the message is read out. */
function showSent(reference: string | null): void {
  const box = document.querySelector<HTMLElement>('[data-contact-status]');
  if (!box) return;
  box.classList.toggle('hidden', reference === null);
  if (reference === null) return;
  const line = box.querySelector<HTMLElement>('[data-contact-reference]');
  const slot = line?.querySelector<HTMLElement>('[data-fill="reference"]');
  if (line && slot) {
    slot.textContent = reference;
    line.hidden = false;
  }
  box.focus();
}

export function enhanceContactForm(form: HTMLFormElement): void {
  const button = form.querySelector<HTMLButtonElement>('[data-contact-submit]');
  const label = button?.textContent ?? 'Send message';
  let sending = false;

  // Fetch the validation code while the visitor types, not when they press send.
  form.addEventListener('focusin', () => void loadSending(), { once: true });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (sending) return;
    const body = values(form);
    const [{ contactSchema, fieldErrors }, { API_PATHS, postJson }] = await loadSending();
    const checked = contactSchema.safeParse(body);
    if (!checked.success) {
      showErrors(form, fieldErrors(checked.error));
      return;
    }
    showErrors(form, {});
    showSent(null);

    sending = true;
    if (button) {
      button.disabled = true;
      button.textContent = CONTACT_MESSAGES.sending;
    }
    const sent = await postJson(API_PATHS.contact, body);
    sending = false;
    if (button) {
      button.disabled = false;
      button.textContent = label;
    }
    if (sent.ok) {
      form.reset();
      showSent(sent.data.reference);
      notify({ title: CONTACT_MESSAGES.sent, description: `Your reference is ${sent.data.reference}.`, variant: 'success' });
      return;
    }
    console.error('Contact form failed to send', sent.status, sent.error);
    if (sent.error.fields) showErrors(form, sent.error.fields);
    notify({ title: CONTACT_MESSAGES.failed, variant: 'error' });
  });
}
