import { describe, expect, it } from 'vitest';
import { folderMoveValidity, itemMoveValidity } from '../../../domain/folderMoves.ts';
import { duplicateName } from '../../../domain/names.ts';
import type { FolderId } from '../../../domain/folderRoles.ts';
import {
  AlreadyInFolderDialog,
  ContentErrorDialog,
  DeleteForeverDialog,
  DeleteToTrashDialog,
  EmptyTrashDialog,
  FolderAccessDeniedDialog,
  MoveConfirmDialog,
} from './dialogs/ConfirmDialogs.tsx';
import { MoveDialog, type MoveTargetValidity } from './dialogs/MoveDialog.tsx';
import { NameDialog } from './dialogs/NameDialog.tsx';
import { SharedFolderSettingsDialog, type SharedFolderSettingsDialogProps } from './dialogs/SharedFolderSettingsDialog.tsx';
import { contentRefusalText } from './labels.tsx';
import { render, tags, textOf } from './render.tsx';
import { GROUPS, ME, MEMBERS, PERMISSIONS, item, tree } from './testData.ts';

const noop = () => {};

/** The footer button with this label (its opening tag). */
function button(html: string, label: string): string {
  const match = new RegExp(`(<button[^>]*>)(?:(?!</button>)[\\s\\S])*?${label}(?:(?!</button>)[\\s\\S])*?</button>`).exec(html);
  if (!match) throw new Error(`no button "${label}"`);
  return match[1]!;
}

const isDisabled = (tag: string) => / disabled=""/.test(tag);

/** The opening tag of the tree item whose own text starts with `name`. */
function treeitem(html: string, name: string): string {
  for (const match of html.matchAll(/<li[^>]*role="treeitem"[^>]*>/g)) {
    const after = html.slice(match.index! + match[0].length);
    if (textOf(after).startsWith(name)) return match[0];
  }
  throw new Error(`no tree item "${name}"`);
}

describe('NameDialog (§5 names)', () => {
  const dialog = (props: Partial<Parameters<typeof NameDialog>[0]>) => render(<NameDialog open kind="newFolder" onConfirm={noop} onCancel={noop} {...props} />);

  it('an empty name disables confirm without a message', () => {
    const html = dialog({ initialValue: '   ' });
    expect(isDisabled(button(html, 'Create folder'))).toBe(true);
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain('aria-invalid');
  });

  it('over 255 characters shows max_name_error and disables confirm', () => {
    const html = dialog({ initialValue: 'x'.repeat(256) });
    expect(html).toContain('Name must be 255 characters or fewer.');
    expect(html).toContain('aria-invalid="true"');
    expect(isDisabled(button(html, 'Create folder'))).toBe(true);
    expect(html).toContain('256 / 255');
  });

  it('a name with a bidirectional override or a control character is refused with a message, confirm disabled', () => {
    for (const name of ['Budget\u202Egpj.exe', 'Tab\u0000name']) {
      const html = dialog({ initialValue: name });
      expect(html).toContain('Names can’t contain control characters or characters that reverse the text direction.');
      expect(isDisabled(button(html, 'Create folder'))).toBe(true);
    }
  });

  it('a duplicate, compared case-insensitively, is refused with its message', () => {
    const html = dialog({ initialValue: ' projects ', existingNames: ['Projects', 'Onboarding'] });
    expect(html).toContain('That name is already taken here. Choose another.');
    expect(isDisabled(button(html, 'Create folder'))).toBe(true);
  });

  it('a rename to the same name is not a duplicate; a fresh name is accepted', () => {
    const same = dialog({ kind: 'renameFolder', initialValue: 'Onboarding', currentName: 'Onboarding', existingNames: ['Projects', 'Onboarding'] });
    expect(same).toContain('Rename folder');
    expect(isDisabled(button(same, 'Rename'))).toBe(false);
    expect(same).not.toContain('already taken');
    const fresh = dialog({ initialValue: 'Archive', existingNames: ['Projects'] });
    expect(isDisabled(button(fresh, 'Create folder'))).toBe(false);
  });

  it('Enter confirms: the confirm button submits the name form', () => {
    const html = dialog({ initialValue: 'Archive' });
    const form = tags(html, 'form')[0]!;
    const formId = /id="([^"]+)"/.exec(form)![1];
    const confirm = button(html, 'Create folder');
    expect(confirm).toContain('type="submit"');
    expect(confirm).toContain(`form="${formId}"`);
  });

  it('duplicate starts from "copy of {title}"; a new shared folder says where it appears', () => {
    expect(dialog({ kind: 'duplicate', initialValue: duplicateName('Leadership 101') })).toContain('value="copy of Leadership 101"');
    const shared = dialog({ kind: 'newSharedFolder' });
    expect(shared).toContain('New shared folder');
    expect(shared).toContain('It appears in Shared content.');
  });

  it('shows a failure of the request and spins while busy', () => {
    const html = dialog({ initialValue: 'Archive', busy: true, error: 'The server refused.' });
    expect(html).toContain('The server refused.');
    expect(button(html, 'Create folder')).toContain('aria-busy="true"');
  });

  it('renders nothing inside while closed', () => {
    expect(textOf(render(<NameDialog open={false} kind="newFolder" onConfirm={noop} onCancel={noop} />))).toBe('');
  });
});

