import { describe, expect, it } from 'vitest';
import { itemMenu, PRIVATE_CONTENT, SHARED_CONTENT, TRASH_ROOT, type FolderId } from '../../../domain/folderRoles.ts';
import { folderMenu } from '../../../domain/folderMenu.ts';
import { optimisticFolderId } from '../../../domain/folderChanges.ts';
import { buildFolderTree } from '../../../domain/folderTree.ts';
import { pageCount } from '../../../domain/pagination.ts';
import { ContentEmptyState } from './ContentEmptyState.tsx';
import { ContentSubHeader } from './ContentSubHeader.tsx';
import { DragPreview } from './DragPreview.tsx';
import { ActionBar, FolderHeader } from './FolderHeader.tsx';
import { FolderSidebar, ResizableSidebar } from './FolderSidebar.tsx';
import { contentAnimationMs, formatUpdatedAt } from './format.ts';
import { GridSkeleton, ItemCard, ItemGrid } from './ItemCard.tsx';
import { Pagination } from './Pagination.tsx';
import { render, tags, textOf } from './render.tsx';
import { SearchResults } from './SearchResults.tsx';
import { SubfolderGrid } from './SubfolderGrid.tsx';
import { ME, NOW_MS, item, tree } from './testData.ts';
import { contentToastText } from './toasts.ts';

const noop = () => {};
const hrefFor = (id: FolderId) => `/review/folder/${id}`;
const fmt = (iso: string) => formatUpdatedAt(iso, NOW_MS);

describe('ContentSubHeader (§2 sub-header)', () => {
  const subHeader = (search: string) =>
    render(<ContentSubHeader search={search} onSearchChange={noop} onSearchClear={noop} product="rise" onProductChange={noop} />);

  it("shows the 'My content' title, the upload link it is given, the search box and the product filter", () => {
    const html = render(<ContentSubHeader search="" onSearchChange={noop} onSearchClear={noop} product="rise" onProductChange={noop} upload={<button type="button">Upload file</button>} />);
    expect(html).toMatch(/<h1[^>]*>My content<\/h1>/);
    expect(html).toContain('Upload file');
    expect(subHeader('')).not.toContain('Upload file');
    expect(textOf(html)).toContain('All Formats Storyline Rise Studio Video');
    expect(html).toMatch(/<option value="rise" selected="">Rise<\/option>/);
  });

  it('limits the search to 255 characters and offers a clear button only while there is text (§5)', () => {
    const empty = subHeader('');
    expect(tags(empty, 'input').find((tag) => tag.includes('type="search"'))).toContain('maxLength="255"');
    expect(empty).not.toContain('aria-label="Clear search"');
    expect(subHeader('safety')).toContain('aria-label="Clear search"');
    expect(subHeader('safety')).toContain('value="safety"');
  });
});

