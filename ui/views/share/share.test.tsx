import { describe, expect, it, vi } from 'vitest';
import { SHARE_LIST_HEIGHT_PX, SHARE_LIST_HEIGHT_TALL_PX } from '../../../domain/constants.ts';
import { draftFrom, reviewLinkFor, type ShareDraft, type SharePerson } from '../../../domain/sharing.ts';
import { Button, Checkbox } from '../../kit/index.ts';
import { find, findAll, fire, textIn } from '../comments/elementTree.ts';
import { render, tags, textOf } from '../content/render.tsx';
import { sharePeopleOf } from '../../../machines/sharing/shareMachine.ts';
import { ShareDialogView, type ShareDialogViewProps } from './ShareDialog.tsx';

const noop = () => {};

const OWNER: SharePerson = { id: 'u1', name: 'Olga Owner', email: 'olga@example.com', avatars: { micro: null }, reasons: ['owner'], role: 2 };
const EXPLICIT: SharePerson = { id: 'u2', name: 'Eve Explicit', email: 'eve@example.com', avatars: { micro: 'https://img.example.com/eve.png' }, reasons: ['explicit'], role: 0 };
const TEAM_AND_EXPLICIT: SharePerson = { id: 'u3', name: 'Tom Team', email: 'tom@example.com', avatars: { micro: null }, reasons: ['explicit', 'team-folder-user'], role: 1 };
const REVIEWER: SharePerson = { id: 'u4', name: 'Rae Reviewer', email: 'rae@example.com', avatars: { micro: null }, reasons: ['request-review'], role: 0 };
const PEOPLE = [OWNER, EXPLICIT, TEAM_AND_EXPLICIT, REVIEWER];

const privateDraft: ShareDraft = draftFrom({ isPrivate: true, allowAnonComments: false, hasPassword: false }, PEOPLE);

function props(overrides: Partial<ShareDialogViewProps> = {}): ShareDialogViewProps {
  const draft = overrides.draft ?? privateDraft;
  return {
    open: true,
    status: 'editing',
    itemTitle: 'Safety course',
    canChange: true,
    draft,
    hasPassword: false,
    people: sharePeopleOf({ people: PEOPLE, draft, canChange: true }),
    listHeightPx: SHARE_LIST_HEIGHT_PX,
    reviewLink: reviewLinkFor('https://review.example.com', 'i1'),
    copied: false,
    dirty: false,
    invalidEmails: [],
    emailText: '',
    onEmailTextChange: noop,
    onModeChange: noop,
    onAllowAnonCommentsChange: noop,
    onPasswordEnabledChange: noop,
    onPasswordChange: noop,
    onAddEmails: noop,
    onRemovePerson: noop,
    onCopyLink: noop,
    onSave: noop,
    onClose: noop,
    onRetry: noop,
    onConfirmInvalidEmails: noop,
    onConfirmSaveError: noop,
    onLeave: noop,
    onStay: noop,
    ...overrides,
  };
}

const buttonTexts = (html: string) => [...html.matchAll(/<button\b[^>]*>([\s\S]*?)<\/button>/g)].map((m) => textOf(m[1]!));
const removeLabels = (html: string) => [...html.matchAll(/aria-label="(Remove [^"]+)"/g)].map((m) => m[1]);

