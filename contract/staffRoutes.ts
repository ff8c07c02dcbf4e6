import type { StaffPermission } from './staff';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** One back-office route and who may call it (`public`: no session, e.g. sign-in). */
export interface AdminRoute {
  method: Method;
  /** Under /api/v1/admin, with Hono's `:param` names. */
  path: string;
  permission: StaffPermission | 'public';
}

/**
 * Every /api/v1/admin route. tests/server/adminRouteTable.test.ts checks that the app serves exactly
 * these and that each role gets 403 exactly where its permission is missing: a route added without a
 * row fails that test by name.
 */
export const ADMIN_ROUTES: readonly AdminRoute[] = [
  // Issue 31, part 1: staff, sessions, audit.
  { method: 'POST', path: '/setup', permission: 'public' },
  { method: 'GET', path: '/join', permission: 'public' },
  { method: 'POST', path: '/join', permission: 'public' },
  { method: 'POST', path: '/login', permission: 'public' },
  { method: 'POST', path: '/logout', permission: 'signedIn' },
  { method: 'GET', path: '/me', permission: 'signedIn' },
  { method: 'GET', path: '/staff', permission: 'staff.manage' },
  { method: 'POST', path: '/staff/invites', permission: 'staff.manage' },
  { method: 'PATCH', path: '/staff/:id', permission: 'staff.manage' },
  { method: 'GET', path: '/audit', permission: 'audit.read' },
  // Issue 31, part 2: the catalogue.
  { method: 'GET', path: '/placements', permission: 'catalogue.read' },
  { method: 'GET', path: '/placements/:mediacode', permission: 'catalogue.read' },
  { method: 'GET', path: '/markets', permission: 'catalogue.read' },
  { method: 'POST', path: '/placements', permission: 'catalogue.edit' },
  { method: 'PATCH', path: '/placements/:mediacode', permission: 'catalogue.edit' },
  { method: 'POST', path: '/placements/:mediacode/images', permission: 'catalogue.edit' },
  { method: 'DELETE', path: '/placements/:mediacode/images/:id', permission: 'catalogue.edit' },
  // Issue 31, part 3: orders and fulfilment.
  { method: 'GET', path: '/orders', permission: 'orders.read' },
  { method: 'GET', path: '/orders/:number', permission: 'orders.read' },
  { method: 'GET', path: '/orders/:number/runs/:run/proofs/:id', permission: 'orders.read' },
  { method: 'POST', path: '/orders/:number/booking', permission: 'orders.fulfil' },
  { method: 'POST', path: '/orders/:number/runs/:run/proof', permission: 'orders.fulfil' },
  { method: 'POST', path: '/orders/:number/notes', permission: 'orders.fulfil' },
  { method: 'POST', path: '/orders/:number/cancel', permission: 'orders.fulfil' },
  // Issue 31, part 4: ad-file review and the design service.
  { method: 'GET', path: '/files', permission: 'files.read' },
  { method: 'GET', path: '/files/:id/download', permission: 'files.read' },
  { method: 'POST', path: '/files/:id/accept', permission: 'files.review' },
  { method: 'POST', path: '/files/:id/return', permission: 'files.review' },
  { method: 'GET', path: '/orders/:number/design', permission: 'orders.read' },
  { method: 'GET', path: '/orders/:number/design/files/:id', permission: 'orders.read' },
  { method: 'GET', path: '/orders/:number/design/proofs/:n/file', permission: 'orders.read' },
  { method: 'POST', path: '/orders/:number/design/proofs', permission: 'design.proofs' },
  // Issue 32, part 1: customers, their people, terms and reps.
  { method: 'GET', path: '/companies', permission: 'customers.read' },
  { method: 'GET', path: '/companies/:coid', permission: 'customers.read' },
  { method: 'PATCH', path: '/companies/:coid', permission: 'customers.terms' },
  { method: 'POST', path: '/companies/:coid/invitations/:id/resend', permission: 'customers.manage' },
  { method: 'PATCH', path: '/companies/:coid/people/:id', permission: 'customers.manage' },
  // Issue 32, part 2: money in (payments, credits).
  { method: 'GET', path: '/money', permission: 'money.manage' },
  { method: 'GET', path: '/money/companies/:coid', permission: 'money.manage' },
  { method: 'POST', path: '/payments', permission: 'money.manage' },
  { method: 'POST', path: '/credits', permission: 'money.manage' },
  { method: 'POST', path: '/credits/:id/apply', permission: 'money.manage' },
  // Issue 32, part 3: receivables.
  { method: 'GET', path: '/reports/receivables', permission: 'receivables.read' },
  { method: 'GET', path: '/invoices/:number', permission: 'customers.read' },
  // Issue 32, part 4: reports.
  { method: 'GET', path: '/reports/sales', permission: 'reports.read' },
  { method: 'GET', path: '/reports/files-at-risk', permission: 'reports.read' },
  { method: 'GET', path: '/reports/conversion', permission: 'reports.read' },
];
