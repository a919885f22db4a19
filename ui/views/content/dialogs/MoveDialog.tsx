import { useEffect, useId, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { canCreateSubfolder, type FolderMoveRefusal, type ItemMoveRefusal } from '../../../../domain/folderMoves.ts';
import { PRIVATE_CONTENT, SHARED_CONTENT, type FolderId } from '../../../../domain/folderRoles.ts';
import type { FolderNode, FolderTree } from '../../../../domain/folderTree.ts';
import { Banner, Button, CheckIcon, ChevronRightIcon, Dialog, FolderPlusIcon, cx } from '../../../kit/index.ts';
import { t } from '../../../strings.ts';
import { FolderNodeIcon, countPhrase, createRefusalText, folderLabel, moveRefusalText } from '../labels.tsx';
import { ReasonButton } from '../ReasonButton.tsx';
import { treeKeyAction } from '../treeKeys.ts';
import type { SubjectCounts } from './ConfirmDialogs.tsx';

/** Whether the selection may go into a folder: the owner combines folderMoveValidity / itemMoveValidity. */
export type MoveTargetValidity = { ok: true } | { ok: false; reason: FolderMoveRefusal | ItemMoveRefusal };

export interface MoveDialogProps {
  open: boolean;
  tree: FolderTree;
  /** What moves (for the title). */
  subject: SubjectCounts;
  /** Every selected thing may go there (domain move validity); a refused folder is disabled with the reason. */
  validityOf: (targetId: FolderId) => MoveTargetValidity;
  /** The roots offered; private and shared content by default. */
  roots?: readonly FolderId[];
  /** Folders open at first (e.g. the current folder's ancestors). The roots always are. */
  initialExpandedIds?: readonly FolderId[];
  /** Controlled pick; uncontrolled when omitted. */
  targetId?: FolderId | null;
  onTargetChange?: (id: FolderId | null) => void;
  /**
   * "New folder" inside the picked folder (§5: blocked by depth or permission, domain canCreateSubfolder).
   * No button when omitted.
   */
  onNewFolder?: (parentId: FolderId) => void;
  busy?: boolean;
  error?: string | null;
  onConfirm: (targetId: FolderId) => void;
  onCancel: () => void;
}

const keyOf = (id: FolderId) => String(id);

/**
 * Move to folder (§2 dialogs, §5): a folder-tree picker (a single-select tree: arrows move, Right/Left open
 * and close, Enter or Space picks), refused folders disabled with the reason; a "New folder" button for the
 * picked folder, disabled with the reason when it cannot hold one; Move here once a valid folder is picked.
 */
export function MoveDialog({
  open,
  tree,
  subject,
  validityOf,
  roots = [PRIVATE_CONTENT, SHARED_CONTENT],
  initialExpandedIds = [],
  targetId: controlledTarget,
  onTargetChange,
  onNewFolder,
  busy = false,
  error,
  onConfirm,
  onCancel,
}: MoveDialogProps) {
  const [ownTarget, setOwnTarget] = useState<FolderId | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<FolderId>>(() => new Set([...roots, ...initialExpandedIds]));
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [wasOpen, setWasOpen] = useState(open);
  const itemRefs = useRef(new Map<string, HTMLLIElement>());
  const treeLabelId = useId();
  const reasonIdBase = useId();
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setOwnTarget(null);
      setExpanded(new Set([...roots, ...initialExpandedIds]));
      setFocusKey(null);
    }
  }
  const target = controlledTarget !== undefined ? controlledTarget : ownTarget;
  const pick = (id: FolderId | null) => {
    if (controlledTarget === undefined) setOwnTarget(id);
    onTargetChange?.(id);
  };

  const rootNodes = useMemo(() => roots.map((id) => tree.get(id)).filter((node): node is FolderNode => node !== undefined), [tree, roots]);
  const visible = useMemo(() => {
    const out: FolderNode[] = [];
    const visit = (node: FolderNode) => {
      out.push(node);
      if (expanded.has(node.id)) for (const child of tree.children(node.id)) visit(child);
    };
    rootNodes.forEach(visit);
    return out;
  }, [tree, rootNodes, expanded]);

  const validity = useMemo(() => new Map(visible.map((node) => [keyOf(node.id), validityOf(node.id)])), [visible, validityOf]);
  const targetNode = target !== null ? tree.get(target) : undefined;
  const targetValid = target !== null && targetNode !== undefined && (validity.get(keyOf(target)) ?? validityOf(target)).ok;
  const create = target === null ? ({ ok: false, reason: 'folderMissing' } as const) : canCreateSubfolder(tree, target);

  const visibleKeys = new Set(visible.map((node) => keyOf(node.id)));
  const tabStop =
    focusKey !== null && visibleKeys.has(focusKey) ? focusKey : target !== null && visibleKeys.has(keyOf(target)) ? keyOf(target) : (visible[0] && keyOf(visible[0].id)) ?? null;

  // The picker takes focus when the dialog opens (after showModal, which runs in the Dialog's own effect).
  useEffect(() => {
    if (!open || !tabStop) return;
    itemRefs.current.get(tabStop)?.focus();
    // Only on opening: later focus follows the keyboard.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const setOpen = (id: FolderId, isOpen: boolean) =>
    setExpanded((was) => {
      const next = new Set(was);
      if (isOpen) next.add(id);
      else next.delete(id);
      return next;
    });

  const focusNode = (node: FolderNode | undefined) => {
    if (!node) return;
    setFocusKey(keyOf(node.id));
    itemRefs.current.get(keyOf(node.id))?.focus();
  };

  const choose = (node: FolderNode) => {
    if (busy) return;
    if (validity.get(keyOf(node.id))?.ok) pick(node.id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, node: FolderNode) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      choose(node);
    } else {
      const action = treeKeyAction(event.key, node, visible, tree, expanded.has(node.id));
      if (action === null) return;
      if ('open' in action) setOpen(node.id, action.open);
      else focusNode(action.focus);
    }
    event.preventDefault();
    event.stopPropagation();
  };

  const renderNode = (node: FolderNode, level: number): ReactNode => {
    const key = keyOf(node.id);
    const children = tree.children(node.id);
    const isOpen = children.length > 0 && expanded.has(node.id);
    const v = validity.get(key) ?? { ok: false as const, reason: 'targetMissing' as const };
    const isTarget = target !== null && keyOf(target) === key;
    const reasonId = `${reasonIdBase}-${key}`;
    return (
      <li
        key={key}
        ref={(element) => {
          if (element) itemRefs.current.set(key, element);
          else itemRefs.current.delete(key);
        }}
        role="treeitem"
        aria-level={level}
        aria-selected={isTarget}
        aria-expanded={children.length > 0 ? isOpen : undefined}
        // Said explicitly on every node: aria-disabled is inherited, and a refused folder's subfolders may be valid.
        aria-disabled={!v.ok}
        aria-describedby={v.ok ? undefined : reasonId}
        tabIndex={tabStop === key ? 0 : -1}
        className="move-tree__node"
        onFocus={(event) => {
          if (event.target === event.currentTarget) setFocusKey(key);
        }}
        onKeyDown={(event) => onKeyDown(event, node)}
      >
        <div
          className={cx('move-tree__row', isTarget && 'is-selected', !v.ok && 'is-disabled')}
          style={{ '--level': level } as CSSProperties}
          onClick={() => {
            focusNode(node);
            choose(node);
          }}
        >
          {children.length > 0 ? (
            <span
              className={cx('folder-tree__toggle', isOpen && 'is-open')}
              aria-hidden="true"
              onClick={(event) => {
                event.stopPropagation();
                setOpen(node.id, !isOpen);
              }}
            >
              <ChevronRightIcon size={14} />
            </span>
          ) : (
            <span className="folder-tree__toggle folder-tree__toggle--leaf" aria-hidden="true" />
          )}
          <span className="folder-tree__icon" aria-hidden="true">
            <FolderNodeIcon node={node} />
          </span>
          <span className="move-tree__text">
            <span className="move-tree__name">{folderLabel(node)}</span>
            {!v.ok && (
              <span id={reasonId} className="move-tree__reason">
                {moveRefusalText(v.reason)}
              </span>
            )}
          </span>
          {isTarget && <CheckIcon size={16} className="move-tree__check" />}
        </div>
        {isOpen && (
          <ul role="group" className="move-tree__group">
            {children.map((child) => renderNode(child, level + 1))}
          </ul>
        )}
      </li>
    );
  };

  const subjectText = subject.itemsCount + subject.foldersCount === 1 && subject.name ? t('content.move.titleOne', { name: subject.name }) : t('content.move.titleMany', { count: countPhrase(subject.itemsCount, subject.foldersCount) });
  const cancel = () => {
    if (!busy) onCancel();
  };

  return (
    <Dialog
      open={open}
      onClose={cancel}
      size="md"
      closeOnBackdrop={false}
      className="content-dialog move-dialog"
      title={subjectText}
      description={t('content.move.description')}
      footer={
        <>
          {onNewFolder && (
            <ReasonButton
              variant="ghost"
              className="move-dialog__new-folder"
              iconStart={<FolderPlusIcon />}
              disabledReason={create.ok ? (busy ? t('content.reason.busy') : null) : createRefusalText(create.reason)}
              onClick={() => {
                if (target !== null) onNewFolder(target);
              }}
            >
              {t('content.move.newFolder')}
            </ReasonButton>
          )}
          <Button variant="secondary" onClick={cancel} disabled={busy}>
            {t('content.dialog.cancel')}
          </Button>
          <Button variant="primary" loading={busy} disabled={!targetValid} onClick={() => target !== null && targetValid && onConfirm(target)}>
            {t('content.move.confirm')}
          </Button>
        </>
      }
    >
      <p id={treeLabelId} className="k-visually-hidden">
        {t('content.move.tree')}
      </p>
      <ul role="tree" aria-labelledby={treeLabelId} className="move-tree">
        {rootNodes.map((root) => renderNode(root, 1))}
      </ul>
      <p className="move-dialog__status" aria-live="polite">
        {targetNode && targetValid ? t('content.move.selected', { name: folderLabel(targetNode) }) : t('content.move.pick')}
      </p>
      {error && <Banner tone="error">{error}</Banner>}
    </Dialog>
  );
}

