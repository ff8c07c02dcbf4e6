import type { Db } from '../db/client';
import type { Jobs } from '../jobs/queue';
import type { Logger } from '../log';
import type { PaymentGateway } from './gateway';

/** What the payments jobs (automatic charges, refunds) work with; `gateway` is null without Stripe. */
export interface PaymentJobDeps {
  db: Db;
  jobs: Pick<Jobs, 'inTransaction'>;
  gateway: PaymentGateway | null;
  logger: Logger;
  clock: () => Date;
}