describe('FolderSidebar (§2 folder tree)', () => {
  const sidebar = (overrides: Partial<Parameters<typeof FolderSidebar>[0]> = {}) =>
    render(
      <FolderSidebar
        tree={tree}
        currentFolderId={1}
        expandedIds={new Set<FolderId>([PRIVATE_CONTENT, 1])}
        onExpandedChange={noop}
        hrefFor={hrefFor}
        {...overrides}
      />,
    );

  it('lists the four virtual roots by name in a labelled tree, with the current folder marked', () => {
    const html = sidebar();
    expect(html).toContain('role="tree"');
    const roots = tags(html, 'a').filter((tag) => tag.includes('aria-level="1"'));
    expect(roots).toHaveLength(4);
    expect(textOf(html)).toMatch(/All content.*Private content.*Projects.*Shared content.*Trash/);
    const current = tags(html, 'a').filter((tag) => tag.includes('aria-current="page"'));
    expect(current).toHaveLength(1);
    expect(current[0]).toContain('href="/review/folder/1"');
    // One tab stop: the current folder.
    expect(tags(html, 'a').filter((tag) => tag.includes('tabindex="0"'))).toEqual(current);
  });

  it('shows children only of open folders and says which are open', () => {
    const html = sidebar();
    expect(html).toContain('>2024<'); // child of the open Projects
    expect(html).not.toContain('>Q1<'); // 2024 is closed
    expect(html).not.toContain('>Team library<'); // shared content is closed
    const projects = tags(html, 'a').find((tag) => tag.includes('href="/review/folder/1"'))!;
    expect(projects).toContain('aria-expanded="true"');
    const year = tags(html, 'a').find((tag) => tag.includes('href="/review/folder/2"'))!;
    expect(year).toContain('aria-expanded="false"');
    const onboarding = tags(html, 'a').find((tag) => tag.includes('href="/review/folder/4"'))!;
    expect(onboarding).not.toContain('aria-expanded'); // a leaf
  });

  it('shows a folder menu affordance only on folders that have commands', () => {
    const html = sidebar({
      expandedIds: new Set<FolderId>([PRIVATE_CONTENT, SHARED_CONTENT, 20, TRASH_ROOT]),
      folderMenuFor: (node) => folderMenu(tree, node.id, { subscriptionAllowsSharing: true }),
      onFolderMenuSelect: noop,
    });
    const rows = [...html.matchAll(/<div class="folder-tree__row[^"]*"[^>]*>([\s\S]*?)<\/div>/g)].map((m) => m[1]!);
    const withMenu = rows.filter((row) => row.includes('folder-tree__more')).map((row) => textOf(row));
    // Virtual roots have none; every real folder shown has at least one command (a viewer: read-only settings).
    expect(withMenu).toEqual(['Projects', 'Onboarding', 'Level 1', 'Team library', 'Design', 'Customer training', 'Old drafts']);
    expect(html).toContain('aria-keyshortcuts="Shift+F10"');
  });

  it('marks valid and invalid drop targets', () => {
    const html = sidebar({ dropStateOf: (id) => (id === 4 ? 'valid' : id === 2 ? 'invalid' : null), onDropOnFolder: noop });
    expect(html).toMatch(/folder-tree__row is-drop-valid[^>]*>[\s\S]*?Onboarding/);
    expect(html).toMatch(/folder-tree__row is-drop-invalid[^>]*>[\s\S]*?2024/);
  });
});

describe('ResizableSidebar (§2, §9: start 20, min 12, max 40)', () => {
  it('carries the width on a keyboard-operable separator with its bounds', () => {
    const html = render(
      <ResizableSidebar sidebar={<p>tree</p>} width={20} onResize={noop}>
        <p>grid</p>
      </ResizableSidebar>,
    );
    const separator = tags(html, 'div').find((tag) => tag.includes('role="separator"'))!;
    expect(separator).toContain('aria-valuenow="20"');
    expect(separator).toContain('aria-valuemin="12"');
    expect(separator).toContain('aria-valuemax="40"');
    expect(separator).toContain('tabindex="0"');
    expect(separator).toContain('aria-label="Resize the folder panel"');
    expect(html).toContain('flex-basis:20%');
  });

  it('keeps a stored width inside the bounds and hides the sidebar while searching (sidebar null)', () => {
    const wide = render(
      <ResizableSidebar sidebar={<p>tree</p>} width={75} onResize={noop}>
        <p>grid</p>
      </ResizableSidebar>,
    );
    expect(wide).toContain('aria-valuenow="40"');
    const hidden = render(
      <ResizableSidebar sidebar={null} width={20} onResize={noop}>
        <p>grid</p>
      </ResizableSidebar>,
    );
    expect(hidden).not.toContain('role="separator"');
    expect(hidden).toContain('grid');
  });
});

describe('FolderHeader (§2 breadcrumbs and action bar)', () => {
  it('links every ancestor, names the virtual root, marks the current folder, and counts the selection', () => {
    const html = render(<FolderHeader path={tree.path(3)} hrefFor={hrefFor} actions={[]} selectedCount={3} onClearSelection={noop} />);
    expect(html).toContain('aria-label="Folder path"');
    expect(html).toContain('href="/review/folder/PRIVATE_CONTENT"');
    expect(html).toContain('>Private content</a>');
    expect(html).toContain('href="/review/folder/1"');
    expect(html).toContain('href="/review/folder/2"');
    expect(html).toMatch(/<span aria-current="page"[^>]*>Q1<\/span>/);
    expect(html).toContain('3 selected');
    expect(html).toContain('aria-label="Clear selection"');
  });

  it('shows no selection summary when nothing is selected', () => {
    const html = render(<FolderHeader path={tree.path(1)} hrefFor={hrefFor} actions={[]} selectedCount={0} onClearSelection={noop} />);
    expect(html).not.toContain('selected');
  });

  it('shows the given actions in order; a disabled one stays focusable and explains why', () => {
    const html = render(
      <ActionBar
        actions={[
          { id: 'newFolder', onSelect: noop },
          { id: 'emptyTrash', disabledReason: 'The trash is already empty.', onSelect: noop },
        ]}
      />,
    );
    expect(textOf(html)).toMatch(/New folder.*Empty trash/);
    const buttons = tags(html, 'button');
    expect(buttons).toHaveLength(2);
    expect(buttons[0]).not.toContain('aria-disabled');
    expect(buttons[1]).toContain('aria-disabled="true"');
    expect(buttons[1]).not.toMatch(/ disabled=""/);
    expect(html).toMatch(/role="tooltip"[^>]*>The trash is already empty\.</);
  });
});

describe('SubfolderGrid (§2, §9: collapsed at first over 20 folders)', () => {
  const grid = (folders: ReturnType<typeof tree.children>, showAll?: boolean) => render(<SubfolderGrid folders={folders} hrefFor={hrefFor} showAll={showAll} />);

  it('shows the first 20 of 25 folders and a "Show all 25 folders" toggle', () => {
    const html = grid(tree.children(30));
    expect(tags(html, 'li')).toHaveLength(20);
    expect(html).toContain('Show all 25 folders');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain('>Module 20<');
    expect(html).not.toContain('>Module 21<');
  });

  it('shows all when expanded, and every folder (no toggle) at 20 or fewer', () => {
    const all = grid(tree.children(30), true);
    expect(tags(all, 'li')).toHaveLength(25);
    expect(all).toContain('Show fewer folders');
    const few = grid(tree.children(1));
    expect(tags(few, 'li')).toHaveLength(1);
    expect(few).not.toContain('Show all');
  });

  it('opens a folder through a link and renders nothing without subfolders', () => {
    expect(grid(tree.children(1))).toContain('href="/review/folder/2"');
    expect(grid([])).toBe('');
  });

  it('marks a folder not confirmed yet (§4): the words are its link’s description, not part of its name', () => {
    const html = render(<SubfolderGrid folders={tree.children(1)} hrefFor={hrefFor} pendingOf={(id) => (id === 2 ? 'waiting' : undefined)} />);
    const link = tags(html, 'a').find((tag) => tag.includes('href="/review/folder/2"'))!;
    const described = /aria-describedby="([^"]+)"/.exec(link)?.[1];
    expect(described).toBeDefined();
    expect(html).toMatch(new RegExp(`<span id="${described}" aria-hidden="true" class="pending-mark pending-mark--waiting"[^>]*>.*Waiting for connection`));
    expect(render(<SubfolderGrid folders={tree.children(1)} hrefFor={hrefFor} pendingOf={() => 'saving'} />)).toContain('Saving…');
    expect(grid(tree.children(1))).not.toContain('pending-mark');
  });

  it('a folder the service has not made yet cannot be opened (its link is disabled until it has its id)', () => {
    const withNew = buildFolderTree([{ id: 1, name: 'Parent', parent: 0, folderType: 'private' }, { id: optimisticFolderId(1), name: 'Made offline', parent: 1, folderType: 'private' }]);
    const html = render(<SubfolderGrid folders={withNew.children(1)} hrefFor={hrefFor} pendingOf={() => 'waiting'} />);
    expect(tags(html, 'a')[0]).toContain('aria-disabled="true"');
    expect(tags(grid(tree.children(1)), 'a')[0]).not.toContain('aria-disabled');
  });
});

