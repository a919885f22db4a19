import { resolveFlags } from '../../domain/flags.ts';
import type { FlagKey, FlagValues } from '../../domain/flags.ts';
import type { Db } from './database.ts';

export interface StoredFlag {
  key: FlagKey;
  subscriptionId: string | null;
  value: boolean;
  updatedAt: string;
  updatedBy: string | null;
}

async function overrides(db: Db, subscriptionId: string | null): Promise<Record<string, boolean>> {
  const rows = await db
    .selectFrom('feature_flags')
    .select(['key', 'value'])
    .where((eb) => (subscriptionId === null ? eb('subscription_id', 'is', null) : eb('subscription_id', '=', subscriptionId)))
    .execute();
  return Object.fromEntries(rows.map((row) => [row.key, row.value === 1]));
}

/** Defaults ← global overrides ← the subscription's overrides; unknown stored keys are dropped. */
export async function effectiveFlags(db: Db, subscriptionId: string | null): Promise<FlagValues> {
  const global = await overrides(db, null);
  const own = subscriptionId === null ? {} : await overrides(db, subscriptionId);
  return resolveFlags({ ...global, ...own });
}

/** Sets one override (one row per key and scope; NULL scope rows cannot rely on a unique index). */
export async function setFlag(db: Db, flag: Omit<StoredFlag, 'updatedAt'>, now: Date = new Date()): Promise<StoredFlag> {
  const updatedAt = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('feature_flags')
      .where('key', '=', flag.key)
      .where((eb) => (flag.subscriptionId === null ? eb('subscription_id', 'is', null) : eb('subscription_id', '=', flag.subscriptionId)))
      .execute();
    await trx
      .insertInto('feature_flags')
      .values({ key: flag.key, subscription_id: flag.subscriptionId, value: flag.value ? 1 : 0, updated_at: updatedAt, updated_by: flag.updatedBy })
      .execute();
  });
  return { ...flag, updatedAt };
}
