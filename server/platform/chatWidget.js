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
 *
 * This file holds the commands, the visitor and the page's layout of the parts, which are served
 * before it in the same block (server/routes/chatWidget.ts): chatElements.js (how they draw),
 * chatLauncherFit.js (where the launcher goes), chatLauncher.js (the button), chatPanel.js (the form
 * and its sending).
 */
(() => {
  // The server replaces this object with its settings (cookie name, product name).
  const CONFIG = /*CONFIG*/ { cookie: 'adlane_browser_id', product: 'Adlane' } /*END*/;
  const BROWSER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const VISITOR_LIMITS = { email: 254, user_id: 64, name: 200, phone: 40, company: 200, plan: 64 };

  const script = document.currentScript;
  const base = script?.src ? new URL(script.src).origin : window.location.origin;
  const endpoint = `${base}/api/v1/chat/messages`;
  const previous = window.AdlaneChat;
  if (previous && previous.loaded === true) return;

  let booted = false;
  let visitor = {};
  let ui = null;
  let fallbackId = null;
  const { element, FONT, INK } = chatElements;

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

  // SPEC section 9: the chat launcher is raised 40 px (or higher where that would hide the page).
  const RAISE_PX = 40;

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

    const { panel, panelId, close, textarea } = chatPanel.draw({
      product: CONFIG.product,
      endpoint,
      browserId,
      visitor: () => visitor,
    });
    const { launcher, setCompact, setTucked } = chatLauncher.draw(panelId);
    root.append(panel, launcher);

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
