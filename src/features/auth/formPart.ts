/** The part of a form (useForm) that a group of shared fields binds to; the form may hold more fields. */
export interface FormPart<F extends string> {
  values: Record<F, string>;
  set: (field: F) => (value: string) => void;
  errors: Partial<Record<F, string>>;
}