describe('ItemCard (§2, §3, §9)', () => {
  const card = (overrides: Partial<Parameters<typeof ItemCard>[0]> = {}) =>
    render(<ItemCard item={item()} href="/review/content/i1/review" menu={[]} onMenuSelect={noop} formatDate={fmt} {...overrides} />);

  it('marks an item whose change is not confirmed yet (§4): "Saving…" or "Waiting for connection", as the card’s description', () => {
    const waiting = card({ pending: 'waiting' });
    const described = /<article[^>]*aria-describedby="([^"]+)"/.exec(waiting)?.[1];
    expect(described).toBeDefined();
    expect(waiting).toMatch(new RegExp(`id="${described}"[^>]*>.*Waiting for connection`));
    expect(card({ pending: 'saving' })).toContain('Saving…');
    expect(card()).not.toContain('aria-describedby');
  });

  it('shows the thumbnail (720 wide, lazy), title, product, owner and "Updated by X · when"', () => {
    const html = card();
    const img = tags(html, 'img')[0]!;
    expect(img).toContain('src="https://img.example.com/t/i1?w=720"');
    expect(img).toContain('width="720"');
    expect(img).toContain('loading="lazy"');
    expect(html).toContain('href="/review/content/i1/review"');
    expect(html).toContain('Workplace safety essentials');
    expect(html).toContain('Storyline');
    expect(html).toContain('Alex Admin');
    expect(html).toContain('Updated by Tara Team · 20 minutes ago');
  });

  it('draws the product art when there is no thumbnail', () => {
    const html = card({ item: item({ thumbnailUrl: null, product: 'peek' }) });
    expect(tags(html, 'img')).toHaveLength(0);
    expect(html).toContain('item-card__placeholder--video');
    expect(html).toContain('Peek');
  });

  it('shows exactly the menu entries it is given, and no menu button without any', () => {
    expect(card({ menu: [] })).not.toContain('aria-haspopup="menu"');
    const ownerMenu = itemMenu(item(), tree.get(1)!.actions, ME);
    const html = card({ menu: ownerMenu });
    expect(html).toContain('aria-label="Actions for Workplace safety essentials"');
    // A viewer who is not the owner gets nothing (§6).
    const viewerMenu = itemMenu(item({ userId: 'u9', folderId: 21 }), tree.get(21)!.actions, ME);
    expect(viewerMenu).toEqual([]);
    expect(card({ item: item({ userId: 'u9', folderId: 21 }), menu: viewerMenu })).not.toContain('aria-haspopup="menu"');
  });

  it('shows a stack with its title and "N courses"', () => {
    const html = card({ item: item({ isStack: true, stackSize: 4, title: 'Sales onboarding (all locales)' }) });
    expect(html).toContain('>Stack<');
    expect(html).toContain('4 courses');
    expect(html).toContain('Sales onboarding (all locales)');
    expect(card({ item: item({ isStack: true, stackSize: 1 }) })).toContain('1 course<');
  });

  it('is draggable when asked, but never when archived; an archived item says "In trash"', () => {
    expect(tags(card({ onDragStart: noop }), 'article')[0]).toContain('draggable="true"');
    expect(tags(card(), 'article')[0]).not.toContain('draggable');
    const archived = card({ item: item({ isArchived: true, archivedAt: '2024-05-01T00:00:00Z' }), onDragStart: noop });
    expect(tags(archived, 'article')[0]).not.toContain('draggable');
    expect(archived).toContain('is-archived');
    expect(archived).toContain('In trash');
  });

  it('has a labelled selection checkbox when selection is offered, checked when selected', () => {
    expect(card()).not.toContain('type="checkbox"');
    const html = card({ onSelect: noop, selected: true });
    const box = tags(html, 'input').find((tag) => tag.includes('type="checkbox"'))!;
    expect(box).toContain('checked=""');
    expect(html).toContain('Select Workplace safety essentials');
  });
});

