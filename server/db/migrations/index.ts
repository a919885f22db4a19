import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_init.ts';
import * as m0002 from './0002_flags_analytics_reach.ts';
import * as m0003 from './0003_notification_preferences.ts';
import * as m0004 from './0004_content.ts';
import * as m0005 from './0005_versions.ts';
import * as m0006 from './0006_sharing.ts';
import * as m0007 from './0007_comments.ts';
import * as m0008 from './0008_review_requests.ts';
import * as m0009 from './0009_translations.ts';
import * as m0010 from './0010_translation_tools.ts';
import * as m0011 from './0011_version_failure_reason.ts';
import * as m0012 from './0012_content_changes.ts';
import * as m0013 from './0013_jobs.ts';
import * as m0014 from './0014_job_retries_deliveries.ts';
import * as m0015 from './0015_comment_exports.ts';

/** Migrations live in code (not read from disk) so they work the same under tsx, vitest and bundlers. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_init': m0001,
  '0002_flags_analytics_reach': m0002,
  '0003_notification_preferences': m0003,
  '0004_content': m0004,
  '0005_versions': m0005,
  '0006_sharing': m0006,
  '0007_comments': m0007,
  '0008_review_requests': m0008,
  '0009_translations': m0009,
  '0010_translation_tools': m0010,
  '0011_version_failure_reason': m0011,
  '0012_content_changes': m0012,
  '0013_jobs': m0013,
  '0014_job_retries_deliveries': m0014,
  '0015_comment_exports': m0015,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
