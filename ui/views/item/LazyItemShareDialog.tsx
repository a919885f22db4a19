import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { lazyWithStrings } from '../../lazyRoute.tsx';
import { useSystem } from '../../system.tsx';

// Loaded on first use: the share dialog's code and words come with the first open of the `share` actor.
const ItemShareDialog = lazyWithStrings(() => import('./ItemShare.tsx').then((module) => ({ default: module.ItemShareDialog })), ['share']);

/** The item view's share dialog (ItemShare.tsx), loaded once the `share` actor opens. */
export function LazyItemShareDialog({ itemTitle }: { itemTitle: string }) {
  const { share } = useSystem();
  const open = useSelector(share, (s) => !s.matches('closed'));
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ItemShareDialog itemTitle={itemTitle} />
    </Suspense>
  );
}
