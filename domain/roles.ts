/**
 * Roles and permissions (foundation §6). Roles come from the current user's role list; permissions per
 * subscription come from `subscription_permissions`.
 */
import type { CurrentUser, CurrentUserSubscription } from './subscriptions.ts';

/** Role names as the subscription service spells them (the reference service seeds the same). */
export const ROLE_SEAT_HOLDER = 'seat-holder';
export const ROLE_ADMIN = 'admin';
export const ROLE_REACH_ONLY = 'reachOnly';

/** Permission names the subscription service reports in `subscription_permissions`. */
export const PERMISSION_USE_REVIEW = 'use_review';
export const PERMISSION_USE_RISE = 'use_rise';
export const PERMISSION_TRANSLATE_CONTENT = 'translate_content';
export const PERMISSION_MANAGE_USERS = 'manage_users';
export const PERMISSION_MANAGE_BILLING = 'manage_billing';

/**
 * Derived role kinds (foundation §6), on one subscription or, for a user, across all of them:
 * - `seatHolder`: holds the seat-holder role (a user subscription); may use review and rise.
 * - `adminOnly`: holds the admin role but no seat.
 * - `reachOnly`: holds only the reachOnly role.
 * - `noSubscription`: none of these roles (no subscriptions, or only roles we do not know).
 * A seat outranks admin, admin outranks reachOnly.
 */
export type RoleKind = 'seatHolder' | 'adminOnly' | 'reachOnly' | 'noSubscription';
export const ROLE_KINDS: readonly RoleKind[] = ['seatHolder', 'adminOnly', 'reachOnly', 'noSubscription'];

/** What a role kind permits: the apps it may open and the account actions it may take. */
export type RoleAction = 'useReview' | 'useRise' | 'useReach' | 'manageTeam' | 'manageBilling' | 'activateReach';

/**
 * Role kind → permitted actions. Seat holders use review and rise; admins without a seat manage the
 * team and billing and activate Reach (they add themselves to the team to use the apps); reach-only
 * members use Reach only; no subscription grants nothing. A seat holder who is also admin gets both
 * through {@link actionsForUserOn}.
 */
export const ROLE_ACTIONS: Readonly<Record<RoleKind, readonly RoleAction[]>> = {
  seatHolder: ['useReview', 'useRise'],
  adminOnly: ['manageTeam', 'manageBilling', 'activateReach'],
  reachOnly: ['useReach'],
  noSubscription: [],
};

/** Logs an error; passed in so domain rules stay pure. */
export type LogError = (message: string) => void;

/** True for a known role kind. */
export function isRoleKind(value: unknown): value is RoleKind {
  return typeof value === 'string' && (ROLE_KINDS as readonly string[]).includes(value);
}

/** The actions a role kind permits. An unknown role logs an error and grants nothing (foundation §5). */
export function actionsForRole(role: unknown, log: LogError): readonly RoleAction[] {
  if (isRoleKind(role)) return ROLE_ACTIONS[role];
  log(`Unknown role ${JSON.stringify(role)}: no actions granted`);
  return [];
}

/** Role grants on subscriptions the user has; a grant naming a subscription missing from `subs` is ignored. */
function grantsOnListed(user: Pick<CurrentUser, 'roles' | 'subs'>): CurrentUser['roles'] {
  return user.roles.filter((r) => user.subs.some((s) => s.id === r.subscription_id));
}

function roleNamesOn(user: Pick<CurrentUser, 'roles'>, subscriptionId: string): string[] {
  return user.roles.filter((r) => r.subscription_id === subscriptionId).map((r) => r.name);
}

function kindFromNames(names: readonly string[]): RoleKind {
  if (names.includes(ROLE_SEAT_HOLDER)) return 'seatHolder';
  if (names.includes(ROLE_ADMIN)) return 'adminOnly';
  if (names.includes(ROLE_REACH_ONLY)) return 'reachOnly';
  return 'noSubscription';
}

/** The role kind a user holds on one subscription. */
export function roleKindOn(user: Pick<CurrentUser, 'roles'>, subscriptionId: string): RoleKind {
  return kindFromNames(roleNamesOn(user, subscriptionId));
}

/** The user's role kind across the subscriptions they have (a seat on any makes a seat holder, and so on). */
export function roleKindOf(user: Pick<CurrentUser, 'roles' | 'subs'>): RoleKind {
  return kindFromNames(grantsOnListed(user).map((r) => r.name));
}

/**
 * The default subscription (foundation §6): the one where the user holds the seat-holder role, else the
 * first subscription, else null. Roles naming a subscription that is not in `subs` are ignored.
 */
export function defaultSubscription(user: Pick<CurrentUser, 'subs' | 'roles'>): CurrentUserSubscription | null {
  const seat = grantsOnListed(user).find((r) => r.name === ROLE_SEAT_HOLDER);
  if (seat) return user.subs.find((s) => s.id === seat.subscription_id) ?? null;
  return user.subs[0] ?? null;
}