describe('MoveDialog (§5 move validity)', () => {
  const moved = item({ folderId: 1 });
  const itemValidity = (id: FolderId): MoveTargetValidity => {
    const result = itemMoveValidity(tree, moved, id, ME);
    return result.ok ? { ok: true } : result;
  };
  const dialog = (props: Partial<Parameters<typeof MoveDialog>[0]> = {}) =>
    render(
      <MoveDialog
        open
        tree={tree}
        subject={{ itemsCount: 1, foldersCount: 0, name: moved.title }}
        validityOf={itemValidity}
        initialExpandedIds={[1, 20]}
        onNewFolder={noop}
        onConfirm={noop}
        onCancel={noop}
        {...props}
      />,
    );

  it('disables refused destinations with the reason and leaves valid ones pickable', () => {
    const html = dialog();
    expect(html).toContain('Move “Workplace safety essentials”');
    const projects = treeitem(html, 'Projects');
    expect(projects).toContain('aria-disabled="true"');
    expect(html).toContain('It is already in this folder.');
    // A viewer folder takes no items from this user.
    expect(treeitem(html, 'Design')).toContain('aria-disabled="true"');
    expect(html).toContain('You cannot add items here.');
    // Said explicitly, so that a valid folder under a refused one is not taken for disabled (aria-disabled is inherited).
    const onboarding = treeitem(html, 'Onboarding');
    expect(onboarding).toContain('aria-disabled="false"');
  });

  it('Move here and New folder wait for a pick, New folder says why', () => {
    const html = dialog();
    expect(isDisabled(button(html, 'Move here'))).toBe(true);
    expect(button(html, 'New folder')).toContain('aria-disabled="true"');
    expect(html).toContain('Pick a folder first.');
    expect(html).toContain('No folder picked yet.');
  });

  it('a valid pick enables Move here and names the destination', () => {
    const html = dialog({ targetId: 4 });
    expect(isDisabled(button(html, 'Move here'))).toBe(false);
    expect(html).toContain('Moving to Onboarding');
    expect(tags(html, 'li').filter((tag) => tag.includes('aria-selected="true"'))).toHaveLength(1);
    expect(button(html, 'New folder')).not.toContain('aria-disabled');
  });

  it('New folder is refused at depth 7 (§5)', () => {
    const folderValidity = (id: FolderId): MoveTargetValidity => {
      const result = folderMoveValidity(tree, 4, id);
      return result.ok ? { ok: true } : result;
    };
    const html = dialog({ validityOf: folderValidity, subject: { itemsCount: 0, foldersCount: 1, name: 'Onboarding' }, initialExpandedIds: [10, 11, 12, 13, 14, 15], targetId: 16 });
    expect(button(html, 'New folder')).toContain('aria-disabled="true"');
    expect(html).toContain('Folders can be nested at most 7 levels deep.');
  });
});

