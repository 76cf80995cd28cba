/**
 * What an on-demand page (src/pages, `prerender = false`) is handed by the Worker that renders it: its view, worked out
 * by the page's loader in the Worker (functions/lib/astro-page.ts) before Astro runs. It travels in the
 * ExecutionContext's `props`, which the Cloudflare adapter gives pages as `Astro.locals.cfContext`. A page only reads
 * it and renders: it never opens D1 or the Worker's modules (tests/unit/worker-layers.test.ts).
 */
export const HANDED_PAGE_KEY = 'shiftlyPage';

export interface HandedPage {
  /** What the page shows; undefined when its route had nothing to hand (a page also served prebuilt). */
  view?: unknown;
}

function handedPage(locals: object): HandedPage {
  const props = (locals as { cfContext?: { props?: Record<string, unknown> } }).cfContext?.props;
  const handed = props?.[HANDED_PAGE_KEY] as HandedPage | undefined;
  if (!handed) throw new Error('An on-demand page is answered through the Worker (functions/worker.ts) only');
  return handed;
}

/** The view, if its route handed one (a page that is also shown without one). */
export const pageView = <View>(locals: object): View | undefined => handedPage(locals).view as View | undefined;

/** The view a page cannot be shown without: rendered any other way (past its route, its gate), it fails loudly. */
export function handedView<View>(locals: object, page: string): View {
  const view = pageView<View>(locals);
  if (view === undefined) throw new Error(`${page} is rendered only by its route in the Worker, which hands it its view`);
  return view;
}
