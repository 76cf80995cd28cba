/** Adds to the native <details> menus: one open at a time, Escape, and closing on an outside click or when focus leaves. */
export function enhanceMenus(opened: HTMLDetailsElement | undefined): void {
  const menus = Array.from(document.querySelectorAll<HTMLDetailsElement>('details[data-menu]'));
  const close = (menu: HTMLDetailsElement, refocus: boolean) => {
    menu.open = false;
    if (refocus) menu.querySelector('summary')?.focus();
  };
  /** Closes every open menu but `menu`, those holding it and, with keepInside, those it holds. */
  const closeOthers = (menu: HTMLDetailsElement, keepInside = false) => {
    if (!menu.open) return;
    for (const other of menus) if (other.open && !other.contains(menu) && !(keepInside && menu.contains(other))) close(other, false);
  };
  // The last menu reported may hold one opened since, whose toggle event has not been dispatched yet (a tap on Services
  // just after Menu, as this script lands): it stays open.
  if (opened) closeOthers(opened, true);
  for (const menu of menus) {
    menu.addEventListener('toggle', () => closeOthers(menu));
    // Not inside the open Menu, where closing a dropdown on pointer down would move what is being clicked.
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
    // A dialog opened from a menu must not close it; the click's path still names the dialog if its button has since unmounted.
    const path = event.composedPath();
    if (path.some((node) => node instanceof HTMLDialogElement)) return;
    for (const menu of menus) if (menu.open && !path.includes(menu)) close(menu, false);
  });
  document.documentElement.setAttribute('data-menus-enhanced', '');
}
