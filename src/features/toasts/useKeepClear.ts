import { type RefObject, useCallback, useLayoutEffect, useRef } from 'react';
import { type Box, placeToasts } from './toastPlacement';

/** What a person presses, so the control a toast answers can be found from where they pressed. */
const CONTROL = 'button, a[href], input, select, textarea, [role="button"], [role="menuitem"]';

const visibleBox = (element: Element): Box | null => {
  const box = element.getBoundingClientRect();
  return element.isConnected && box.width > 0 && box.height > 0 ? box : null;
};

/**
 * Moves the stack of toasts off what it would cover: open panels marked KEEP_CLEAR (keepClear.ts)
 * and the control that caused the newest toast (the one with focus then, or the last one pressed:
 * Safari does not focus a button on click). It follows them while toasts are shown: a panel
 * opening, growing or closing, a scroll, a resize. `newest` is the newest toast's id, or null when
 * none is shown. Answers how to watch what is pressed (for as long as the list is shown), which
 * answers how to stop.
 */
export function useKeepClear(region: RefObject<HTMLElement | null>, newest: string | null): () => () => void {
  const pressed = useRef<Element | null>(null);
  const cause = useRef<Element | null>(null);

  useLayoutEffect(() => {
    const element = region.current;
    if (!element || newest === null) return;
    const focused = document.activeElement;
    cause.current = focused && focused !== document.body ? focused : pressed.current;

    let frame = 0;
    const place = () => {
      frame = 0;
      // The stack's own place in the style sheet (SPEC: top-right, below the header) is the start.
      element.style.removeProperty('top');
      element.style.removeProperty('left');
      const start = element.getBoundingClientRect();
      const gap = window.innerWidth - start.right;
      const obstacles = [...document.querySelectorAll('[data-toasts-keep-clear]'), cause.current]
        .filter((found): found is Element => found !== null && !element.contains(found))
        .map(visibleBox)
        .filter((box): box is Box => box !== null);
      const spot = placeToasts({
        viewport: { width: window.innerWidth, height: window.innerHeight },
        size: { width: start.width, height: start.height },
        obstacles,
        headerHeight: start.top - gap,
        gap,
      });
      if (spot.left === start.left && spot.top === start.top) return;
      // The style sheet's top margin is added to whatever top is set.
      const margin = Number.parseFloat(getComputedStyle(element).marginTop) || 0;
      element.style.setProperty('top', `${spot.top - margin}px`);
      element.style.setProperty('left', `${spot.left}px`);
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(place);
    };
    place();
    // A panel opens, fills or moves (its position is a style): anything but the toasts themselves.
    const changes = new MutationObserver((records) => {
      if (records.some((record) => !element.contains(record.target))) schedule();
    });
    changes.observe(document.body, { childList: true, subtree: true, attributeFilter: ['style', 'class'] });
    window.addEventListener('resize', schedule);
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    return () => {
      changes.disconnect();
      window.removeEventListener('resize', schedule);
      window.removeEventListener('scroll', schedule, { capture: true });
      cancelAnimationFrame(frame);
      element.style.removeProperty('top');
      element.style.removeProperty('left');
    };
  }, [region, newest]);

  // Bound by the list while it is shown (ToastList): the last control pressed, anywhere.
  return useCallback(() => {
    const remember = (event: Event) => {
      pressed.current = event.target instanceof Element ? event.target.closest(CONTROL) : null;
    };
    document.addEventListener('pointerdown', remember, true);
    return () => document.removeEventListener('pointerdown', remember, true);
  }, []);
}
