import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** Request durations: from a cached search (a millisecond) to an upload's last chunk (seconds). */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

export type RequestLabels = 'method' | 'route' | 'status';

/**
 * One server process's metrics, in a registry of its own (prom-client's global one would mix the
 * apps a test builds): Node's own (event-loop lag, memory, garbage collection) and the server's.
 * Each process keeps its own; the supervisor sums them (server/metrics/exposition.ts, server/supervision/metricsRelay.ts).
 */
export interface ServerMetrics {
  registry: Registry;
  requests: Counter<RequestLabels>;
  requestSeconds: Histogram<RequestLabels>;
  /** How long rebuilding the catalogue's read models took (told by the catalogue's watcher). */
  catalogueReloadSeconds: Histogram;
  querySeconds: Histogram<'driver'>;
  queryFailures: Counter<'driver'>;
}

export function createMetrics(): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    requests: new Counter({
      name: 'adlane_http_requests_total',
      help: 'Requests answered, by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    requestSeconds: new Histogram({
      name: 'adlane_http_request_duration_seconds',
      help: 'Time from a request to its answer’s headers, by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: REQUEST_BUCKETS,
      registers,
    }),
    catalogueReloadSeconds: new Histogram({
      name: 'adlane_catalogue_reload_seconds',
      help: 'Time to rebuild the catalogue and the search index after a change.',
      buckets: [0.1, 0.25, 0.5, 1, 2, 3, 5, 10],
      registers,
    }),
    querySeconds: new Histogram({
      name: 'adlane_db_query_duration_seconds',
      help: 'Database query durations, by driver.',
      labelNames: ['driver'],
      buckets: QUERY_BUCKETS,
      registers,
    }),
    queryFailures: new Counter({
      name: 'adlane_db_query_failures_total',
      help: 'Database queries that failed, by driver.',
      labelNames: ['driver'],
      registers,
    }),
  };
}
