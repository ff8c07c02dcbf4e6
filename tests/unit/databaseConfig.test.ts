import { describe, expect, it } from 'vitest';
import { readServerConfig } from '../../server/config';

/*
 * The database options of issue 29 (point 5): how many connections a pool may open, and the read
 * replicas. A value that cannot be used stops the start with a sentence naming the variable, and
 * never repeats a connection string, which may carry a password.
 */
describe('DATABASE_POOL_MAX', () => {
  it.each([
    [undefined, 10],
    ['', 10],
    ['1', 1],
    ['3', 3],
    ['40', 40],
  ])('reads %j as %i connections per pool', (value, max) => {
    expect(readServerConfig({ DATABASE_POOL_MAX: value }).databasePoolMax).toBe(max);
  });

  it.each(['0', '-2', '2.5', 'ten', '5 connections'])('refuses %j, saying what it takes', (value) => {
    expect(() => readServerConfig({ DATABASE_POOL_MAX: value })).toThrow(
      `DATABASE_POOL_MAX must be a whole number of connections, 1 or more (10 when unset), got "${value}".`,
    );
  });
});

describe('DATABASE_REPLICA_URLS', () => {
  it('lists no replica when unset: every read is on the primary', () => {
    expect(readServerConfig({}).databaseReplicaUrls).toEqual([]);
    expect(readServerConfig({ DATABASE_REPLICA_URLS: ' ' }).databaseReplicaUrls).toEqual([]);
  });

  it('reads connection strings separated by commas, spaces or both', () => {
    const config = readServerConfig({
      DATABASE_REPLICA_URLS:
        'postgres://reader:s3cret@replica-1:5432/adlane, postgresql://reader@replica-2/adlane\n postgres://replica-3/adlane',
    });
    expect(config.databaseReplicaUrls).toEqual([
      'postgres://reader:s3cret@replica-1:5432/adlane',
      'postgresql://reader@replica-2/adlane',
      'postgres://replica-3/adlane',
    ]);
  });

  it.each([
    ['mysql://reader:s3cret@replica-1/adlane', 'its entry 1 is a mysql:// address.'],
    ['postgres://replica-1/adlane,reader:s3cret@replica-2', 'its entry 2 is not a URL.'],
    ['postgres://replica-1/adlane https://s3cret.example/', 'its entry 2 is a https:// address.'],
    [
      'postgres://reader:s3cret@replica-1:port/adlane',
      'its entry 1 is a postgres:// address that cannot be read.',
    ],
  ])('refuses %j by its place in the list, without quoting it', (value, place) => {
    let message = '';
    try {
      readServerConfig({ DATABASE_REPLICA_URLS: value });
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    }
    expect(message).toBe(
      `DATABASE_REPLICA_URLS must list PostgreSQL connection strings (postgres://user:password@host:5432/database) separated by commas or spaces; ${place}`,
    );
    expect(message).not.toContain('s3cret');
  });
});
