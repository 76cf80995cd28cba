/**
 * The header's menus are native <details>, so they open and close before (and without) any script. This module,
 * loaded by the page's inline loader the first time one opens (OnDemandIslands.astro), adds what <details> lacks:
 * one open at a time (the Menu stays open around the dropdown opened in it), Escape to close the innermost open one
 * with focus back on its button, and closing on a click outside or when focus leaves a dropdown. `opened` is the menu
 * whose opening loaded it: it stays open, any other closes.
 */
export function enhanceMenus(opened: HTMLDetailsElement | undefined): void {
  const menus = Array.from(document.querySelectorAll<HTMLDetailsElement>('details[data-menu]'));
  const close = (menu: HTMLDetailsElement, refocus: boolean) => {
    menu.open = false;
    if (refocus) menu.querySelector('summary')?.focus();
  };
  const closeOthers = (menu: HTMLDetailsElement) => {
    if (menu.open) for (const other of menus) if (other.open && !other.contains(menu)) close(other, false);
  };
  if (opened) closeOthers(opened);
  for (const menu of menus) {
    menu.addEventListener('toggle', () => closeOthers(menu));
    // A dropdown whose focus has moved elsewhere should not linger over the page. In the open Menu the dropdowns
    // are sections in its flow: closing one as focus leaves (on pointer down) would move what is being clicked.
    menu.addEventListener('focusout', (event) => {
      const next = event.relatedTarget as Node | null;
      if (menu.open && next && !menu.contains(next) && !menu.closest('details[data-mobile-menu][open]')) close(menu, false);
    });
  }
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || document.querySelector('dialog[open]')) return;
    // A dropdown open in the Menu comes after it in the document: the last open one is the innermost.
    const open = menus.filter((menu) => menu.open).at(-1);
    if (open) close(open, true);
  });
  document.addEventListener('click', (event) => {
    // A dialog opened from a menu (Call Me Back) must not close the menu it will return focus to. The path is
    // fixed when the click starts, so it still names the dialog if the clicked button has since been unmounted.
    const path = event.composedPath();
    if (path.some((node) => node instanceof HTMLDialogElement)) return;
    for (const menu of menus) if (menu.open && !path.includes(menu)) close(menu, false);
  });
  // For the tests (tests/e2e/fixtures.ts, menusEnhanced): from here on the keys and clicks above apply.
  document.documentElement.setAttribute('data-menus-enhanced', '');
}
