/**
 * What an on-demand Astro page gets from the Worker that hands it the request: the bindings as the Worker sees them (the
 * test environment's D1 round-trip counter and queue switch included) and the request's clock. Passed in the
 * ExecutionContext's `props`, which the Cloudflare adapter gives pages as `Astro.locals.cfContext`.
 */
import type { Env } from '../env';
import type { AnsweredForm } from './form-answer';

export interface PageServices {
  env: Env;
  now: Date;
  /** What a page reached at another address shows (astro-page.ts astroPageAt): a form's answer, a customer's figures. */
  view?: unknown;
  /** A form post refused before anything was saved, answered where it was posted by the form's twin (form-state.ts). */
  answered?: AnsweredForm;
}

const KEY = 'shiftlyPage';

export function pageContext(ctx: Pick<ExecutionContext, 'waitUntil' | 'passThroughOnException'>, services: PageServices): ExecutionContext {
  const context: Pick<ExecutionContext, 'waitUntil' | 'passThroughOnException' | 'props'> = {
    waitUntil: (promise) => ctx.waitUntil(promise),
    passThroughOnException: () => ctx.passThroughOnException(),
    props: { [KEY]: services },
  };
  return context as ExecutionContext;
}

export function pageServices(locals: object): PageServices {
  const props = (locals as { cfContext?: { props?: Record<string, unknown> } }).cfContext?.props;
  const services = props?.[KEY] as PageServices | undefined;
  if (!services) throw new Error('An on-demand page is answered through the Worker (functions/worker.ts) only');
  return services;
}

/** The view the Worker handed this page, typed by the page that knows what it was given. */
export const pageView = <View>(locals: object): View | undefined => pageServices(locals).view as View | undefined;
