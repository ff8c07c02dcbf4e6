import { createServer } from 'node:http';

/**
 * A stand-in for an OpenTelemetry collector: it takes what an OTLP/HTTP exporter sends as JSON to
 * `/v1/traces` and keeps the spans, so a test can wait for the spans it expects and read them.
 */

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP's numbers: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, string | number | boolean>;
}

export const SPAN_KIND = { server: 2, client: 3 } as const;

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  doubleValue?: number;
  boolValue?: boolean;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: OtlpValue }[];
}
interface OtlpExport {
  resourceSpans?: { scopeSpans?: { spans?: OtlpSpan[] }[] }[];
}

const plain = (value: OtlpValue) =>
  value.stringValue ??
  (value.intValue !== undefined ? Number(value.intValue) : undefined) ??
  value.doubleValue ??
  value.boolValue ??
  '';

export async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const watchers = new Set<() => void>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const sent = JSON.parse(Buffer.concat(chunks).toString() || '{}') as OtlpExport;
        for (const resource of sent.resourceSpans ?? [])
          for (const scope of resource.scopeSpans ?? [])
            for (const span of scope.spans ?? [])
              spans.push({
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId ?? '',
                name: span.name,
                kind: span.kind,
                attributes: Object.fromEntries(
                  (span.attributes ?? []).map(({ key, value }) => [key, plain(value)]),
                ),
              });
        for (const watch of watchers) watch();
      }
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans: () => [...spans],
    /** Resolves with what `find` returns once it returns something; rejects after `withinMs`. */
    until<T>(find: (spans: ReceivedSpan[]) => T | null, withinMs: number): Promise<T> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          watchers.delete(watch);
          reject(
            new Error(`The spans expected did not arrive within ${withinMs} ms: ${JSON.stringify(spans)}`),
          );
        }, withinMs);
        const watch = () => {
          const found = find(spans);
          if (found === null) return;
          clearTimeout(timer);
          watchers.delete(watch);
          resolve(found);
        };
        watchers.add(watch);
        watch();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
