/**
 * Adds a stylesheet to the page; resolves when it has loaded, or failed (what it styles then works unstyled rather
 * than not at all). Used by the on-demand loader and the notifications for their own sheets.
 */
export function loadStylesheet(href: string): Promise<unknown> {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  const loaded = new Promise((resolve) => {
    link.onload = link.onerror = resolve;
  });
  document.head.append(link);
  return loaded;
}
