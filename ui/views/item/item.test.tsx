import { describe, expect, it } from 'vitest';
import { ITEM_SIDEBAR_MAX_PERCENT, ITEM_SIDEBAR_MAX_TRANSLATE_PERCENT } from '../../../domain/constants.ts';
import { render, tags, textOf } from '../content/render.tsx';
import { NewVersionToastBody, OutOfDateDialog, RestoreVersionDialog, newVersionToastText } from './ItemDialogs.tsx';
import { ExportMenu, ItemHeader, ReviewerAvatars, VersionList, type ItemHeaderProps, type VersionEntry } from './ItemHeader.tsx';
import { ItemLayout, type ItemLayoutProps } from './ItemLayout.tsx';
import {
  ItemAccessDeniedView,
  ItemDeletedView,
  ItemFailedView,
  ItemPasswordDialog,
  ItemProcessingView,
  VersionDeletedView,
  type ItemFailureKind,
} from './ItemStates.tsx';
import { ItemLoadingView } from './ItemLoadingView.tsx';
import { PackagePlayer, VideoPlayer, packageOriginOf, playerSlideOf, playerTrackingOf } from './Players.tsx';

const noop = () => {};

/** The opening tag of the first `<name>` carrying `fragment` (attribute order does not matter). */
const tagWith = (html: string, name: string, fragment: string) => tags(html, name).find((tag) => tag.includes(fragment)) ?? '';

/** Every button's text, in order. */
const buttonTexts = (html: string) => [...html.matchAll(/<button\b[^>]*>([\s\S]*?)<\/button>/g)].map((m) => textOf(m[1]!));