/** Ids of the user's subscriptions where they hold the admin role, each once, in role-list order. */
export function adminSubscriptionIds(user: Pick<CurrentUser, 'roles' | 'subs'>): string[] {
  return [...new Set(grantsOnListed(user).filter((r) => r.name === ROLE_ADMIN).map((r) => r.subscription_id))];
}

/** Admin on this subscription (`is_admin` when it is the current one). */
export function isAdminOn(user: Pick<CurrentUser, 'roles'>, subscriptionId: string): boolean {
  return user.roles.some((r) => r.name === ROLE_ADMIN && r.subscription_id === subscriptionId);
}

/** Admin on exactly one subscription. */
export function isAdminOnOnlyOne(user: Pick<CurrentUser, 'roles' | 'subs'>): boolean {
  return adminSubscriptionIds(user).length === 1;
}

/** Admin on two or more subscriptions. */
export function isAdminOnSeveral(user: Pick<CurrentUser, 'roles' | 'subs'>): boolean {
  return adminSubscriptionIds(user).length > 1;
}

/** Admin on no subscription. */
export function isNotAdminOnAny(user: Pick<CurrentUser, 'roles' | 'subs'>): boolean {
  return adminSubscriptionIds(user).length === 0;
}

/** The permissions the service reports for a subscription, or null when it reports none for it. */
export function permissionsOn(user: Pick<CurrentUser, 'subscription_permissions'>, subscriptionId: string): readonly string[] | null {
  return Object.prototype.hasOwnProperty.call(user.subscription_permissions, subscriptionId)
    ? (user.subscription_permissions[subscriptionId] ?? [])
    : null;
}

/** The user holds a permission on a subscription (a subscription without reported permissions holds none). */
export function hasPermission(user: Pick<CurrentUser, 'subscription_permissions'>, subscriptionId: string, permission: string): boolean {
  return permissionsOn(user, subscriptionId)?.includes(permission) ?? false;
}

/** Able to handle billing (renewal management): the `manage_billing` permission on that subscription. */
export function canManageBilling(user: Pick<CurrentUser, 'subscription_permissions'>, subscriptionId: string): boolean {
  return hasPermission(user, subscriptionId, PERMISSION_MANAGE_BILLING);
}

/** May translate (foundation §6): the translate-content permission on that subscription. */
export function canTranslateContent(user: Pick<CurrentUser, 'subscription_permissions'>, subscriptionId: string): boolean {
  return hasPermission(user, subscriptionId, PERMISSION_TRANSLATE_CONTENT);
}

/**
 * Analytics label (foundation §6: "admin and creator labels are derived from" permissions): `admin` with
 * the manage-users permission, else `creator` with the use-review or use-rise permission, else null.
 */
export function analyticsRoleLabel(user: Pick<CurrentUser, 'subscription_permissions'>, subscriptionId: string): 'admin' | 'creator' | null {
  if (hasPermission(user, subscriptionId, PERMISSION_MANAGE_USERS)) return 'admin';
  if (hasPermission(user, subscriptionId, PERMISSION_USE_REVIEW) || hasPermission(user, subscriptionId, PERMISSION_USE_RISE)) return 'creator';
  return null;
}

/**
 * A seat holder's app flag (foundation §6: "flags default true"): true unless the service reports
 * permissions for the subscription and they lack the app's permission. Non-seat-holders: false.
 */
export function appEnabledOn(user: Pick<CurrentUser, 'roles' | 'subscription_permissions'>, subscriptionId: string, app: 'review' | 'rise'): boolean {
  if (roleKindOn(user, subscriptionId) !== 'seatHolder') return false;
  const permissions = permissionsOn(user, subscriptionId);
  if (permissions === null) return true;
  return permissions.includes(app === 'review' ? PERMISSION_USE_REVIEW : PERMISSION_USE_RISE);
}

/** Every action the user's roles on one subscription permit (seat and admin combine). */
export function actionsForUserOn(user: Pick<CurrentUser, 'roles'>, subscriptionId: string, log: LogError): RoleAction[] {
  const names = roleNamesOn(user, subscriptionId);
  const kinds = new Set<RoleKind>();
  for (const name of names) {
    if (name === ROLE_SEAT_HOLDER) kinds.add('seatHolder');
    else if (name === ROLE_ADMIN) kinds.add('adminOnly');
    else if (name === ROLE_REACH_ONLY) kinds.add('reachOnly');
    else log(`Unknown role ${JSON.stringify(name)} on subscription ${subscriptionId}: no actions granted`);
  }
  const actions = new Set<RoleAction>();
  for (const kind of kinds) for (const action of ROLE_ACTIONS[kind]) actions.add(action);
  return [...actions];
}
