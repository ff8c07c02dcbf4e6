import { Fragment } from 'react';

/**
 * A spec-sheet body: paragraphs separated by blank lines, where a paragraph of "- " lines is a
 * bullet list. Rendered as text (never as HTML), so the content cannot inject markup.
 */
export function RichText({ body }: { body: string }) {
  const blocks = body.split(/\n\s*\n/).map((block) => block.trim());
  return (
    <>
      {blocks.map((block, i) => {
        const lines = block.split('\n');
        const key = `${i}:${block.slice(0, 24)}`;
        if (lines.every((line) => line.startsWith('- '))) {
          return (
            <ul key={key} className="flex list-disc flex-col gap-1.5 pl-5 marker:text-primary-300">
              {lines.map((line) => (
                <li key={line}>{line.slice(2)}</li>
              ))}
            </ul>
          );
        }
        return (
          <p key={key}>
            {lines.map((line, j) => (
              <Fragment key={line}>
                {j > 0 ? <br /> : null}
                {line}
              </Fragment>
            ))}
          </p>
        );
      })}
    </>
  );
}
