import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MarketPreferences } from '../../contract/platform';
import { selectCurrentAnswer } from '../../machines/request/request.machine';
import { createAppHandle } from '../../src/system/handle';
import { stopWhenSettled } from '../../src/system/hooks/useFlowActor';
import { createPreferredPlaceActor, placesApi } from '../../src/system/places';
import { customer, fakeApp, flush } from './fakeApp';
import { deferred } from './flowHarness';

const markets: MarketPreferences = {
  markets: [{ prodcode: 'MKT508', name: 'Chicago', state: 'IL', label: 'Chicago, IL', zip: '60601' }],
};

/** The app loading (the picker can show before it), and every GET /market/preferences/{uuid} asked. */
function loadingApp() {
  const harness = fakeApp();
  const app = deferred<typeof harness.app>();
  const handle = createAppHandle(() => app.promise);
  const asked: string[] = [];
  vi.spyOn(placesApi, 'fetchMarketPreferences').mockImplementation(async (uuid) => {
    asked.push(uuid);
    return { ok: true, data: markets, message: '' };
  });
  const loaded = async () => {
    app.resolve(harness.app);
    await flush();
  };
  return { harness, handle, asked, loaded };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the picker's preferred place (src/system/places.ts): asked for only while its field is on the page", () => {
  it('follows the customer once the app has loaded, and asks nothing once the field is gone', async () => {
    const { harness, handle, asked, loaded } = loadingApp();
    // The home page's field shows before the app has loaded: useFlowActor creates, then starts it.
    const field = createPreferredPlaceActor(handle, true).start();
    await loaded();
    expect(asked).toEqual([]);
    harness.app.acceptSignIn(customer({ uuid: 'u-1' }));
    await flush();
    expect(asked).toEqual(['u-1']);
    expect(selectCurrentAnswer(field.getSnapshot())).toEqual({ zip: '60601', label: 'Chicago, IL' });

    // The visitor leaves the home page: the field unmounts, and useFlowActor stops its actor.
    stopWhenSettled(field);
    harness.app.acceptSignIn(customer({ uuid: 'u-2' }));
    await flush();
    expect(asked).toEqual(['u-1']);
    harness.app.stop();
  });

  it('a field gone before the app has loaded never follows anyone', async () => {
    const { harness, handle, asked, loaded } = loadingApp();
    const field = createPreferredPlaceActor(handle, true).start();
    stopWhenSettled(field);
    await loaded();
    harness.app.acceptSignIn(customer({ uuid: 'u-1' }));
    await flush();
    expect(asked).toEqual([]);
    harness.app.stop();
  });

  it('a field that does not preselect a market asks for none', async () => {
    const { harness, handle, asked, loaded } = loadingApp();
    createPreferredPlaceActor(handle, false).start();
    await loaded();
    harness.app.acceptSignIn(customer({ uuid: 'u-1' }));
    await flush();
    expect(asked).toEqual([]);
    harness.app.stop();
  });
});
