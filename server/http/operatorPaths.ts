/**
 * The paths a load balancer's probes and a metrics scraper ask every few seconds. Kept free of
 * imports: the traces' set-up (server/telemetry.ts) reads them before any module it instruments.
 */
export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';
export const METRICS_PATH = '/metrics';

/** They say nothing of a request of the product: logged at debug, never traced nor counted. */
export const OPERATOR_PATHS = [HEALTH_PATH, READY_PATH, METRICS_PATH] as const;
