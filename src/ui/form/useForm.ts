import { type FormEvent, useRef, useState } from 'react';
import type { z } from 'zod';
import type { Result } from '../../api/result';
import { useFocusFirstInvalid } from './useFocusFirstInvalid';

export interface FormState<V extends Record<string, string>> {
  values: V;
  set: (field: keyof V) => (value: string) => void;
  errors: Partial<Record<keyof V | 'form', string>>;
  /** A message about the whole form (network trouble, too many attempts, an expired link...). */
  alert: string | null;
  submitting: boolean;
  onSubmit: (event: FormEvent) => void;
}

/** The body a form sends, and how: each way of sending keeps its body's type to itself. */
function sendingOf<V, B, T>(sending: Sending<V, B, T>, values: V) {
  if (sending.toBody === undefined) return { body: values, send: () => sending.submit(values) };
  const body = sending.toBody(values);
  return { body, send: () => sending.submit(body) };
}

/**
 * What a form sends: what was typed, or a body made of it (`toBody`); `submit` takes that body, so a
 * form's values and its request are checked against each other.
 */
type Sending<V, B, T> =
  | { toBody?: undefined; submit: (body: NoInfer<V>) => Promise<Result<T>> }
  | { toBody: (values: NoInfer<V>) => B; submit: (body: B) => Promise<Result<T>> };

/**
 * A form's transient state: what was typed (never cleared by a failure), messages per field from
 * the shared contract schema and from the API, and whether it is being sent.
 */
export function useForm<V extends Record<string, string>, T, B>(
  options: Sending<V, B, T> & {
    initial: V;
    schema: z.ZodType;
    onSuccess: (data: T, message: string) => void;
    /** Maps an error's key (a dotted path such as `billing.name`) to the form's field; default: the same. */
    fieldOf?: (key: string) => string;
  },
): FormState<V> {
  const fieldOf = options.fieldOf ?? ((key: string) => key);
  const byField = (entries: Array<[string, string]>) => {
    const next: Record<string, string> = {};
    for (const [key, message] of entries) next[fieldOf(key)] ??= message;
    return next;
  };
  const [values, setValues] = useState(options.initial);
  const [errors, setErrors] = useState<FormState<V>['errors']>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement | null>(null);
  const [errorsShown, setErrorsShown] = useState(0);
  useFocusFirstInvalid(formRef, errorsShown);
  const focusFirstInvalid = () => setErrorsShown((n) => n + 1);

  const set = (field: keyof V) => (value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    // A field the visitor is fixing stops shouting at them.
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // React clears currentTarget once the handler awaits: keep the form to move focus later.
    formRef.current = event.currentTarget instanceof HTMLFormElement ? event.currentTarget : null;
    if (submitting) return;
    const request = sendingOf(options, values);
    const checked = options.schema.safeParse(request.body);
    if (!checked.success) {
      const next = byField(
        checked.error.issues.map((issue) => [issue.path.join('.') || 'form', issue.message]),
      );
      setErrors(next as FormState<V>['errors']);
      setAlert(null);
      focusFirstInvalid();
      return;
    }
    setSubmitting(true);
    setAlert(null);
    try {
      const result = await request.send();
      if (result.ok) {
        setErrors({});
        options.onSuccess(result.data, result.message);
        return;
      }
      const fieldErrors = byField(Object.entries(result.fieldErrors));
      setErrors(fieldErrors as FormState<V>['errors']);
      // Problems with something the visitor cannot edit here (a link's code, a hidden field) or with
      // the whole request go at the top of the form, so no error is ever silent.
      const elsewhere = Object.entries(fieldErrors)
        .filter(([field]) => !(field in values))
        .map(([, message]) => message);
      const shown = Object.keys(fieldErrors).length > elsewhere.length;
      setAlert(elsewhere.length ? elsewhere.join(' ') : shown ? null : result.message);
      focusFirstInvalid();
    } catch (error) {
      setAlert(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
    } finally {
      setSubmitting(false);
    }
  };

  return { values, set, errors, alert, submitting, onSubmit: (event) => void onSubmit(event) };
}
