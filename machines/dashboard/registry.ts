/** Registry entries of the dashboard feature: each machine with its payload cases (charts, path generation, replay read them). */
import { dashboardMachine } from './dashboardMachine.ts';
import type { RegistryEntry } from '../registryCases.ts';

export const dashboardEntries: readonly RegistryEntry[] = [
  {
    name: 'dashboard',
    machine: dashboardMachine,
    description:
      "The header's and dashboard's overlays (foundation §2): the upgrade (subscribe) modal the header opens, the renewal alert's dismissal for the page load, the #reachActivated success banner; reset at sign-out.",
    cases: {
      'dashboard.openUpgrade': [{ placement: 'rise' }, { placement: 'header' }],
      'dashboard.hashRead': [{ hash: 'activateReach' }, { hash: 'reachActivated' }],
    },
  },
];