describe('share dialog: private sharing (§2, §3 Share person, §6 share roles)', () => {
  it('lists people with avatar, name, e-mail, reasons and role name', () => {
    const html = render(<ShareDialogView {...props()} />);
    const text = textOf(html);
    expect(html).toContain('Share “Safety course”');
    expect(text).toContain('Olga Owner olga@example.com Owner of the item Owner');
    expect(text).toContain('Tom Team tom@example.com Added by e-mail · Team folder member Editor');
    expect(text).toContain('Rae Reviewer rae@example.com Asked to review Viewer');
    expect(text).toContain('People with access (4 people)');
    expect(tags(html, 'img')).toEqual([expect.stringContaining('src="https://img.example.com/eve.png"')]);
  });

  it('a remove button only for people whose sole reason is explicit', () => {
    const html = render(<ShareDialogView {...props()} />);
    expect(removeLabels(html)).toEqual(['Remove Eve Explicit']);
    const onRemovePerson = vi.fn();
    const remove = findAll(ShareDialogView(props({ onRemovePerson })), 'button').find((b) => b.props['aria-label'] === 'Remove Eve Explicit')!;
    fire(remove, 'onClick');
    expect(onRemovePerson).toHaveBeenCalledWith('eve@example.com');
  });

  it('the list height comes from the prop (410 or 510 px)', () => {
    expect(tags(render(<ShareDialogView {...props()} />), 'ul').find((tag) => tag.includes('share-people'))).toContain(`max-height:${SHARE_LIST_HEIGHT_PX}px`);
    expect(tags(render(<ShareDialogView {...props({ listHeightPx: SHARE_LIST_HEIGHT_TALL_PX })} />), 'ul').find((tag) => tag.includes('share-people'))).toContain(
      `max-height:${SHARE_LIST_HEIGHT_TALL_PX}px`,
    );
  });

  it('people rows follow the draft: a removed explicit person disappears, an added e-mail shows as not saved yet', () => {
    const draft: ShareDraft = { ...privateDraft, explicitEmails: ['tom@example.com', 'new@example.com'] };
    const rows = sharePeopleOf({ people: PEOPLE, draft, canChange: true });
    expect(rows.map((r) => r.email)).toEqual(['olga@example.com', 'tom@example.com', 'rae@example.com', 'new@example.com']);
    expect(rows.map((r) => r.removable)).toEqual([false, false, false, true]);
    const html = render(<ShareDialogView {...props({ draft, people: rows })} />);
    expect(textOf(html)).toContain('new@example.com Not saved yet Viewer');
  });

  it('adding e-mails sends the typed or pasted text; malformed entries show under the field', () => {
    const onAddEmails = vi.fn();
    const pasted = 'a@example.com, b@example.com\nnot-an-email';
    const tree = ShareDialogView(props({ emailText: pasted, onAddEmails }));
    fire(find(tree, Button, 'Add'), 'onClick');
    expect(onAddEmails).toHaveBeenCalledWith(pasted);

    const textarea = find(ShareDialogView(props({ emailText: 'c@example.com', onAddEmails })), 'textarea');
    fire(textarea, 'onKeyDown', { key: 'Enter', shiftKey: false, preventDefault: noop });
    expect(onAddEmails).toHaveBeenLastCalledWith('c@example.com');

    const html = render(<ShareDialogView {...props({ malformedEmails: ['not-an-email'] })} />);
    expect(html).toMatch(/role="alert"[^>]*>These aren’t e-mail addresses: not-an-email</);
    expect(tags(html, 'textarea')[0]).toContain('aria-invalid="true"');
  });
});

describe('share dialog: public sharing (§4 share mode)', () => {
  const publicDraft: ShareDraft = { ...privateDraft, mode: 'public', allowAnonComments: true, passwordEnabled: true };

  it('public: the guests-may-comment and password toggles and the password field; no people list', () => {
    const html = render(<ShareDialogView {...props({ draft: publicDraft, hasPassword: true })} />);
    expect(tags(html, 'input').find((tag) => tag.includes('value="public"'))).toContain('checked');
    expect(textOf(html)).toContain('Guests can comment');
    expect(tags(html, 'input').filter((tag) => tag.includes('type="password"'))).toHaveLength(1);
    expect(textOf(html)).toContain('A password is set. Type a new one to change it.');
    expect(html).not.toContain('People with access');
    expect(html).not.toContain('<textarea');
  });

  it('the toggles and the mode call back', () => {
    const onAllowAnonCommentsChange = vi.fn();
    const onPasswordEnabledChange = vi.fn();
    const onModeChange = vi.fn();
    const tree = ShareDialogView(props({ draft: publicDraft, onAllowAnonCommentsChange, onPasswordEnabledChange, onModeChange }));
    const boxes = findAll(tree, Checkbox);
    fire(boxes.find((b) => b.props.label === 'Guests can comment')!, 'onChange', false, { shiftKey: false, toggleKey: false });
    expect(onAllowAnonCommentsChange).toHaveBeenCalledWith(false);
    fire(boxes.find((b) => b.props.label === 'Require a password')!, 'onChange', false, { shiftKey: false, toggleKey: false });
    expect(onPasswordEnabledChange).toHaveBeenCalledWith(false);
    fire(findAll(tree, 'input').find((i) => i.props.value === 'private')!, 'onChange');
    expect(onModeChange).toHaveBeenCalledWith('private');
  });

  it('a password problem shows on the field', () => {
    const html = render(<ShareDialogView {...props({ draft: { ...publicDraft, password: '' }, passwordError: 'Enter a password, or turn the password off.' })} />);
    expect(html).toMatch(/role="alert"[^>]*>Enter a password, or turn the password off\.</);
  });
});

