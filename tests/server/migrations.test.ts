import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import type { Db } from '../../server/db/database.ts';
import { migrationProvider } from '../../server/db/migrations/index.ts';
import { seedIfEmpty } from '../../server/seed.ts';

let dataDir: string;
let db: Db;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'review-migrations-test-'));
  db = await openDatabase(dataDir);
  await seedIfEmpty(db, 'review-demo');
});
afterAll(async () => {
  await db?.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

describe('migration 0002', () => {
  it('gives a database seeded before it a learning-product row per subscription, from its tenant id', async () => {
    const migrator = new Migrator({ db, provider: migrationProvider });
    const down = await migrator.migrateTo('0001_init');
    expect(down.error).toBeUndefined();
    // Every later migration, newest first (each issue adds its own).
    const later = Object.keys(await migrationProvider.getMigrations()).filter((name) => name > '0001_init').sort().reverse();
    expect(later.slice(-4)).toEqual(['0005_versions', '0004_content', '0003_notification_preferences', '0002_flags_analytics_reach']);
    expect(down.results?.map((r) => [r.migrationName, r.direction, r.status])).toEqual(later.map((name) => [name, 'Down', 'Success']));

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const subs = await db.selectFrom('subscriptions').select(['id', 'reach_tenant_id', 'nickname']).execute();
    const reach = await db.selectFrom('reach_products').selectAll().execute();
    expect(reach).toHaveLength(subs.length);
    for (const sub of subs) {
      expect(sub.nickname).toBeNull();
      expect(reach.find((r) => r.subscription_id === sub.id)).toEqual({
        subscription_id: sub.id,
        tenant_state: sub.reach_tenant_id === null ? 'disabled' : 'active',
        tenant_state_pending: 0,
      });
    }
    expect(await db.selectFrom('feature_flags').selectAll().execute()).toEqual([]);
  });

  it('seeds no flag overrides and one learning-product row per subscription', async () => {
    const fresh = await mkdtemp(path.join(os.tmpdir(), 'review-migrations-test-'));
    const other = await openDatabase(fresh);
    try {
      expect(await seedIfEmpty(other, 'review-demo')).toBe(true);
      expect(await other.selectFrom('feature_flags').selectAll().execute()).toEqual([]);
      const subs = await other.selectFrom('subscriptions').select('id').execute();
      expect(await other.selectFrom('reach_products').selectAll().execute()).toHaveLength(subs.length);
      // A second run on the same data does nothing.
      expect(await seedIfEmpty(other, 'review-demo')).toBe(false);
    } finally {
      await other.destroy();
      await rm(fresh, { recursive: true, force: true });
    }
  });
});

describe('migration 0003', () => {
  it('adds notification preferences, one row per account and type, removed with the account', async () => {
    const migrator = new Migrator({ db, provider: migrationProvider });
    const down = await migrator.migrateTo('0002_flags_analytics_reach');
    expect(down.results?.at(-1)).toMatchObject({ migrationName: '0003_notification_preferences', direction: 'Down', status: 'Success' });
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();

    const user = await db.selectFrom('users').select('aid').where('email', '=', 'nora.nosub@example.com').executeTakeFirstOrThrow();
    const row = { user_aid: user.aid, type: 'ReviewCommentNotification', frequency: 'daily' as const, schedule_time: '09:00', time_zone: 'UTC', updated_at: new Date().toISOString() };
    await db.insertInto('notification_preferences').values(row).execute();
    await expect(db.insertInto('notification_preferences').values(row).execute()).rejects.toThrow(/UNIQUE|PRIMARY/i);
    await expect(
      db.insertInto('notification_preferences').values({ ...row, type: 'Other', frequency: 'weekly' as 'daily' }).execute(),
    ).rejects.toThrow(/CHECK/i);
    await db.deleteFrom('users').where('aid', '=', user.aid).execute();
    expect(await db.selectFrom('notification_preferences').selectAll().where('user_aid', '=', user.aid).execute()).toEqual([]);
  });
});

describe('migration 0004', () => {
  it('adds the content tables, seeded with the demo library, and removes them again', async () => {
    const migrator = new Migrator({ db, provider: migrationProvider });
    const down = await migrator.migrateTo('0003_notification_preferences');
    expect(down.results?.at(-1)).toMatchObject({ migrationName: '0004_content', direction: 'Down', status: 'Success' });
    await expect(db.selectFrom('folders').select('id').execute()).rejects.toThrow(/no such table/i);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await db.selectFrom('folders').select('id').execute()).toEqual([]);

    const fresh = await mkdtemp(path.join(os.tmpdir(), 'review-migrations-test-'));
    const other = await openDatabase(fresh);
    try {
      await seedIfEmpty(other, 'review-demo');
      const count = async (table: 'folders' | 'items' | 'item_stacks' | 'team_groups') =>
        Number((await other.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      expect(await count('folders')).toBeGreaterThan(40);
      expect(await count('items')).toBeGreaterThanOrEqual(60);
      expect(await count('item_stacks')).toBe(2);
      expect(await count('team_groups')).toBe(2);
      const owner = await other.selectFrom('users').select('aid').where('email', '=', 'alex.admin@example.com').executeTakeFirstOrThrow();
      await expect(
        other
          .insertInto('folders')
          .values({ name: 'Bad', parent_id: null, folder_type: 'team' as 'shared', original_type: null, trash_root_id: null, owner_aid: owner.aid, subscription_id: null, hash: 'h', created_at: '', updated_at: '', deleted_at: null })
          .execute(),
      ).rejects.toThrow(/CHECK/i);
    } finally {
      await other.destroy();
      await rm(fresh, { recursive: true, force: true });
    }
  });
});

describe('migration 0005', () => {
  it('adds versions and backups (an upload key used once, copies sharing it), removed with their item, and removes them again', async () => {
    const migrator = new Migrator({ db, provider: migrationProvider });
    const down = await migrator.migrateTo('0004_content');
    expect(down.results?.at(-1)).toMatchObject({ migrationName: '0005_versions', direction: 'Down', status: 'Success' });
    await expect(db.selectFrom('item_versions').select('id').execute()).rejects.toThrow(/no such table/i);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const owner = await db.selectFrom('users').select('aid').where('email', '=', 'tara.team@example.com').executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    await db
      .insertInto('items')
      .values({ id: 'm5-item', title: 'M5', product: 'storyline', type: 'story', user_aid: owner.aid, updated_by_aid: null, folder_id: null, stack_id: null, archived_at: null, thumbnail_url: null, hash: 'h', created_at: at, updated_at: at })
      .execute();
    const item = await db.selectFrom('items').select(['enable_comments', 'allow_anon_comments', 'password_hash']).where('id', '=', 'm5-item').executeTakeFirstOrThrow();
    expect(item).toEqual({ enable_comments: 1, allow_anon_comments: 0, password_hash: null });
    const version = (id: string, seq: number, filesOf: string | null, state = 'ready') => ({
      id,
      item_id: 'm5-item',
      seq,
      state: state as 'ready',
      progress: 1,
      package_key: 'review/uploads/k/a.zip',
      files_of_version_id: filesOf,
      md5: null,
      size: 1,
      file_name: 'a.zip',
      user_aid: owner.aid,
      content_prefix: null,
      player_file: null,
      thumbnail_key: null,
      media_url: null,
      poster_url: null,
      meta_json: null,
      created_at: at,
      updated_at: at,
    });
    await db.insertInto('item_versions').values(version('v1', 1, null)).execute();
    await db.insertInto('item_versions').values(version('v2', 2, 'v1')).execute();
    await expect(db.insertInto('item_versions').values(version('v3', 3, null)).execute()).rejects.toThrow(/UNIQUE/i);
    await expect(db.insertInto('item_versions').values({ ...version('v4', 4, 'v1', 'processing'), package_key: 'other' }).execute()).rejects.toThrow(/CHECK/i);
    await db.insertInto('backups').values({ id: 'b1', item_id: 'm5-item', version_id: 'v1', status: 'ready', blob_key: 'review/uploads/k/a.zip', created_at: at }).execute();
    await db.deleteFrom('items').where('id', '=', 'm5-item').execute();
    expect(await db.selectFrom('item_versions').select('id').where('item_id', '=', 'm5-item').execute()).toEqual([]);
    expect(await db.selectFrom('backups').select('id').where('item_id', '=', 'm5-item').execute()).toEqual([]);
  });
});
