import type { Registry } from 'prom-client';
import { type Exposition, expositionOf, type MetricsJson } from '../metrics/exposition';
import { isToWorker, type ToSupervisor } from './protocol';

/** How long a server process waits for the supervisor's sum before it answers with its own figures. */
const SUPERVISOR_WAIT_MS = 3_000;

/**
 * A supervised server process's side of the metrics: it sends its figures when the supervisor asks
 * for them, and a scrape it receives is answered with every process's, which the supervisor sums
 * (a load balancer sends the scrape to any one of them). Returns what answers a scrape.
 */
export function relayMetrics(
  registry: Registry,
  tell: (message: ToSupervisor) => void,
): () => Promise<Exposition> {
  const waiting = new Map<number, (answer: Exposition) => void>();
  let nextId = 0;
  process.on('message', (message) => {
    if (!isToWorker(message)) return;
    if (message.type === 'metrics') {
      const { id } = message;
      void registry.getMetricsAsJSON().then((json: MetricsJson) => tell({ type: 'metrics', id, json }));
    } else if (message.type === 'metricsAnswer')
      waiting.get(message.id)?.({ text: message.text, contentType: message.contentType });
  });
  return () => {
    const id = nextId++;
    return new Promise<Exposition>((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        // The supervisor is busy or gone: this process's figures are better than none.
        resolve(expositionOf(registry));
      }, SUPERVISOR_WAIT_MS);
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(answer);
      });
      tell({ type: 'metricsRequest', id });
    });
  };
}
