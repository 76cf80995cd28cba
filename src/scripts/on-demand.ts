/** The on-demand loader's second half, fetched with the first island or menu a visitor needs, so the inline half stays tiny (issue 20). */
import menusUrl from 'lazy-url:~/scripts/header-menus';
import { loadStylesheet } from './stylesheet';

export interface Mountable {
  mount: (host: HTMLElement, at: number) => void;
}

export async function mountIsland(module: Promise<Mountable>, name: string, at: number): Promise<void> {
  const host = document.querySelector<HTMLElement>(`[data-island="${name}"]`);
  if (!host) return;
  const css = host.dataset.css;
  const [island] = await Promise.all([module, css && loadStylesheet(css)]);
  island.mount(host, at);
  host.setAttribute('data-mounted', '');
}

let opened: HTMLDetailsElement | undefined;

/** The first report fetches the menus' handling, which keeps the last menu opened by then open. */
export function menuOpened(menu: HTMLDetailsElement): void {
  const first = !opened;
  opened = menu;
  if (first) void (import(/* @vite-ignore */ menusUrl) as Promise<typeof import('./header-menus')>).then((m) => m.enhanceMenus(opened));
}
