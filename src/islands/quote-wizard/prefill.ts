/**
 * Prefill from /quote?from=&to=&service=&details= (the other-services form sends exactly these names):
 * from/to fill the postcode fields, service and details go into Additional Information. The query is
 * removed afterwards, so a reload keeps the customer's later edits instead of re-applying it.
 */
import type { Answers } from './store';

export function prefillFromQuery(search: string): Partial<Answers> {
  const params = new URLSearchParams(search);
  const text = (name: string) => (params.get(name) ?? '').replace(/\s+/g, ' ').trim().slice(0, 1000);
  const answers: Partial<Answers> = {};
  if (text('from')) answers.fromPostcode = text('from').slice(0, 200);
  if (text('to')) answers.toPostcode = text('to').slice(0, 200);
  const service = text('service');
  const details = (params.get('details') ?? '').trim().slice(0, 1800);
  const info = [service && `Service: ${service}`, details].filter(Boolean).join('\n');
  if (info) answers.additionalInfo = info;
  return answers;
}

export function readPrefill(): Partial<Answers> | undefined {
  if (!window.location.search) return undefined;
  const answers = prefillFromQuery(window.location.search);
  history.replaceState(history.state, '', window.location.pathname + window.location.hash);
  return Object.keys(answers).length > 0 ? answers : undefined;
}
