import { mailText } from '../text';
import type { Brand } from './brand';
import { Layout } from './Layout';
import { Action, Para } from './parts';

export interface FileReturnedProps {
  brand: Brand;
  firstname: string;
  /** The file's name as it was uploaded. */
  file: string;
  order: string;
  placement: string;
  run: string;
  /** Why our production team sent it back, in their words. */
  note: string;
  /** When the run's ad is due, in words. */
  due: string;
  link: string;
}

/** To whoever sent the file: our production team cannot run it, why, and by when a new one is needed. */
export const FileReturned = (p: FileReturnedProps) => {
  const note = mailText(p.note, '');
  return (
    <Layout
      brand={p.brand}
      preview={`Please send a new file for order ${p.order}`}
      heading="Your ad file was sent back"
    >
      <Para>
        Hi {mailText(p.firstname, 'there')}, our production team sent back {mailText(p.file, 'your file')} for{' '}
        {p.placement}, {p.run} (order {p.order}).
      </Para>
      <Para>{note ? `Their note: ${note}` : "Their note is on the order's page."}</Para>
      <Para>Please send a new file by {p.due}, when the ad is due.</Para>
      <Action href={p.link} label="Send a new file" />
    </Layout>
  );
};
