import { useSelector } from '@xstate/react';
import { LazyWhenOpen, lazyWithStrings } from '../../lazyRoute.tsx';
import { useSystem } from '../../system.tsx';

// Loaded on first use: the share dialog's code, styles and words come with the first open of the `share` actor.
const ItemShareDialog = lazyWithStrings(() => import('./ItemShare.tsx').then((module) => ({ default: module.ItemShareDialog })), ['share']);

/** The item view's share dialog (ItemShare.tsx), loaded once the `share` actor opens. */
export function LazyItemShareDialog({ itemTitle }: { itemTitle: string }) {
  const { share } = useSystem();
  return (
    <LazyWhenOpen open={useSelector(share, (s) => !s.matches('closed'))}>
      <ItemShareDialog itemTitle={itemTitle} />
    </LazyWhenOpen>
  );
}
