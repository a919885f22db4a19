import type { FastifyPluginAsync } from 'fastify';
import { buildSchema } from 'graphql';
import { accountOf, requireAccount } from '../auth.ts';
import type { TokenVerifier } from '../auth.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { findSubscription, reachProductOf, rolesOn } from '../db/subscriptions.ts';
import { findUserByEmail } from '../db/users.ts';
import { errorBodySchema, sendError } from '../errors.ts';
import type { Realtime, SubscriptionChangedPush } from '../realtime.ts';
import { ROLE_ADMIN, ROLE_SEAT_HOLDER, storedRole } from '../roles.ts';
import { graphqlRoute } from './graphql.ts';

export interface ProductApiServiceOptions {
  db: Db;
  verify: TokenVerifier;
  realtime: Realtime;
}

/** The product API's schema: the role update of foundation §3 ("Role update payload") and §7. */
export const PRODUCT_API_SDL = /* GraphQL */ `
  type Query {
    "Always true; GraphQL needs a query type."
    health: Boolean!
  }

  input RoleInput {
    "seat-holder, admin or reachOnly (application suite); admin (application reach)"
    name: String!
    application: String!
  }

  input UpdateUserInput {
    subscription_id: ID!
    "The user whose roles change."
    email: String!
    "Roles to grant on the subscription; roles already held stay."
    roles: [RoleInput!]!
  }

  type UpdateUserError {
    "NOT_ADMIN, USER_NOT_FOUND, UNKNOWN_ROLE, NO_ROLES or NO_SEATS_AVAILABLE"
    code: String!
    message: String!
  }

  type UpdateUserResult {
    isSuccess: Boolean!
    errors: [UpdateUserError!]!
  }

  type Mutation {
    updateUser(input: UpdateUserInput!): UpdateUserResult!
  }
`;

const schema = buildSchema(PRODUCT_API_SDL);

interface Context {
  db: Db;
  realtime: Realtime;
  caller: UserRow;
}

interface UpdateUserInput {
  subscription_id: string;
  email: string;
  roles: { name: string; application: string }[];
}

type UpdateUserResult = { isSuccess: boolean; errors: { code: string; message: string }[] };

const failure = (code: string, message: string): UpdateUserResult => ({ isSuccess: false, errors: [{ code, message }] });

/**
 * Grants roles on one subscription. Only an admin of that subscription may (an unknown subscription
 * answers the same, so ids cannot be probed). A new seat takes one of the available seats; a target
 * who is not on the subscription's team joins it. The target then gets `subscription.changed`.
 */
async function updateUser({ input }: { input: UpdateUserInput }, { db, realtime, caller }: Context): Promise<UpdateUserResult> {
  const subscriptionId = input.subscription_id;
  const subscription = await findSubscription(db, subscriptionId);
  if (!subscription || !(await rolesOn(db, caller.aid, subscriptionId)).includes(ROLE_ADMIN)) {
    return failure('NOT_ADMIN', 'Only an admin of this subscription can change its roles.');
  }
  if (input.roles.length === 0) return failure('NO_ROLES', 'Name at least one role to grant.');
  const wanted: string[] = [];
  for (const role of input.roles) {
    const stored = storedRole(role.name, role.application);
    if (!stored) return failure('UNKNOWN_ROLE', `There is no role ${role.name} in ${role.application}.`);
    if (!wanted.includes(stored)) wanted.push(stored);
  }
  const target = await findUserByEmail(db, input.email);
  if (!target) return failure('USER_NOT_FOUND', 'No user has this e-mail address.');

  const held = await rolesOn(db, target.aid, subscriptionId);
  const added = wanted.filter((role) => !held.includes(role));
  if (added.length === 0) return { isSuccess: true, errors: [] };
  const takesSeat = added.includes(ROLE_SEAT_HOLDER);
  const noSeat = await db.transaction().execute(async (trx) => {
    if (takesSeat) {
      const taken = await trx
        .updateTable('subscriptions')
        .set((eb) => ({ available_seats: eb('available_seats', '-', 1) }))
        .where('id', '=', subscriptionId)
        .where('available_seats', '>', 0)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) return true;
    }
    await trx
      .insertInto('subscription_roles')
      .values(added.map((role) => ({ user_aid: target.aid, subscription_id: subscriptionId, role })))
      .execute();
    if (subscription.team_id !== null) {
      const teamId = subscription.team_id;
      const member = await trx
        .selectFrom('team_members')
        .select('user_aid')
        .where('team_id', '=', teamId)
        .where('user_aid', '=', target.aid)
        .executeTakeFirst();
      if (!member) await trx.insertInto('team_members').values({ team_id: teamId, user_aid: target.aid }).execute();
    }
    return false;
  });
  if (noSeat) return failure('NO_SEATS_AVAILABLE', 'The subscription has no seat left.');

  const push: Omit<SubscriptionChangedPush, 'messageId'> = { subscriptionId };
  realtime.emitToUser(target.aid, 'subscription.changed', push);
  return { isSuccess: true, errors: [] };
}

const reachStateSchema = {
  type: 'object',
  required: ['tenant_state', 'tenant_state_pending'],
  properties: { tenant_state: { type: 'string' }, tenant_state_pending: { type: 'boolean' } },
} as const;

/** Stand-in for the product API (foundation §7): role updates over GraphQL and the learning product's state. */
export const productApiService: FastifyPluginAsync<ProductApiServiceOptions> = async (app, { db, verify, realtime }) => {
  app.addHook('onRequest', requireAccount(verify));

  graphqlRoute<Context>(app, '/graphql', {
    schema,
    rootValue: { health: () => true, updateUser },
    contextOf: (request) => ({ db, realtime, caller: accountOf(request) }),
  });

  app.get<{ Params: { subscriptionId: string } }>(
    '/subscriptions/:subscriptionId/products/reach',
    {
      schema: {
        params: {
          type: 'object',
          required: ['subscriptionId'],
          properties: { subscriptionId: { type: 'string', minLength: 1, maxLength: 100 } },
        },
        response: { 200: reachStateSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { subscriptionId } = request.params;
      if ((await rolesOn(db, accountOf(request).aid, subscriptionId)).length === 0) {
        return sendError(reply, 403, 'You are not a member of this subscription.');
      }
      const state = await reachProductOf(db, subscriptionId);
      if (!state) return sendError(reply, 404, 'This subscription has no learning-product record.');
      return state;
    },
  );
};