describe('SharedFolderSettingsDialog (§6: dropdowns for those who may change permissions, read-only otherwise)', () => {
  const dialog = (props: Partial<SharedFolderSettingsDialogProps> = {}) =>
    render(
      <SharedFolderSettingsDialog
        open
        folderName="Team library"
        status="ready"
        entries={PERMISSIONS}
        canChange
        currentUserId={ME}
        members={MEMBERS}
        groups={GROUPS}
        onSave={noop}
        onRequestClose={noop}
        onRetry={noop}
        {...props}
      />,
    );

  it('editable: a role dropdown and a remove button for each own entry, inherited entries read-only', () => {
    const html = dialog();
    const roleSelects = tags(html, 'select').filter((tag) => !tag.includes('describedby'));
    expect(roleSelects).toHaveLength(3);
    expect(textOf(html)).toContain('Viewer Editor Manager Owner');
    expect(html).toContain('aria-label="Remove Tara Team"');
    expect(html).toContain('aria-label="Remove Sales enablement"');
    expect(html).not.toContain('Remove Morgan Manager');
    expect(html).toMatch(/Morgan Manager[\s\S]*From a parent folder[\s\S]*>Manager</);
    expect(textOf(html)).toContain('Alex Admin (you)');
  });

  it('offers only team members and groups not already there, who start as editors', () => {
    const html = dialog();
    expect(html).toContain('value="user:u4"');
    expect(html).toContain('value="group:g2"');
    expect(html).not.toContain('value="user:u2"'); // already a member
    expect(html).not.toContain('value="group:g1"'); // already a member
    expect(html).toContain('New members start as editors.');
  });

  it('Save waits for a change', () => {
    expect(isDisabled(button(dialog(), 'Save'))).toBe(true);
  });

  it('read-only: no dropdowns, no add, no remove, a note why and a Close button', () => {
    const html = dialog({ canChange: false });
    expect(tags(html, 'select')).toHaveLength(0);
    expect(html).not.toContain('Remove ');
    expect(html).not.toContain('Add a team member or group');
    expect(html).toContain('Only folder managers and owners can change who has access.');
    expect(html).toMatch(/Tara Team[\s\S]*>Editor</);
    expect(button(html, 'Close')).toBeTruthy();
    expect(html).not.toContain('>Save<');
  });

  it('loading and a failed read (with a retry)', () => {
    expect(dialog({ status: 'loading', entries: [] })).toContain('Loading members…');
    const failed = dialog({ status: 'loadFailed', entries: [], error: 'Network error' });
    expect(failed).toContain('We couldn’t load the members of this folder.');
    expect(failed).toContain('Network error');
    expect(button(failed, 'Try again')).toBeTruthy();
  });

  it('shows the draft it is given (the actor keeps it): Save enabled once it differs, the leave-or-stay question in place of the buttons', () => {
    const own = PERMISSIONS.filter((entry) => !entry.inherited);
    const draft = own.slice(1);
    const edited = dialog({ draft, dirty: true });
    expect(isDisabled(button(edited, 'Save'))).toBe(false);
    expect(edited).not.toContain(`Remove ${own[0]!.name}`);
    const asking = dialog({ draft, dirty: true, confirmingLeave: true });
    expect(asking).toContain('Leave without saving?');
    expect(button(asking, 'Keep editing')).toBeTruthy();
    expect(button(asking, 'Leave without saving')).toBeTruthy();
    expect(asking).not.toContain('>Save<');
  });

  it('a failed save keeps the list and says so', () => {
    const html = dialog({ status: 'saveFailed', error: 'forbidden' });
    expect(html).toContain('We couldn’t save the changes.');
    expect(tags(html, 'select').length).toBeGreaterThan(0);
  });
});

