/**
 * Role names as stored in `subscription_roles` and how the product API names them. The suite's roles
 * are what the subscription service reports (users/current `roles`); the learning product's admin role
 * (`reachAdmin`, foundation §4 "self-adds the learning-admin role") only appears where a role carries
 * its application: the account service's `me.roles`.
 */
import { ROLE_ADMIN, ROLE_REACH_ONLY, ROLE_SEAT_HOLDER } from '../domain/roles.ts';

// The suite's role names are shared with the client through domain/.
export { ROLE_ADMIN, ROLE_REACH_ONLY, ROLE_SEAT_HOLDER };
export const ROLE_REACH_ADMIN = 'reachAdmin';

/** Applications a role belongs to in the product API's role payload `{ name, application }`. */
export const APPLICATION_SUITE = 'suite';
export const APPLICATION_REACH = 'reach';

interface RoleName {
  stored: string;
  application: string;
  name: string;
}

const CATALOGUE: readonly RoleName[] = [
  { stored: ROLE_SEAT_HOLDER, application: APPLICATION_SUITE, name: ROLE_SEAT_HOLDER },
  { stored: ROLE_ADMIN, application: APPLICATION_SUITE, name: ROLE_ADMIN },
  { stored: ROLE_REACH_ONLY, application: APPLICATION_SUITE, name: ROLE_REACH_ONLY },
  { stored: ROLE_REACH_ADMIN, application: APPLICATION_REACH, name: ROLE_ADMIN },
];

/** `{ name, application }` → the stored role, or undefined for a pair the service does not know. */
export function storedRole(name: string, application: string): string | undefined {
  return CATALOGUE.find((r) => r.name === name && r.application === application)?.stored;
}

/** The stored role as `{ name, application }` (an unknown stored role keeps its name, application suite). */
export function roleAsPayload(stored: string): { name: string; application: string } {
  const found = CATALOGUE.find((r) => r.stored === stored);
  return found ? { name: found.name, application: found.application } : { name: stored, application: APPLICATION_SUITE };
}

/** Roles the subscription service lists (the suite's own). */
export function isSuiteRole(stored: string): boolean {
  return roleAsPayload(stored).application === APPLICATION_SUITE;
}

/** Permission names per role, as the subscription service reports them in subscription_permissions. */
export const ROLE_PERMISSIONS: Readonly<Record<string, readonly string[]>> = {
  [ROLE_SEAT_HOLDER]: ['use_review', 'use_rise', 'create_content', 'translate_content'],
  [ROLE_ADMIN]: ['manage_users', 'manage_billing', 'manage_subscription'],
  [ROLE_REACH_ONLY]: ['use_reach'],
  [ROLE_REACH_ADMIN]: ['use_reach', 'manage_reach'],
};

/** The union of the roles' permissions, in catalogue order, each once. */
export function permissionsOf(roles: readonly string[]): string[] {
  const out: string[] = [];
  for (const role of roles) for (const permission of ROLE_PERMISSIONS[role] ?? []) if (!out.includes(permission)) out.push(permission);
  return out;
}
