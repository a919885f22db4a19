import { useEffect, useId, useRef, useState } from 'react';
import type { FolderPermissionView, TeamGroup, TeamMember } from '../../../../domain/content.ts';
import { FOLDER_ROLES, type FolderRole } from '../../../../domain/folderRoles.ts';
import { Avatar, Banner, Button, CloseIcon, Dialog, PlusIcon, Select, Spinner, UsersIcon, cx } from '../../../kit/index.ts';
import { t, type StringKey } from '../../../strings.ts';

/** Where the settings are: reading, failed to read, editing, saving, failed to save. */
export type SharedFolderSettingsStatus = 'loading' | 'loadFailed' | 'ready' | 'saving' | 'saveFailed';

/** Who an entry is for. */
export interface Principal {
  principalId: string;
  principalType: 'user' | 'group';
}

export interface SharedFolderSettingsDialogProps {
  open: boolean;
  folderName: string;
  status: SharedFolderSettingsStatus;
  /** The reason of a failed read or save. */
  error?: string | null;
  /** The folder's entries as the server sent them (own and inherited). */
  entries: readonly FolderPermissionView[];
  /** The folder's own entries as edited (the folderSettings actor's draft); the own entries when omitted. */
  draft?: readonly FolderPermissionView[];
  /** The draft differs from the own entries: Save is enabled, closing asks first. */
  dirty?: boolean;
  /** The unsaved-changes question is up (leave or stay). */
  confirmingLeave?: boolean;
  /** `folder.getPermissions` canChange (changePermissions, §6): role dropdowns, add and remove; else read-only. */
  canChange: boolean;
  currentUserId: string;
  /** `team.fetchGroups`: who can be added. */
  members: readonly TeamMember[];
  groups: readonly TeamGroup[];
  /** Add a team member or group to the draft (as an editor), change a role, remove an own entry. */
  onAdd?: (principal: Principal) => void;
  onSetRole?: (principal: Principal, role: FolderRole) => void;
  onRemove?: (principal: Principal) => void;
  /** Save the draft. */
  onSave: () => void;
  /** Cancel, Close, Escape: the actor closes the dialog, or asks first when there are unsaved changes. */
  onRequestClose: () => void;
  /** The unsaved-changes question's buttons. */
  onLeave?: () => void;
  onStay?: () => void;
  /** Read again after a failed read. */
  onRetry: () => void;
  /**
   * A private folder about to move into this folder (§4: the move goes through the shared-folder settings): the list
   * is who will have access to it, read-only, and the primary button moves it.
   */
  moving?: { folderName: string; onMove: () => void } | null;
}

const principalKey = (entry: { principalType: string; principalId: string }) => `${entry.principalType}:${entry.principalId}`;
const noop = () => {};

function roleLabel(role: FolderRole): string {
  return t(`content.role.${role}` satisfies StringKey);
}

function memberName(member: TeamMember): string {
  return `${member.first_name} ${member.last_name}`.trim() || member.email;
}

/**
 * Shared folder settings (§2 dialogs, §3 permission entry, team member, group; §6): the members and groups
 * with their roles — a role dropdown (viewer, editor, manager, owner) for those who may change permissions,
 * a read-only list otherwise. Team members and groups can be added (they start as editors) and the folder's
 * own entries removed; entries inherited from a parent folder are read-only. Leaving with unsaved changes
 * asks to leave or stay. The draft and the question are the folderSettings actor's; the view keeps only the
 * choice in the add box.
 */