describe('share dialog: link, save and states (§5, §8, §9)', () => {
  it("the review link with Copy; 'Copied' while copied", () => {
    const onCopyLink = vi.fn();
    const html = render(<ShareDialogView {...props()} />);
    expect(tags(html, 'input').find((tag) => tag.includes('readOnly') && tag.includes('value="https://review.example.com/review/content/i1/review"'))).toBeTruthy();
    expect(buttonTexts(html)).toContain('Copy link');
    fire(find(ShareDialogView(props({ onCopyLink })), Button, 'Copy link'), 'onClick');
    expect(onCopyLink).toHaveBeenCalledOnce();

    const copied = render(<ShareDialogView {...props({ copied: true })} />);
    expect(buttonTexts(copied)).toContain('Copied');
    expect(buttonTexts(copied)).not.toContain('Copy link');
    expect(copied).toMatch(/aria-live="polite"[^>]*>Link copied to the clipboard\.</);
  });

  it('Save needs a change and spins while saving; Cancel closes', () => {
    const clean = render(<ShareDialogView {...props()} />);
    expect(tags(clean, 'button').find((tag) => tag.includes('k-button--primary') && !tag.includes('share-link'))).toContain('disabled');
    const onSave = vi.fn();
    const onClose = vi.fn();
    const tree = ShareDialogView(props({ dirty: true, onSave, onClose }));
    fire(find(tree, Button, 'Save'), 'onClick');
    fire(find(tree, Button, 'Cancel'), 'onClick');
    expect(onSave).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
    const saving = render(<ShareDialogView {...props({ dirty: true, status: 'saving' })} />);
    expect(tags(saving, 'button').find((tag) => tag.includes('aria-busy="true"'))).toBeTruthy();
  });

  it('read-only without the right to change sharing: no Save, no add field, no remove buttons', () => {
    const html = render(<ShareDialogView {...props({ canChange: false })} />);
    expect(buttonTexts(html)).not.toContain('Save');
    expect(buttonTexts(html)).toContain('Close');
    expect(html).not.toContain('<textarea');
    expect(removeLabels(html)).toEqual([]);
    expect(html).toMatch(/<fieldset[^>]*disabled/);
    expect(textOf(html)).toContain('Only the owner and people who can edit this item can change how it’s shared.');
  });

  it('loading shows a status; a fetch failure shows share.fetch_permissions_error with try again', () => {
    expect(render(<ShareDialogView {...props({ status: 'loading' })} />)).toMatch(/role="status"[^>]*>.*Loading who has access…/s);
    const onRetry = vi.fn();
    const html = render(<ShareDialogView {...props({ status: 'fetchError', onRetry })} />);
    expect(html).toMatch(/role="alert"/);
    expect(textOf(html)).toContain('We couldn’t load who has access to this item. Try again');
    expect(html).not.toContain('People with access');
    fire(find(ShareDialogView(props({ status: 'fetchError', onRetry })), 'button', 'Try again'), 'onClick');
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("invalid e-mails: the 'share.email_error_message' dialog lists them; OK confirms", () => {
    const onConfirmInvalidEmails = vi.fn();
    const html = render(<ShareDialogView {...props({ status: 'invalidEmails', invalidEmails: ['nobody@example.com', '<script>x</script>'] })} />);
    expect(html).toContain('Some people weren’t added');
    expect(textOf(html)).toContain('These entries are not e-mail addresses of accounts, so they were not added: nobody@example.com &lt;script&gt;x&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    const tree = ShareDialogView(props({ status: 'invalidEmails', invalidEmails: ['nobody@example.com'], onConfirmInvalidEmails }));
    fire(find(tree, Button, 'OK'), 'onClick');
    expect(onConfirmInvalidEmails).toHaveBeenCalledOnce();
    expect(render(<ShareDialogView {...props()} />)).not.toContain('Some people weren’t added');
  });

  it("a save failure: the 'share.api_error_message' dialog with a confirm button", () => {
    const onConfirmSaveError = vi.fn();
    const html = render(<ShareDialogView {...props({ status: 'saveError', saveErrorMessage: 'HTTP 500' })} />);
    expect(textOf(html)).toContain('Something went wrong while saving the sharing settings. Please try again.');
    fire(find(ShareDialogView(props({ status: 'saveError', onConfirmSaveError })), Button, 'OK'), 'onClick');
    expect(onConfirmSaveError).toHaveBeenCalledOnce();
  });

  it('unsaved changes: leave or stay', () => {
    const onLeave = vi.fn();
    const onStay = vi.fn();
    const html = render(<ShareDialogView {...props({ status: 'confirmingLeave', dirty: true })} />);
    expect(html).toContain('Leave without saving?');
    const tree = ShareDialogView(props({ status: 'confirmingLeave', dirty: true, onLeave, onStay }));
    fire(find(tree, Button, 'Leave'), 'onClick');
    fire(find(tree, Button, 'Stay'), 'onClick');
    expect(onLeave).toHaveBeenCalledOnce();
    expect(onStay).toHaveBeenCalledOnce();
  });

  it('names, e-mails and reasons are text, never markup', () => {
    const evil: SharePerson = { ...EXPLICIT, name: '<img src=x onerror=alert(1)>', email: 'x@example.com' };
    const draft: ShareDraft = { ...privateDraft, explicitEmails: ['x@example.com'] };
    const html = render(<ShareDialogView {...props({ draft, people: sharePeopleOf({ people: [evil], draft, canChange: true }) })} />);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(tags(html, 'img')).toHaveLength(1);
    expect(textIn(find(ShareDialogView(props({ draft, people: sharePeopleOf({ people: [evil], draft, canChange: true }) })), 'span', '<img'))).toContain('<img src=x');
  });
});
