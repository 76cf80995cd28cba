/**
 * The mark the on-demand loader (OnDemandIslands.astro) leaves on the control whose click woke an island,
 * so the island can honour that first click once it has mounted (and return focus to it later).
 */
export const PENDING_ATTR = 'data-pending-trigger';

/** Finds and clears the pending mark on a control matching `selector`, if any. */
export function takePendingTrigger(selector: string): HTMLElement | null {
  const element = document.querySelector<HTMLElement>(`${selector}[${PENDING_ATTR}]`);
  element?.removeAttribute(PENDING_ATTR);
  return element;
}

/** Marks the first click on `selector` and calls `wake` once; later clicks are the island's own business. */
export function wakeOnFirstClick(selector: string, wake: () => void): () => void {
  const onClick = (event: MouseEvent) => {
    const target = (event.target as Element | null)?.closest(selector);
    if (!target) return;
    target.setAttribute(PENDING_ATTR, '');
    stop();
    wake();
  };
  const stop = () => document.removeEventListener('click', onClick, true);
  document.addEventListener('click', onClick, true);
  return stop;
}
