import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/database.ts';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * oidc-provider storage in the `oidc_payloads` table, one row per (model, id), so sessions, grants,
 * codes and tokens survive a restart. Expired rows are ignored on read and pruned on write.
 */
export class SqlOidcAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const row = {
      payload: JSON.stringify(payload),
      grant_id: typeof payload.grantId === 'string' ? payload.grantId : null,
      user_code: typeof payload.userCode === 'string' ? payload.userCode : null,
      uid: typeof payload.uid === 'string' ? payload.uid : null,
      expires_at: expiresIn ? nowSeconds() + expiresIn : null,
      consumed_at: null,
    };
    await this.db
      .insertInto('oidc_payloads')
      .values({ model: this.model, id, ...row })
      .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(row))
      .execute();
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('id', id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('uid', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('user_code', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db
      .updateTable('oidc_payloads')
      .set({ consumed_at: nowSeconds() })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom('oidc_payloads').where('model', '=', this.model).where('id', '=', id).execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    // Revoking a grant takes every artifact issued under it, whatever its model.
    await this.db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
  }

  private async findWhere(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom('oidc_payloads')
      .select(['payload', 'consumed_at'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowSeconds())]))
      .executeTakeFirst();
    if (!row) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    return row.consumed_at === null ? payload : { ...payload, consumed: Number(row.consumed_at) };
  }
}

/**
 * Reads ignore expired rows at once; they are kept this long before deletion so that a socket
 * presenting an expired access token can be told `token_expired` rather than `unauthorized`.
 */
export const EXPIRED_PAYLOAD_GRACE_S = 24 * 60 * 60;

/** Drops rows expired for longer than the grace period; called now and then rather than on every read. */
export async function pruneExpiredOidcPayloads(db: Db): Promise<void> {
  await db.deleteFrom('oidc_payloads').where('expires_at', '<', nowSeconds() - EXPIRED_PAYLOAD_GRACE_S).execute();
}
