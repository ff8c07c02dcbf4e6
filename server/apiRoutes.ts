import { Hono } from 'hono';
import { adminRoutes } from './admin/index';
import type { AppEnv } from './env';
import type { UploadStorage } from './files/storage';
import { abdmRoutes } from './routes/abdm';
import { approvalRequestRoutes } from './routes/approvalRequests';
import { authRoutes } from './routes/auth';
import { billingContactRoutes, invoiceRoutes } from './routes/billing';
import { chatRoutes } from './routes/chat';
import { checkoutRoutes } from './routes/checkout';
import { colleagueRoutes } from './routes/colleague';
import { designRoutes } from './routes/design';
import { devRoutes } from './routes/dev';
import { eddmRoutes } from './routes/eddm';
import { eddmAreaRoutes } from './routes/eddmAreas';
import { fileCommentRoutes, orderCommentRoutes } from './routes/fileComments';
import { fileRoutes } from './routes/files';
import { homeRoutes } from './routes/home';
import { logRoutes } from './routes/log';
import { marketRoutes } from './routes/market';
import { avatarRoutes, meRoutes } from './routes/me';
import { mediaRoutes } from './routes/media';
import { orderFilesZipRoutes } from './routes/orderFilesZip';
import { orderRoutes, ordersCsvRoutes } from './routes/orders';
import { paymentSettingsRoutes } from './routes/paymentSettings';
import { preferenceRoutes } from './routes/preferences';
import { receiptRoutes } from './routes/receipts';
import { standingPoRoutes } from './routes/standingPo';
import { surveyRoutes } from './routes/survey';
import { teamRoutes } from './routes/team';
import { uiRoutes } from './routes/ui';
import { webhookRoutes } from './routes/webhooks';

/*
 * The API under /api/v1: one router per resource, each mounted on its prefix. Its own file because
 * this list grows with nearly every issue, while the app around it (middleware, errors, the site)
 * seldom changes.
 */

/** The routers of /api/v1; `uploadStorage` opens where ad files are kept, on first use. */
export function apiRoutes(uploadStorage: () => Promise<UploadStorage>) {
  const api = new Hono<AppEnv>();
  api.route('/ui', uiRoutes);
  api.route('/ui', homeRoutes);
  api.route('/media', mediaRoutes);
  api.route('/market', marketRoutes);
  api.route('/market', preferenceRoutes);
  api.route('/checkout', checkoutRoutes);
  api.route('/eddm/areas', eddmAreaRoutes);
  api.route('/eddm', eddmRoutes);
  api.route('/abdm', abdmRoutes);
  api.route('/orders', orderRoutes);
  api.route('/files', fileRoutes(uploadStorage));
  api.route('/orders', orderFilesZipRoutes(uploadStorage));
  api.route('/files', fileCommentRoutes);
  api.route('/orders', orderCommentRoutes);
  api.route('/approval-requests', approvalRequestRoutes);
  api.route('/', ordersCsvRoutes);
  api.route('/', authRoutes);
  api.route('/colleague', colleagueRoutes);
  api.route('/me', meRoutes);
  api.route('/avatars', avatarRoutes);
  api.route('/team', teamRoutes);
  api.route('/invoices', invoiceRoutes);
  api.route('/billing', billingContactRoutes);
  api.route('/billing', standingPoRoutes);
  api.route('/dev', devRoutes);
  api.route('/log', logRoutes);
  api.route('/chat', chatRoutes);
  api.route('/surveymonkey', surveyRoutes);
  api.route('/webhooks', webhookRoutes);
  // Issue 30, part 4 (saved card, receipts).
  api.route('/billing', paymentSettingsRoutes);
  api.route('/invoices', receiptRoutes);
  api.route('/admin', adminRoutes);
  // Issue 31, part 4: the customer's design round.
  api.route('/orders', designRoutes);
  return api;
}
