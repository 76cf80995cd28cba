import { useEffect, useRef, type ReactNode } from 'react';

interface ModalDialogProps {
  open: boolean;
  /** Called for Escape, the close button, and a click on the backdrop. */
  onDismiss: () => void;
  titleId: string;
  descriptionId?: string;
  /** Where focus goes back to when the dialog closes (the control that opened it). */
  returnFocusTo?: HTMLElement | null;
  children: ReactNode;
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([tabindex="-1"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Wraps Tab at the edges: a native modal would otherwise let focus wander out to the browser's own controls. */
function keepFocusInside(dialog: HTMLDialogElement, event: { shiftKey: boolean; preventDefault: () => void }) {
  const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (focus stays inside) and
 * gives Escape for free; we return focus to the opener ourselves so it never lands on <body>.
 */
export function ModalDialog({ open, onDismiss, titleId, descriptionId, returnFocusTo, children, className = '' }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current = returnFocusTo ?? (document.activeElement as HTMLElement | null);
      dialog.showModal();
      // showModal() focuses the first focusable element; a dialog can name a better first stop.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      // The opener may have gone or been hidden (a banner that closed with the dialog): land on the main content
      // instead of <body>.
      const opener = returnTo.current;
      const target = opener?.isConnected && opener.getClientRects().length > 0 ? opener : document.querySelector<HTMLElement>('main');
      target?.focus();
      returnTo.current = null;
    }
  }, [open, returnFocusTo]);

  // A click on the backdrop (the dialog element itself, outside its content box) dismisses, as Escape does;
  // Tab wraps at the edges. Listened to on the element: the dialog, not its content, is what is clicked.
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) dismiss.current();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Tab') keepFocusInside(dialog, event);
    };
    dialog.addEventListener('click', onClick);
    dialog.addEventListener('keydown', onKeyDown);
    return () => {
      dialog.removeEventListener('click', onClick);
      dialog.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        event.preventDefault();
        onDismiss();
      }}
      className={`m-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-slate-950/60 ${className}`}
    >
      {open ? children : null}
    </dialog>
  );
}
