import { useSelector } from '@xstate/react';
import { canExportComments } from '../../../domain/commentExport.ts';
import { useSystem } from '../../system.tsx';
import { openItemDialog } from '../itemDialogs.ts';

/**
 * Opens the comments export dialog for the open item, or null when the user may not export (§6: an account, an
 * existing item, ownership or a folder role that views it: domain canExportComments). The export menu and the comments
 * panel both offer it.
 */
export function useCommentExport(): (() => void) | null {
  const system = useSystem();
  const subject = useSelector(system.item, (s) => {
    const item = s.context.item;
    return item && s.matches({ open: 'fetchSuccess' }) ? { id: item.id, product: item.product, isOwner: item.isOwner, actions: item.actions, signedIn: s.context.userId !== null } : null;
  }, (a, b) => a === b || (a !== null && b !== null && a.id === b.id && a.isOwner === b.isOwner && a.signedIn === b.signedIn && a.actions.join() === b.actions.join()));
  if (!subject || !canExportComments({ signedIn: subject.signedIn, item: subject })) return null;
  // The dialog's machine loads with its first open (the item dialogs feature).
  return () => openItemDialog(system, () => system.commentExport.send({ type: 'commentExport.open', itemId: subject.id, product: subject.product }));
}
