/**
 * The one list of what the Worker answers (issue 32 item 2). Each route is registered with Hono and recorded here, so
 * `answers()` (which requests the Worker keeps rather than hand to the asset server) is read from the same lines that
 * route them. A route may answer only some requests at its path (`when`): the FAQ only when searched, /referral only for
 * a signed-in visitor; the others at that path are the prebuilt page's. Each on-demand page (src/pages, `prerender =
 * false`) is named by the route that renders it (`page()`, `renders()`): tests/unit/page-routes.test.ts holds the two
 * lists equal, and scripts/worker-first.mjs holds wrangler.jsonc's `run_worker_first` to the routes.
 */
import type { Env, Hono } from 'hono';
import { astroPage } from './astro-page';
import { matchesPath } from './worker-paths';

type Method = 'GET' | 'POST' | 'ALL';
/** Any Hono handler or middleware (each names the bindings it reads). */
type RouteHandler = (c: never, next: never) => unknown;
export type RouteGuard = (request: Request, url: URL) => boolean;

export interface Route {
  method: Method;
  path: string;
  when: RouteGuard | undefined;
  /** The on-demand pages (by their src/pages path) this route renders. */
  pages: string[];
}

const methodFits = (route: Method, request: string) => route === 'ALL' || route === request || (route === 'GET' && request === 'HEAD');

export class WorkerRoutes<E extends Env> {
  readonly #routes: Route[] = [];

  constructor(private readonly app: Hono<E>) {}

  #on(method: Method, path: string, handlers: readonly RouteHandler[], when?: RouteGuard): void {
    this.#routes.push({ method, path, when, pages: [] });
    // Hono's overloads type each arity apart; at run time `on` takes any number of handlers.
    (this.app.on as (method: string, path: string, ...handlers: unknown[]) => void)(method, path, ...handlers);
  }

  get(path: string, ...handlers: RouteHandler[]): this {
    this.#on('GET', path, handlers);
    return this;
  }

  post(path: string, ...handlers: RouteHandler[]): this {
    this.#on('POST', path, handlers);
    return this;
  }

  all(path: string, ...handlers: RouteHandler[]): this {
    this.#on('ALL', path, handlers);
    return this;
  }

  /** A GET route for only the requests `when` picks; the rest at its path are the asset server's. */
  getWhen(when: RouteGuard, path: string, ...handlers: RouteHandler[]): this {
    this.#on('GET', path, handlers, when);
    return this;
  }

  /** The on-demand page at `path`, behind the route's middleware (a session gate): one line per page. */
  page(path: string, ...middleware: RouteHandler[]): this {
    this.#on('GET', path, [...middleware, astroPage]);
    return this.renders(path);
  }

  /** The on-demand pages the route just added renders at another path (a twin, an answer to a post). */
  renders(...pages: string[]): this {
    const last = this.#routes.at(-1);
    if (!last) throw new Error('renders() names the pages of the route added before it');
    last.pages.push(...pages);
    return this;
  }

  /** Every route, in the order Hono tries them. */
  list(): readonly Readonly<Route>[] {
    return this.#routes;
  }

  /** Whether a route of the list answers this request (its path, method and guard). */
  answers(request: Request, url: URL): boolean {
    return this.#routes.some(
      (route) => methodFits(route.method, request.method) && matchesPath(route.path, url.pathname) && (route.when?.(request, url) ?? true),
    );
  }
}
