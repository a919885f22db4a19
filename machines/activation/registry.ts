/** Registry entries of the activation feature (activation, access modal, trial, survey banner, downloads): each machine with its payload cases. */
import { accessModalMachine } from './accessModalMachine.ts';
import { activationMachine } from './activationMachine.ts';
import { downloadsMachine } from './downloadsMachine.ts';
import { surveyBannerMachine } from './surveyBannerMachine.ts';
import { trialMachine } from './trialMachine.ts';
import type { RegistryEntry } from '../registryCases.ts';

const admin = { aid: 'u-alex', first_name: 'Alex', last_name: 'Admin', avatar: { small: 'http://localhost:3000/services/avatars/v1/avatars-default/AA?size=small' } };
const build = {
  id: 'b1',
  version: '3.2.0',
  channel: 'stable',
  platform: 'windows',
  publishedAt: '2026-11-20T10:00:00.000Z',
  releaseNotes: 'Faster uploads.',
  installerUrl: 'http://localhost:3000/downloads/b1.exe',
  msiUrl: null,
  zipUrl: null,
};

export const activationEntries: readonly RegistryEntry[] = [
  {
    name: 'activation',
    machine: activationMachine,
    description:
      'Learning-product (Reach) activation (foundation §4, §7, §9): admin one click → POST → poll the state every 1,000 ms while pending → reload with #reachActivated; non-admin searches admins (250 ms debounce), picks one, sends the 202 request; §8 toasts on failures.',
    cases: {
      'activation.open': [
        { subscriptionId: 'sub-1', isAdmin: true },
        { subscriptionId: 'sub-1', isAdmin: false },
      ],
      'activation.search': [{ query: 'ale' }, { query: '' }],
      'activation.selectAdmin': [{ aid: 'u-alex' }, { aid: 'u-unknown' }],
      'xstate.done.actor.searchAdmins': [{ output: [admin] }, { output: [] }],
      'xstate.done.actor.readState': [
        { output: { tenant_state: 'active', tenant_state_pending: true } },
        { output: { tenant_state: 'active', tenant_state_pending: false } },
        { output: { tenant_state: 'disabled', tenant_state_pending: false } },
      ],
    },
  },
  {
    name: 'accessModal',
    machine: accessModalMachine,
    description:
      'The learning product access modal (foundation §4, §5, §8): non-admin (button to /rise), admin (self-adds the learning-admin role, then learning admin), learning admin (button to the bridge); no e-mail → missing-email toast.',
    cases: {
      'access.open': [
        { variant: 'nonAdmin', hasEmail: true },
        { variant: 'admin', hasEmail: true },
        { variant: 'learningAdmin', hasEmail: true },
        { variant: 'admin', hasEmail: false },
      ],
    },
  },
  {
    name: 'trial',
    machine: trialMachine,
    description:
      'The localization trial landing (foundation §4, §7, §9): viewed event, self-initiated or sales-demo request, the success modal with the celebration (900 ms delay, 10 s; none under reduced motion); failures logged only.',
    cases: {
      'trial.viewed': [{ reducedMotion: false }, { reducedMotion: true }],
      'trial.request': [{ kind: 'selfInitiated' }, { kind: 'salesDemo' }],
    },
  },
  {
    name: 'surveyBanner',
    machine: surveyBannerMachine,
    description: "The dashboard's survey banner (foundation §4, §9): thumbs → comment → send or cancel; hidden a month after answering or dismissing.",
    cases: {
      'survey.start': [{ hidden: false }, { hidden: true }],
      'survey.thumb': [{ isPositive: true }, { isPositive: false }],
      'survey.setFeedback': [{ text: 'Clear and quick. 日本語 <b>' }, { text: '   ' }],
    },
  },
  {
    name: 'downloads',
    machine: downloadsMachine,
    description: 'The all-downloads page load (review-and-content §2, §7, §8): build list and minimum-version notice, or the failure message with a retry.',
    cases: {
      'xstate.done.actor.loadDownloads': [
        { output: { list: { deploymentGuideUrl: 'http://localhost:3000/guide', macUrl: 'http://localhost:3000/mac', builds: [build] }, minimumVersion: null } },
        { output: { list: { deploymentGuideUrl: 'http://localhost:3000/guide', macUrl: 'http://localhost:3000/mac', builds: [] }, minimumVersion: { version: '3.0.0', message: 'Update before Dec 1.' } } },
      ],
    },
  },
];
