import {
  approveBody,
  attachBody,
  commentBody,
  declineBody,
  detachBody,
  filesQuery,
} from '../../../contract/adFiles';
import { approvalRequestsQuery, teamSettingsBody } from '../../../contract/approvalRequests';
import {
  changePasswordBody,
  colleagueCreateBody,
  colleagueValidateBody,
  createSessionQuery,
  emailBody,
  emailChangeBody,
  emailConfirmBody,
  inviteBody,
  loginBody,
  meQuery,
  outboxQuery,
  ownerBody,
  profileBody,
  registerBody,
  resetPasswordBody,
  resetVerifyQuery,
  roleBody,
} from '../../../contract/auth';
import { invoicesQuery, standingPoBody } from '../../../contract/billing';
import {
  billingContact,
  cartItemCreateBody,
  cartItemUpdateBody,
  placeOrderBody,
} from '../../../contract/cart';
import {
  abdmCampaignBody,
  abdmQuoteBody,
  abdmRatesQuery,
  eddmAreaBody,
  eddmAreaPatch,
  eddmCampaignBody,
  eddmCartBody,
  nearbyQuery,
  nearQuery,
  routeQuery,
  zipQuery,
} from '../../../contract/directMail';
import { marketDetailsQuery, marketGeoQuery, marketQuery } from '../../../contract/market';
import { mediaSearchQuery } from '../../../contract/media';
import { ordersCsvQuery, ordersListQuery } from '../../../contract/orders';
import { chatInboxQuery, chatMessageBody, logEventBody, surveySaveBody } from '../../../contract/platform';
import { availabilityQuery, quoteQuery } from '../../../contract/quote';

import { type Endpoint, type FuzzContext, input, KB, rest } from './endpoint';

/** A file id no company has: every call on it must answer 404, never 500. */
const NO_FILE = '00000000-0000-4000-8000-000000000000';

const NEW_PASSWORD = 'correct horse battery staple';

const billing = (ctx: FuzzContext) => ({
  name: 'Ada Lovelace',
  email: `billing.${ctx.email}`,
  phone: '(312) 555-0100',
  company: 'Analytical Engines',
  address: '1 Main St',
  city: 'Chicago',
  state: 'IL',
  zip: '60601',
  po_number: 'PO-1',
});

