/**
 * Delivering the notification outbox (comments/notifications.ts, reviewRequests/store.ts): each row is "sent" at its
 * `deliver_at`: a comment notification of an instant frequency and every review request and reminder on its own, the
 * hourly and daily ones of one recipient due at the same time as one digest. The reference service sends no e-mail: a
 * delivery marks its rows `delivered_at` with one `delivery_id`. It runs as a recurring job (server/jobs.ts `every`,
 * kind `notifications.deliver`), so one instance delivers each period's due rows, and a run whose instance died is
 * run again by another; a row is marked only while still undelivered, so it is delivered once whatever runs twice.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { JobQueue } from '../jobs.ts';

export const OUTBOX_DELIVERY_JOB = 'notifications.deliver';
/** How often due rows are looked for. */
export const OUTBOX_DELIVERY_PERIOD_MS = 15_000;
/** Rows one run delivers at most (the next period takes the rest). */
const DELIVERY_BATCH = 2_000;

export interface DeliveryResult {
  deliveries: number;
  rows: number;
}

/** Delivers the rows due at `nowIso` (one transaction); returns how many deliveries (e-mails) and rows. */
export async function deliverDue(db: Db, nowIso: string): Promise<DeliveryResult> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('notification_outbox')
      .select(['id', 'recipient_id', 'kind', 'frequency', 'deliver_at'])
      .where('delivered_at', 'is', null)
      .where('deliver_at', '<=', nowIso)
      .orderBy('seq')
      .limit(DELIVERY_BATCH)
      .execute();
    const groups = new Map<string, string[]>();
    for (const row of due) {
      const digest = row.frequency !== 'instant' && row.kind !== 'reviewRequest' && row.kind !== 'reviewReminder';
      const key = digest ? `digest|${row.recipient_id}|${row.deliver_at}` : `one|${row.id}`;
      groups.set(key, [...(groups.get(key) ?? []), row.id]);
    }
    let rows = 0;
    for (const ids of groups.values()) {
      const marked = await trx.updateTable('notification_outbox').set({ delivered_at: nowIso, delivery_id: randomUUID() }).where('id', 'in', ids).where('delivered_at', 'is', null).executeTakeFirst();
      rows += Number(marked.numUpdatedRows);
    }
    return { deliveries: groups.size, rows };
  });
}

/** Registers the recurring delivery on the service's job queue. */
export function registerOutboxDelivery(db: Db, jobs: JobQueue, periodMs = OUTBOX_DELIVERY_PERIOD_MS): void {
  jobs.every(OUTBOX_DELIVERY_JOB, periodMs, () => deliverDue(db, new Date().toISOString()));
}
