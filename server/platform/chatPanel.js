/*
 * The chat widget's panel: its title, the messages sent, and the form that sends one to the API
 * (POST /api/v1/chat/messages) and says how that went. Its own file because writing and sending a
 * message is apart from the launcher (chatLauncher.js) and from the commands (chatWidget.js), which
 * opens and closes it. Served in one block with the widget (server/routes/chatWidget.ts).
 */
// biome-ignore lint/correctness/noUnusedVariables: chatWidget.js, served in the same block, calls it.
const chatPanel = (() => {
  const { element, FONT, PRIMARY, INK } = chatElements;
  const MAX_TEXT = 2000;

  /**
   * The panel, closed, and its id: `product` names it, `endpoint` takes its messages, and
   * `browserId()` and `visitor()` say who sends them at the time of sending.
   */
  function draw({ product, endpoint, browserId, visitor }) {
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
      { id: 'adlane-chat-title', text: `Chat with ${product}` },
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
        visitor: visitor(),
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
    return { panel, panelId, close, textarea };
  }

  return { draw };
})();
