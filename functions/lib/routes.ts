/**
 * The one list of what the Worker answers (issue 32 item 2). Each route is registered with Hono and recorded here, so
 * `answers()` (which requests the Worker keeps rather than hand to the asset server) is read from the same lines that
 * route them. A route may answer only some requests at its path (`when`): the FAQ only when searched, /referral only for
 * a signed-in visitor; the others at that path are the prebuilt page's.
 */
import type { Env, Hono } from 'hono';
import { matchesPath } from './worker-paths';

type Method = 'GET' | 'POST' | 'ALL';
/** Any Hono handler or middleware (each names the bindings it reads). */
type RouteHandler = (c: never, next: never) => unknown;
export type RouteGuard = (request: Request, url: URL) => boolean;

interface Route {
  method: Method;
  path: string;
  when: RouteGuard | undefined;
}

const methodFits = (route: Method, request: string) => route === 'ALL' || route === request || (route === 'GET' && request === 'HEAD');

export class WorkerRoutes<E extends Env> {
  readonly #routes: Route[] = [];

  constructor(private readonly app: Hono<E>) {}

  #on(method: Method, path: string, handlers: readonly RouteHandler[], when?: RouteGuard): void {
    this.#routes.push({ method, path, when });
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

  /** Whether a route of the list answers this request (its path, method and guard). */
  answers(request: Request, url: URL): boolean {
    return this.#routes.some(
      (route) => methodFits(route.method, request.method) && matchesPath(route.path, url.pathname) && (route.when?.(request, url) ?? true),
    );
  }
}
