import { z } from 'zod';

export const uiStats = z.object({ total_companies: z.number().int().nonnegative() });
export type UiStats = z.infer<typeof uiStats>;
