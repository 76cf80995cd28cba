import type { ButtonHTMLAttributes } from 'react';
import { CLOSE_BUTTON_CLASS } from './close-button-class';

interface CloseButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className' | 'aria-label'> {
  label: string;
  /** Where it sits in the top-right corner of its box. */
  className?: string;
}

/** The X in the corner of a dialog: a 44 px target with an accessible name. */
export function CloseButton({ label, className = 'top-4 right-4', ...button }: CloseButtonProps) {
  return (
    <button {...button} type="button" aria-label={label} className={`${CLOSE_BUTTON_CLASS} ${className}`}>
      <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth={2.5} aria-hidden="true">
        <path d="M18 6 6 18M6 6l12 12" />
      </svg>
    </button>
  );
}