/** SPEC's REST routes (/api/v1) with what each reads, as the storefront (or another client) would send it. */
export const REST_ENDPOINTS: Endpoint[] = [
  // Accounts
  rest({
    method: 'POST',
    path: '/api/v1/register',
    body: input(registerBody, () => ({
      email: 'new.customer@example.com',
      password: NEW_PASSWORD,
      firstname: 'Ada',
      lastname: 'Lovelace',
      company: 'Analytical Engines',
      source: 'search',
      rep_name: 'Grace',
    })),
  }),
  rest({
    method: 'POST',
    path: '/api/v1/login',
    body: input(loginBody, (ctx) => ({ email: ctx.email, password: ctx.password })),
  }),
  rest({ method: 'GET', path: '/api/v1/login/refresh', auth: 'optional' }),
  rest({
    method: 'GET',
    path: '/api/v1/login/create',
    query: input(createSessionQuery, (ctx) => ({ hydrate: '1', code: ctx.signinCode })),
  }),
  rest({
    method: 'POST',
    path: '/api/v1/login/link',
    body: input(emailBody, (ctx) => ({ email: ctx.email })),
  }),
  rest({ method: 'POST', path: '/api/v1/logout', auth: 'never' }),
  rest({
    method: 'POST',
    path: '/api/v1/forgotpassword',
    body: input(emailBody, (ctx) => ({ email: ctx.email })),
  }),
  rest({
    method: 'GET',
    path: '/api/v1/resetverify',
    query: input(resetVerifyQuery, (ctx) => ({ ...ctx.reset })),
  }),
  rest({
    method: 'POST',
    path: '/api/v1/resetpassword',
    body: input(resetPasswordBody, (ctx) => ({
      ...ctx.reset,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    })),
  }),
  rest({
    method: 'POST',
    path: '/api/v1/colleague/validate',
    body: input(colleagueValidateBody, (ctx) => ({ uuid: ctx.invite.uuid, coid: ctx.invite.coid })),
  }),
  rest({
    method: 'POST',
    path: '/api/v1/colleague/create',
    body: input(colleagueCreateBody, (ctx) => ({
      uuid: ctx.invite.uuid,
      coid: ctx.invite.coid,
      firstname: 'Charles',
      lastname: 'Babbage',
      email: ctx.invite.email,
      password: NEW_PASSWORD,
    })),
  }),
  rest({
    method: 'GET',
    path: '/api/v1/me',
    auth: 'required',
    query: input(meQuery, (ctx) => ({ cart: ctx.cartId })),
  }),
  rest({
    method: 'POST',
    path: '/api/v1/me/password',
    auth: 'required',
    // Never the right current password: a change would end the sign-in the other requests use.
    body: input(changePasswordBody, () => ({
      current_password: 'not the current password',
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    })),
  }),
  rest({
    method: 'PATCH',
    path: '/api/v1/me',
    auth: 'required',
    body: input(profileBody, () => ({ firstname: 'Ada', phone: '(312) 555-0100', ad_reminders: true })),
  }),
  rest({
    method: 'POST',
    path: '/api/v1/me/avatar',
    auth: 'required',
    maxBody: 5 * 1024 * KB + 64 * KB,
  }),
  rest({ method: 'DELETE', path: '/api/v1/me/avatar', auth: 'required' }),
  rest({ method: 'GET', path: '/api/v1/avatars/:file', params: { file: () => `${NO_FILE}.webp` } }),
  rest({
    method: 'POST',
    path: '/api/v1/me/email',
    auth: 'required',
    // Never the right password: a change would send mail the other requests do not expect.
    body: input(emailChangeBody, () => ({
      email: 'moved@example.com',
      current_password: 'not the password',
    })),
  }),
  rest({
    method: 'POST',
    path: '/api/v1/me/email/confirm',
    body: input(emailConfirmBody, () => ({ code: 'x'.repeat(43) })),
  }),
  rest({ method: 'GET', path: '/api/v1/team', auth: 'required' }),
  ...(['cancel', 'resend'] as const).map((action) =>
    rest({
      method: 'POST',
      path: `/api/v1/team/invitations/:id/${action}`,
      auth: 'required',
      params: { id: () => NO_FILE },
    }),
  ),
  rest({
    method: 'POST',
    path: '/api/v1/team/members/:uuid/role',
    auth: 'required',
    params: { uuid: () => NO_FILE },
    body: input(roleBody, () => ({ role: 'member' })),
  }),
  rest({
    method: 'POST',
    path: '/api/v1/team/members/:uuid/remove',
    auth: 'required',
    params: { uuid: () => NO_FILE },
  }),
  rest({
    method: 'POST',
    path: '/api/v1/team/owner',
    auth: 'required',
    body: input(ownerBody, () => ({ uuid: NO_FILE })),
  }),
  rest({
    method: 'GET',
    path: '/api/v1/invoices',
    auth: 'required',
    query: input(invoicesQuery, () => ({ status: 'open', page: 2 })),
  }),
  rest({
    method: 'GET',
    path: '/api/v1/invoices/:file',
    auth: 'required',
    params: { file: () => 'INV-27-999999.pdf' },
  }),
  rest({
    method: 'POST',
    path: '/api/v1/invoices/:number/pay',
    auth: 'required',
    params: { number: () => 'INV-27-999999' },
  }),
  rest({ method: 'GET', path: '/api/v1/billing/contact', auth: 'required' }),
  rest({ method: 'GET', path: '/api/v1/billing/po', auth: 'required' }),
  rest({
    method: 'PUT',
    path: '/api/v1/billing/po',
    auth: 'required',
    body: input(standingPoBody, () => ({ po_number: 'PO-2027-14' })),
  }),
  rest({
    method: 'PUT',
    path: '/api/v1/billing/contact',
    auth: 'required',
    body: input(billingContact, () => ({
      name: 'Accounts Payable',
      email: 'ap@example.com',
      phone: '(312) 555-0100',
      company: 'Example Co',
      address: '1 Main St',
      city: 'Chicago',
      state: 'IL',
      zip: '60601',
    })),
  }),
  rest({
    method: 'POST',
    path: '/api/v1/team/invite',
    auth: 'required',
    body: input(inviteBody, () => ({
      email: 'colleague@example.com',
      firstname: 'Charles',
      lastname: 'Babbage',
    })),
  }),
  rest({
    method: 'GET',
    path: '/api/v1/dev/outbox',
    query: input(outboxQuery, (ctx) => ({ to: ctx.email, limit: 5 })),
  }),
  rest({
    method: 'GET',
    path: '/api/v1/dev/chat',
    query: input(chatInboxQuery, (ctx) => ({ browser_id: ctx.browserId, limit: 5 })),
  }),

  // Catalogue
  rest({ method: 'GET', path: '/api/v1/ui/stats' }),
  rest({ method: 'GET', path: '/api/v1/ui/company' }),
  rest({ method: 'GET', path: '/api/v1/ui/home/known', auth: 'required' }),
  rest({
    method: 'POST',
    path: '/api/v1/media/search',
    query: input(mediaSearchQuery, (ctx) => ({
      media_types: ['printmag', 'tv'],
      lifestyle: 'all',
      zip: [ctx.zip],
      search: 'chicago',
      page: 1,
      per_page: 12,
    })),
  }),
  rest({ method: 'GET', path: '/api/v1/media/type/eddm' }),
  rest({ method: 'GET', path: '/api/v1/media/:mediacode', params: { mediacode: (ctx) => ctx.mediacode } }),
  rest({
    method: 'GET',
    path: '/api/v1/media/:mediacode/availability',
    params: { mediacode: (ctx) => ctx.mediacode },
    query: input(availabilityQuery, (ctx) => ({ prodcode: ctx.prodcode })),
  }),
  rest({
    method: 'GET',
    path: '/api/v1/media/:mediacode/quote',
    params: { mediacode: (ctx) => ctx.mediacode },
    query: input(quoteQuery, (ctx) => ({ dates: ctx.dates, quantity: ctx.quantity })),
  }),
  ...(['demographics', 'poi'] as const).map((what) =>
    rest({
      method: 'GET',
      path: `/api/v1/market/${what}`,
      query: input(marketQuery, (ctx) => ({ prodcode: ctx.prodcode, mediacode: ctx.mediacode })),
    }),
  ),
  rest({
    method: 'GET',
    path: '/api/v1/market/details',
    query: input(marketDetailsQuery, (ctx) => ({ prodcode: ctx.prodcode, zips_expanded: '1' })),
  }),
  rest({
    method: 'GET',
    path: '/api/v1/market/geo',
    query: input(marketGeoQuery, (ctx) => ({ prodcode: ctx.prodcode })),
  }),
  rest({
    method: 'GET',
    path: '/api/v1/market/nearby',
    query: input(nearbyQuery, (ctx) => ({ lat: 41.88, lng: -87.63, mediacode: ctx.mediacode })),
  }),
  rest({
    method: 'GET',
    path: '/api/v1/market/preferences/:uuid',
    auth: 'required',
    params: { uuid: (ctx) => ctx.userId },
  }),

  // Cart and checkout
  rest({
    method: 'POST',
    path: '/api/v1/checkout/item/create',
    auth: 'optional',
    body: input(cartItemCreateBody, (ctx) => ({
      mediacode: ctx.mediacode,
      dates: ctx.dates,
      quantity: ctx.quantity,
      cartid: ctx.cartId,
    })),
  }),
  rest({
    method: 'GET',
    path: '/api/v1/checkout/:cartId',
    auth: 'optional',
    params: { cartId: (ctx) => ctx.cartId },
  }),
  rest({
    method: 'POST',
    path: '/api/v1/checkout/:cartId/item/:itemId/delete',
    auth: 'optional',
    params: { cartId: (ctx) => ctx.spareCartId, itemId: (ctx) => String(ctx.spareItemId) },
  }),
  rest({
    method: 'POST',
    path: '/api/v1/checkout/:cartId/item/:itemId/restore',
    auth: 'optional',
    params: { cartId: (ctx) => ctx.spareCartId, itemId: (ctx) => String(ctx.spareItemId) },
  }),
  rest({
    method: 'POST',
    path: '/api/v1/checkout/:cartId/item/:itemId/update',
    auth: 'optional',
    params: { cartId: (ctx) => ctx.spareCartId, itemId: (ctx) => String(ctx.spareItemId) },
    body: input(cartItemUpdateBody, (ctx) => ({ dates: ctx.dates, quantity: ctx.quantity })),
  }),
  rest({
    method: 'POST',
    path: '/api/v1/checkout/:cartId/place',
    auth: 'required',
    params: { cartId: (ctx) => ctx.cartId },
    body: input(placeOrderBody, (ctx) => ({
      billing: billing(ctx),
      idempotency_key: 'fuzz-idempotency-key-0001',
      item_ids: ctx.itemIds,
    })),
  }),
  rest({
    method: 'GET',
    path: '/api/v1/orders',
    auth: 'required',
    query: input(ordersListQuery, (ctx) => ({ status: 'upcoming', page: 1, q: ctx.orderNumber })),
  }),
  rest({ method: 'GET', path: '/api/v1/orders/stats', auth: 'required' }),
  rest({ method: 'GET', path: '/api/v1/orders/due', auth: 'required' }),
  rest({
    method: 'GET',
    path: '/api/v1/orders.csv',
    auth: 'required',
    query: input(ordersCsvQuery, () => ({ status: 'past' })),
  }),
  rest({
    method: 'GET',
    path: '/api/v1/orders/:orderNumber',
    auth: 'required',
    params: { orderNumber: (ctx) => ctx.orderNumber },
  }),
  // The order of the context is upcoming and cancellable: a cancel that goes through leaves it
  // cancelled, and booking it again then adds to the customer's cart, which the fuzz may do often.
  ...(['cancel', 'again'] as const).map((action) =>
    rest({
      method: 'POST',
      path: `/api/v1/orders/:orderNumber/${action}`,
      auth: 'required',
      params: { orderNumber: (ctx) => ctx.orderNumber },
    }),
  ),

  // Ad files (the tus endpoint speaks headers, not bodies: tests/server/files.test.ts covers it)
  rest({
    method: 'GET',
    path: '/api/v1/files',
    auth: 'required',
    query: input(filesQuery, (ctx) => ({ view: 'attention', order: ctx.orderNumber })),
  }),
  ...(['', '/download', '/thumbnail'] as const).map((suffix) =>
    rest({
      method: 'GET',
      path: `/api/v1/files/:id${suffix}`,
      auth: 'required',
      params: { id: () => NO_FILE },
    }),
  ),
  rest({
    method: 'POST',
    path: '/api/v1/files/:id/approve',
    auth: 'required',
    params: { id: () => NO_FILE },
    body: input(approveBody, (ctx) => ({ order: ctx.orderNumber, run: '2027/03' })),
  }),
  rest({
    method: 'POST',
    path: '/api/v1/files/:id/detach',
    auth: 'required',
    params: { id: () => NO_FILE },
    body: input(detachBody, (ctx) => ({ order: ctx.orderNumber, run: '2027/03' })),
  }),
  rest({
    method: 'GET',
    path: '/api/v1/orders/:orderNumber/files.zip',
    auth: 'required',
    params: { orderNumber: (ctx) => ctx.orderNumber },
  }),
  // Issue 33: approvals that need an admin.
  rest({
    method: 'GET',
    path: '/api/v1/approval-requests',
    auth: 'required',
    query: input(approvalRequestsQuery, () => ({ state: 'all' })),
  }),
  rest({
    method: 'POST',
    path: '/api/v1/approval-requests/:id/accept',
    auth: 'required',
    params: { id: () => '999999' },
  }),
  rest({
    method: 'POST',
    path: '/api/v1/approval-requests/:id/decline',
    auth: 'required',
    params: { id: () => '999999' },
    body: input(declineBody, () => ({ reason: 'The phone number is last year’s.' })),
  }),
  rest({
    method: 'DELETE',
    path: '/api/v1/approval-requests/:id',
    auth: 'required',
    params: { id: () => '999999' },
  }),
  rest({
    method: 'PATCH',
    path: '/api/v1/team/settings',
    auth: 'required',
    body: input(teamSettingsBody, () => ({ approvals_need_admin: false })),
  }),
  rest({
    method: 'POST',
    path: '/api/v1/files/:id/attach',
    auth: 'required',
    params: { id: () => NO_FILE },
    body: input(attachBody, (ctx) => ({ order: ctx.orderNumber, run: '2027/03' })),
  }),
  // Issue 33: comments on a file, and an order's thread.
  rest({
    method: 'GET',
    path: '/api/v1/files/:id/comments',
    auth: 'required',
    params: { id: () => NO_FILE },
  }),
  rest({
    method: 'POST',
    path: '/api/v1/files/:id/comments',
    auth: 'required',
    params: { id: () => NO_FILE },
    body: input(commentBody, () => ({
      body: 'Check the bleed.',
      pin: { page: 1, x: 0.5, y: 0.5 },
      mentions: [],
    })),
  }),
  rest({
    method: 'DELETE',
    path: '/api/v1/files/:id/comments/:commentId',
    auth: 'required',
    params: { id: () => NO_FILE, commentId: () => NO_FILE },
  }),
  rest({
    method: 'GET',
    path: '/api/v1/orders/:orderNumber/comments',
    auth: 'required',
    params: { orderNumber: (ctx) => ctx.orderNumber },
  }),

  // Direct mail
  ...(['zip', 'zipgeom'] as const).map((what) =>
    rest({
      method: 'GET',
      path: `/api/v1/eddm/${what}`,
      query: input(zipQuery, (ctx) => ({ zip: ctx.zip })),
    }),
  ),
  rest({
    method: 'GET',
    path: '/api/v1/eddm/near',
    query: input(nearQuery, () => ({ lat: 41.92, lng: -87.65, miles: 1 })),
  }),
  rest({
    method: 'GET',
    path: '/api/v1/eddm/routebounds',
    query: input(routeQuery, (ctx) => ({ routecode: ctx.routecode })),
  }),
  rest({
    method: 'POST',
    path: '/api/v1/eddm/cart',
    maxBody: 64 * KB,
    body: input(eddmCartBody, (ctx) => ({ routes: [ctx.routecode], residential_only: false })),
  }),
  rest({
    method: 'POST',
    path: '/api/v1/eddm/cart/:id',
    maxBody: 64 * KB,
    params: { id: (ctx) => ctx.selectionId },
    body: input(eddmCartBody, (ctx) => ({ routes: [ctx.routecode], residential_only: true })),
  }),
  rest({ method: 'GET', path: '/api/v1/eddm/cart/:id', params: { id: (ctx) => ctx.selectionId } }),
  rest({ method: 'GET', path: '/api/v1/eddm/areas', auth: 'required' }),
  rest({
    method: 'POST',
    path: '/api/v1/eddm/areas',
    auth: 'required',
    maxBody: 64 * KB,
    body: input(eddmAreaBody, (ctx) => ({ name: 'Around the shop', routes: [ctx.routecode] })),
  }),
  rest({
    method: 'GET',
    path: '/api/v1/eddm/areas/:id',
    auth: 'required',
    params: { id: () => NO_FILE },
  }),
  rest({
    method: 'PATCH',
    path: '/api/v1/eddm/areas/:id',
    auth: 'required',
    maxBody: 64 * KB,
    params: { id: () => NO_FILE },
    body: input(eddmAreaPatch, () => ({ name: 'Near the shop' })),
  }),
  rest({
    method: 'DELETE',
    path: '/api/v1/eddm/areas/:id',
    auth: 'required',
    params: { id: () => NO_FILE },
  }),
  rest({
    method: 'POST',
    path: '/api/v1/eddm/campaign/create',
    auth: 'optional',
    maxBody: 64 * KB,
    body: input(eddmCampaignBody, (ctx) => ({
      date_start: ctx.dropWeek,
      eddmcartid: ctx.selectionId,
      cartid: ctx.spareCartId,
    })),
  }),
  rest({
    method: 'GET',
    path: '/api/v1/abdm/rates',
    query: input(abdmRatesQuery, (ctx) => ({ zip: ctx.zip, prodcode: ctx.prodcode })),
  }),
  rest({
    method: 'POST',
    path: '/api/v1/abdm/campaign/quote',
    maxBody: 64 * KB,
    body: input(abdmQuoteBody, (ctx) => ({ mediacode: ctx.abdmMediacode, zipcodes: `${ctx.zip},60657` })),
  }),
  rest({
    method: 'POST',
    path: '/api/v1/abdm/campaign/create',
    auth: 'optional',
    maxBody: 64 * KB,
    body: input(abdmCampaignBody, (ctx) => ({
      mediacode: ctx.abdmMediacode,
      zipcodes: `${ctx.zip},60657`,
      date_start: ctx.dropWeek,
      cartid: ctx.spareCartId,
    })),
  }),

  // Platform
  rest({
    method: 'POST',
    path: '/api/v1/log/event',
    auth: 'optional',
    maxBody: 8 * KB,
    body: input(logEventBody, (ctx) => ({
      event: 'view_item',
      browser_id: ctx.browserId,
      path: '/shop',
      properties: JSON.stringify({ mediacode: ctx.mediacode }),
    })),
  }),
  rest({
    method: 'POST',
    path: '/api/v1/chat/messages',
    body: input(chatMessageBody, (ctx) => ({
      browser_id: ctx.browserId,
      text: 'Do you sell radio?',
      path: '/shop',
      visitor: { name: 'Ada', email: ctx.email },
    })),
  }),
  rest({ method: 'GET', path: '/api/v1/surveymonkey/details', auth: 'required' }),
  rest({
    method: 'POST',
    path: '/api/v1/surveymonkey/save',
    auth: 'required',
    body: input(surveySaveBody, () => ({ survey_id: 'onboarding-2026', declined: false, answers: {} })),
  }),
  rest({ method: 'GET', path: '/api/v1/nowhere/:id', params: { id: () => 'x' } }),
];
