import { useEffect, useId, useRef, useState } from 'react';
import { NAME_MAX_LENGTH } from '../../../../domain/constants.ts';
import { canConfirmName, checkName } from '../../../../domain/names.ts';
import { Banner, Button, Dialog, TextField } from '../../../kit/index.ts';
import { t, type StringKey } from '../../../strings.ts';

/** What the name is for (§2 dialogs: new folder, new shared folder, rename folder, rename item, duplicate). */
export type NameDialogKind = 'newFolder' | 'newSharedFolder' | 'renameFolder' | 'renameItem' | 'duplicate';

export interface NameDialogProps {
  open: boolean;
  kind: NameDialogKind;
  /** The text the field starts with: '' for a new folder, the current name to rename, `duplicateName(title)` to duplicate. */
  initialValue?: string;
  /** The name before a rename: the same name again is not a duplicate (§5). */
  currentName?: string | null;
  /** Names taken where the duplicate check applies (sibling folders, the folder's items); omit when it does not. */
  existingNames?: readonly string[];
  busy?: boolean;
  error?: string | null;
  /** The trimmed, checked name. */
  onConfirm: (name: string) => void;
  onCancel: () => void;
}

const LOOK: Readonly<Record<NameDialogKind, { title: StringKey; confirm: StringKey; description?: StringKey }>> = {
  newFolder: { title: 'content.name.newFolder.title', confirm: 'content.name.newFolder.confirm' },
  newSharedFolder: { title: 'content.name.newSharedFolder.title', confirm: 'content.name.newSharedFolder.confirm', description: 'content.name.newSharedFolder.description' },
  renameFolder: { title: 'content.name.renameFolder.title', confirm: 'content.name.rename.confirm' },
  renameItem: { title: 'content.name.renameItem.title', confirm: 'content.name.rename.confirm' },
  duplicate: { title: 'content.name.duplicate.title', confirm: 'content.name.duplicate.confirm' },
};

/**
 * The name dialog (§5 names): checked live with domain `checkName` — trimmed, at most 255 characters
 * (max_name_error), no case-insensitive duplicate; confirm stays disabled while the name is empty or
 * refused; Enter confirms. The text starts again from `initialValue` each time it opens.
 */
export function NameDialog({ open, kind, initialValue = '', currentName = null, existingNames, busy = false, error, onConfirm, onCancel }: NameDialogProps) {
  const [value, setValue] = useState(initialValue);
  const [wasOpen, setWasOpen] = useState(open);
  const inputRef = useRef<HTMLInputElement>(null);
  const formId = useId();
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setValue(initialValue);
  }

  // After showModal (the Dialog's effect runs first) so the field, not the × button, has focus.
  useEffect(() => {
    if (!open) return;
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [open]);

  const check = checkName(value, { currentName, ...(existingNames ? { existingNames } : {}) });
  const message = !check.ok && check.messageKey ? t(check.messageKey as StringKey) : null;
  const canConfirm = canConfirmName(check) && !busy;
  const look = LOOK[kind];
  const cancel = () => {
    if (!busy) onCancel();
  };

  return (
    <Dialog
      open={open}
      onClose={cancel}
      size="md"
      closeOnBackdrop={false}
      className="content-dialog name-dialog"
      title={t(look.title)}
      description={look.description ? t(look.description) : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={cancel} disabled={busy}>
            {t('content.dialog.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="primary" loading={busy} disabled={!canConfirmName(check)}>
            {t(look.confirm)}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="name-dialog__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canConfirm && check.ok) onConfirm(check.name);
        }}
      >
        <TextField
          ref={inputRef}
          label={t('content.name.label')}
          value={value}
          onChange={setValue}
          error={message}
          aside={t('content.name.count', { count: value.trim().length, max: NAME_MAX_LENGTH })}
          autoComplete="off"
          spellCheck={false}
          readOnly={busy}
        />
      </form>
      {error && <Banner tone="error">{error}</Banner>}
    </Dialog>
  );
}
