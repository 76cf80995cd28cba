/**
 * What a form's page shows for one request (a refused post, a price, a search): the named parts it shows and the text
 * they hold (`data-show` / `data-fill`), the values written back into its `data-refill` form and the errors tied to its
 * fields. The components render from it; without one they render the page as prebuilt, every such part hidden.
 */
export interface FormView {
  text: Readonly<Record<string, string>>;
  show: readonly string[];
  href?: Readonly<Record<string, string>>;
  /** In posted order, repeated names kept (ticked boxes); none when the page keeps its own values. */
  values?: ReadonlyArray<readonly [string, string]>;
  errors?: Readonly<Record<string, string>>;
  /** The part brought into view (`autofocus`) with no script. */
  focus?: string | undefined;
}

export interface ViewReader {
  shown(key: string): boolean;
  text(key: string): string | undefined;
  href(key: string): string | undefined;
  /** A text field's value; undefined keeps the component's own. */
  value(name: string): string | undefined;
  /** A textarea's content: the parser drops its first newline, so one more keeps a value that starts with one. */
  content(name: string): string | undefined;
  /** Radios and boxes are ticked only as posted once the form has values. */
  checked(name: string, value: string): boolean | undefined;
  selected(name: string, value: string): boolean | undefined;
  invalid(name: string): 'true' | undefined;
  focused(key: string): boolean;
  hasErrors: boolean;
}

export function readView(view: FormView | undefined): ViewReader {
  const shown = new Set(view?.show ?? []);
  const values = view?.values;
  const all = (name: string) => (values ?? []).filter(([key]) => key === name).map(([, value]) => value);
  const posted = (name: string) => (values ? all(name)[0] : undefined);
  const errors = view?.errors ?? {};
  return {
    shown: (key) => shown.has(key),
    text: (key) => view?.text[key],
    href: (key) => view?.href?.[key],
    value: posted,
    content(name) {
      const value = posted(name);
      return value?.startsWith('\n') ? `\n${value}` : value;
    },
    checked: (name, value) => (values ? all(name).includes(value) : undefined),
    selected: (name, value) => (values && all(name).length ? all(name)[0] === value : undefined),
    invalid: (name) => (errors[name] ? 'true' : undefined),
    focused: (key) => view?.focus === key,
    hasErrors: shown.has('errors'),
  };
}

/** A page's <title> with the GOV.UK prefix when it shows errors. */
export const viewTitle = (title: string, view: FormView | undefined) => (readView(view).hasErrors ? `Error: ${title}` : title);
