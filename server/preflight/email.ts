import { readFile } from 'node:fs/promises';
import { byteSize, type EmailRequirements } from '../../contract/specRequirements';
import { type Check, failed, passed, warning } from './words';

/** "a script, a form and an embedded frame". */
const listAnd = (items: readonly string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** What an e-mail may not hold: mail programs strip or block it, and lists refuse it. */
const FORBIDDEN: readonly [RegExp, string][] = [
  [/<script[\s>]/i, 'a script'],
  [/<form[\s>]/i, 'a form'],
  [/<iframe[\s>]/i, 'an embedded frame'],
  [/\bjavascript:/i, 'a javascript: link'],
  [/\son[a-z]+\s*=/i, 'an event handler attribute'],
];

/** The widest layout width the HTML states: width attributes and (max-)width styles in pixels. */
function widestWidth(html: string): number | null {
  const widths = [
    ...[...html.matchAll(/\swidth\s*=\s*["']?(\d{2,5})(?:px)?["']?/gi)].map((m) => Number(m[1])),
    ...[...html.matchAll(/(?:^|[\s;"'{])(?:max-)?width\s*:\s*(\d{2,5})px/gi)].map((m) => Number(m[1])),
  ];
  return widths.length > 0 ? Math.max(...widths) : null;
}

/** An HTML e-mail: size, layout width, and nothing that runs or submits. */
export async function emailChecks(path: string, size: number, email: EmailRequirements): Promise<Check[]> {
  const html = (await readFile(path)).toString('utf8');
  const checks: Check[] = [passed('format', 'HTML file.')];
  checks.push(
    size <= email.maxBytes
      ? passed('file size', `${byteSize(size)}, under the ${byteSize(email.maxBytes)} limit.`)
      : failed(
          'file size',
          `${byteSize(size)}; e-mails must stay under ${byteSize(email.maxBytes)}: move images to links and remove unused code.`,
        ),
  );
  const width = widestWidth(html);
  if (width === null)
    checks.push(
      warning(
        'width',
        `No width is set: build the layout ${email.width} px wide in a table so every mail program shows it the same.`,
      ),
    );
  else
    checks.push(
      width <= email.maxWidth
        ? passed('width', `${width} px wide at most.`)
        : failed(
            'width',
            `Something is ${width} px wide; e-mails are at most ${email.maxWidth} px: build the layout ${email.width} px wide.`,
          ),
    );
  const found = FORBIDDEN.filter(([pattern]) => pattern.test(html)).map(([, words]) => words);
  checks.push(
    found.length === 0
      ? passed('content', 'No scripts, forms or embedded frames.')
      : failed(
          'content',
          `It contains ${listAnd(found)}; mail programs block these: remove ${found.length === 1 ? 'it' : 'them'} and link to your site instead.`,
        ),
  );
  return checks;
}
