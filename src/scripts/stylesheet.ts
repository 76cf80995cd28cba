/** Resolves on load or on error: what it styles then works unstyled rather than not at all. */
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
