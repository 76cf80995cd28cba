/** The X in the corner of a banner or dialog: a 44 px target. Shared by `CloseButton` (React) and the cookie banner's markup. */
export const CLOSE_BUTTON_CLASS =
  'absolute grid size-11 place-items-center rounded-lg text-ink-muted hover:bg-surface-muted hover:text-ink';
