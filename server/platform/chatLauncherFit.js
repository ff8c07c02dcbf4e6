/*
 * Keeps the chat widget's launcher off what a person reads or presses. Served in one block with
 * chatWidget.js (server/routes/chatWidget.ts), which calls followPage once the launcher is drawn.
 *
 * The launcher has two forms: the labelled pill and a round icon. It is the icon while the page
 * scrolls. Once the page is at rest it is the pill where the pill hides no text, link, button or
 * field; else the icon, raised as little as it takes to hide none of them; and where even that finds
 * no room (a form or a grid of tiles filling the screen), the icon tucked against the screen's right
 * edge, a sliver in the page's margin that comes out when pointed at or focused. The storefront leaves
 * room for it below the footer, so at the end of a page the pill always has its place.
 */
// biome-ignore lint/correctness/noUnusedVariables: chatWidget.js, served in the same block, calls it.
const chatLauncherFit = (() => {
  const CONTROL =
    'a[href],button,input,select,textarea,summary,label,[tabindex]:not([tabindex="-1"]),[role="button"],[role="link"],[role="checkbox"],[role="switch"],[role="tab"]';
  // Points this far apart find any line of text or control under the launcher (none is smaller).
  const STEP = 12;
  // After this long without a scroll, resize or change of the page, the page counts as at rest.
  const REST_MS = 200;

  const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

  /** Whether an element's own text has a line within the box. */
  function textWithin(element, box) {
    for (const node of element.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || !node.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of range.getClientRects()) if (overlaps(line, box)) return true;
    }
    return false;
  }

  /** Points from one edge to the other, STEP apart, the last one on the far edge. */
  function across(from, to) {
    const points = [];
    for (let at = from + 1; at < to - 1; at += STEP) points.push(at);
    points.push(to - 1);
    return points;
  }

  /**
   * Whether the box, where the launcher would be, hides text or a control of the page: found under a
   * grid of points, so only what is there is measured, however long the page.
   */
  function coversContent(own, box) {
    const seen = new Set();
    for (const y of across(box.top, box.bottom)) {
      for (const x of across(box.left, box.right)) {
        for (const element of document.elementsFromPoint(x, y)) {
          if (seen.has(element) || own.contains(element)) continue;
          seen.add(element);
          if (element.matches(CONTROL) || textWithin(element, box)) return true;
        }
      }
    }
    return false;
  }

  /** The box moved up by `by` pixels. */
  const raised = (box, by) => ({
    left: box.left,
    right: box.right,
    top: box.top - by,
    bottom: box.bottom - by,
  });

  /**
   * Follows the page: `setCompact(true)` shows the icon, `setCompact(false)` the pill; `setRaise(px)`
   * sets how high above the bottom of the screen it sits; `setTucked(true)` puts it against the edge.
   * Answers a function that stops following.
   */
  function followPage({ root, launcher, setCompact, setRaise, setTucked, raise, isOpen }) {
    let timer = null;
    let scrolling = false;

    // Measured and decided in one task: no frame shows a form or a place that was only tried.
    const place = () => {
      timer = null;
      if (scrolling || isOpen()) return;
      setTucked(false);
      setCompact(false);
      setRaise(raise);
      if (!coversContent(root, launcher.getBoundingClientRect())) return;
      // The icon, where it hides nothing: at its usual height, or as little higher as that takes.
      setCompact(true);
      const icon = launcher.getBoundingClientRect();
      for (let by = 0; by <= window.innerHeight / 2; by += STEP) {
        if (!coversContent(root, raised(icon, by))) {
          setRaise(raise + by);
          return;
        }
      }
      setTucked(true);
    };
    const settle = () => {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => {
        scrolling = false;
        place();
      }, REST_MS);
    };
    const onScroll = () => {
      if (!scrolling) {
        setTucked(false);
        setCompact(true);
      }
      scrolling = true;
      settle();
    };

    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', settle);
    // The page's content changes under a fixed launcher without any scroll: new sections, a new route.
    const observers = [];
    if (typeof ResizeObserver === 'function') {
      const resized = new ResizeObserver(settle);
      resized.observe(document.documentElement);
      observers.push(resized);
    }
    if (typeof MutationObserver === 'function') {
      const changed = new MutationObserver(settle);
      changed.observe(document.body, { childList: true, subtree: true });
      observers.push(changed);
    }
    place();

    return () => {
      if (timer !== null) clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', settle);
      for (const observer of observers) observer.disconnect();
    };
  }

  return { followPage };
})();