describe('ItemGrid and GridSkeleton', () => {
  it('renders one card per item in a labelled list', () => {
    const html = render(
      <ItemGrid items={[item(), item({ id: 'i2', title: 'Leadership 101' })]} hrefFor={(i) => `/review/content/${i.id}/review`} menuFor={() => []} onMenuSelect={noop} formatDate={fmt} />,
    );
    expect(html).toContain('aria-label="Items"');
    expect(tags(html, 'article')).toHaveLength(2);
  });

  it('loads the first row of thumbnails at once and first (the largest paint), the rest lazily', () => {
    const items = Array.from({ length: 6 }, (_, index) => item({ id: `i${index}`, title: `Course ${index}` }));
    const html = render(<ItemGrid items={items} hrefFor={(i) => `/review/content/${i.id}/review`} menuFor={() => []} onMenuSelect={noop} formatDate={fmt} />);
    const images = tags(html, 'img');
    expect(images).toHaveLength(6);
    for (const img of images.slice(0, 4)) {
      expect(img).toContain('loading="eager"');
      expect(img).toContain('fetchPriority="high"');
    }
    for (const img of images.slice(4)) {
      expect(img).toContain('loading="lazy"');
      expect(img).not.toContain('fetchPriority');
    }
  });

  it('shows 16 placeholder cards while loading (§9), announced once', () => {
    const html = render(<GridSkeleton />);
    expect(html.match(/item-card--skeleton/g)).toHaveLength(16);
    expect(html).toContain('role="status"');
    expect(html).toContain('Loading items…');
  });
});