export function SharedFolderSettingsDialog({
  open,
  folderName,
  status,
  error,
  entries,
  draft = entries.filter((entry) => !entry.inherited),
  dirty: draftDirty = false,
  confirmingLeave = false,
  canChange,
  currentUserId,
  members,
  groups,
  onAdd = noop,
  onSetRole = noop,
  onRemove = noop,
  onSave,
  onRequestClose,
  onLeave = noop,
  onStay = noop,
  onRetry,
  moving = null,
}: SharedFolderSettingsDialogProps) {
  const inherited = entries.filter((entry) => entry.inherited);
  const [adding, setAdding] = useState('');
  const listLabelId = useId();
  const addHintId = useId();
  const stayRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const askedToLeave = useRef(false);

  // The leave-or-stay question replaces the buttons: focus follows it, and comes back when staying.
  useEffect(() => {
    if (confirmingLeave) stayRef.current?.focus();
    else if (askedToLeave.current) cancelRef.current?.focus();
    askedToLeave.current = confirmingLeave;
  }, [confirmingLeave]);

  const loaded = status === 'ready' || status === 'saving' || status === 'saveFailed';
  const saving = status === 'saving';
  const editable = canChange && loaded && moving === null;
  const dirty = editable && draftDirty;

  const taken = new Set([...draft, ...inherited].map(principalKey));
  const memberOptions = members
    .filter((member) => !taken.has(principalKey({ principalType: 'user', principalId: member.user_id })))
    .map((member) => ({ value: `user:${member.user_id}`, label: `${memberName(member)} (${member.email})` }));
  const groupOptions = groups.filter((group) => !taken.has(principalKey({ principalType: 'group', principalId: group.id }))).map((group) => ({ value: `group:${group.id}`, label: group.name }));

  const add = () => {
    const [type, ...rest] = adding.split(':');
    if (type === 'user' || type === 'group') onAdd({ principalType: type, principalId: rest.join(':') });
    setAdding('');
  };

  const renderEntry = (entry: FolderPermissionView, isOwn: boolean) => {
    const key = principalKey(entry);
    const isGroup = entry.principalType === 'group';
    const isYou = !isGroup && entry.principalId === currentUserId;
    const canEdit = editable && isOwn && !saving;
    return (
      <li key={`${isOwn ? 'own' : 'inherited'}-${key}`} className={cx('member-row', !isOwn && 'is-inherited')}>
        {isGroup ? (
          <span className="member-row__group-icon" aria-hidden="true">
            <UsersIcon size={16} />
          </span>
        ) : (
          <Avatar name={entry.name} email={entry.email ?? undefined} src={entry.avatar ?? undefined} size="sm" decorative />
        )}
        <span className="member-row__text">
          <span className="member-row__name">
            {entry.name}
            {isYou && <span className="member-row__you"> {t('content.settings.you')}</span>}
          </span>
          <span className="member-row__detail">{isGroup ? t('content.settings.group') : entry.email}</span>
          {!isOwn && <span className="member-row__inherited">{t('content.settings.inherited')}</span>}
        </span>
        {canEdit ? (
          <Select<FolderRole>
            size="sm"
            className="member-row__role"
            label={t('content.settings.role', { name: entry.name })}
            hideLabel
            value={entry.role}
            options={FOLDER_ROLES.map((role) => ({ value: role, label: roleLabel(role) }))}
            onChange={(role) => onSetRole(entry, role)}
          />
        ) : (
          <span className="member-row__role-text">{roleLabel(entry.role)}</span>
        )}
        {canEdit ? (
          <button type="button" className="k-icon-button k-icon-button--sm member-row__remove" aria-label={t('content.settings.remove', { name: entry.name })} onClick={() => onRemove(entry)}>
            <CloseIcon size={14} />
          </button>
        ) : (
          editable && <span className="member-row__remove-spacer" aria-hidden="true" />
        )}
      </li>
    );
  };

  const footer = confirmingLeave ? (
    <>
      <Button ref={stayRef} variant="secondary" onClick={onStay}>
        {t('content.settings.unsaved.stay')}
      </Button>
      <Button variant="danger" onClick={onLeave}>
        {t('content.settings.unsaved.leave')}
      </Button>
    </>
  ) : moving ? (
    <>
      <Button ref={cancelRef} variant="secondary" onClick={onRequestClose}>
        {t('content.settings.cancel')}
      </Button>
      <Button variant="primary" disabled={!loaded} onClick={moving.onMove}>
        {t('content.settings.move')}
      </Button>
    </>
  ) : editable ? (
    <>
      <Button ref={cancelRef} variant="secondary" onClick={onRequestClose} disabled={saving}>
        {t('content.settings.cancel')}
      </Button>
      <Button variant="primary" loading={saving} disabled={!dirty} onClick={onSave}>
        {t('content.settings.save')}
      </Button>
    </>
  ) : (
    <Button variant="secondary" onClick={onRequestClose}>
      {t('content.settings.close')}
    </Button>
  );

  return (
    <Dialog
      open={open}
      onClose={onRequestClose}
      size="lg"
      closeOnBackdrop={false}
      className="content-dialog folder-settings"
      title={t('content.settings.title')}
      description={moving ? t('content.settings.moveDescription', { moved: moving.folderName, name: folderName }) : t('content.settings.description', { name: folderName })}
      footer={footer}
    >
      {status === 'loading' && (
        <p className="folder-settings__loading" role="status">
          <Spinner size="sm" decorative /> {t('content.settings.loading')}
        </p>
      )}
      {status === 'loadFailed' && (
        <Banner
          tone="error"
          title={t('content.settings.loadError')}
          action={
            <Button size="sm" onClick={onRetry}>
              {t('content.settings.retry')}
            </Button>
          }
        >
          {error}
        </Banner>
      )}
      {loaded && (
        <>
          {!canChange && !moving && (
            <Banner tone="info" announce={false}>
              {t('content.settings.readOnly')}
            </Banner>
          )}
          {editable && (
            <div className="folder-settings__add">
              <Select
                className="folder-settings__add-select"
                label={t('content.settings.add.label')}
                value={adding}
                placeholder={memberOptions.length + groupOptions.length > 0 ? t('content.settings.add.placeholder') : t('content.settings.add.none')}
                groups={[
                  ...(memberOptions.length > 0 ? [{ label: t('content.settings.add.people'), options: memberOptions }] : []),
                  ...(groupOptions.length > 0 ? [{ label: t('content.settings.add.groups'), options: groupOptions }] : []),
                ]}
                onChange={setAdding}
                disabled={saving || memberOptions.length + groupOptions.length === 0}
                describedBy={addHintId}
              />
              <Button iconStart={<PlusIcon />} onClick={add} disabled={adding === '' || saving}>
                {t('content.settings.add.button')}
              </Button>
              <p id={addHintId} className="folder-settings__hint">
                {t('content.settings.add.hint')}
              </p>
            </div>
          )}
          <h3 id={listLabelId} className="folder-settings__list-title">
            {t('content.settings.members')}
          </h3>
          {draft.length + inherited.length === 0 ? (
            <p className="folder-settings__empty">{t('content.settings.empty')}</p>
          ) : (
            <ul className="folder-settings__list" aria-labelledby={listLabelId}>
              {draft.map((entry) => renderEntry(entry, true))}
              {inherited.map((entry) => renderEntry(entry, false))}
            </ul>
          )}
          {status === 'saveFailed' && (
            <Banner tone="error" title={t('content.settings.saveError')}>
              {error}
            </Banner>
          )}
        </>
      )}
      {confirmingLeave && (
        <Banner tone="warning" title={t('content.settings.unsaved.title')}>
          {t('content.settings.unsaved.body')}
        </Banner>
      )}
    </Dialog>
  );
}
