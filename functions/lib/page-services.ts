/**
 * What an on-demand page's loader (astro-page.ts) reads: the bindings as the Worker sees them (the test environment's
 * D1 round-trip counter and queue switch included) and the request's clock. The page itself gets only the view the
 * loader makes, in the ExecutionContext's `props` (src/lib/page-view.ts).
 */
import { HANDED_PAGE_KEY, type HandedPage } from '~/lib/page-view';
import type { Env } from '../env';
import type { AnsweredForm } from './form-state';

export interface PageServices {
  env: Env;
  now: Date;
  /** A form post refused before anything was saved, answered where it was posted by the form's twin (form-state.ts). */
  answered?: AnsweredForm;
}

export function pageContext(ctx: Pick<ExecutionContext, 'waitUntil' | 'passThroughOnException'>, handed: HandedPage): ExecutionContext {
  const context: Pick<ExecutionContext, 'waitUntil' | 'passThroughOnException' | 'props'> = {
    waitUntil: (promise) => ctx.waitUntil(promise),
    passThroughOnException: () => ctx.passThroughOnException(),
    props: { [HANDED_PAGE_KEY]: handed },
  };
  return context as ExecutionContext;
}
