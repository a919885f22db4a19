import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import type { ItemRecord } from '../../../domain/content.ts';
import { duplicateName } from '../../../domain/names.ts';
import { folderMoveValidity, itemMoveValidity } from '../../../domain/folderMoves.ts';
import { PRIVATE_CONTENT, SHARED_CONTENT, TRASH_ROOT, type FolderId } from '../../../domain/folderRoles.ts';
import type { FolderTree } from '../../../domain/folderTree.ts';
import type { DialogData } from '../../../machines/content/contentEvents.ts';
import { hasUnsavedChangesOf } from '../../../machines/content/folderSettingsMachine.ts';
import { useSystem } from '../../system.tsx';
import {
  AddToTeamDialog,
  AlreadyInFolderDialog,
  ContentErrorDialog,
  DeleteForeverDialog,
  DeleteToTrashDialog,
  EmptyTrashDialog,
  FolderAccessDeniedDialog,
  MoveConfirmDialog,
  MoveDialog,
  NameDialog,
  SharedFolderSettingsDialog,
  contentRefusalText,
  folderLabel,
  type MoveTargetValidity,
} from '../content/index.ts';
import { folderHref } from './useContentModel.ts';

/** A name for a folder made inside the move dialog: "New folder", or "New folder 2"… when taken. */
function freshFolderName(tree: FolderTree, parentId: FolderId): string {
  const taken = new Set(tree.children(parentId).map((node) => node.name.trim().toLowerCase()));
  for (let n = 1; ; n++) {
    const name = n === 1 ? 'New folder' : `New folder ${n}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

/** Whether every selected thing may go to `targetId` (§5): the first refusal wins. */
function moveValidity(tree: FolderTree, dialog: Extract<DialogData, { kind: 'move' }>, items: readonly ItemRecord[], userId: string, targetId: FolderId): MoveTargetValidity {
  for (const folderId of dialog.folderIds) {
    const result = folderMoveValidity(tree, folderId, targetId);
    if (!result.ok) return result;
  }
  for (const itemId of dialog.itemIds) {
    const item = items.find((candidate) => candidate.id === itemId);
    if (!item) continue;
    const result = itemMoveValidity(tree, item, targetId, userId);
    if (!result.ok) return result;
  }
  return { ok: true };
}

/** The names the duplicate check compares with (§5): siblings of a folder, or items of the folder shown. */
function siblingNames(tree: FolderTree, parentId: FolderId | null): string[] {
  return parentId === null ? [] : tree.children(parentId).map((node) => node.name);
}

/**
 * The content dialogs on screen: whatever the dialogs actor holds, drawn with the presentational dialogs and
 * answered with its events. One at a time; `<dialog open>` while the actor is `shown` (the open request shows
 * it on the next frame, a close keeps it 100 ms for the exit).
 */
export function ContentDialogs({ tree, userId }: { tree: FolderTree; userId: string }) {
  const { dialogs, grid, folderSettings, links } = useSystem();
  const dialog = useSelector(dialogs, (s) => (s.hasTag('visible') ? s.context.dialog : null));
  const shown = useSelector(dialogs, (s) => s.hasTag('shown'));
  const refusal = useSelector(dialogs, (s) => s.context.refusal);
  const navigation = useSelector(dialogs, (s) => s.context.navigation);
  const items = useSelector(grid, (s) => s.context.items);
  const settings = useSelector(folderSettings, (s) => s);
  const [, navigate] = useLocation();

  // §4: closing the access-denied dialog goes to the private content folder.
  useEffect(() => {
    if (navigation === null) return;
    navigate(folderHref(navigation));
    dialogs.send({ type: 'dialogs.navigated' });
  }, [navigation, navigate, dialogs]);

  // The folderSettings actor keeps the draft, asks before dropping it, reads the team and closes the dialog once saved.
  const saving = settings.hasTag('busy');
  const canChange = settings.context.canChange;

  if (!dialog) return null;
  const close = () => dialogs.send({ type: 'dialogs.close' });
  const confirm = () => dialogs.send({ type: 'dialogs.confirm' });
  const submitName = (name: string) => dialogs.send({ type: 'dialogs.submitName', name });
  const error = refusal ? contentRefusalText(refusal) : null;

  switch (dialog.kind) {
    case 'trash':
      return <DeleteToTrashDialog open={shown} itemsCount={dialog.itemIds.length} foldersCount={dialog.folderIds.length} name={dialog.name} error={error} onConfirm={confirm} onCancel={close} />;
    case 'destroyForever':
      return <DeleteForeverDialog open={shown} itemsCount={dialog.itemIds.length} foldersCount={dialog.folderIds.length} name={dialog.name} error={error} onConfirm={confirm} onCancel={close} />;
    case 'emptyTrash':
      return <EmptyTrashDialog open={shown} error={error} onConfirm={confirm} onCancel={close} />;
    case 'duplicate': {
      const folderId = items.find((item) => item.id === dialog.itemId)?.folderId ?? null;
      const names = items.filter((item) => item.folderId === folderId && !item.isArchived).map((item) => item.title);
      return <NameDialog open={shown} kind="duplicate" initialValue={duplicateName(dialog.title)} existingNames={names} error={error} onConfirm={submitName} onCancel={close} />;
    }
    case 'renameItem': {
      const folderId = items.find((item) => item.id === dialog.itemId)?.folderId ?? null;
      const names = items.filter((item) => item.folderId === folderId && !item.isArchived).map((item) => item.title);
      return <NameDialog open={shown} kind="renameItem" initialValue={dialog.title} currentName={dialog.title} existingNames={names} error={error} onConfirm={submitName} onCancel={close} />;
    }
    case 'renameFolder': {
      const parentId = tree.get(dialog.folderId)?.parentId ?? null;
      return (
        <NameDialog open={shown} kind="renameFolder" initialValue={dialog.name} currentName={dialog.name} existingNames={siblingNames(tree, parentId)} error={error} onConfirm={submitName} onCancel={close} />
      );
    }
    case 'newFolder':
      return <NameDialog open={shown} kind="newFolder" existingNames={siblingNames(tree, dialog.parentId)} error={error} onConfirm={submitName} onCancel={close} />;
    case 'newSharedFolder':
      return <NameDialog open={shown} kind="newSharedFolder" existingNames={siblingNames(tree, SHARED_CONTENT)} error={error} onConfirm={submitName} onCancel={close} />;
    case 'move': {
      const current = dialog.folderIds[0] ?? null;
      const ancestors = current !== null ? tree.ancestors(current).map((node) => node.id) : [];
      return (
        <MoveDialog
          open={shown}
          tree={tree}
          subject={{ itemsCount: dialog.itemIds.length, foldersCount: dialog.folderIds.length, name: dialog.name }}
          validityOf={(targetId) => moveValidity(tree, dialog, items, userId, targetId)}
          roots={dialog.itemIds.length > 0 ? [PRIVATE_CONTENT, SHARED_CONTENT] : [PRIVATE_CONTENT, SHARED_CONTENT, TRASH_ROOT]}
          initialExpandedIds={ancestors}
          onNewFolder={(parentId) => dialogs.send({ type: 'dialogs.createFolder', parentId, name: freshFolderName(tree, parentId) })}
          error={error}
          onConfirm={(targetId) => {
            const node = tree.get(targetId);
            dialogs.send({ type: 'dialogs.chooseDestination', destination: targetId, destinationFolderName: node ? folderLabel(node) : null });
          }}
          onCancel={close}
        />
      );
    }
    case 'confirmMove':
      return <MoveConfirmDialog open={shown} change={dialog.change} destinationName={dialog.destinationFolderName} error={error} onConfirm={confirm} onCancel={close} />;
    case 'alreadyInFolder':
      return <AlreadyInFolderDialog open={shown} name={dialog.name} folderName={dialog.folderName} onClose={close} />;
    case 'accessDenied':
      return <FolderAccessDeniedDialog open={shown} onClose={close} />;
    case 'addToTeam':
      return <AddToTeamDialog open={shown} teamHref={links.subscriptions} onClose={close} />;
    case 'error':
      return (
        <ContentErrorDialog
          open={shown}
          operation={dialog.operation}
          message={dialog.reason ? contentRefusalText(dialog.reason) : dialog.message}
          onRetry={dialog.retry ? () => dialogs.send({ type: 'dialogs.retry' }) : undefined}
          onClose={close}
        />
      );
    case 'sharedFolderSettings': {
      const node = tree.get(dialog.folderId);
      const status = settings.hasTag('loading')
        ? 'loading'
        : settings.context.loadError !== null
          ? 'loadFailed'
          : saving
            ? 'saving'
            : settings.context.saveError !== null
              ? 'saveFailed'
              : 'ready';
      const team = settings.context.team;
      return (
        <SharedFolderSettingsDialog
          open={shown}
          folderName={node ? folderLabel(node) : ''}
          status={status}
          error={settings.context.loadError ?? settings.context.saveError}
          entries={settings.context.entries}
          draft={settings.context.draft}
          dirty={hasUnsavedChangesOf(settings.context)}
          confirmingLeave={settings.matches({ open: { permissions: 'confirmingLeave' } })}
          canChange={canChange}
          currentUserId={userId}
          members={team?.members ?? []}
          groups={team?.groups ?? []}
          onAdd={(principal) => folderSettings.send({ type: 'folderSettings.addPrincipal', ...principal })}
          onSetRole={(principal, role) => folderSettings.send({ type: 'folderSettings.setRole', principalType: principal.principalType, principalId: principal.principalId, role })}
          onRemove={(principal) => folderSettings.send({ type: 'folderSettings.removeEntry', principalType: principal.principalType, principalId: principal.principalId })}
          onSave={() => folderSettings.send({ type: 'folderSettings.save' })}
          onRequestClose={() => folderSettings.send({ type: 'folderSettings.requestClose' })}
          onLeave={() => folderSettings.send({ type: 'folderSettings.leave' })}
          onStay={() => folderSettings.send({ type: 'folderSettings.stay' })}
          onRetry={() => folderSettings.send({ type: 'folderSettings.retry' })}
          moving={
            dialog.move
              ? { folderName: dialog.move.folderIds.map((id) => tree.get(id)?.name ?? '').filter((name) => name !== '').join('”, “'), onMove: confirm }
              : null
          }
        />
      );
    }
  }
}
