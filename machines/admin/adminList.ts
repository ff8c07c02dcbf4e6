import { createRequestMachine } from '../request/request.machine';

/**
 * A back-office list (placements, orders, ad files, audit): one keyed request per state of its search,
 * filters, order and page, so a late answer to an older filter is never shown. Every admin list is
 * made with it: `adminListMachine<Key, Page>('placementsList')`.
 */
export const adminListMachine = <TKey, TPage>(id: string) => createRequestMachine<TKey, TPage>({ id });
