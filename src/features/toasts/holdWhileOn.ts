import type { ToastsEvent } from '../../../machines/toasts/toasts.machine';

/**
 * Holds the toasts while the pointer is over them or the focus is in them, so none hides while a
 * person reads it or reaches its Undo (WCAG 2.2.1), and releases them when both have left. The
 * region lets pointer events through where no toast is, so "over the list" is "over a toast".
 * Answers the unbinding, which also releases them: the list goes with its last toast.
 */
export function holdWhileOn(list: HTMLElement, send: (event: ToastsEvent) => void): () => void {
  let pointer = false;
  let focus = false;
  let held = false;
  const update = () => {
    const now = pointer || focus;
    if (now !== held) send({ type: now ? 'toast.hold' : 'toast.release' });
    held = now;
  };
  const outside = (event: PointerEvent | FocusEvent) =>
    !(event.relatedTarget instanceof Node && list.contains(event.relatedTarget));
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
  list.addEventListener('pointerover', onPointerOver);
  list.addEventListener('pointerout', onPointerOut);
  list.addEventListener('focusin', onFocusIn);
  list.addEventListener('focusout', onFocusOut);
  return () => {
    list.removeEventListener('pointerover', onPointerOver);
    list.removeEventListener('pointerout', onPointerOut);
    list.removeEventListener('focusin', onFocusIn);
    list.removeEventListener('focusout', onFocusOut);
    if (held) send({ type: 'toast.release' });
  };
}
