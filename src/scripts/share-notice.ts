/** Loaded only once the Share button has copied the link, so the page carries just the bytes that start the copy inside the click. */
import { notify } from './notify';

export async function confirmCopy(url: string, copied: Promise<boolean> | undefined): Promise<void> {
  notify(
    (await copied)
      ? { title: 'Link copied', description: 'The link to this article is on your clipboard, ready to paste.', variant: 'success' }
      : { title: 'Could not copy the link', description: url, variant: 'error' },
  );
}
