/**
 * The e-mails about ad files: a mention in a file's comments and the approvals that need an admin.
 * Their own file so each family of templates reads on one screen.
 */

import { ApprovalDecided, approvalDecidedSubject } from './ApprovalDecided';
import { ApprovalRequested } from './ApprovalRequested';
import { CommentMention } from './CommentMention';
import { link, type MailTemplates } from './mailTemplate';

/** Ad-file e-mails. */
export const fileMails: MailTemplates<'comment-mention' | 'approval-requested' | 'approval-decided'> = {
  'comment-mention': {
    component: CommentMention,
    // A fixed subject: the commenter's name and words are what people typed, kept to the body.
    subject: (p) => `You were mentioned in a comment on ${p.brand.product}`,
    essential: true,
    sample: (brand) => ({
      brand,
      firstname: 'Sam',
      commenter: 'Dana Whitfield',
      file: 'spring-sale.pdf',
      comment: 'Can you check the logo on page 2? It looks blurred at print size.',
      link: link(brand, '/files/0b6f4c1e-2d3a-4f5b-8c9d-0e1f2a3b4c5d'),
    }),
  },
  // Issue 33: the file's name and the reason are what people typed: kept out of the subjects.
  'approval-requested': {
    component: ApprovalRequested,
    subject: (p) => `An ad file for order ${p.order} waits for your approval`,
    essential: true,
    sample: (brand) => ({
      brand,
      firstname: 'Dana',
      asker: 'Ben Okafor',
      file: 'spring-sale.pdf',
      order: 'AD-00-000123',
      run: 'March 2027 issue',
      link: link(brand, '/files'),
    }),
  },
  'approval-decided': {
    component: ApprovalDecided,
    subject: approvalDecidedSubject,
    essential: true,
    sample: (brand) => ({
      brand,
      firstname: 'Ben',
      decision: 'declined',
      by: 'Dana Whitfield',
      file: 'spring-sale.pdf',
      order: 'AD-00-000123',
      run: 'March 2027 issue',
      reason: 'The phone number is last year’s: please use 555-0134.',
      link: link(brand, '/files'),
    }),
  },
};
