// The wizard replaces the plain quote form (QuoteForm.astro) in the frame it first draws, so nothing moves twice: it
// keeps whatever was chosen or typed there, and removes the form so nothing of it is left to tab into. The form's
// field names are the request's, and so the answers'.
import { fromTypedDate, isCalendarDate } from '~/lib/dates';
import { TEXT_ANSWERS, type Answers } from './store';

export function takeOverForm(root: ParentNode = document): Partial<Answers> {
  // The wizard's shape (WizardShape.astro) stood in for it until now.
  root.querySelector('[data-wizard-shape]')?.remove();
  document.documentElement.classList.remove('wizard-pending');
  const form = root.querySelector<HTMLFormElement>('form[data-quote-form]');
  if (!form) return {};
  const data = new FormData(form);
  form.remove();
  // Car transport's questions post to a form of their own (QuoteForm.astro); they went with the form above.
  root.querySelector('form[data-car-form]')?.remove();

  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const answers: Partial<Answers> = {};
  if (text('propertyId')) answers.propertyId = text('propertyId');
  const furniture = data.getAll('furnitureIds').filter((value): value is string => typeof value === 'string');
  if (furniture.length > 0) answers.furnitureIds = furniture;
  for (const name of TEXT_ANSWERS) if (text(name)) answers[name] = text(name);
  const date = fromTypedDate(text('moveDate')) ?? text('moveDate');
  if (isCalendarDate(date)) answers.moveDate = date;
  return answers;
}
