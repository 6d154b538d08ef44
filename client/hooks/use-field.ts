import { useState, type ChangeEvent } from 'react';

/** Returns the message to show for a value, or null when it is fine. */
export type Validator = (value: string) => string | null;

/**
 * One text field with the spec's live validation (point 5): silent until the field is touched
 * (blurred, or the form submitted), then re-checked on every change. The error is derived from
 * the value on each render, so it can never disagree with what the field holds.
 */
export function useField(validate: Validator = () => null, initial = '') {
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
  const error = touched ? validate(value) : null;

  return {
    value,
    error,
    setValue,
    /** Marks the field touched and returns its problem now, for submit handlers. */
    check: () => {
      setTouched(true);
      return validate(value);
    },
    reset: () => {
      setValue(initial);
      setTouched(false);
    },
    /** Spread onto a Mantine input. */
    inputProps: {
      value,
      error,
      // Mantine's PasswordInput marks errors with data-invalid only; screen readers need this.
      'aria-invalid': error ? true : undefined,
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(event.currentTarget.value),
      onBlur: () => setTouched(true),
    },
  };
}
