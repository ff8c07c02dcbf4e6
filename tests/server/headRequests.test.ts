import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { dropHeadBodies, streamedBody } from '../../server/http/headRequests';

/*
 * A HEAD runs the GET route: a body streamed with no length (an order's zip) is cancelled unread,
 * never built to be measured; a body built in memory is measured, so the HEAD's length is the GET's.
 */
describe('a HEAD', () => {
  const app = () => {
    const pulled = { count: 0, cancelled: 0 };
    // Sixteen chunks of 64 KiB, as a zip would stream them from storage.
    const streamed = () =>
      new ReadableStream<Uint8Array>({
        pull: (controller) => {
          pulled.count += 1;
          if (pulled.count > 16) controller.close();
          else controller.enqueue(new Uint8Array(64 * 1024));
        },
        cancel: () => {
          pulled.cancelled += 1;
        },
      });
    const routes = new Hono()
      .use(dropHeadBodies)
      .get(
        '/streamed',
        () => new Response(streamedBody(streamed()), { headers: { 'Content-Type': 'application/zip' } }),
      )
      .get('/in-memory', (c) => c.body('twelve bytes', 200, { 'Content-Type': 'text/plain' }));
    return { routes, pulled };
  };

  it('cancels a streamed body unread and announces no length', async () => {
    const { routes, pulled } = app();
    const answer = await routes.request('/streamed', { method: 'HEAD' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    expect(answer.headers.get('content-length')).toBeNull();
    expect(await answer.text()).toBe('');
    expect(pulled.cancelled).toBe(1);
    // A stream pulls once to fill its queue when made; a HEAD must pull nothing more.
    expect(pulled.count).toBeLessThanOrEqual(1);
  });

  it('measures a body built in memory', async () => {
    const answer = await app().routes.request('/in-memory', { method: 'HEAD' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-length')).toBe('12');
    expect(await answer.text()).toBe('');
  });
});
