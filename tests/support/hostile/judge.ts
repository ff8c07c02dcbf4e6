import type { Endpoint } from './endpoint';
import type { HostileRequest } from './requests';

/** What came back: enough to judge it and to report it. */
export interface Answer {
  status: number;
  contentType: string;
  text: string;
  ms: number;
}

/** Sends one request, in-process or over HTTP. */
export type Send = (request: HostileRequest) => Promise<Answer>;

const STACK_FRAME = /\n\s+at \S+ \(|\bat (?:async )?\/[\w/.-]+:\d+:\d+/;

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Why an answer to a hostile request is wrong, or null when it is right: never a 5xx, never a stack
 * trace, and a 4xx says what was wrong in the endpoint's own shape (SPEC's envelope with a message,
 * Algolia's `{ message, status }`, GraphQL's `errors`).
 */
export function judge(endpoint: Endpoint, request: HostileRequest, answer: Answer): string | null {
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.text.slice(0, 300)}`;
  if (STACK_FRAME.test(answer.text)) return `answered with a stack trace: ${answer.text.slice(0, 300)}`;
  if (answer.status < 400 || request.method === 'HEAD') return null;
  const body = parsed(answer.text) as Record<string, unknown> | undefined;
  const shape = answer.contentType.includes('json') ? shapeOf(body) : 'text';
  if (shape === 'text') {
    // Outside the services (robots.txt, a wrong method on a page) a 404 may be plain text.
    if (endpoint.family === 'site' && answer.status === 404) return null;
    return `answered ${answer.status} without JSON: ${answer.text.slice(0, 200)}`;
  }
  if (!body) return `answered ${answer.status} with JSON that does not parse`;
  // Node's parser refuses a request line and headers over 16 KB before any route sees them.
  const beforeRouting = answer.status === 431 && shape === 'envelope';
  if (endpoint.shape !== 'text' && shape !== endpoint.shape && !beforeRouting)
    return `answered ${answer.status} in the ${shape} shape instead of the ${endpoint.shape} one: ${answer.text.slice(0, 200)}`;
  if (shape === 'envelope') {
    if (body.success !== false) return `answered ${answer.status} with success ${String(body.success)}`;
    if (!nonEmpty(body.message))
      return `answered ${answer.status} with no message: ${answer.text.slice(0, 200)}`;
    return null;
  }
  if (shape === 'algolia') {
    if (body.status !== answer.status)
      return `answered ${answer.status} but said status ${String(body.status)}`;
    return nonEmpty(body.message) ? null : `answered ${answer.status} with no message`;
  }
  const errors = body.errors;
  if (!Array.isArray(errors) || !errors.every((e) => nonEmpty((e as { message?: unknown }).message)))
    return `answered ${answer.status} without GraphQL errors: ${answer.text.slice(0, 200)}`;
  return null;
}

/** The error shape of a JSON answer: each family answers in one, and an unknown path in the envelope. */
function shapeOf(body: unknown): 'envelope' | 'algolia' | 'graphql' | 'text' {
  if (!body || typeof body !== 'object') return 'text';
  if ('success' in body) return 'envelope';
  if ('errors' in body) return 'graphql';
  if ('status' in body && 'message' in body) return 'algolia';
  return 'text';
}
