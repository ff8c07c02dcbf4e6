import { AggregatorRegistry, type Registry } from 'prom-client';

/** A scrape's answer: the Prometheus text format and its content type. */
export interface Exposition {
  text: string;
  contentType: string;
}

/** One process's metrics as prom-client writes them down to send them to another process. */
export type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

export async function expositionOf(registry: {
  metrics(): Promise<string>;
  readonly contentType: string;
}): Promise<Exposition> {
  return { text: await registry.metrics(), contentType: registry.contentType };
}

/**
 * The metrics of several server processes as one: counters and histograms summed, gauges as each
 * says (`max` for figures they all read from the database), the way prom-client's cluster module
 * does it (its aggregation works on any process's JSON, here sent over the supervisor's channel).
 */
export function aggregated(processes: readonly MetricsJson[]): Promise<Exposition> {
  return expositionOf(AggregatorRegistry.aggregate([...processes]));
}
