interface SwitchProps {
  id: string;
  checked: boolean;
  locked?: boolean;
  labelledBy: string;
  describedBy: string;
  onChange?: (checked: boolean) => void;
  /** Receives focus when its dialog opens. */
  firstStop?: boolean;
}

/**
 * A real switch: role=switch with aria-checked, operable by Space and Enter (it is a button). A locked switch stays
 * focusable so it can be read, says so to assistive technology (aria-disabled) and shows a padlock on its knob.
 */
export function Switch({ id, checked, locked = false, labelledBy, describedBy, onChange, firstStop = false }: SwitchProps) {
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-disabled={locked || undefined}
      data-autofocus={firstStop || undefined}
      onClick={() => !locked && onChange?.(!checked)}
      className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition-colors ${
        checked ? 'bg-brand-700' : 'bg-slate-400'
      } ${locked ? 'cursor-not-allowed' : 'cursor-pointer'}`}
    >
      <span
        aria-hidden="true"
        className={`grid size-6 place-items-center rounded-full bg-white text-brand-700 shadow transition-transform ${checked ? 'translate-x-5' : 'translate-x-0'}`}
      >
        {locked && (
          <svg viewBox="0 0 24 24" className="size-3.5" fill="none" stroke="currentColor" strokeWidth={2.5} data-lock>
            <rect x="5" y="11" width="14" height="10" rx="2" />
            <path d="M8 11V8a4 4 0 0 1 8 0v3" />
          </svg>
        )}
      </span>
    </button>
  );
}
