import type { ColumnType, Insertable, Selectable } from 'kysely';

/**
 * Table types for Kysely. Booleans are stored as 0/1 integers and timestamps as ISO-8601 text so the
 * same queries run on SQLite and PostgreSQL without dialect-specific casts.
 */
export interface UsersTable {
  aid: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  country: string;
  language: string;
  is_staff: number;
  is_validator: number;
  created_at: string;
}

export interface TeamsTable {
  id: string;
  name: string;
  created_at: string;
}

export interface TeamMembersTable {
  team_id: string;
  user_aid: string;
}

export type SubscriptionPlan = 'team' | 'individual' | 'trial';
export type SubscriptionState = 'active' | 'inactive';

export interface SubscriptionsTable {
  id: string;
  team_id: string | null;
  name: string;
  plan: SubscriptionPlan;
  state: SubscriptionState;
  end_date: string;
  renewal_date: string | null;
  total_seats: number;
  available_seats: number;
  reach_tenant_id: string | null;
  /** JSON text: see SubscriptionFeatures in server/db/subscriptions.ts. */
  features: string;
}

export interface SubscriptionRolesTable {
  user_aid: string;
  subscription_id: string;
  role: string;
}

export interface OidcPayloadsTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  /** Epoch seconds; null never expires. */
  expires_at: ColumnType<number | null, number | null, number | null>;
  consumed_at: ColumnType<number | null, number | null, number | null>;
}

export interface Database {
  users: UsersTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  subscriptions: SubscriptionsTable;
  subscription_roles: SubscriptionRolesTable;
  oidc_payloads: OidcPayloadsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
