/**
 * The product's cookie names (README, "Cookies"), all with the brand prefix (`adlane`): one list for
 * the API, which sets them through `meta.drop_cookies`, and the storefront, which reads them.
 */
export const cookieNames = (prefix: string) =>
  ({
    /** The shared single-sign-on cookie, holding the refresh token that the dashboard also reads. */
    dashboardToken: `${prefix}_dashboard_token`,
    cartId: `${prefix}_cart_id`,
    repCode: `${prefix}_rep_code`,
    browserId: `${prefix}_browser_id`,
  }) as const;

export type CookieNames = ReturnType<typeof cookieNames>;

/** How long the cart cookie lasts, in days. */
export const CART_COOKIE_DAYS = 30;
/** How long a sales representative's code is kept, in days (SPEC section 7). */
export const REP_CODE_DAYS = 30;
