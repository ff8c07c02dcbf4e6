/**
 * The index from an e-mail's kind to its template; the templates themselves live by family
 * (account, order, billing, file), the types they share in mailTemplate.ts.
 */
import type { MailKind } from '../kinds';
import { accountMails } from './accountMails';
import { billingMails } from './billingMails';
import { fileMails } from './fileMails';
import type { MailTemplates } from './mailTemplate';
import { orderMails } from './orderMails';

/** Every e-mail's template: a kind without one does not compile. */
export const templates: MailTemplates<MailKind> = {
  ...accountMails,
  ...orderMails,
  ...billingMails,
  ...fileMails,
};
