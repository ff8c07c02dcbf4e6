/*
 * The chat widget's launcher: the button that opens its panel, drawn as the labelled pill or the round
 * icon, and tucked against the screen's edge when told. Which form it takes, and where, is decided by
 * chatLauncherFit.js; this file only draws the forms. Its own file because the button is a thing of
 * its own beside the panel (chatPanel.js). Served in one block with the widget (server/routes/chatWidget.ts).
 */
// biome-ignore lint/correctness/noUnusedVariables: chatWidget.js, served in the same block, calls it.
const chatLauncher = (() => {
  const { element, FONT, PRIMARY } = chatElements;

  /** The launcher's speech bubble (Lucide's message-circle), drawn as SVG nodes: no markup is parsed. */
  function bubbleIcon() {
    const namespace = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(namespace, 'svg');
    for (const [name, value] of Object.entries({
      viewBox: '0 0 24 24',
      width: '22',
      height: '22',
      fill: 'none',
      stroke: 'currentColor',
      'stroke-width': '2',
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
      'aria-hidden': 'true',
      focusable: 'false',
    }))
      svg.setAttribute(name, value);
    const path = document.createElementNS(namespace, 'path');
    path.setAttribute('d', 'M7.9 20A9 9 0 1 0 4 16.1L2 22Z');
    svg.append(path);
    return svg;
  }

  /** The launcher for the panel with this id, closed, as the pill; and how to change its form. */
  function draw(panelId) {
    const launcher = element(
      'button',
      {
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: '8px',
        border: '0',
        borderRadius: '999px',
        background: PRIMARY,
        color: '#ffffff',
        fontFamily: FONT,
        fontSize: '15px',
        fontWeight: '700',
        cursor: 'pointer',
        boxShadow: '0 8px 24px rgba(99, 48, 214, 0.35)',
      },
      {
        type: 'button',
        'aria-label': 'Chat with us',
        'aria-expanded': 'false',
        'aria-controls': panelId,
      },
    );
    const launcherLabel = element('span', {}, { text: 'Chat with us' });
    launcher.append(bubbleIcon(), launcherLabel);
    const setCompact = (compact) => {
      // The round icon is 48 px: a touch target, and as little of the page as the launcher can cover.
      Object.assign(launcher.style, {
        minWidth: compact ? '48px' : '102px',
        height: '48px',
        padding: compact ? '0' : '0 20px',
      });
      launcherLabel.style.display = compact ? 'none' : 'inline';
      launcher.setAttribute('data-form', compact ? 'compact' : 'pill');
    };
    setCompact(false);
    // Tucked, only this much of the icon shows, in the page's side margin (at least 16 px).
    const TUCK_SHOWN_PX = 12;
    let tucked = false;
    // No transition: the fit measures the launcher where it is set, in the same task (a transition
    // would leave it measured at its tucked place and shown whole over the page).
    const showTucked = (shown) => {
      launcher.style.transform = shown
        ? `translateX(calc(100% + clamp(16px, 4vw, 24px) - ${TUCK_SHOWN_PX}px))`
        : '';
      launcher.setAttribute('data-tucked', shown ? 'true' : 'false');
    };
    const setTucked = (on) => {
      tucked = on;
      showTucked(on && !launcher.matches(':hover, :focus'));
    };
    // Pointed at or reached by the keyboard, a tucked launcher comes out whole, and goes back after.
    for (const type of ['pointerenter', 'focus']) launcher.addEventListener(type, () => showTucked(false));
    for (const type of ['pointerleave', 'blur'])
      launcher.addEventListener(type, () => showTucked(tucked && !launcher.matches(':hover, :focus')));
    return { launcher, setCompact, setTucked };
  }

  return { draw };
})();
