import { type RefObject, useEffect } from 'react';
import { useSendToToasts } from '../../system/hooks/toasts';

/**
 * Holds the toasts while the pointer is over them or the focus is in them, so none hides while a
 * person reads it or reaches its Undo (WCAG 2.2.1), and releases them when both have left. The
 * region lets pointer events through where no toast is, so "over the region" is "over a toast".
 */
export function useHoldWhileOn(region: RefObject<HTMLElement | null>) {
  const send = useSendToToasts();
  useEffect(() => {
    const element = region.current;
    if (!element) return;
    let pointer = false;
    let focus = false;
    let held = false;
    const update = () => {
      const now = pointer || focus;
      if (now !== held) send({ type: now ? 'toast.hold' : 'toast.release' });
      held = now;
    };
    const outside = (event: PointerEvent | FocusEvent) =>
      !(event.relatedTarget instanceof Node && element.contains(event.relatedTarget));
    const onPointerOver = () => {
      pointer = true;
      update();
    };
    const onPointerOut = (event: PointerEvent) => {
      if (outside(event)) pointer = false;
      update();
    };
    const onFocusIn = () => {
      focus = true;
      update();
    };
    const onFocusOut = (event: FocusEvent) => {
      if (outside(event)) focus = false;
      update();
    };
    element.addEventListener('pointerover', onPointerOver);
    element.addEventListener('pointerout', onPointerOut);
    element.addEventListener('focusin', onFocusIn);
    element.addEventListener('focusout', onFocusOut);
    return () => {
      element.removeEventListener('pointerover', onPointerOver);
      element.removeEventListener('pointerout', onPointerOut);
      element.removeEventListener('focusin', onFocusIn);
      element.removeEventListener('focusout', onFocusOut);
      // The list goes with its last toast: nothing is left to hold.
      if (held) send({ type: 'toast.release' });
    };
  }, [region, send]);
}
