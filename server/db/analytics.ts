import { randomUUID } from 'node:crypto';
import type { Db } from './database.ts';

export interface AnalyticsEventRecord {
  id: string;
  userId: string;
  accountAid: string | null;
  event: string;
  properties: Record<string, unknown> | null;
  receivedAt: string;
}

export async function storeAnalyticsEvent(
  db: Db,
  event: { userId: string; accountAid: string; event: string; properties?: Record<string, unknown> | undefined },
  now: Date = new Date(),
): Promise<void> {
  await db
    .insertInto('analytics_events')
    .values({
      id: randomUUID(),
      user_id: event.userId,
      account_aid: event.accountAid,
      event: event.event,
      properties: event.properties === undefined ? null : JSON.stringify(event.properties),
      received_at: now.toISOString(),
    })
    .execute();
}

function parseProperties(json: string | null): Record<string, unknown> | null {
  if (json === null) return null;
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Newest first. */
export async function latestAnalyticsEvents(db: Db, limit: number): Promise<AnalyticsEventRecord[]> {
  const rows = await db.selectFrom('analytics_events').selectAll().orderBy('received_at', 'desc').orderBy('id').limit(limit).execute();
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    accountAid: row.account_aid,
    event: row.event,
    properties: parseProperties(row.properties),
    receivedAt: row.received_at,
  }));
}
