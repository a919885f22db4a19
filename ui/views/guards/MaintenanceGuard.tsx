import type { ReactNode } from 'react';
import { MaintenanceScreen } from '../screens/MaintenanceScreen.tsx';
import { useFlag } from '../useAccount.ts';

/**
 * The review application's maintenance switch (foundation §2 /review): while the maintenanceMode flag
 * is on, the maintenance screen shows instead, before the subscription guard. Sits inside RequireAuth
 * (flags are read for signed-in people).
 */
export function MaintenanceGuard({ children }: { children: ReactNode }) {
  const maintenance = useFlag('maintenanceMode');
  return maintenance ? <MaintenanceScreen /> : children;
}
