import type { UserInfo } from '../../domain/auth.ts';

/** The name to show for a signed-in person: first and last name, else the e-mail address. */
export function displayName(user: Pick<UserInfo, 'firstName' | 'lastName' | 'email'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}
