import { useState } from 'react';
import type { ConsentChoices } from '~/scripts/consent';
import { CloseButton } from '../shared/CloseButton';
import { ModalDialog } from '../shared/ModalDialog';
import { CONSENT_CATEGORIES } from './categories';
import { Switch } from './Switch';

const FIRST_CHOICE = CONSENT_CATEGORIES.find((category) => category.id !== 'essential')?.id;

interface CookiePreferencesProps {
  open: boolean;
  initialChoices: ConsentChoices;
  returnFocusTo: HTMLElement | null;
  onSave: (choices: ConsentChoices) => void;
  onCancel: () => void;
}

export function CookiePreferences({ open, initialChoices, returnFocusTo, onSave, onCancel }: CookiePreferencesProps) {
  const [choices, setChoices] = useState(initialChoices);
  // Each opening starts from the stored choices (state adjusted while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setChoices(initialChoices);
  }

  return (
    <ModalDialog
      open={open}
      onDismiss={onCancel}
      titleId="cookie-prefs-title"
      descriptionId="cookie-prefs-text"
      returnFocusTo={returnFocusTo}
    >
      <form
        method="dialog"
        className="relative p-6"
        onSubmit={(event) => {
          event.preventDefault();
          onSave(choices);
        }}
      >
        <h2 id="cookie-prefs-title" className="pr-10 text-2xl">
          Cookie Preferences
        </h2>
        <p id="cookie-prefs-text" className="mt-2 text-ink-muted">
          Choose which cookies you allow. You can change this at any time from ‘Cookie settings’ at the foot of every page.
        </p>
        <CloseButton label="Close cookie preferences" onClick={onCancel} />
        <ul className="mt-5 divide-y divide-line rounded-xl border border-line">
          {CONSENT_CATEGORIES.map((category) => {
            const locked = category.id === 'essential';
            const checked = category.id === 'essential' ? true : choices[category.id];
            return (
              <li key={category.id} className="flex items-center justify-between gap-4 p-4">
                <div>
                  <p id={`cookie-${category.id}-label`} className="font-semibold">
                    {category.title}
                    {locked && (
                      <span className="ml-2 rounded-full bg-surface-muted px-2 py-0.5 text-sm font-normal text-ink-muted">Always on</span>
                    )}
                  </p>
                  <p id={`cookie-${category.id}-text`} className="text-sm text-ink-muted">
                    {category.description}
                    {locked && <span className="sr-only">. This switch is locked on.</span>}
                  </p>
                </div>
                <Switch
                  id={`cookie-${category.id}`}
                  checked={checked}
                  locked={locked}
                  labelledBy={`cookie-${category.id}-label`}
                  describedBy={`cookie-${category.id}-text`}
                  onChange={(value) => setChoices((current) => ({ ...current, [category.id]: value }))}
                  // The first control that does something: the Essential switch above it is locked.
                  firstStop={category.id === FIRST_CHOICE}
                />
              </li>
            );
          })}
        </ul>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn-primary">
            Save Preferences
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
