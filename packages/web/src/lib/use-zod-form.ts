import { useCallback, useState } from 'react';
import type { ChangeEvent } from 'react';
import type { z } from 'zod';
import { translateValidation } from '../i18n/i18n';

type FieldErrors<T> = Partial<Record<keyof T, string>>;

/** The keys of `T` whose values are strings (text inputs) or booleans (checkboxes). */
type KeysOfType<T, V> = { [K in keyof T]: T[K] extends V ? K : never }[keyof T];

function issuesByField<T>(error: z.ZodError): FieldErrors<T> {
  const errors: FieldErrors<T> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as keyof T | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/**
 * A small form state over a contract schema: validate one field on blur, everything on submit; an edit clears
 * that field's error. Errors hold the contract's message keys (`v.email_invalid`); `bind`/`bindCheckbox` hand a
 * Mantine input its value, handlers and the translated error, so forms do not repeat that wiring per field.
 */
export function useZodForm<Values extends Record<string, unknown>, Output>(
  schema: z.ZodType<Output>,
  initial: Values,
) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});

  const setField = useCallback(<K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  }, []);

  const validateField = useCallback(
    (field: keyof Values) => {
      const result = schema.safeParse(values);
      const fieldError = result.success ? undefined : issuesByField<Values>(result.error)[field];
      setErrors((previous) => ({ ...previous, [field]: fieldError }));
    },
    [schema, values],
  );

  /** Runs `onValid` with the parsed values, or shows every error. */
  const handleSubmit = useCallback(
    (onValid: (data: Output) => void | Promise<void>) => (event?: { preventDefault: () => void }) => {
      event?.preventDefault();
      const result = schema.safeParse(values);
      if (!result.success) {
        setErrors(issuesByField<Values>(result.error));
        return;
      }
      setErrors({});
      void onValid(result.data);
    },
    [schema, values],
  );

  /** Errors from elsewhere (the server's 40004 answer), shown under their fields until edited. */
  const setFieldErrors = useCallback((fieldErrors: FieldErrors<Values>) => {
    setErrors((previous) => ({ ...previous, ...fieldErrors }));
  }, []);

  /** Props for a text input: `<TextInput {...form.bind('email')} />`. */
  const bind = <K extends KeysOfType<Values, string>>(field: K) => ({
    value: values[field] as string,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setField(field, event.currentTarget.value as Values[K]),
    onBlur: () => validateField(field),
    error: translateValidation(errors[field]),
  });

  /** Props for a checkbox: `<Checkbox {...form.bindCheckbox('agreeToTerms')} />`. */
  const bindCheckbox = <K extends KeysOfType<Values, boolean>>(field: K) => ({
    checked: values[field] as boolean,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setField(field, event.currentTarget.checked as Values[K]),
    error: translateValidation(errors[field]),
  });

  return { values, errors, setField, setFieldErrors, validateField, handleSubmit, bind, bindCheckbox };
}