describe('item view state screens (§2, §4, §8)', () => {
  it('loading: a skeleton of the header and the player, announced as loading', () => {
    const html = render(<ItemLoadingView />);
    expect(html).toContain('aria-busy="true"');
    expect(html).toMatch(/role="status"[^>]*>Loading the item…</);
    expect(html).toContain('item-loading__header');
    expect(html).toContain('item-loading__stage');
  });

  it("access denied shows 'share.access_denied_title'; signed out it offers sign-in and create-account links", () => {
    const signedIn = render(<ItemAccessDeniedView />);
    expect(signedIn).toMatch(/<h1[^>]*>You don’t have access to this item<\/h1>/);
    expect(textOf(signedIn)).toContain('Ask the person who shared it');
    expect(tags(signedIn, 'a')).toHaveLength(0);

    const signedOut = render(<ItemAccessDeniedView signInHref="/signin?redirect_url=%2Freview%2Fcontent%2Fi1" createAccountHref="https://id.example.com/signup" />);
    const links = tags(signedOut, 'a');
    expect(links.map((tag) => /href="([^"]+)"/.exec(tag)![1])).toEqual(['/signin?redirect_url=%2Freview%2Fcontent%2Fi1', 'https://id.example.com/signup']);
    expect(textOf(signedOut)).toContain('Sign in Create an account');
  });

  it('the password prompt cannot be dismissed: no close button, only the field and submit', () => {
    const html = render(<ItemPasswordDialog open onSubmit={noop} />);
    expect(html).toContain('This item is password protected');
    expect(html).not.toContain('aria-label="Close"');
    expect(buttonTexts(html)).toEqual(['Open']);
    expect(tags(html, 'input').filter((tag) => tag.includes('type="password"'))).toHaveLength(1);
    expect(html).not.toContain('That password isn’t right');
    expect(html).not.toContain('aria-invalid');
  });

  it("the password prompt shows the 'wrong password' error on the field, and spins while checking", () => {
    const wrong = render(<ItemPasswordDialog open wrongPassword onSubmit={noop} />);
    expect(wrong).toMatch(/role="alert"[^>]*>That password isn’t right\. Check it and try again\.</);
    expect(tags(wrong, 'input').find((tag) => tag.includes('type="password"'))).toContain('aria-invalid="true"');

    const busy = render(<ItemPasswordDialog open busy onSubmit={noop} />);
    expect(tags(busy, 'button').find((tag) => tag.includes('type="submit"'))).toContain('aria-busy="true"');
    expect(tags(busy, 'input').find((tag) => tag.includes('type="password"'))).toContain('readOnly');
  });

  it("deleted item: 'review.deleted_title' and text, with a link back to the grid", () => {
    const html = render(<ItemDeletedView backHref="/review/folder/7" />);
    expect(html).toMatch(/<h1[^>]*>This item has been deleted<\/h1>/);
    expect(textOf(html)).toContain('moved to the trash or deleted forever');
    expect(tags(html, 'a')).toEqual([expect.stringContaining('href="/review/folder/7"')]);
  });

  it('deleted version: says so and links to the latest version', () => {
    const html = render(<VersionDeletedView latestHref="/review/content/i1/review" />);
    expect(html).toMatch(/<h2[^>]*>This version has been deleted<\/h2>/);
    expect(html).toMatch(/<a[^>]*href="\/review\/content\/i1\/review"[^>]*>View the latest version<\/a>/);
  });

  it('processing: a spinner and the message; the upload progress when the version is still uploading', () => {
    const processing = render(<ItemProcessingView />);
    expect(processing).toContain('We’re processing this version…');
    expect(processing).toContain('k-spinner');
    expect(processing).not.toContain('role="progressbar"');

    const uploading = render(<ItemProcessingView uploadProgress={0.424} />);
    const bar = tags(uploading, 'div').find((tag) => tag.includes('role="progressbar"'))!;
    expect(bar).toContain('aria-valuenow="42"');
    expect(textOf(uploading)).toContain('Uploading: 42%');
  });

  const failed = (kind: ItemFailureKind, isOwner: boolean, isUploader: boolean) =>
    render(<ItemFailedView kind={kind} isOwner={isOwner} isUploader={isUploader} onCancel={noop} onRetry={noop} />);

  it('failed processing: one message per failure kind', () => {
    expect(failed('transcodeFailed', true, true)).toContain('This video couldn’t be converted');
    expect(failed('uploadFailed', true, true)).toContain('This upload didn’t finish');
    expect(failed('processFailed', true, true)).toContain('This version couldn’t be processed');
  });

  it('failed processing: the owner is told what to do, others to ask the owner', () => {
    const uploader = textOf(failed('uploadFailed', true, true));
    expect(uploader).toContain('The connection may have dropped before the whole file was sent. Retry to choose the file again, or cancel to remove this version.');
    // The owner who did not upload it has no Cancel or Retry, so is not told to use them.
    const owner = textOf(failed('uploadFailed', true, false));
    expect(owner).toContain('The connection may have dropped before the whole file was sent. Upload a new version to replace it.');
    expect(owner).not.toContain('Ask the owner');
    const other = textOf(failed('uploadFailed', false, false));
    expect(other).toContain('Ask the owner of this item to upload it again.');
    expect(other).not.toContain('connection');
  });

  it('failed processing: Cancel and Retry only for the uploader', () => {
    expect(buttonTexts(failed('processFailed', true, true))).toEqual(['Cancel', 'Retry']);
    expect(buttonTexts(failed('processFailed', false, true))).toEqual(['Cancel', 'Retry']);
    expect(buttonTexts(failed('processFailed', true, false))).toEqual([]);
    expect(buttonTexts(failed('processFailed', false, false))).toEqual([]);
  });
});

const versions: VersionEntry[] = [
  { number: 1, dateLabel: '01/05/2026 at 9:15 AM', state: 'ready', canRestore: true },
  { number: 2, dateLabel: '02/10/2026 at 3:05 PM', state: 'ready', canRestore: false },
  { number: 3, dateLabel: '03/01/2026 at 11:00 AM', state: 'transcodeFailed', canRestore: false },
  { number: 4, dateLabel: '03/02/2026 at 8:40 PM', state: 'processing', canRestore: false },
];

const reviewers = ['Ana Lima', 'Ben Ode', 'Cy Park', 'Dee Ray', 'Eve Sol', 'Fin Tao'].map((name, index) => ({ id: `u${index}`, name }));

const header = (props: Partial<ItemHeaderProps> = {}) =>
  render(
    <ItemHeader
      title="Safety onboarding"
      backHref="/review/folder/7"
      backLabel="Projects"
      versions={versions}
      currentVersion={2}
      versionHref={(n) => `/review/content/i1/review?version=${n}`}
      onRestoreVersion={noop}
      onShare={noop}
      feedbackHref="/review/content/i1/feedback"
      unreadCount={3}
      reviewers={reviewers}
      reviewRequest={<button type="button">Request review</button>}
      exports={{ backup: { onSelect: noop } }}
      userMenu={<button type="button">Account menu</button>}
      closeHref="/review/content/i1/review"
      {...props}
    />,
  );

