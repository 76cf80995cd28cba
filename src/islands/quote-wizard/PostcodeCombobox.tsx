import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { withPickedPostcode } from '~/lib/address';
import { LIMITS } from '~/lib/limits';
import type { AddressSuggestion } from '~/lib/postcode-client';
import {
  BLUR_CLOSE_MS,
  NO_SUGGESTIONS,
  SUGGESTION_MIN_CHARS,
  moveHighlight,
  suggestAddresses,
  withNewOptions,
  type SuggestionList,
} from './suggestions';

interface Props {
  id: string;
  label: string;
  /** The group it belongs to ('Moving from'): its id is read before the label, and its text names the suggestions. */
  group: { id: string; label: string };
  value: string;
  onChange: (value: string) => void;
  /** Ids of messages that describe the field (its place, an error). */
  describedBy?: string | undefined;
  invalid?: boolean;
  autoComplete: string;
}

/**
 * An ARIA 1.2 combobox of postcode suggestions. A pick completes the postcode the field ends with and keeps anything
 * typed before it.
 */
export function PostcodeCombobox({ id, label, group, value, onChange, describedBy, invalid, autoComplete }: Props) {
  // The list and its highlight are one state, so a new list can keep the option the customer has moved onto.
  const [{ options, active }, setList] = useState<SuggestionList>(NO_SUGGESTIONS);
  const [open, setOpen] = useState(false);
  const clearHighlight = () => setList((list) => ({ ...list, active: -1 }));
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The lookup on its way, if any: a newer keystroke, a pick, Escape or blur aborts it, so a stale answer never lands. */
  const pending = useRef<AbortController | undefined>(undefined);
  const listId = `${id}-suggestions`;

  const cancelLookup = () => {
    pending.current?.abort();
    pending.current = undefined;
  };

  useEffect(
    () => () => {
      clearTimeout(blurTimer.current);
      pending.current?.abort();
    },
    [],
  );

  const lookUp = (text: string) => {
    cancelLookup();
    if (text.trim().length < SUGGESTION_MIN_CHARS) {
      setList(NO_SUGGESTIONS);
      setOpen(false);
      return;
    }
    const controller = new AbortController();
    pending.current = controller;
    suggestAddresses(text, { signal: controller.signal }).then(
      (list) => {
        if (controller.signal.aborted) return;
        pending.current = undefined;
        setList((shown) => withNewOptions(shown, list));
        setOpen(true);
      },
      () => {
        // Aborted: whatever aborted it is in charge of the list now.
      },
    );
  };

  const choose = (option: AddressSuggestion) => {
    cancelLookup();
    onChange(withPickedPostcode(value, option.postcode));
    setOpen(false);
    setList(NO_SUGGESTIONS);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!open || options.length === 0) {
        if (options.length > 0) setOpen(true);
        return;
      }
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setList((list) => moveHighlight(list, step));
    } else if (event.key === 'Enter') {
      const option = open ? options[active] : undefined;
      if (option) {
        event.preventDefault();
        choose(option);
      }
    } else if (event.key === 'Escape') {
      // An answer still on its way must not reopen what the customer just closed. The list is closed even when this
      // render's `open` is false: an answer may have landed with its render still queued behind this key press.
      cancelLookup();
      if (open) event.preventDefault();
      setOpen(false);
      clearHighlight();
    }
  };

  const expanded = open && options.length > 0;
  const activeId = expanded && active >= 0 ? `${id}-option-${active}` : undefined;

  return (
    <div className="relative">
      <label htmlFor={id} id={`${id}-label`} className="field-label">
        {label}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        aria-labelledby={`${group.id} ${id}-label`}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        autoComplete={autoComplete}
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="For example SW1A 1AA"
        className="field-input"
        value={value}
        maxLength={LIMITS.address}
        onChange={(event) => {
          onChange(event.target.value);
          // Typing is the customer's own text again: nothing stays highlighted for Enter to pick.
          clearHighlight();
          lookUp(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => clearTimeout(blurTimer.current)}
        onBlur={() => {
          clearTimeout(blurTimer.current);
          blurTimer.current = setTimeout(() => {
            cancelLookup();
            setOpen(false);
            clearHighlight();
          }, BLUR_CLOSE_MS);
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={`${group.label} suggestions`}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-auto rounded-lg border border-line bg-white py-1 shadow-lg"
      >
        {options.map((option, index) => (
          <li
            key={`${option.postcode}-${index}`}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className={`cursor-pointer px-3 py-2.5 ${index === active ? 'bg-brand-100 text-brand-900' : 'hover:bg-surface-muted'}`}
            // mousedown, not click: it lands before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(option);
            }}
          >
            {option.postcode}
          </li>
        ))}
      </ul>
    </div>
  );
}
