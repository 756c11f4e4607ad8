import { useCallback, useState } from 'react';
import type { z } from 'zod';

type FieldErrors<T> = Partial<Record<keyof T, string>>;

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
 * that field's error. Errors hold the contract's message keys (`v.email_invalid`); the view translates them.
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

  return { values, errors, setField, validateField, handleSubmit };
}
