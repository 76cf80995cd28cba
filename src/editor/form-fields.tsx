/**
 * Fields Keystatic's own do not cover: a date shown dd/mm/yyyy whatever the browser's language (Keystatic's is the
 * browser's native date box), and a choice with no answer until the editor picks one (Keystatic's select always has
 * its first option). Both are Keystatic's public field interface, drawn with its own components.
 */
import { parseDate, type CalendarDate } from '@internationalized/date';
import type { BasicFormField, FormFieldInputProps } from '@keystatic/core';
import { DatePicker } from '@keystar/ui/date-time';
import { Item, Picker } from '@keystar/ui/picker';
import { useState } from 'react';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function isRealDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return ISO_DAY.test(value) && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function calendarDate(value: string | null): CalendarDate | null {
  return value !== null && isRealDay(value) ? parseDate(value) : null;
}

/** The message under a field: once the editor has left it, or has tried to save. */
function useShownProblem<Value>(props: FormFieldInputProps<Value>, problem: (value: Value) => string | undefined) {
  const [left, setLeft] = useState(false);
  return { message: left || props.forceValidation ? problem(props.value) : undefined, leave: () => setLeft(true) };
}

/** Written only when there is a value; never saved while `problem` finds one. */
function checked<Value>(problem: (value: Value | null) => string | undefined) {
  return {
    serialize: (value: Value | null) => ({ value: value ?? undefined }),
    validate(value: Value | null) {
      const found = problem(value);
      if (found) throw new Error(found);
      return value;
    },
  };
}

/** Today in the UK, where the site's publication day is counted. */
const ukToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

/**
 * A day written as quoted 'yyyy-mm-dd' (a YAML date would be rolled over by the parser), shown in British order:
 * the editor's locale is en-GB (keystatic.config.ts), which the date picker's segments follow.
 */
export function dayField({
  label,
  description,
  isRequired = false,
  today = false,
}: {
  label: string;
  description: string;
  isRequired?: boolean;
  /** A new article starts on today's date. */
  today?: boolean;
}): BasicFormField<string | null> {
  const problem = (value: string | null) => {
    if (value === null) return isRequired ? `${label} is required: pick a day.` : undefined;
    return isRealDay(value) ? undefined : `${label} is not a real day: write it as dd/mm/yyyy.`;
  };
  function Input(props: FormFieldInputProps<string | null>) {
    const { message, leave } = useShownProblem(props, problem);
    return (
      <DatePicker
        label={label}
        description={description}
        value={calendarDate(props.value)}
        onChange={(date) => props.onChange(date ? date.toString() : null)}
        onBlur={leave}
        shouldForceLeadingZeros
        errorMessage={message}
      />
    );
  }
  return {
    kind: 'form',
    label,
    Input,
    defaultValue: () => (today ? ukToday() : null),
    parse: (value) => (typeof value === 'string' ? value : value instanceof Date ? value.toISOString().slice(0, 10) : null),
    ...checked(problem),
    reader: { parse: (value) => (typeof value === 'string' ? value : null) },
  };
}

/** One of `options`, which the editor must pick: a new article has none chosen. */
export function choiceField<Value extends string>({
  label,
  description,
  options,
  isRequired = true,
  placeholder,
}: {
  label: string;
  description: string;
  options: readonly { label: string; value: Value }[];
  isRequired?: boolean;
  placeholder: string;
}): BasicFormField<Value | null> & { options: readonly { label: string; value: Value }[] } {
  const known = (value: unknown): value is Value => options.some((option) => option.value === value);
  const problem = (value: Value | null) => (value === null && isRequired ? `Choose a ${label.toLowerCase()}.` : undefined);
  function Input(props: FormFieldInputProps<Value | null>) {
    const { message, leave } = useShownProblem(props, problem);
    return (
      <Picker
        label={label}
        description={description}
        placeholder={placeholder}
        items={options}
        value={props.value}
        onChange={(key) => {
          leave();
          if (known(key)) props.onChange(key);
        }}
        onBlur={leave}
        errorMessage={message}
      >
        {(option) => <Item key={option.value}>{option.label}</Item>}
      </Picker>
    );
  }
  return {
    kind: 'form',
    label,
    options,
    Input,
    defaultValue: () => null,
    parse: (value) => (known(value) ? value : null),
    ...checked(problem),
    reader: { parse: (value) => (known(value) ? value : null) },
  };
}
