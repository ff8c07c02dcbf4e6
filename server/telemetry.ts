/**
 * Stand-in until part 4 of issue 29 lands: the tracing hook a server process loads with `node --import`
 * when OTEL_EXPORTER_OTLP_ENDPOINT is set. The server bundle has an entry for it (scripts/serverBundle.ts).
 */
export {};
