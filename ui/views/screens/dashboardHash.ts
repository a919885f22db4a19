/** The dashboard's hash fragments (foundation §2): read once, then cleared. */
export type DashboardHash = 'activateReach' | 'reachActivated';

/** The dashboard hash in a location hash ("#reachActivated"), or null for any other. */
export function dashboardHashOf(hash: string): DashboardHash | null {
  const name = hash.startsWith('#') ? hash.slice(1) : hash;
  return name === 'activateReach' || name === 'reachActivated' ? name : null;
}
