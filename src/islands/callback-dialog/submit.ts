export interface CallbackFields {
  name: string;
  phone: string;
}

export type CallbackResult = { ok: true } | { ok: false; message: string; fields?: Partial<Record<keyof CallbackFields, string>> };

/** Sends a call-back request to the Worker. Never throws: a network failure is a result like any other. */
export async function submitCallback(fields: CallbackFields, website: string): Promise<CallbackResult> {
  try {
    const response = await fetch('/api/request-callback', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ ...fields, website }),
    });
    if (response.ok) return { ok: true };
    const body = (await response.json().catch(() => null)) as { error?: { message?: string; fields?: Record<string, string> } } | null;
    const fieldErrors = body?.error?.fields;
    const known = fieldErrors && (fieldErrors.name || fieldErrors.phone) ? { name: fieldErrors.name, phone: fieldErrors.phone } : undefined;
    return { ok: false, message: body?.error?.message ?? `The server answered ${response.status}.`, fields: known };
  } catch {
    return { ok: false, message: 'The request could not be sent.' };
  }
}
