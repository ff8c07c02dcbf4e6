import { type RefObject, useEffect, useRef } from 'react';

/**
 * Each time a form shows its errors (`shown` changes; not on the first render), the focus goes to its
 * first field in error, once React has rendered the messages (after the commit).
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, shown: number) {
  const focusedFor = useRef(shown);
  useEffect(() => {
    if (shown === focusedFor.current) return;
    focusedFor.current = shown;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, shown]);
}
