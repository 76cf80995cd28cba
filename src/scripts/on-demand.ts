/**
 * The on-demand loader's second half (the first is inline in every page, src/components/OnDemandIslands.astro):
 * fetched, once, with the first island or menu a visitor needs, never with the page, so the inline part stays a few
 * hundred bytes (issue 20). It mounts an island once its module and its host's stylesheet are both there, and
 * fetches the header menus' keyboard and outside-click handling when a menu first opens.
 */
import menusUrl from 'lazy-url:~/scripts/header-menus';
import { loadStylesheet } from './stylesheet';

/** An on-demand module: draws itself into its host; `at` is when it was asked for (a `performance.now()` time). */
export interface Mountable {
  mount: (host: HTMLElement, at: number) => void;
}

/** Mounts `module` (on its way) in its host, `[data-island="name"]`, with the host's own stylesheet. */
export async function mountIsland(module: Promise<Mountable>, name: string, at: number): Promise<void> {
  const host = document.querySelector<HTMLElement>(`[data-island="${name}"]`);
  if (!host) return;
  const css = host.dataset.css;
  const [island] = await Promise.all([module, css && loadStylesheet(css)]);
  island.mount(host, at);
  host.setAttribute('data-mounted', '');
}

let opened: HTMLDetailsElement | undefined;

/**
 * A header menu opened (the inline part reports every one). The first report fetches the menus' handling, which
 * starts from the last menu opened by then: it stays open, any other closes.
 */
export function menuOpened(menu: HTMLDetailsElement): void {
  const first = !opened;
  opened = menu;
  if (first) void (import(/* @vite-ignore */ menusUrl) as Promise<typeof import('./header-menus')>).then((m) => m.enhanceMenus(opened));
}
