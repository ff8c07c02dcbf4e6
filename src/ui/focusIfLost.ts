/**
 * Focus the element when the focus has fallen to the page (the button pressed was removed or
 * disabled), so a keyboard or screen-reader user goes on from where they acted, not from the top.
 * Focus the person moved elsewhere meanwhile is left where it is.
 */
export function focusIfLost(element: HTMLElement | null) {
  if (!element) return;
  const active = document.activeElement;
  if (active === null || active === document.body) element.focus();
}