describe('Pagination (§2: 1 margin page, 3 range pages)', () => {
  const pager = (page: number, pages: number) => render(<Pagination page={page} pageCount={pages} hrefFor={(p) => `/review/folder/1?page=${p}`} />);

  it('page 5 of 12: 1 … 4 5 6 … 12, the current page marked, previous and next', () => {
    const html = pager(5, 12);
    const numbers = [...html.matchAll(/class="pagination__page[^"]*"[^>]*>(\d+)</g)].map((m) => Number(m[1]));
    expect(numbers).toEqual([1, 4, 5, 6, 12]);
    expect(html.match(/pagination__break/g)).toHaveLength(2);
    expect(tags(html, 'a').filter((tag) => tag.includes('aria-current="page"'))[0]).toContain('href="/review/folder/1?page=5"');
    expect(html).toContain('rel="prev" href="/review/folder/1?page=4"');
    expect(html).toContain('rel="next" href="/review/folder/1?page=6"');
  });

  it('has no previous link on the first page, no next link on the last, and nothing for one page', () => {
    expect(pager(1, 3)).not.toContain('rel="prev"');
    expect(pager(3, 3)).not.toContain('rel="next"');
    expect(pager(1, pageCount(16))).toBe('');
  });
});

describe('ContentEmptyState (§2 empty states)', () => {
  it.each([
    ['emptyFolder', 'This folder is empty'],
    ['emptyPrivate', 'Your private content is empty'],
    ['emptyTrash', 'The trash is empty'],
    ['loadFailed', 'We couldn’t load this folder'],
  ] as const)('%s', (kind, title) => {
    expect(render(<ContentEmptyState kind={kind} />)).toContain(title);
  });

  it('offers a new folder only when allowed', () => {
    expect(render(<ContentEmptyState kind="emptyFolder" onNewFolder={noop} />)).toContain('New folder');
    expect(render(<ContentEmptyState kind="emptyFolder" />)).not.toContain('New folder');
  });

  it('names the search and the filter, with the way out', () => {
    const search = render(<ContentEmptyState kind="noSearchResults" query="zebra" onClearSearch={noop} />);
    expect(search).toContain('No results for “zebra”');
    expect(search).toContain('Clear search');
    const filter = render(<ContentEmptyState kind="noProductResults" product="rise" onClearFilter={noop} />);
    expect(filter).toContain('No Rise content here');
    expect(filter).toContain('Show all formats');
  });

  it('a failed load is announced and offers a retry', () => {
    const html = render(<ContentEmptyState kind="loadFailed" onRetry={noop} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain('Try again');
  });
});

describe('SearchResults (§2)', () => {
  it('counts the results, lists matching folders first, then the items with the folder each is in', () => {
    const html = render(
      <SearchResults
        query="on"
        folders={[tree.get(4)!]}
        folderLocationOf={() => 'Private content'}
        itemsCount={2}
        hrefForFolder={hrefFor}
        items={[item(), item({ id: 'i2', title: 'Onboarding checklist', folderId: 4 })]}
        hrefFor={(i) => `/review/content/${i.id}/review`}
        menuFor={() => []}
        onMenuSelect={noop}
        formatDate={fmt}
        locationOf={(i) => (i.folderId === 4 ? 'Onboarding' : 'Projects')}
      />,
    );
    expect(html).toContain('3 results for “on”');
    expect(textOf(html).indexOf('Folders')).toBeLessThan(textOf(html).indexOf('Items'));
    expect(html).toContain('href="/review/folder/4"');
    expect(html).toContain('In Projects');
    expect(html).toContain('In Onboarding');
  });
});

describe('DragPreview (§9 99+)', () => {
  it('shows the label it is given', () => {
    expect(render(<DragPreview label="99+" />)).toContain('99+ items');
    expect(render(<DragPreview label="3" title="Leadership 101" />)).toMatch(/Leadership 101[\s\S]*>3</);
    expect(render(<DragPreview label="1" />)).toContain('1 item');
  });
});

describe('toast texts (§3 toast data)', () => {
  it.each([
    ['moved', { itemsCount: 1, itemTitle: 'Leadership 101', destinationFolderName: 'Team library' }, '“Leadership 101” moved to Team library.'],
    ['moved', { itemsCount: 3, foldersCount: 1, destinationFolderName: 'Projects' }, '3 items and 1 folder moved to Projects.'],
    ['trashed', { foldersCount: 1, folderName: 'Old drafts' }, '“Old drafts” moved to the trash.'],
    ['trashed', { itemsCount: 2 }, '2 items moved to the trash.'],
    ['restored', { itemsCount: 1, itemTitle: 'Leadership 101', destinationFolderName: 'Private content' }, '“Leadership 101” restored to Private content.'],
    ['restored', { foldersCount: 2 }, '2 folders restored.'],
    ['deletedForever', { itemsCount: 1, itemTitle: 'Old course' }, '“Old course” deleted forever.'],
  ] as const)('%s %j', (kind, data, text) => {
    expect(contentToastText(kind, data)).toBe(text);
  });
});

describe('dates and motion', () => {
  it('says how long ago within a week, else the date', () => {
    expect(formatUpdatedAt('2024-05-10T11:59:50Z', NOW_MS)).toBe('now');
    expect(formatUpdatedAt('2024-05-10T09:00:00Z', NOW_MS)).toBe('3 hours ago');
    expect(formatUpdatedAt('2024-05-09T12:00:00Z', NOW_MS)).toBe('yesterday');
    expect(formatUpdatedAt('2024-03-15T09:00:00Z', NOW_MS, 'en-US', 'UTC')).toBe('Mar 15, 2024');
    expect(formatUpdatedAt('not a date', NOW_MS)).toBe('not a date');
  });

  it('animates in 400 ms, 300 ms over 500 items (§9)', () => {
    expect(contentAnimationMs(500)).toBe(400);
    expect(contentAnimationMs(501)).toBe(300);
  });
});