describe('ItemHeader (§2 item header)', () => {
  it('shows the back link, title, version button, Share and Feedback tabs, avatars, review request, export and user menu', () => {
    const html = header();
    expect(tagWith(html, 'a', 'href="/review/folder/7"')).toContain('aria-label="Back to Projects"');
    expect(html).toMatch(/<h1[^>]*>Safety onboarding<\/h1>/);
    expect(html).toMatch(/aria-label="Version 2, choose another version"/);
    expect(html).toMatch(/<button[^>]*aria-haspopup="dialog"[^>]*>Share</);
    expect(textOf(html)).toContain('Feedback 3 3 unread comments');
    expect(html).toContain('Request review');
    expect(html).toContain('aria-label="Export menu"');
    expect(html).toContain('Account menu');
    expect(html).not.toContain('>Close<');
  });

  it('feedback mode shows only the title, the version, the export menu and Close (back to the review tab)', () => {
    const html = header({ mode: 'feedback', currentTab: 'feedback' });
    expect(html).toMatch(/<h1[^>]*>Safety onboarding<\/h1>/);
    expect(html).toContain('aria-label="Version 2, choose another version"');
    expect(html).toContain('aria-label="Export menu"');
    expect(html).toMatch(/<a[^>]*href="\/review\/content\/i1\/review"[^>]*>Close<\/a>/);
    // Nothing else: no back link, tabs, avatars, review request or user menu.
    expect(html).not.toContain('Back to Projects');
    expect(html).not.toContain('>Share<');
    expect(html).not.toContain('Feedback');
    expect(html).not.toContain('aria-label="Reviewers"');
    expect(html).not.toContain('Request review');
    expect(html).not.toContain('Account menu');
    expect(tags(html, 'a')).toHaveLength(1);
    expect(tags(html, 'button')).toHaveLength(2);
  });

  it('marks the current tab', () => {
    expect(tagWith(header({ currentTab: 'feedback' }), 'a', 'href="/review/content/i1/feedback"')).toContain('aria-current="page"');
    expect(header({ currentTab: null })).not.toContain('aria-current="page"');
  });

  it('shows the first 4 reviewer avatars and +N for the rest', () => {
    const html = render(<ReviewerAvatars reviewers={reviewers} />);
    expect(tags(html, 'span').filter((tag) => tag.includes('role="img"'))).toHaveLength(4);
    expect(html).toContain('aria-label="Ana Lima"');
    expect(html).toContain('aria-label="Dee Ray"');
    expect(html).not.toContain('aria-label="Eve Sol"');
    expect(textOf(html)).toContain('+2 2 more reviewers');
    expect(render(<ReviewerAvatars reviewers={reviewers.slice(0, 4)} />)).not.toContain('more reviewers');
    expect(render(<ReviewerAvatars reviewers={[]} />)).toBe('');
  });

  it('the export menu is absent without entries and spins while the backup is prepared', () => {
    expect(render(<ExportMenu />)).toBe('');
    const ready = render(<ExportMenu backup={{ onSelect: noop }} />);
    expect(ready).not.toContain('k-spinner');
    const preparing = render(<ExportMenu backup={{ onSelect: noop, preparing: true }} video={{ onSelect: noop }} />);
    expect(preparing).toContain('k-spinner');
    expect(preparing).toMatch(/role="status"[^>]*>Preparing project backup…</);
  });
});

describe('VersionList (§2 version dropdown, §4 Other, §9 dates)', () => {
  const list = render(<VersionList versions={versions} currentNumber={2} hrefFor={(n) => `/review/content/i1/review?version=${n}`} onRestore={noop} />);
  const rows = [...list.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/g)].map((m) => m[0]);

  it('lists the versions newest first with their dates', () => {
    expect(rows.map((row) => /Version (\d)/.exec(textOf(row))![1])).toEqual(['4', '3', '2', '1']);
    expect(textOf(rows[3]!)).toContain('01/05/2026 at 9:15 AM');
  });

  it('marks the current version', () => {
    const current = tags(list, 'a').filter((tag) => tag.includes('aria-current="true"'));
    expect(current).toEqual([expect.stringContaining('href="/review/content/i1/review?version=2"')]);
    expect(textOf(rows[2]!)).toContain('Version 2 Current');
  });

  it('names the state of each version that is not ready', () => {
    expect(textOf(rows[0]!)).toContain('Processing');
    expect(textOf(rows[1]!)).toContain('Conversion failed');
    expect(textOf(rows[2]!)).not.toMatch(/Ready|Processing|failed/);
  });

  it('offers Restore only where allowed', () => {
    const restores = rows.map((row) => row.includes('aria-label="Restore version'));
    expect(restores).toEqual([false, false, false, true]);
    expect(rows[3]).toContain('aria-label="Restore version 1"');
    const noRestore = render(<VersionList versions={versions} currentNumber={2} hrefFor={() => '#'} />);
    expect(noRestore).not.toContain('Restore');
  });
});

