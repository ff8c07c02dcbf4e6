import { z } from 'zod';

/**
 * What the last `npm run test:model` left for the inspector (reports/model-coverage/machines.json):
 * by machine id, the transitions of the real machines the model tests took (machines/graphLabels.ts's
 * transitionKey), so the inspector can draw those they never took differently.
 */
export const modelCoverageSchema = z.object({
  ranAt: z.string(),
  models: z.array(z.string()),
  machines: z.record(z.string(), z.array(z.string())),
});
export type ModelCoverage = z.infer<typeof modelCoverageSchema>;

/** Where the file is, from the project's folder. */
export const MODEL_COVERAGE_PATH = 'reports/model-coverage/machines.json';
