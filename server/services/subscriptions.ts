import type { FastifyPluginAsync } from 'fastify';
import { accountOf, requireAccount } from '../auth.ts';
import type { TokenVerifier } from '../auth.ts';
import type { Db } from '../db/database.ts';
import { parseFeatures } from '../db/subscriptions.ts';
import { rolesOfUser, subscriptionsOfUser, teammatesOf } from '../db/users.ts';
import { ROLE_ADMIN, ROLE_REACH_ONLY, ROLE_SEAT_HOLDER } from '../seed.ts';

export interface SubscriptionsServiceOptions {
  db: Db;
  verify: TokenVerifier;
  /** Base URL of the avatars stand-in, for avatar links. */
  avatarsUrl: () => string;
}

/** Permission names per role, as the subscription service reports them in subscription_permissions. */
export const ROLE_PERMISSIONS: Record<string, readonly string[]> = {
  [ROLE_SEAT_HOLDER]: ['use_review', 'use_rise', 'create_content', 'translate_content'],
  [ROLE_ADMIN]: ['manage_users', 'manage_billing', 'manage_subscription'],
  [ROLE_REACH_ONLY]: ['use_reach'],
};

const nullableString = { type: ['string', 'null'] } as const;

const subSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    available_seats: { type: 'integer' },
    total_seats: { type: 'integer' },
    end_date: { type: 'string' },
    renewal_date: nullableString,
    plan: { type: 'string' },
    state: { type: 'string' },
    reach_tenant_id: nullableString,
    features: {
      type: 'object',
      properties: {
        ai_assistant: { type: 'object', additionalProperties: true },
        localization: { type: 'object', additionalProperties: true },
      },
    },
  },
} as const;

const currentUserSchema = {
  type: 'object',
  properties: {
    aid: { type: 'string' },
    country: { type: 'string' },
    email: { type: 'string' },
    is_sso: { type: 'boolean' },
    language: { type: 'string' },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    phone: nullableString,
    subs: { type: 'array', items: subSchema },
    roles: {
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string' }, subscription_id: { type: 'string' } } },
    },
    subscription_permissions: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
} as const;

const teamMemberSchema = {
  type: 'object',
  properties: {
    user_id: { type: 'string' },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    email: { type: 'string' },
    avatars: { type: 'object', additionalProperties: { type: 'string' } },
    type: { type: 'string' },
    role: { type: 'string' },
  },
} as const;

function initials(first: string, last: string): string {
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase() || '?';
}

/** Stand-in for the suite's subscription service (foundation §3 "Current user", §7). */
export const subscriptionsService: FastifyPluginAsync<SubscriptionsServiceOptions> = async (app, { db, verify, avatarsUrl }) => {
  app.addHook('onRequest', requireAccount(verify));

  app.get('/api/v1/users/current', { schema: { response: { 200: currentUserSchema } } }, async (request) => {
    const user = accountOf(request);
    const [subs, roles] = await Promise.all([subscriptionsOfUser(db, user.aid), rolesOfUser(db, user.aid)]);
    const permissions: Record<string, string[]> = {};
    for (const { role, subscription_id } of roles) {
      const list = (permissions[subscription_id] ??= []);
      for (const permission of ROLE_PERMISSIONS[role] ?? []) if (!list.includes(permission)) list.push(permission);
    }
    return {
      aid: user.aid,
      country: user.country,
      email: user.email,
      is_sso: false,
      language: user.language,
      first_name: user.first_name,
      last_name: user.last_name,
      phone: null,
      subs: subs.map((sub) => ({
        id: sub.id,
        name: sub.name,
        available_seats: sub.available_seats,
        total_seats: sub.total_seats,
        end_date: sub.end_date,
        renewal_date: sub.renewal_date,
        plan: sub.plan,
        state: sub.state,
        reach_tenant_id: sub.reach_tenant_id,
        features: parseFeatures(sub.features),
      })),
      roles: roles.map((r) => ({ name: r.role, subscription_id: r.subscription_id })),
      subscription_permissions: permissions,
    };
  });

  app.get<{ Querystring: { avatarSize?: string } }>(
    '/api/users/team',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { avatarSize: { type: 'string', enum: ['micro', 'small', 'md', 'lg'] } },
          additionalProperties: false,
        },
        response: { 200: { type: 'array', items: teamMemberSchema } },
      },
    },
    async (request) => {
      const size = request.query.avatarSize ?? 'small';
      const mates = await teammatesOf(db, accountOf(request).aid);
      return mates.map((mate) => ({
        user_id: mate.aid,
        first_name: mate.first_name,
        last_name: mate.last_name,
        email: mate.email,
        avatars: { [size]: `${avatarsUrl()}/v1/avatars-default/${initials(mate.first_name, mate.last_name)}?size=${size}` },
        type: 'user',
        role: 'editor',
      }));
    },
  );
};
