import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callJson, collect, connectOutcome, connectSocket, graphqlCall, nextEvent, signIn, UUID } from '../support/clients.ts';
import type { SignedIn } from '../support/clients.ts';
import { startTestServer } from '../support/testServer.ts';
import type { TestServer } from '../support/testServer.ts';

let server: TestServer;
const users: Record<string, SignedIn> = {};
let demoTeamId: string;
let secondTeamId: string;
const sockets: Socket[] = [];

interface CurrentUser {
  subs: { id: string; name: string; plan: string; state: string; available_seats: number; reach_tenant_id: string | null }[];
  roles: { name: string; subscription_id: string }[];
  subscription_permissions: Record<string, string[]>;
}

const EMAILS = {
  alex: 'alex.admin@example.com',
  tara: 'tara.team@example.com',
  trish: 'trish.trial@example.com',
  eddie: 'eddie.expired@example.com',
  rita: 'rita.reach@example.com',
  nora: 'nora.nosub@example.com',
  sam: 'sam.staff@example.com',
  vera: 'vera.validator@example.com',
  adam: 'adam.adminonly@example.com',
  maria: 'maria.multi@example.com',
  nick: 'nick.nonadmin@example.com',
  ian: 'ian.individual@example.com',
} as const;
type Who = keyof typeof EMAILS;
const user = (who: Who): SignedIn => users[who]!;

