import { render } from '@react-email/components';
import { createElement } from 'react';
import type { MailKind } from './kinds';
import { templates } from './templates';
import type { MailProps } from './templates/mailTemplate';
import { subjectLine } from './text';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

// html-to-text upper-cases headings by default; an e-mail's text part shouts nothing.
const htmlToTextOptions = {
  wordwrap: false as const,
  selectors: [
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
  ],
};

/**
 * An e-mail made from its template: the HTML part and the text part from the same React tree, so they
 * say the same thing. Values people typed pass through `mailText` in the templates; React escapes the rest.
 */
export async function renderMail<K extends MailKind>(kind: K, props: MailProps[K]): Promise<RenderedMail> {
  const template = templates[kind];
  const element = createElement(template.component, props);
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions }),
  ]);
  // React separates neighbouring pieces of text with empty comments for hydration, which no mail
  // reader does: without them a sentence is one run of text, as it was written.
  return { subject: subjectLine(template.subject(props)), html: html.replaceAll('<!-- -->', ''), text };
}
