// Pages the Worker answers are prebuilt pages of dist/ filled in with HTMLRewriter, which writes only into the elements the
// components mark (docs/architecture.md): no layout is written twice, and the page's CSP (a <meta> whose hashes cover its
// scripts and styles) holds. `autofocus` brings the answer into view with no script; a URL fragment would cancel it, so
// forms post to their plain address.
import type { Env } from '../env';
import { assetRequest } from './account/header';
import { PAGE_SECURITY_POLICY } from './security-headers';

export interface PageFill {
  text?: Record<string, string>;
  show?: Iterable<string>;
  href?: Record<string, string>;
  form?: {
    values: URLSearchParams;
    errors?: Record<string, string>;
  };
  hasErrors?: boolean;
  focus?: string | undefined;
  /** The whole <title>, for a page whose subject changes with what it shows. */
  title?: string;
}

/** From the asset server, never through the Worker again. */
export async function prebuiltPage(env: Env, requestUrl: string, path: string): Promise<Response> {
  const response = await env.ASSETS.fetch(new Request(new URL(path, requestUrl), { method: 'GET' }));
  if (!response.ok) throw new Error(`prebuilt page ${path} answered ${response.status}`);
  return response;
}

/** In a response of our own: the asset server's headers are immutable, and the security headers are set on the way out. */
export async function pageAsBuilt(env: Env, request: Request): Promise<Response> {
  const asset = await env.ASSETS.fetch(assetRequest(request));
  return new Response(asset.body, { status: asset.status, statusText: asset.statusText, headers: new Headers(asset.headers) });
}

export { ACCOUNT_PAGE, PRIVATE_PAGE } from './page-headers';

/** The security middleware adds the rest; a header set here wins. */
export function pageHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    // A filled page is about one person's request: never cached anywhere.
    'Cache-Control': 'no-store',
    'Content-Security-Policy': PAGE_SECURITY_POLICY,
    ...extra,
  };
}

const SKIPPED_INPUTS = new Set(['submit', 'button', 'reset', 'image', 'file', 'password']);

/** HTMLRewriter escapes only `"` in an attribute value: `&` too, or a typed `&lt;` would come back as `<`. */
export const setEscapedAttribute = (element: Element, name: string, value: string) =>
  element.setAttribute(name, value.replaceAll('&', '&amp;'));

export function filledPage(page: Response, fill: PageFill, status: number, headers: Record<string, string> = {}): Response {
  const show = new Set(fill.show ?? []);
  const values = fill.form?.values;
  const errors = fill.form?.errors ?? {};
  let select: string | null = null;

  let rewriter = new HTMLRewriter()
    .on('[data-fill]', {
      element(element) {
        const text = fill.text?.[element.getAttribute('data-fill') ?? ''];
        if (text !== undefined) element.setInnerContent(text);
      },
    })
    .on('[data-show]', {
      element(element) {
        if (show.has(element.getAttribute('data-show') ?? '')) element.removeAttribute('hidden');
      },
    })
    .on('[data-href]', {
      element(element) {
        const href = fill.href?.[element.getAttribute('data-href') ?? ''];
        if (href !== undefined) setEscapedAttribute(element, 'href', href);
      },
    });

  if (values) {
    const invalid = (element: Element, name: string) => {
      if (errors[name]) element.setAttribute('aria-invalid', 'true');
    };
    rewriter = rewriter
      .on('form[data-refill] input', {
        element(element) {
          const name = element.getAttribute('name');
          const type = (element.getAttribute('type') ?? 'text').toLowerCase();
          if (!name || SKIPPED_INPUTS.has(type)) return;
          invalid(element, name);
          if (type === 'radio' || type === 'checkbox') {
            if (values.getAll(name).includes(element.getAttribute('value') ?? 'on')) element.setAttribute('checked', '');
            else element.removeAttribute('checked');
          } else if (values.has(name)) {
            setEscapedAttribute(element, 'value', values.get(name) ?? '');
          }
        },
      })
      .on('form[data-refill] textarea', {
        element(element) {
          const name = element.getAttribute('name');
          if (!name) return;
          invalid(element, name);
          // The parser drops a textarea's first newline: one more keeps a value that starts with one.
          const value = values.get(name);
          if (value !== null) element.setInnerContent(value.startsWith('\n') ? `\n${value}` : value);
        },
      })
      .on('form[data-refill] select', {
        element(element) {
          select = element.getAttribute('name');
          if (select) invalid(element, select);
        },
      })
      .on('form[data-refill] option', {
        element(element) {
          if (!select || !values.has(select)) return;
          if (values.get(select) === element.getAttribute('value')) element.setAttribute('selected', '');
          else element.removeAttribute('selected');
        },
      });
  }

  if (fill.hasErrors || fill.title !== undefined) {
    const title = fill.title;
    const prefix = fill.hasErrors ? 'Error: ' : '';
    rewriter = rewriter.on('title', {
      element(element) {
        if (title === undefined) element.prepend(prefix);
        else element.setInnerContent(prefix + title);
      },
    });
  }
  if (fill.focus) {
    rewriter = rewriter.on(`[data-focus="${fill.focus}"]`, {
      element(element) {
        element.setAttribute('autofocus', '');
      },
    });
  }

  return new Response(rewriter.transform(page).body, { status, headers: pageHeaders(headers) });
}

export type Fill = Required<Pick<PageFill, 'text'>> & { show: string[] } & Pick<PageFill, 'href'>;

export function mergeFills(...fills: Array<Partial<Fill>>): Fill {
  return {
    text: Object.assign({}, ...fills.map((fill) => fill.text ?? {})),
    show: fills.flatMap((fill) => [...(fill.show ?? [])]),
    href: Object.assign({}, ...fills.map((fill) => fill.href ?? {})),
  };
}

/** `error:<field>` is both the text and the key that shows it, in the summary and next to the field. */
export function errorFill(errors: Record<string, string>, general?: string): Fill {
  const all = { ...errors, ...(general ? { form: general } : {}) };
  const entries = Object.entries(all).map(([field, message]) => [`error:${field}`, message] as const);
  return { text: Object.fromEntries(entries), show: entries.length ? ['errors', ...entries.map(([key]) => key)] : [] };
}

/** The same answer for anything the Worker will not say exists. */
export async function notFoundPage(env: Env, requestUrl: string, headers: Record<string, string> = {}): Promise<Response> {
  const page = await prebuiltPage(env, requestUrl, '/404');
  return new Response(page.body, { status: 404, headers: pageHeaders(headers) });
}
