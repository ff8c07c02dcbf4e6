/**
 * A ref callback that moves the focus to its element as it is put on the page: the page's heading,
 * when the form whose button brought the visitor here is gone. Declared once, outside any component,
 * so React calls it for a new element only, never again on a re-render.
 */
export const focusOnMount = (element: HTMLElement | null) => element?.focus();