describe('ItemLayout (§2 review screen, §9 sidebar)', () => {
  const layout = (props: Partial<ItemLayoutProps> = {}) =>
    render(
      <ItemLayout player={<p>PLAYER</p>} sidebarTab="comments" hrefFor={(tab) => `/review/content/i1/${tab === 'comments' ? 'review' : 'translate'}?version=2`} {...props}>
        <p>BODY</p>
      </ItemLayout>,
    );

  it('starts with the panel at 50 % next to the player, resizable between 20 % and 75 %', () => {
    const html = layout();
    expect(html).toContain('PLAYER');
    expect(html).toContain('BODY');
    expect(html).toContain('flex-basis:50%');
    const splitter = tags(html, 'div').find((tag) => tag.includes('role="separator"'))!;
    // The splitter carries the player's share: 100 − panel.
    expect(splitter).toContain('aria-valuenow="50"');
    expect(splitter).toContain(`aria-valuemin="${100 - ITEM_SIDEBAR_MAX_PERCENT}"`);
    expect(splitter).toContain('aria-valuemax="80"');
  });

  it('the maximum is 60 % with the translate flag', () => {
    const html = layout({ maxPercent: ITEM_SIDEBAR_MAX_TRANSLATE_PERCENT, sidebarPercent: 70 });
    expect(html).toContain('flex-basis:60%');
    expect(tags(html, 'div').find((tag) => tag.includes('role="separator"'))).toContain(`aria-valuemin="${100 - ITEM_SIDEBAR_MAX_TRANSLATE_PERCENT}"`);
  });

  it('has Comments and (with translation) Translate tabs as links keeping the query string', () => {
    const plain = layout();
    expect(tagWith(plain, 'a', 'href="/review/content/i1/review?version=2"')).toContain('aria-current="page"');
    expect(plain).toContain('>Comments</a>');
    expect(plain).not.toContain('Translate');
    const translated = layout({ showTranslateTab: true, sidebarTab: 'translate' });
    expect(tagWith(translated, 'a', 'href="/review/content/i1/translate?version=2"')).toContain('aria-current="page"');
    expect(tagWith(translated, 'a', 'href="/review/content/i1/review?version=2"')).not.toContain('aria-current');
    expect(translated).toContain('>Translate</a>');
  });

  it('a toggle collapses the panel: aria-expanded follows, the splitter and tabs go', () => {
    const open = layout();
    expect(tags(open, 'button').find((tag) => tag.includes('aria-expanded'))).toContain('aria-expanded="true"');
    expect(open).toContain('aria-label="Hide the comments panel"');

    const collapsed = layout({ collapsed: true });
    expect(tags(collapsed, 'button').find((tag) => tag.includes('aria-expanded'))).toContain('aria-expanded="false"');
    expect(collapsed).toContain('aria-label="Show the comments panel"');
    expect(collapsed).not.toContain('role="separator"');
    expect(collapsed).not.toContain('>Comments<');
    expect(tags(collapsed, 'div').find((tag) => tag.includes('item-layout__panel'))).toContain('hidden');
  });
});

