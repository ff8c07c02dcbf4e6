import type { ModelCoverage } from '../../contract/modelCoverage';
import { call } from './client';
import { type Result, toResult } from './result';

/** What the last `npm run test:model` covered of the real machines (development tools only). */
export const fetchModelCoverage = async (): Promise<Result<ModelCoverage>> =>
  toResult(await call<ModelCoverage>('/dev/model-coverage'));
