declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/**
 * Pushes an analytics event to the data layer and to gtag (SPEC section 7). Without a configured tag
 * both are local no-ops; a failure is logged, never thrown into the flow that caused the event.
 */
export function pushAnalytics(event: string, params: Record<string, unknown> = {}): void {
  try {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ event, ...params });
    window.gtag?.('event', event, params);
  } catch (error) {
    console.error('Error pushing analytics event:', error);
  }
}
