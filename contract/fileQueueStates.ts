/** The ad-file review queue's views (GET /admin/files?state=). Zod-free: the route's search parser reads it. */
export const FILE_QUEUE_STATES = ['attention', 'warnings', 'returned', 'all'] as const;
export type FileQueueState = (typeof FILE_QUEUE_STATES)[number];
