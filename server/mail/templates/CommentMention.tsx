import { Text } from '@react-email/components';
import { mailText } from '../text';
import type { Brand } from './brand';
import { Layout } from './Layout';
import { Action, Para } from './parts';

export interface CommentMentionProps {
  brand: Brand;
  firstname: string;
  /** Who wrote the comment. */
  commenter: string;
  /** The file's name as it was uploaded. */
  file: string;
  /** The comment, as written. */
  comment: string;
  /** The file's page, where the thread is. */
  link: string;
}

const quote = {
  borderLeft: '3px solid #c9c4e4',
  margin: '8px 0 16px',
  padding: '4px 0 4px 12px',
  fontSize: '15px',
  lineHeight: '22px',
  color: '#3a3550',
};

/** To someone a colleague named in a comment on one of the company's files: who, on what, and what they said. */
export const CommentMention = (p: CommentMentionProps) => {
  const commenter = mailText(p.commenter, 'A colleague');
  // A comment that carries a link is not repeated: a link must not reach an inbox in our words.
  const comment = mailText(p.comment, '');
  return (
    <Layout
      brand={p.brand}
      preview={`${commenter} mentioned you in a comment`}
      heading="You were mentioned in a comment"
    >
      <Para>
        Hi {mailText(p.firstname, 'there')}, {commenter} mentioned you in a comment on{' '}
        {mailText(p.file, 'an ad file')}:
      </Para>
      {comment ? (
        <Text style={quote}>“{comment}”</Text>
      ) : (
        <Para>Their comment holds a link: read it on the file’s page.</Para>
      )}
      <Action href={p.link} label="Open the file and reply" />
    </Layout>
  );
};
