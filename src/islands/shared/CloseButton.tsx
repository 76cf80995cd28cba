interface CloseButtonProps {
  label: string;
  onClick: () => void;
  /** Where it sits in the top-right corner of its box. */
  className?: string;
}

/** The X in the corner of a banner or dialog: a 44 px target with an accessible name. */
export function CloseButton({ label, onClick, className = 'top-4 right-4' }: CloseButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`absolute grid size-11 place-items-center rounded-lg text-ink-muted hover:bg-surface-muted hover:text-ink ${className}`}
    >
      <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth={2.5} aria-hidden="true">
        <path d="M18 6 6 18M6 6l12 12" />
      </svg>
    </button>
  );
}
