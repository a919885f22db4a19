import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { FolderId } from '../../../domain/folderRoles.ts';
import type { FolderNode } from '../../../domain/folderTree.ts';
import {
  ChevronRightIcon,
  CloseIcon,
  CopyIcon,
  EditIcon,
  FolderMoveIcon,
  FolderPlusIcon,
  FolderSharedIcon,
  RestoreIcon,
  SettingsIcon,
  ShareIcon,
  TrashIcon,
  cx,
} from '../../kit/index.ts';
import { t, type StringKey } from '../../strings.ts';
import { folderLabel } from './labels.tsx';
import { ReasonButton } from './ReasonButton.tsx';

export interface BreadcrumbsProps {
  /** From the virtual root down to the current folder (FolderTree.path). */
  path: readonly FolderNode[];
  hrefFor: (id: FolderId) => string;
}

/** Where the grid is (§2 breadcrumbs): each ancestor a link, the current folder marked aria-current. */
export function Breadcrumbs({ path, hrefFor }: BreadcrumbsProps) {
  if (path.length === 0) return null;
  return (
    <nav aria-label={t('content.breadcrumbs.label')} className="breadcrumbs">
      <ol className="breadcrumbs__list">
        {path.map((node, index) => {
          const last = index === path.length - 1;
          return (
            <li key={String(node.id)} className="breadcrumbs__item">
              {index > 0 && <ChevronRightIcon size={14} className="breadcrumbs__separator" />}
              {last ? (
                <span aria-current="page" className="breadcrumbs__current">
                  {folderLabel(node)}
                </span>
              ) : (
                <Link href={hrefFor(node.id)} className="breadcrumbs__link">
                  {folderLabel(node)}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The commands the action bar can show; labels and icons come from here. */
export type ContentActionId =
  | 'newFolder'
  | 'newSharedFolder'
  | 'emptyTrash'
  | 'move'
  | 'delete'
  | 'restore'
  | 'deleteForever'
  | 'rename'
  | 'duplicate'
  | 'share'
  | 'folderSettings';

export interface ContentAction {
  id: ContentActionId;
  /** Why it cannot be used now (shown as its tooltip); null or omitted: enabled. */
  disabledReason?: string | null;
  onSelect: () => void;
}

const ACTION_LOOK: Readonly<Record<ContentActionId, { label: StringKey; icon: ReactNode; tone?: 'danger' | 'primary' }>> = {
  newFolder: { label: 'content.action.newFolder', icon: <FolderPlusIcon />, tone: 'primary' },
  newSharedFolder: { label: 'content.action.newSharedFolder', icon: <FolderSharedIcon />, tone: 'primary' },
  emptyTrash: { label: 'content.action.emptyTrash', icon: <TrashIcon />, tone: 'danger' },
  move: { label: 'content.action.move', icon: <FolderMoveIcon /> },
  delete: { label: 'content.action.delete', icon: <TrashIcon /> },
  restore: { label: 'content.action.restore', icon: <RestoreIcon /> },
  deleteForever: { label: 'content.action.deleteForever', icon: <TrashIcon />, tone: 'danger' },
  rename: { label: 'content.action.rename', icon: <EditIcon /> },
  duplicate: { label: 'content.action.duplicate', icon: <CopyIcon /> },
  share: { label: 'content.action.share', icon: <ShareIcon /> },
  folderSettings: { label: 'content.action.folderSettings', icon: <SettingsIcon /> },
};

/** The label of an action-bar command. */
export function contentActionLabel(id: ContentActionId): string {
  return t(ACTION_LOOK[id].label);
}

export interface ActionBarProps {
  /** The buttons, in order; the owner decides which apply and why one is disabled. */
  actions: readonly ContentAction[];
}

/**
 * The folder's commands (§2 action bar). A disabled command stays focusable (aria-disabled) so its reason,
 * a tooltip, can be read with the keyboard too.
 */
export function ActionBar({ actions }: ActionBarProps) {
  if (actions.length === 0) return null;
  return (
    <div role="group" aria-label={t('content.actions.label')} className="action-bar">
      {actions.map((action) => {
        const look = ACTION_LOOK[action.id];
        return (
          <ReasonButton
            key={action.id}
            size="sm"
            variant={look.tone === 'primary' ? 'secondary' : 'ghost'}
            iconStart={look.icon}
            className={cx('action-bar__button', look.tone === 'danger' && 'is-danger')}
            disabledReason={action.disabledReason}
            onClick={action.onSelect}
          >
            {t(look.label)}
          </ReasonButton>
        );
      })}
    </div>
  );
}

export interface SelectionSummaryProps {
  /** Selected items and folders together. */
  count: number;
  onClear: () => void;
}

/** "3 selected" with a clear button; nothing when nothing is selected. Announced politely as it changes. */
export function SelectionSummary({ count, onClear }: SelectionSummaryProps) {
  return (
    <div className="selection-summary" aria-live="polite">
      {count > 0 && (
        <>
          <span className="selection-summary__count">{t('content.selection.count', { count })}</span>
          <button type="button" className="k-icon-button k-icon-button--sm" aria-label={t('content.selection.clear')} onClick={onClear}>
            <CloseIcon size={14} />
          </button>
        </>
      )}
    </div>
  );
}

export interface FolderHeaderProps extends BreadcrumbsProps, ActionBarProps {
  selectedCount: number;
  onClearSelection: () => void;
}

/** Breadcrumbs above, the action bar and the selection summary beside each other below (§2). */
export function FolderHeader({ path, hrefFor, actions, selectedCount, onClearSelection }: FolderHeaderProps) {
  return (
    <div className="folder-header">
      <Breadcrumbs path={path} hrefFor={hrefFor} />
      <div className="folder-header__bar">
        <SelectionSummary count={selectedCount} onClear={onClearSelection} />
        <ActionBar actions={actions} />
      </div>
    </div>
  );
}
