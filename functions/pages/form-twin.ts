// A plain form's page after a post, rendered by its twin (src/pages/forms/): stored, it names the reference
// (`?sent=1&ref=…`); refused, it is the form again (`?form=<id>`, lib/form-state.ts). The contact and call-back forms;
// the quote's success is its confirmation link.
import type { FormView } from '~/lib/form-view';
import { isReference } from '~/lib/reference';
import { formView } from '../lib/form-answer';
import { readFormState } from '../lib/form-state';
import type { PageServices } from '../lib/page-services';
import { RECORD_TABLES, type RecordType } from '../lib/records';
import type { FormTwin } from '~/lib/views/forms';

/** A refused post answered where it was posted, else the state saved under `form=`; an expired one is the empty form. */
export async function savedForm({ env, answered }: PageServices, url: URL, page: string): Promise<FormTwin | null> {
  if (answered) return { status: answered.status, view: formView(answered) };
  const saved = await readFormState(env.DB, url.searchParams.get('form'), page);
  return saved ? { status: 200, view: formView(saved) } : null;
}

/** `sent(reference)` is the thanks, given the reference only if a record of `type` has it. */
export async function afterPost(
  services: PageServices,
  url: URL,
  page: string,
  type: RecordType,
  sent: (reference: string | null) => FormView,
): Promise<FormTwin> {
  const form = await savedForm(services, url, page);
  if (form) return form;
  if (!url.searchParams.has('sent')) return { status: 200 };
  const reference = url.searchParams.get('ref') ?? '';
  const known =
    isReference(reference) &&
    !!(await services.env.DB.prepare(`SELECT 1 FROM ${RECORD_TABLES[type]} WHERE reference = ?`).bind(reference).first());
  return { status: 200, view: sent(known ? reference : null) };
}