describe('confirmations and notices', () => {
  it('delete to trash: the name for one thing, the count for several, and the folders note', () => {
    const one = render(<DeleteToTrashDialog open itemsCount={1} foldersCount={0} name="Leadership 101" onConfirm={noop} onCancel={noop} />);
    expect(one).toContain('“Leadership 101” goes to the trash. You can restore it from there.');
    expect(one).not.toContain('Folders take');
    const many = render(<DeleteToTrashDialog open itemsCount={2} foldersCount={1} onConfirm={noop} onCancel={noop} />);
    expect(many).toContain('2 items and 1 folder go to the trash.');
    expect(many).toContain('Folders take their subfolders and items with them.');
  });

  it('delete forever and empty trash say it cannot be undone; busy spins and blocks Cancel', () => {
    const forever = render(<DeleteForeverDialog open itemsCount={3} foldersCount={0} busy onConfirm={noop} onCancel={noop} />);
    expect(forever).toContain('3 items will be deleted forever');
    expect(button(forever, 'Delete forever')).toContain('aria-busy="true"');
    expect(isDisabled(button(forever, 'Cancel'))).toBe(true);
    expect(render(<EmptyTrashDialog open onConfirm={noop} onCancel={noop} />)).toContain('Everything in the trash is deleted forever. This cannot be undone.');
  });

  it('move confirmations name the destination for both directions (§6)', () => {
    const toShared = render(<MoveConfirmDialog open change="privateToShared" destinationName="Team library" onConfirm={noop} onCancel={noop} />);
    expect(toShared).toContain('Move to a shared folder?');
    expect(toShared).toContain('Everyone with access to “Team library”');
    const toPrivate = render(<MoveConfirmDialog open change="sharedToPrivate" destinationName="Projects" onConfirm={noop} onCancel={noop} />);
    expect(toPrivate).toContain('Move to a private folder?');
    expect(toPrivate).toContain('Only you will see it in “Projects”.');
  });

  it('move confirmations still read well without a destination name', () => {
    expect(render(<MoveConfirmDialog open change="privateToShared" destinationName={null} onConfirm={noop} onCancel={noop} />)).toContain('Everyone with access to the shared folder');
  });

  it('already in folder, and folder access denied (closing goes to private content)', () => {
    expect(render(<AlreadyInFolderDialog open name="Leadership 101" folderName="Projects" onClose={noop} />)).toContain('“Leadership 101” is already in “Projects”.');
    expect(render(<AlreadyInFolderDialog open name={null} folderName={null} onClose={noop} />)).toContain('It is already in this folder.');
    const denied = render(<FolderAccessDeniedDialog open onClose={noop} />);
    expect(denied).toContain('You can’t open this folder');
    expect(button(denied, 'Go to private content')).toBeTruthy();
  });

  it('the generic error names what failed and offers Try again when retryable (§8)', () => {
    const html = render(<ContentErrorDialog open operation="move" message="serverError" onRetry={noop} onClose={noop} />);
    expect(html).toContain('That didn’t work');
    expect(html).toContain('We couldn’t move that.');
    expect(html).toContain('serverError');
    expect(button(html, 'Try again')).toBeTruthy();
    expect(render(<ContentErrorDialog open operation="rename" onClose={noop} />)).not.toContain('Try again');
  });
});

describe('refusal texts (domain/content.ts ContentRefusal)', () => {
  it.each([
    ['tooLong', 'Name must be 255 characters or fewer.'],
    ['duplicate', 'That name is already taken here. Choose another.'],
    ['tooDeep', 'Folders can be nested at most 7 levels deep.'],
    ['intoDescendant', 'A folder cannot go inside one of its own subfolders.'],
    ['forbidden', 'Your role in this folder does not allow this.'],
    ['notFound', 'It no longer exists, or you can no longer see it.'],
  ] as const)('%s', (reason, text) => {
    expect(contentRefusalText(reason)).toBe(text);
  });
});
