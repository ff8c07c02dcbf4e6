import { fromPromise } from 'xstate';
import type { Cart } from '../../contract/cart';
import type { EddmCart, EddmMediaType, EddmNear, NearQuery } from '../../contract/directMail';
import type { Availability } from '../../contract/quote';
import type { LoadedZip } from './eddm.types';

/**
 * The every-door machine's effects, as eddm.setup.ts names them: each is supplied in src/system/eddm.ts
 * where the actor is created (tests supply fakes).
 */
export const eddmActors = {
  loadZip: fromPromise<LoadedZip, { zip: string }>(async () => {
    throw new Error('loadZip is supplied where the actor is created');
  }),
  loadCart: fromPromise<EddmCart, { cartId: string }>(async () => {
    throw new Error('loadCart is supplied where the actor is created');
  }),
  saveCart: fromPromise<EddmCart, { cartId: string | null; routes: string[]; residentialOnly: boolean }>(
    async () => {
      throw new Error('saveCart is supplied where the actor is created');
    },
  ),
  /** GET /media/type/eddm. */
  loadMediaType: fromPromise<EddmMediaType>(async () => {
    throw new Error('loadMediaType is supplied where the actor is created');
  }),
  /** The availability of the placement that prices the selection: its drop weeks. */
  loadWeeks: fromPromise<Availability, { mediacode: string }>(async () => {
    throw new Error('loadWeeks is supplied where the actor is created');
  }),
  /** Resolves with the main cart, or rejects with the API's sentence. */
  createCampaign: fromPromise<Cart, { dateStart: string; eddmCartId: string; cartId: string | null }>(
    async () => {
      throw new Error('createCampaign is supplied where the actor is created');
    },
  ),
  /** GET /eddm/near: every carrier route within the radius of the pin. */
  loadNear: fromPromise<EddmNear, NearQuery>(async () => {
    throw new Error('loadNear is supplied where the actor is created');
  }),
};
