/** A form rendered with what the request holds: the stored answers, or a refused post's as typed. */

/** A textarea's content: the HTML parser drops its first newline, so one more keeps a value that starts with one. */
export const textareaText = (values: URLSearchParams, name: string): string => `\n${values.get(name) ?? ''}`;

/** `aria-invalid` for a control whose field has a message. */
export const invalid = (errors: Readonly<Record<string, string>>, name: string): 'true' | undefined => (errors[name] ? 'true' : undefined);
