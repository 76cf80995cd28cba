/** A notification handed to the next page through sessionStorage: apart from notify.ts, so the inline loader and the wizard need not load it. */
export type NoticeVariant = 'default' | 'success' | 'error';

export interface Notice {
  title: string;
  description?: string;
  variant?: NoticeVariant;
}

export const HANDOFF_KEY = 'shiftly:notice';

export function handOff(notice: Notice): void {
  try {
    sessionStorage.setItem(HANDOFF_KEY, JSON.stringify(notice));
  } catch {
    // Storage can be full or blocked; the notice is a courtesy, the navigation matters more.
  }
}
