/*
 * How the chat widget draws (chatWidget.js, chatLauncher.js, chatPanel.js): elements with their
 * styles set through the CSSOM (element.style) and their text as text, never markup, so the widget
 * stays CSP-safe; and the palette and font they share. Its own file because every part draws with it.
 * Served in one block before them (server/routes/chatWidget.ts).
 */
// biome-ignore lint/correctness/noUnusedVariables: the widget's other files, served in the same block, use it.
const chatElements = (() => {
  const FONT = '"Manrope Variable", "Manrope Fallback", ui-sans-serif, system-ui, sans-serif';
  const PRIMARY = '#6330d6';
  const INK = '#1c1630';

  function element(tag, styles, attributes) {
    const node = document.createElement(tag);
    Object.assign(node.style, styles || {});
    for (const [name, value] of Object.entries(attributes || {})) {
      if (name === 'text') node.textContent = value;
      else node.setAttribute(name, value);
    }
    return node;
  }

  return { element, FONT, PRIMARY, INK };
})();
