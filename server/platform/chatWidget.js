/*
 * The self-hosted chat widget, served by the API at /chat/widget.js. Self-contained and CSP-safe:
 * styles are set through the CSSOM (element.style), never as style attributes or style elements,
 * and text goes in as text (textContent), never as markup.
 *
 *   window.AdlaneChat('boot', visitor)   show the launcher for this visitor (ChatVisitor)
 *   window.AdlaneChat('update', visitor) change the visitor
 *   window.AdlaneChat('show' | 'hide')   open or close the panel
 *   window.AdlaneChat('shutdown')        remove everything (boot again to come back)
 *
 * Commands other than boot are ignored until the widget is booted. Calls queued on a stub before the
 * script loaded (window.AdlaneChat.q, a list of argument lists) are run in order.
 */
(() => {
  // The server replaces this object with its settings (cookie name, product name).
  const CONFIG = /*CONFIG*/ { cookie: 'adlane_browser_id', product: 'Adlane' } /*END*/;
  const BROWSER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const VISITOR_LIMITS = { email: 254, user_id: 64, name: 200, phone: 40, company: 200, plan: 64 };
  const MAX_TEXT = 2000;

  const script = document.currentScript;
  const base = script?.src ? new URL(script.src).origin : window.location.origin;
  const endpoint = `${base}/api/v1/chat/messages`;
  const previous = window.AdlaneChat;
  if (previous && previous.loaded === true) return;

  let booted = false;
  let visitor = {};
  let ui = null;
  let fallbackId = null;

  /** The visitor in the contract's shape: known fields, strings cut to their limits. */
  function cleanVisitor(input) {
    const out = {};
    if (!input || typeof input !== 'object') return out;
    for (const key of Object.keys(VISITOR_LIMITS)) {
      const value = input[key];
      if (typeof value === 'string' && value) out[key] = value.slice(0, VISITOR_LIMITS[key]);
      else if (typeof value === 'number' && key === 'user_id') out[key] = String(value);
    }
    const custom = input.custom_attributes;
    if (custom && typeof custom === 'object') {
      const attributes = {};
      for (const key of Object.keys(custom).slice(0, 50)) {
        const value = custom[key];
        if (typeof value === 'string') attributes[key.slice(0, 64)] = value.slice(0, 500);
        else if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean')
          attributes[key.slice(0, 64)] = value;
      }
      out.custom_attributes = attributes;
    }
    return out;
  }

  function browserId() {
    const prefix = `${CONFIG.cookie}=`;
    for (const part of document.cookie.split(';')) {
      const cookie = part.trim();
      if (cookie.startsWith(prefix)) {
        const value = decodeURIComponent(cookie.slice(prefix.length));
        if (BROWSER_ID.test(value)) return value;
      }
    }
    // No event-log cookie (yet): an id for this page's life, so the message still arrives.
    if (!fallbackId && window.crypto && typeof window.crypto.randomUUID === 'function') {
      fallbackId = window.crypto.randomUUID();
    }
    return fallbackId;
  }

  function element(tag, styles, attributes) {
    const node = document.createElement(tag);
    Object.assign(node.style, styles || {});
    for (const [name, value] of Object.entries(attributes || {})) {
      if (name === 'text') node.textContent = value;
      else node.setAttribute(name, value);
    }
    return node;
  }

  // SPEC section 9: the chat launcher is raised 40 px (or higher where that would hide the page).
  const RAISE_PX = 40;
  const FONT = '"Manrope Variable", "Manrope Fallback", ui-sans-serif, system-ui, sans-serif';
  const PRIMARY = '#6330d6';
  const INK = '#1c1630';

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

  function build() {
    const root = element(
      'div',
      {
        position: 'fixed',
        // On a phone, in line with the page's own 16 px margin.
        right: 'clamp(16px, 4vw, 24px)',
        bottom: `${RAISE_PX}px`,
        zIndex: '1650',
        fontFamily: FONT,
        color: INK,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-end',
        gap: '12px',
      },
      { id: 'adlane-chat', 'data-adlane-chat': 'root' },
    );

    const panelId = 'adlane-chat-panel';
    const panel = element(
      'div',
      {
        display: 'none',
        flexDirection: 'column',
        gap: '8px',
        width: 'min(340px, calc(100vw - 48px))',
        padding: '16px',
        background: '#ffffff',
        border: '1px solid #d3c4ff',
        borderRadius: '16px',
        boxShadow: '0 12px 32px rgba(28, 22, 48, 0.18)',
        boxSizing: 'border-box',
      },
      { id: panelId, role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'adlane-chat-title' },
    );
    const header = element('div', { display: 'flex', alignItems: 'center', justifyContent: 'space-between' });
    const title = element(
      'h2',
      { margin: '0', fontSize: '16px', fontWeight: '700' },
      { id: 'adlane-chat-title', text: `Chat with ${CONFIG.product}` },
    );
    const close = element(
      'button',
      {
        border: '0',
        background: 'transparent',
        fontSize: '22px',
        lineHeight: '1',
        cursor: 'pointer',
        color: INK,
        padding: '4px 8px',
        borderRadius: '8px',
      },
      { type: 'button', 'aria-label': 'Close chat', text: '×' },
    );
    header.append(title, close);

    const intro = element(
      'p',
      { margin: '0', fontSize: '14px', color: '#4a4460' },
      { text: 'Ask us anything about advertising. We usually answer within a business day.' },
    );
    const log = element(
      'ol',
      {
        listStyle: 'none',
        margin: '0',
        padding: '0',
        maxHeight: '180px',
        overflowY: 'auto',
        display: 'flex',
        flexDirection: 'column',
        gap: '6px',
      },
      { 'aria-label': 'Your messages' },
    );
    const form = element('form', { display: 'flex', flexDirection: 'column', gap: '8px', margin: '0' });
    const label = element(
      'label',
      { fontSize: '14px', fontWeight: '600' },
      { for: 'adlane-chat-text', text: 'Your message' },
    );
    const textarea = element(
      'textarea',
      {
        width: '100%',
        minHeight: '88px',
        resize: 'vertical',
        padding: '8px 10px',
        border: '1px solid #b59bff',
        borderRadius: '10px',
        fontFamily: FONT,
        fontSize: '14px',
        boxSizing: 'border-box',
      },
      { id: 'adlane-chat-text', name: 'text', maxlength: String(MAX_TEXT), rows: '4' },
    );
    const status = element(
      'p',
      { margin: '0', fontSize: '13px', minHeight: '18px', color: '#4a4460' },
      { role: 'status', 'aria-live': 'polite' },
    );
    const send = element(
      'button',
      {
        alignSelf: 'flex-end',
        minWidth: '102px',
        padding: '10px 18px',
        border: '0',
        borderRadius: '10px',
        background: PRIMARY,
        color: '#ffffff',
        fontFamily: FONT,
        fontSize: '14px',
        fontWeight: '700',
        cursor: 'pointer',
      },
      { type: 'submit', 'aria-label': 'Send message', text: 'Send' },
    );
    form.append(label, textarea, status, send);
    panel.append(header, intro, log, form);

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
    // No transition: the fit measures the launcher where it is set, in the same task (a transition
    // would leave it measured at its tucked place and shown whole over the page).
    root.append(panel, launcher);

    let sending = false;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const text = textarea.value.trim();
      if (!text) {
        status.textContent = 'Write a message first.';
        textarea.focus();
        return;
      }
      if (sending) return;
      const id = browserId();
      if (!id) {
        status.textContent = 'This browser cannot send messages. Please e-mail us instead.';
        return;
      }
      sending = true;
      send.disabled = true;
      status.textContent = 'Sending…';
      const body = {
        browser_id: id,
        visitor,
        text: text.slice(0, MAX_TEXT),
        path: window.location.pathname.slice(0, 512),
      };
      fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        credentials: 'same-origin',
      })
        .then((response) =>
          response
            .json()
            .catch(() => null)
            .then((answer) => ({ ok: response.ok, answer })),
        )
        .then(({ ok, answer }) => {
          if (!ok || !answer || answer.success !== true) {
            status.textContent =
              answer && typeof answer.message === 'string' && answer.message
                ? answer.message
                : 'Your message was not sent. Please try again.';
            return;
          }
          const item = element(
            'li',
            {
              alignSelf: 'flex-end',
              maxWidth: '85%',
              padding: '8px 10px',
              borderRadius: '10px',
              background: '#f4f0ff',
              fontSize: '14px',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
            },
            { text: answer.data?.text ?? text },
          );
          log.append(item);
          textarea.value = '';
          status.textContent = 'Sent. We will reply by e-mail or right here.';
        })
        .catch(() => {
          status.textContent = 'Your message was not sent (no connection). Please try again.';
        })
        .finally(() => {
          sending = false;
          send.disabled = false;
        });
    });

    const onKey = (event) => {
      if (event.key === 'Escape' && panel.style.display !== 'none') {
        event.stopPropagation();
        setOpen(false);
      }
    };
    panel.addEventListener('keydown', onKey);
    launcher.addEventListener('keydown', onKey);
    launcher.addEventListener('click', () => setOpen(panel.style.display === 'none'));
    close.addEventListener('click', () => setOpen(false));

    function setOpen(open, moveFocus = true) {
      panel.style.display = open ? 'flex' : 'none';
      launcher.setAttribute('aria-expanded', open ? 'true' : 'false');
      if (!moveFocus) return;
      if (open) textarea.focus();
      else if (root.contains(document.activeElement) || document.activeElement === document.body)
        launcher.focus();
    }

    document.body.append(root);
    const stopFollowing = chatLauncherFit.followPage({
      root,
      launcher,
      setCompact,
      setTucked,
      setRaise: (px) => {
        root.style.bottom = `${px}px`;
      },
      raise: RAISE_PX,
      isOpen: () => panel.style.display !== 'none',
    });
    return { root, setOpen, stopFollowing };
  }

  function run(command, payload) {
    switch (command) {
      case 'boot':
        visitor = cleanVisitor(payload);
        booted = true;
        if (document.body) ui ??= build();
        else
          document.addEventListener(
            'DOMContentLoaded',
            () => {
              if (booted) ui ??= build();
            },
            { once: true },
          );
        return true;
      case 'update':
        if (!booted) return false;
        visitor = { ...visitor, ...cleanVisitor(payload) };
        return true;
      case 'show':
        if (!booted || !ui) return false;
        ui.setOpen(true);
        return true;
      case 'hide':
        if (!booted || !ui) return false;
        ui.setOpen(false);
        return true;
      case 'shutdown':
        if (!booted) return false;
        ui?.stopFollowing();
        ui?.root.remove();
        ui = null;
        booted = false;
        visitor = {};
        return true;
      default:
        return false;
    }
  }

  /** window.AdlaneChat(command, payload): answers whether the command was carried out. */
  function AdlaneChat(command, payload) {
    try {
      return run(command, payload);
    } catch (error) {
      console.warn('AdlaneChat:', error);
      return false;
    }
  }
  AdlaneChat.loaded = true;
  AdlaneChat.booted = () => booted;
  window.AdlaneChat = AdlaneChat;

  const queued = previous && Array.isArray(previous.q) ? previous.q : [];
  for (const args of queued) AdlaneChat(args[0], args[1]);
})();