beforeAll(async () => {
  server = await startTestServer();
  const signedIn = await Promise.all(Object.entries(EMAILS).map(async ([who, email]) => [who, await signIn(server.url, email)] as const));
  for (const [who, account] of signedIn) users[who] = account;
  const current = await currentUser('maria');
  demoTeamId = current.subs.find((s) => s.name === 'Demo Team')!.id;
  secondTeamId = current.subs.find((s) => s.name === 'Second Team')!.id;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server?.close());

async function currentUser(who: Who): Promise<CurrentUser> {
  const result = await callJson<CurrentUser>(server.url, '/services/subscriptions/api/v1/users/current', { token: user(who).token });
  expect(result.status).toBe(200);
  return result.body;
}

const roleNames = (current: CurrentUser, subscriptionId: string) =>
  current.roles.filter((r) => r.subscription_id === subscriptionId).map((r) => r.name).sort();

describe('seeded accounts cover every user kind and tier', () => {
  it('has each tier and role kind of the spec', async () => {
    const all = Object.fromEntries(await Promise.all((Object.keys(EMAILS) as Who[]).map(async (who) => [who, await currentUser(who)] as const)));
    const only = (who: Who) => {
      expect(all[who]!.subs).toHaveLength(1);
      return all[who]!.subs[0]!;
    };
    expect(only('trish')).toMatchObject({ plan: 'trial', state: 'active' });
    expect(only('eddie')).toMatchObject({ plan: 'individual', state: 'inactive' });
    expect(only('ian')).toMatchObject({ plan: 'individual', state: 'active' });
    expect(all.nora!.subs).toEqual([]);
    expect(roleNames(all.rita!, demoTeamId)).toEqual(['reachOnly']);
    expect(roleNames(all.tara!, demoTeamId)).toEqual(['seat-holder']);
    expect(roleNames(all.nick!, demoTeamId)).toEqual(['seat-holder']);
    expect(roleNames(all.adam!, demoTeamId)).toEqual(['admin']);
    expect(roleNames(all.alex!, demoTeamId)).toEqual(['admin', 'seat-holder']);
    expect(roleNames(all.maria!, demoTeamId)).toEqual(['admin', 'seat-holder']);
    expect(roleNames(all.maria!, secondTeamId)).toEqual(['admin']);
    const staff = await callJson<{ isStaff: boolean }>(server.url, '/api/me', { token: user('sam').token });
    const validator = await callJson<{ isValidator: boolean }>(server.url, '/api/me', { token: user('vera').token });
    expect(staff.body.isStaff).toBe(true);
    expect(validator.body.isValidator).toBe(true);
  });
});

describe('subscription service', () => {
  it('reports authorized roles as lists of subscription ids', async () => {
    const get = (who: Who, query = '?reach_users=true') =>
      callJson(server.url, `/services/subscriptions/api/users/authorized_roles${query}`, { token: user(who).token });
    const maria = await get('maria');
    expect(maria.status).toBe(200);
    expect(maria.body).toEqual({ admin: [demoTeamId, secondTeamId].sort(), additional_admin: [secondTeamId], reach_members: [demoTeamId] });
    expect((await get('adam')).body).toEqual({ admin: [demoTeamId], additional_admin: [demoTeamId], reach_members: [demoTeamId] });
    expect((await get('rita')).body).toEqual({ admin: [], additional_admin: [], reach_members: [demoTeamId] });
    expect((await get('nora')).body).toEqual({ admin: [], additional_admin: [], reach_members: [] });
    expect((await get('rita', '')).body).toEqual({ admin: [], additional_admin: [], reach_members: [] });
    expect((await get('rita', '?reach_users=maybe')).status).toBe(400);
    expect((await callJson(server.url, '/services/subscriptions/api/users/authorized_roles')).status).toBe(401);
  });

  it('keeps subscription_permissions in the current user', async () => {
    const adam = await currentUser('adam');
    expect(adam.subscription_permissions[demoTeamId]).toEqual(['manage_users', 'manage_billing', 'manage_subscription']);
  });

  it('lists the team with avatars of the asked size', async () => {
    for (const size of ['micro', 'small', 'md', 'lg']) {
      const team = await callJson<{ email: string; avatars: Record<string, string> }[]>(server.url, `/services/subscriptions/api/users/team?avatarSize=${size}`, {
        token: user('nick').token,
      });
      expect(team.status).toBe(200);
      expect(team.body.map((m) => m.email)).toEqual(expect.arrayContaining([EMAILS.nick, EMAILS.adam, EMAILS.rita]));
      expect(team.body[0]!.avatars[size]).toContain(`size=${size}`);
    }
  });
});

describe('admin search (orca, under the subscription service)', () => {
  interface Results {
    data: { results: { aid: string; first_name: string; last_name: string; avatar: { small: string } }[] };
  }
  const search = (who: Who, subId: string, q?: string) =>
    callJson<Results>(server.url, `/services/subscriptions/orca/subscriptions/${subId}/users?roles=admin${q === undefined ? '' : `&q=${encodeURIComponent(q)}`}`, {
      token: user(who).token,
    });
  const names = (result: { body: Results }) => result.body.data.results.map((r) => `${r.first_name} ${r.last_name}`).sort();

  it('lists the admins of the subscription, filtered by name or e-mail, case-insensitively', async () => {
    const all = await search('nick', demoTeamId);
    expect(all.status).toBe(200);
    expect(names(all)).toEqual(['Adam Adminonly', 'Alex Admin', 'Maria Multi']);
    expect(all.body.data.results.find((r) => r.first_name === 'Adam')).toEqual({ aid: user('adam').aid, first_name: 'Adam', last_name: 'Adminonly', avatar: { small: expect.stringMatching(/^http.*size=small$/) } });
    expect(names(await search('nick', demoTeamId, 'AD'))).toEqual(['Adam Adminonly', 'Alex Admin']);
    expect(names(await search('nick', demoTeamId, 'maria.multi@'))).toEqual(['Maria Multi']);
    expect(names(await search('nick', demoTeamId, 'alex admin'))).toEqual(['Alex Admin']);
    expect(names(await search('nick', demoTeamId, 'tara'))).toEqual([]);
    expect(names(await search('maria', secondTeamId, ''))).toEqual(['Maria Multi']);
  });

  it('refuses callers who do not belong to the subscription', async () => {
    const outsider = await search('nick', secondTeamId, 'maria');
    expect(outsider.status).toBe(403);
    expect(outsider.body).toMatchObject({ error: 'Forbidden' });
    expect((await search('nora', demoTeamId)).status).toBe(403);
    expect((await search('nick', 'no-such-subscription')).status).toBe(403);
    const wrongRole = await callJson(server.url, `/services/subscriptions/orca/subscriptions/${demoTeamId}/users?roles=owner`, { token: user('nick').token });
    expect(wrongRole.status).toBe(400);
  });
});

describe('account service (GraphQL)', () => {
  const ME = `query Me { me { id email firstName lastName avatar userName
    subscriptions { id name nickname plan state endDate renewalDate reachTenantId roles permissions }
    roles { name subscriptionId application } } }`;

  it('answers the me query with profile, subscriptions and roles', async () => {
    const result = await graphqlCall<{ me: Record<string, unknown> & { subscriptions: Record<string, unknown>[]; roles: unknown[] } }>(
      server.url,
      '/services/account/graphql',
      user('maria').token,
      ME,
    );
    expect(result.status).toBe(200);
    expect(result.body.errors).toBeUndefined();
    const me = result.body.data!.me;
    expect(me).toMatchObject({ id: user('maria').aid, email: EMAILS.maria, firstName: 'Maria', lastName: 'Multi', userName: 'maria.multi' });
    expect(me.avatar).toMatch(/^http.*avatars-default\/MM\?size=md$/);
    const demo = me.subscriptions.find((s) => s.id === demoTeamId);
    expect(demo).toMatchObject({ name: 'Demo Team', nickname: 'Demo', plan: 'team', state: 'active', roles: ['admin', 'seat-holder'] });
    expect(demo!.permissions).toContain('use_review');
    expect(demo!.reachTenantId).toEqual(expect.any(String));
    expect(me.subscriptions.find((s) => s.id === secondTeamId)).toMatchObject({ roles: ['admin'], nickname: null, reachTenantId: null });
    expect(me.roles).toEqual(
      expect.arrayContaining([
        { name: 'admin', subscriptionId: secondTeamId, application: 'suite' },
        { name: 'seat-holder', subscriptionId: demoTeamId, application: 'suite' },
      ]),
    );
    expect(me.roles).toHaveLength(3);
  });

  it('returns an empty list for a user without subscriptions', async () => {
    const result = await graphqlCall<{ me: { subscriptions: unknown[]; roles: unknown[] } }>(server.url, '/services/account/graphql', user('nora').token, '{ me { subscriptions { id } roles { name } } }');
    expect(result.body).toEqual({ data: { me: { subscriptions: [], roles: [] } } });
  });

  it('reports syntax and validation errors as GraphQL errors with status 200 and no data', async () => {
    const syntax = await graphqlCall(server.url, '/services/account/graphql', user('nora').token, '{ me { ');
    expect(syntax.status).toBe(200);
    expect(syntax.body.data).toBeUndefined();
    expect(syntax.body.errors?.[0]?.message).toMatch(/Syntax Error/);
    const unknownField = await graphqlCall(server.url, '/services/account/graphql', user('nora').token, '{ me { password } }');
    expect(unknownField.status).toBe(200);
    expect(unknownField.body.errors?.[0]?.message).toMatch(/Cannot query field "password"/);
  });

  it('needs a token and a GraphQL-shaped body', async () => {
    expect((await callJson(server.url, '/services/account/graphql', { method: 'POST', body: { query: '{ me { id } }' } })).status).toBe(401);
    const notGraphql = await callJson(server.url, '/services/account/graphql', { token: user('nora').token, method: 'POST', body: { q: '{ me { id } }' } });
    expect(notGraphql.status).toBe(400);
    expect(notGraphql.body).toMatchObject({ error: 'Bad Request' });
  });
});

describe('product API', () => {
  const UPDATE = `mutation Update($input: UpdateUserInput!) { updateUser(input: $input) { isSuccess errors { code message } } }`;
  type UpdateResult = { updateUser: { isSuccess: boolean; errors: { code: string; message: string }[] } };
  const update = (who: Who, input: Record<string, unknown>) => graphqlCall<UpdateResult>(server.url, '/services/productApi/graphql', user(who).token, UPDATE, { input });

  async function userSocket(who: Who): Promise<Socket> {
    const socket = connectSocket(server.url, `/user/${user(who).aid}`, { token: user(who).token });
    sockets.push(socket);
    expect(await connectOutcome(socket)).toBe('connected');
    return socket;
  }

  it('refuses a role change by a non-admin of the subscription', async () => {
    const ritaSocket = await userSocket('rita');
    const seen = collect(ritaSocket, 'subscription.changed');
    const result = await update('nick', { subscription_id: demoTeamId, email: EMAILS.rita, roles: [{ name: 'seat-holder', application: 'suite' }] });
    expect(result.status).toBe(200);
    expect(result.body.data?.updateUser.isSuccess).toBe(false);
    expect(result.body.data?.updateUser.errors[0]?.code).toBe('NOT_ADMIN');
    // An admin of another subscription is not an admin of this one.
    expect((await update('adam', { subscription_id: secondTeamId, email: EMAILS.adam, roles: [{ name: 'admin', application: 'suite' }] })).body.data?.updateUser.errors[0]?.code).toBe('NOT_ADMIN');
    expect(roleNames(await currentUser('rita'), demoTeamId)).toEqual(['reachOnly']);
    // The service pushes subscription.changed before it answers the update: an answer on Rita's own socket after the
    // updates comes after anything they pushed to her.
    await ritaSocket.timeout(5000).emitWithAck('item.fetch', { folderId: 'ALL_CONTENT', page: 1, search: null, product: 'all' });
    expect(seen).toEqual([]);
  });

  it("lets an admin grant roles, taking a seat, and pushes subscription.changed to the affected user", async () => {
    const socket = await userSocket('rita');
    const pushed = nextEvent<Record<string, unknown>>(socket, 'subscription.changed');
    const seatsBefore = (await currentUser('alex')).subs.find((s) => s.id === demoTeamId)!.available_seats;
    const result = await update('adam', { subscription_id: demoTeamId, email: EMAILS.rita, roles: [{ name: 'seat-holder', application: 'suite' }] });
    expect(result.body).toEqual({ data: { updateUser: { isSuccess: true, errors: [] } } });
    expect(await pushed).toEqual({ messageId: expect.stringMatching(UUID), subscriptionId: demoTeamId });
    expect(roleNames(await currentUser('rita'), demoTeamId)).toEqual(['reachOnly', 'seat-holder']);
    expect((await currentUser('alex')).subs.find((s) => s.id === demoTeamId)!.available_seats).toBe(seatsBefore - 1);
  });

  it("adds a user to another subscription's team, and lets an admin self-add the learning-admin role", async () => {
    const granted = await update('maria', { subscription_id: secondTeamId, email: EMAILS.nick, roles: [{ name: 'seat-holder', application: 'suite' }] });
    expect(granted.body.data?.updateUser.isSuccess).toBe(true);
    expect(roleNames(await currentUser('nick'), secondTeamId)).toEqual(['seat-holder']);

    const self = await update('maria', { subscription_id: secondTeamId, email: EMAILS.maria, roles: [{ name: 'admin', application: 'reach' }] });
    expect(self.body.data?.updateUser.isSuccess).toBe(true);
    // The learning product's role shows in me.roles, not in the suite's role list.
    expect(roleNames(await currentUser('maria'), secondTeamId)).toEqual(['admin']);
    const me = await graphqlCall<{ me: { roles: unknown[] } }>(server.url, '/services/account/graphql', user('maria').token, '{ me { roles { name subscriptionId application } } }');
    expect(me.body.data?.me.roles).toContainEqual({ name: 'admin', subscriptionId: secondTeamId, application: 'reach' });
  });

  it('names what is wrong with a request', async () => {
    const code = async (input: Record<string, unknown>) => (await update('alex', input)).body.data?.updateUser.errors[0]?.code;
    expect(await code({ subscription_id: demoTeamId, email: 'nobody@example.com', roles: [{ name: 'admin', application: 'suite' }] })).toBe('USER_NOT_FOUND');
    expect(await code({ subscription_id: demoTeamId, email: EMAILS.nora, roles: [{ name: 'owner', application: 'suite' }] })).toBe('UNKNOWN_ROLE');
    expect(await code({ subscription_id: demoTeamId, email: EMAILS.nora, roles: [] })).toBe('NO_ROLES');
    const missing = await graphqlCall(server.url, '/services/productApi/graphql', user('alex').token, UPDATE, { input: { email: EMAILS.nora, roles: [] } });
    expect(missing.status).toBe(200);
    expect(missing.body.errors?.[0]?.message).toMatch(/subscription_id/);
  });

  it('reports the learning-product state of a subscription to its members', async () => {
    const get = (who: Who, subId: string) => callJson(server.url, `/services/productApi/subscriptions/${subId}/products/reach`, { token: user(who).token });
    const demo = await get('nick', demoTeamId);
    expect(demo.status).toBe(200);
    expect(demo.body).toEqual({ tenant_state: 'active', tenant_state_pending: false });
    expect((await get('maria', secondTeamId)).body).toEqual({ tenant_state: 'disabled', tenant_state_pending: false });
    expect((await get('tara', secondTeamId)).status).toBe(403);
    expect((await callJson(server.url, `/services/productApi/subscriptions/${demoTeamId}/products/reach`)).status).toBe(401);
  });
});

describe('geolocation (under the profiles service)', () => {
  const geo = (acceptLanguage?: string) =>
    callJson<{ threeCharCountry: string }>(server.url, '/services/profiles/geo', acceptLanguage ? { headers: { 'accept-language': acceptLanguage } } : {});

  it('answers a three-letter country from Accept-Language without a token', async () => {
    expect((await geo('en-GB,en;q=0.8')).body).toEqual({ threeCharCountry: 'GBR' });
    expect((await geo('fr;q=0.5, de-AT;q=0.9')).body).toEqual({ threeCharCountry: 'AUT' });
    expect((await geo('de')).body).toEqual({ threeCharCountry: 'DEU' });
    expect((await geo('zz-ZZ')).body).toEqual({ threeCharCountry: 'USA' });
    const none = await geo();
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ threeCharCountry: 'USA' });
  });
});

describe('avatars', () => {
  it('accepts the sizes micro, small, md and lg', async () => {
    for (const size of ['micro', 'small', 'md', 'lg']) {
      for (const path of [`/services/avatars/v1/avatars-default/AB?size=${size}`, `/services/avatars/v1/avatars/some-id?size=${size}`]) {
        const response = await fetch(`${server.url}${path}`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/image\/svg\+xml/);
      }
    }
  });
});
