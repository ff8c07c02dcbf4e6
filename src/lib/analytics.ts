import { config } from '../config';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/** GA4's event parameters: the data layer's `ecommerce` object spread to the top level. */
function flatForGtag(params: Record<string, unknown>): Record<string, unknown> {
  const { ecommerce, ...rest } = params;
  return ecommerce && typeof ecommerce === 'object'
    ? { ...rest, ...(ecommerce as Record<string, unknown>) }
    : rest;
}

/**
 * Pushes an analytics event to the data layer and to gtag (SPEC section 7). Without a configured tag
 * both are local no-ops; a failure is logged, never thrown into the flow that caused the event.
 */
export function pushAnalytics(
  event: string,
  params: Record<string, unknown> = {},
  tagId: string = config.analyticsTagId,
): void {
  try {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ event, ...params });
    // gtag (GA4) only with a tag: it takes its e-commerce fields (currency, value, items) flat, and
    // without a tag its calls would only repeat the event in the data layer.
    if (tagId) window.gtag?.('event', event, flatForGtag(params));
  } catch (error) {
    console.error('Error pushing analytics event:', error);
  }
}
