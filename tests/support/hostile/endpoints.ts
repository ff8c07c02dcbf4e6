import type { Endpoint } from './endpoint';
import { REST_ENDPOINTS } from './restEndpoints';
import { SERVICE_ENDPOINTS } from './serviceEndpoints';

/** Every route of the server with what it reads: the hostile-input suite and `npm run fuzz` send to each. */
export const ENDPOINTS: Endpoint[] = [...REST_ENDPOINTS, ...SERVICE_ENDPOINTS];