describe('players (§2, §8, §9)', () => {
  it('a package on its own origin keeps that origin in the frame, so its nested frames load', () => {
    const src = 'http://abc.packages.localhost:3000/packages/v1/story.html';
    const html = render(<PackagePlayer src={src} title="Safety onboarding" width={980} height={551} />);
    const frame = tags(html, 'iframe')[0]!;
    expect(frame).toContain(`src="${src}"`);
    expect(frame).toContain('sandbox="allow-scripts allow-same-origin allow-popups');
    expect(frame).toContain('title="Safety onboarding (player)"');
    expect(html).toContain('--player-aspect:980 / 551');
  });

  it('a package address on the dashboard’s own origin is sandboxed without allow-same-origin', () => {
    const html = render(<PackagePlayer src="/packages/v1/story.html" title="Safety onboarding" />);
    const frame = tags(html, 'iframe')[0]!;
    expect(frame).toContain('sandbox="allow-scripts allow-popups"');
    expect(frame).not.toContain('allow-same-origin');
    expect(packageOriginOf('/packages/v1/story.html', 'http://localhost:3000')).toBeNull();
    expect(packageOriginOf('http://localhost:3000/packages/v1/story.html', 'http://localhost:3000')).toBeNull();
    expect(packageOriginOf('http://x.packages.localhost:3000/packages/v1/story.html', 'http://localhost:3000')).toBe('http://x.packages.localhost:3000');
  });

  it('reads the bridge’s messages: a slide change and whether the player can say where it is', () => {
    expect(playerSlideOf({ source: 'review-player', type: 'slideChanged', slideId: '6Y8yI7wC9CE' })).toBe('6Y8yI7wC9CE');
    expect(playerSlideOf({ source: 'other', type: 'slideChanged', slideId: 'x' })).toBeNull();
    expect(playerTrackingOf({ source: 'review-player', type: 'tracking', tracking: false })).toBe(false);
    expect(playerTrackingOf({ source: 'review-player', type: 'tracking', tracking: 'no' })).toBeNull();
  });

  it('a package without a file address shows that it cannot be shown, and no frame', () => {
    for (const src of ['', null]) {
      const html = render(<PackagePlayer src={src} title="Safety onboarding" />);
      expect(html).not.toContain('<iframe');
      expect(html).toContain('This content cannot be shown');
    }
  });

  it('the video player has controls, the poster, fallback text and the 7 playback rates', () => {
    const html = render(<VideoPlayer src="/media/v1.mp4" poster="/img/poster.jpg?w=840" title="Intro video" />);
    const video = tags(html, 'video')[0]!;
    expect(video).toContain('controls');
    expect(video).toContain('poster="/img/poster.jpg?w=840"');
    expect(html).toMatch(/<video[^>]*>Your browser can’t play this video\.<\/video>/);
    const options = [...html.matchAll(/<option value="([^"]+)"[^>]*>([^<]+)<\/option>/g)].map((m) => [m[1], m[2]]);
    expect(options).toEqual([
      ['0.5', '0.5×'],
      ['0.75', '0.75×'],
      ['1', '1× (normal)'],
      ['1.25', '1.25×'],
      ['1.5', '1.5×'],
      ['1.75', '1.75×'],
      ['2', '2×'],
    ]);
    expect(html).toMatch(/<option value="1" selected="">/);
    expect(textOf(html)).toContain('skip back and forward 5 seconds');
  });
});

describe('item dialogs (§2, §4 Other)', () => {
  it('out of date: names the newer version and offers to view it or stay', () => {
    const html = render(<OutOfDateDialog open newerVersion={5} currentVersion={4} onView={noop} onStay={noop} />);
    expect(html).toContain('A newer version is available');
    expect(textOf(html)).toContain('Version 5 was just added. You are looking at version 4.');
    expect(buttonTexts(html)).toEqual(['', 'Stay here', 'View version 5']);
  });

  it('restore version: confirms that version N becomes the newest; busy and error states', () => {
    const html = render(<RestoreVersionDialog open version={2} nextNumber={5} onConfirm={noop} onCancel={noop} />);
    expect(html).toContain('Restore version 2?');
    expect(textOf(html)).toContain('A copy of version 2 becomes the newest version (version 5).');
    expect(buttonTexts(html)).toEqual(['', 'Cancel', 'Restore']);
    const busy = render(<RestoreVersionDialog open version={2} nextNumber={5} busy error="We couldn’t restore that." onConfirm={noop} onCancel={noop} />);
    expect(busy).toContain('aria-busy="true"');
    expect(busy).toContain('We couldn’t restore that.');
  });

  it('the new-version toast says who uploaded which version and that it is shown now', () => {
    expect(newVersionToastText({ uploaderName: 'Ana Lima', version: 3 })).toBe('Ana Lima added version 3. You’re now seeing it.');
    expect(newVersionToastText({ version: 3 })).toBe('Version 3 was added. You’re now seeing it.');
    expect(textOf(render(<NewVersionToastBody uploaderName="Ana Lima" version={3} />))).toBe('Ana Lima added version 3. You’re now seeing it.');
  });
});
