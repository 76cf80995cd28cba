/** The mark left on the control whose click woke an island, so the island can honour that click once mounted (and return focus to it). */
export const PENDING_ATTR = 'data-pending-trigger';

export function takePendingTrigger(selector: string): HTMLElement | null {
  const element = document.querySelector<HTMLElement>(`${selector}[${PENDING_ATTR}]`);
  element?.removeAttribute(PENDING_ATTR);
  return element;
}

export function wakeOnFirstClick(selector: string, wake: () => void): () => void {
  const onClick = (event: MouseEvent) => {
    const target = (event.target as Element | null)?.closest(selector);
    if (!target) return;
    // A link (Call Me Back's to /call-back) stays on this page: the island it wakes answers the click.
    event.preventDefault();
    target.setAttribute(PENDING_ATTR, '');
    stop();
    wake();
  };
  const stop = () => document.removeEventListener('click', onClick, true);
  document.addEventListener('click', onClick, true);
  return stop;
}
