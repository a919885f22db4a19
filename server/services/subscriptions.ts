import type { FastifyPluginAsync } from 'fastify';
import { accountOf, requireAccount } from '../auth.ts';
import type { TokenVerifier } from '../auth.ts';
import type { Db } from '../db/database.ts';
import { findSubscription, parseFeatures, rolesOn, usersWithRole } from '../db/subscriptions.ts';
import { rolesOfUser, subscriptionsOfUser, teammatesOf } from '../db/users.ts';
import { errorBodySchema, sendError } from '../errors.ts';
import { isSuiteRole, permissionsOf, ROLE_ADMIN, ROLE_PERMISSIONS, ROLE_SEAT_HOLDER } from '../roles.ts';

export { ROLE_PERMISSIONS };

export interface SubscriptionsServiceOptions {
  db: Db;
  verify: TokenVerifier;
  /** Base URL of the avatars stand-in, for avatar links. */
  avatarsUrl: () => string;
}

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

const idList = { type: 'array', items: { type: 'string' } } as const;

const authorizedRolesSchema = {
  type: 'object',
  required: ['admin', 'additional_admin', 'reach_members'],
  properties: { admin: idList, additional_admin: idList, reach_members: idList },
} as const;

const adminSearchSchema = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'object',
      required: ['results'],
      properties: {
        results: {
          type: 'array',
          items: {
            type: 'object',
            required: ['aid', 'first_name', 'last_name', 'avatar'],
            properties: {
              aid: { type: 'string' },
              first_name: { type: 'string' },
              last_name: { type: 'string' },
              avatar: { type: 'object', required: ['small'], properties: { small: { type: 'string' } } },
            },
          },
        },
      },
    },
  },
} as const;

export function initials(first: string, last: string): string {
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase() || '?';
}

/** Stand-in for the suite's subscription service (foundation §3 "Current user", §7). */
export const subscriptionsService: FastifyPluginAsync<SubscriptionsServiceOptions> = async (app, { db, verify, avatarsUrl }) => {
  app.addHook('onRequest', requireAccount(verify));

  app.get('/api/v1/users/current', { schema: { response: { 200: currentUserSchema } } }, async (request) => {
    const user = accountOf(request);
    const [subs, allRoles] = await Promise.all([subscriptionsOfUser(db, user.aid), rolesOfUser(db, user.aid)]);
    // The learning product's own roles are reported by the account service (me.roles), not here.
    const roles = allRoles.filter((r) => isSuiteRole(r.role));
    const permissions: Record<string, string[]> = {};
    for (const sub of subs) {
      permissions[sub.id] = permissionsOf(allRoles.filter((r) => r.subscription_id === sub.id).map((r) => r.role));
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

  // Where the user is admin (any admin), admin without a seat, and a member of a subscription with
  // the learning product (Reach). Lists of subscription ids, each once, sorted.
  app.get<{ Querystring: { reach_users?: boolean } }>(
    '/api/users/authorized_roles',
    {
      schema: {
        querystring: { type: 'object', properties: { reach_users: { type: 'boolean' } }, additionalProperties: false },
        response: { 200: authorizedRolesSchema },
      },
    },
    async (request) => {
      const aid = accountOf(request).aid;
      const [subs, roles] = await Promise.all([subscriptionsOfUser(db, aid), rolesOfUser(db, aid)]);
      const idsWhere = (test: (names: string[]) => boolean) =>
        subs.filter((sub) => test(roles.filter((r) => r.subscription_id === sub.id).map((r) => r.role))).map((sub) => sub.id);
      return {
        admin: idsWhere((names) => names.includes(ROLE_ADMIN)),
        additional_admin: idsWhere((names) => names.includes(ROLE_ADMIN) && !names.includes(ROLE_SEAT_HOLDER)),
        reach_members: request.query.reach_users ? subs.filter((sub) => sub.reach_tenant_id !== null).map((sub) => sub.id) : [],
      };
    },
  );

  // The admin search ("orca", foundation §7). There is no 'orca' service name, so it lives here.
  app.get<{ Params: { subId: string }; Querystring: { q?: string; roles?: string } }>(
    '/orca/subscriptions/:subId/users',
    {
      schema: {
        params: { type: 'object', required: ['subId'], properties: { subId: { type: 'string', minLength: 1, maxLength: 100 } } },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { q: { type: 'string', maxLength: 100 }, roles: { type: 'string', enum: ['admin'] } },
        },
        response: { 200: adminSearchSchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { subId } = request.params;
      const caller = accountOf(request);
      // Unknown and foreign subscriptions answer alike, so ids cannot be probed.
      if (!(await findSubscription(db, subId)) || (await rolesOn(db, caller.aid, subId)).length === 0) {
        return sendError(reply, 403, 'You are not a member of this subscription.');
      }
      const needle = (request.query.q ?? '').trim().toLowerCase();
      const admins = await usersWithRole(db, subId, ROLE_ADMIN);
      const matches = admins.filter((user) =>
        [user.first_name, user.last_name, `${user.first_name} ${user.last_name}`, user.email].some((text) => text.toLowerCase().includes(needle)),
      );
      return {
        data: {
          results: matches.map((user) => ({
            aid: user.aid,
            first_name: user.first_name,
            last_name: user.last_name,
            avatar: { small: `${avatarsUrl()}/v1/avatars-default/${initials(user.first_name, user.last_name)}?size=small` },
          })),
        },
      };
    },
  );
};
