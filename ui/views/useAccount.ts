import { useSelector } from '@xstate/react';
import { effectiveStaff, type SessionAccount, type SubscriptionSummary } from '../../domain/account.ts';
import type { FlagKey } from '../../domain/flags.ts';
import { useSystem } from '../system.tsx';

/** Where the signed-in person's account stands. */
export type AccountStatus = 'loading' | 'ready' | 'failed' | 'none';

export interface AccountView {
  status: AccountStatus;
  account: SessionAccount | null;
  /** The current subscription's summary; null without a subscription (or before the account is read). */
  summary: SubscriptionSummary | null;
  /** The sandbox's staff check: the local override when set, else the service's flag. */
  isStaff: boolean;
  /** "Failed to fetch current user" / "Failed to fetch permissions for user" when status is failed. */
  errorMessage: string | null;
}

/** The session's account, for guards and the header. Loading until the account and its flags are read. */
export function useAccount(): AccountView {
  const { session } = useSystem();
  const status = useSelector(session, (s): AccountStatus => {
    if (s.matches({ loggedIn: { account: 'ready' } })) return 'ready';
    if (s.matches({ loggedIn: { account: 'failed' } })) return 'failed';
    if (s.matches('loggedIn') || s.matches('loading')) return 'loading';
    return 'none';
  });
  const account = useSelector(session, (s) => s.context.account);
  const summary = useSelector(session, (s) => s.context.summary);
  const errorMessage = useSelector(session, (s) => s.context.errorMessage);
  return { status, account, summary, isStaff: effectiveStaff(account), errorMessage };
}

/** One feature flag's value (defaults until the flag service answers, or when it is down). */
export function useFlag(key: FlagKey): boolean {
  const { flags } = useSystem();
  return useSelector(flags, (s) => s.context.values[key]);
}

/** True once the flag store is ready (loaded, or failed to load and holding the defaults). */
export function useFlagsReady(): boolean {
  const { flags } = useSystem();
  return useSelector(flags, (s) => s.context.status === 'ready');
}
