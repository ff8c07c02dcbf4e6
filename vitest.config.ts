import { defineConfig } from 'vitest/config';

/** The server tests that measure time or memory: they run alone, after the others. */
const SERVER_ALONE = [
  'tests/server/supervision.test.ts',
  'tests/server/decodeBombs.test.ts',
  'tests/server/soak.test.ts',
  'tests/server/catalogueChanges.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'machines',
          include: ['tests/machines/**/*.test.ts', 'tests/model/**/*.test.ts', 'tests/system/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: SERVER_ALONE,
          environment: 'node',
          globalSetup: ['tests/server/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // What a real server process does in a given time or memory (a killed process serving again
        // within 2 s, a decompression bomb refused within 1 s): measured after everything else, one
        // file at a time, so the other tests' processes do not take the cores it is measured on.
        test: {
          name: 'server-alone',
          include: SERVER_ALONE,
          environment: 'node',
          globalSetup: ['tests/server/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
