import type { FastifyPluginAsync } from 'fastify';
import { buildSchema } from 'graphql';
import { accountOf, requireAccount } from '../auth.ts';
import type { TokenVerifier } from '../auth.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { rolesOfUser, subscriptionsOfUser } from '../db/users.ts';
import { isSuiteRole, permissionsOf, roleAsPayload } from '../roles.ts';
import { graphqlRoute } from './graphql.ts';
import { initials } from './subscriptions.ts';

export interface AccountServiceOptions {
  db: Db;
  verify: TokenVerifier;
  /** Base URL of the avatars stand-in. */
  avatarsUrl: () => string;
}

/** The account service's schema (foundation §7 "A Me query for profile, subscriptions, roles"). */
export const ACCOUNT_SDL = /* GraphQL */ `
  type Query {
    "The signed-in user."
    me: Me
  }

  type Me {
    id: ID!
    email: String!
    firstName: String!
    lastName: String!
    "URL of the user's avatar picture (size md)."
    avatar: String!
    userName: String!
    subscriptions: [Subscription!]!
    "Every role, the learning product's included (application 'suite' or 'reach')."
    roles: [Role!]!
  }

  type Subscription {
    id: ID!
    name: String!
    nickname: String
    "team, individual or trial"
    plan: String!
    "active or inactive"
    state: String!
    endDate: String!
    renewalDate: String
    reachTenantId: String
    "The user's suite role names on this subscription."
    roles: [String!]!
    "The user's permissions on this subscription (as in subscription_permissions)."
    permissions: [String!]!
  }

  type Role {
    name: String!
    subscriptionId: ID!
    application: String!
  }
`;

const schema = buildSchema(ACCOUNT_SDL);

interface Context {
  db: Db;
  user: UserRow;
  avatarsUrl: string;
}

async function me(_args: unknown, { db, user, avatarsUrl }: Context) {
  const [subs, roles] = await Promise.all([subscriptionsOfUser(db, user.aid), rolesOfUser(db, user.aid)]);
  const rolesOn = (id: string) => roles.filter((r) => r.subscription_id === id).map((r) => r.role);
  return {
    id: user.aid,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    avatar: `${avatarsUrl}/v1/avatars-default/${initials(user.first_name, user.last_name)}?size=md`,
    userName: user.email.slice(0, user.email.indexOf('@')),
    subscriptions: subs.map((sub) => ({
      id: sub.id,
      name: sub.name,
      nickname: sub.nickname,
      plan: sub.plan,
      state: sub.state,
      endDate: sub.end_date,
      renewalDate: sub.renewal_date,
      reachTenantId: sub.reach_tenant_id,
      roles: rolesOn(sub.id).filter(isSuiteRole),
      permissions: permissionsOf(rolesOn(sub.id)),
    })),
    roles: roles.map((r) => ({ ...roleAsPayload(r.role), subscriptionId: r.subscription_id })),
  };
}

/** Stand-in for the account service: `POST /graphql` (bearer) answering the `me` query. */
export const accountService: FastifyPluginAsync<AccountServiceOptions> = async (app, { db, verify, avatarsUrl }) => {
  app.addHook('onRequest', requireAccount(verify));
  graphqlRoute<Context>(app, '/graphql', {
    schema,
    rootValue: { me },
    contextOf: (request) => ({ db, user: accountOf(request), avatarsUrl: avatarsUrl() }),
  });
};
