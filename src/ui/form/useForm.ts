import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import type { Result } from '../../api/result';

export interface FormState<V extends Record<string, string>> {
  values: V;
  set: (field: keyof V) => (value: string) => void;
  errors: Partial<Record<keyof V | 'form', string>>;
  /** A message about the whole form (network trouble, too many attempts, an expired link...). */
  alert: string | null;
  submitting: boolean;
  onSubmit: (event: FormEvent) => void;
}

/**
 * A form's transient state: what was typed (never cleared by a failure), messages per field from
 * the shared contract schema and from the API, and whether it is being sent.
 */
export function useForm<V extends Record<string, string>, T>(options: {
  initial: V;
  schema: z.ZodType;
  toBody?: (values: V) => unknown;
  submit: (body: never) => Promise<Result<T>>;
  onSuccess: (data: T, message: string) => void;
}): FormState<V> {
  const [values, setValues] = useState(options.initial);
  const [errors, setErrors] = useState<FormState<V>['errors']>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const set = (field: keyof V) => (value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    // A field the visitor is fixing stops shouting at them.
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const body = options.toBody ? options.toBody(values) : values;
    const checked = options.schema.safeParse(body);
    if (!checked.success) {
      const next: FormState<V>['errors'] = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? 'form') as keyof V;
        next[field] ??= issue.message;
      }
      setErrors(next);
      setAlert(null);
      focusFirstInvalid(event.currentTarget);
      return;
    }
    setSubmitting(true);
    setAlert(null);
    try {
      const result = await options.submit(body as never);
      if (result.ok) {
        setErrors({});
        options.onSuccess(result.data, result.message);
        return;
      }
      setErrors(result.fieldErrors as FormState<V>['errors']);
      if (Object.keys(result.fieldErrors).length === 0) setAlert(result.message);
      focusFirstInvalid(event.currentTarget);
    } catch (error) {
      setAlert(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
    } finally {
      setSubmitting(false);
    }
  };

  return { values, set, errors, alert, submitting, onSubmit: (event) => void onSubmit(event) };
}

function focusFirstInvalid(form: EventTarget) {
  if (!(form instanceof HTMLFormElement)) return;
  // After React has rendered the messages.
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
