import { register } from 'node:module';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { OPERATOR_PATHS } from './http/operatorPaths';
import { atTelemetryFlush } from './telemetryProcess';

/*
 * OpenTelemetry traces, loaded into each server process with `--import` by its supervisor
 * (server/main.ts) when OTEL_EXPORTER_OTLP_ENDPOINT is set, before any module it instruments: an
 * incoming request (http), the queries it makes (pg) and its calls out (http: the S3 bucket; undici:
 * fetch) are spans of one trace, sent over OTLP/HTTP to `$OTEL_EXPORTER_OTLP_ENDPOINT/v1/traces`.
 * The SDK's own variables apply (OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_HEADERS, OTEL_BSP_*...).
 */

// ESM imports are instrumented through a loader hook (require's patching sees only CommonJS).
register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);

/**
 * What the product's links carry in their query strings and must not reach a collector: a password
 * reset's `tok` and `resetcode`, a sign-in link's and an e-mail confirmation's `code`, an invitation's
 * `uuid`, the outbox's `key`, a geocoding `access_token` (with the SDK's own list of cloud signatures).
 */
const SECRET_QUERY_PARAMS = [
  'tok',
  'resetcode',
  'code',
  'uuid',
  'key',
  'token',
  'access_token',
  'sig',
  'Signature',
  'AWSAccessKeyId',
  'X-Amz-Signature',
  'X-Amz-Credential',
  'X-Amz-Security-Token',
];

const UNTRACED = new Set<string>(OPERATOR_PATHS);

const provider = new NodeTracerProvider({
  resource: resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME || 'adlane' }),
  spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
});
provider.register();

registerInstrumentations({
  tracerProvider: provider,
  instrumentations: [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (request) => UNTRACED.has((request.url ?? '').split('?')[0] ?? ''),
      // Calls out that no request made (background work) would each be a trace of their own.
      requireParentforOutgoingSpans: true,
      redactedQueryParamsServer: SECRET_QUERY_PARAMS,
      redactedQueryParams: SECRET_QUERY_PARAMS,
    }),
    new PgInstrumentation({ requireParentSpan: true }),
    new UndiciInstrumentation({ requireParentforSpans: true }),
  ],
});

atTelemetryFlush(() => provider.shutdown());
