interface SwitchProps {
  id: string;
  checked: boolean;
  locked?: boolean;
  labelledBy: string;
  describedBy: string;
  onChange?: (checked: boolean) => void;
}

/** A real switch: role=switch with aria-checked, operable by Space and Enter (it is a button). */
export function Switch({ id, checked, locked = false, labelledBy, describedBy, onChange }: SwitchProps) {
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-disabled={locked || undefined}
      onClick={() => !locked && onChange?.(!checked)}
      className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition-colors ${
        checked ? 'bg-brand-700' : 'bg-slate-400'
      } ${locked ? 'cursor-not-allowed opacity-70' : 'cursor-pointer'}`}
    >
      <span
        aria-hidden="true"
        className={`inline-block size-6 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5' : 'translate-x-0'}`}
      />
    </button>
  );
}
