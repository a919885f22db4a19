/** Fixtures of the content view tests (tests only). */
import type { FolderPermissionView, ItemRecord, TeamGroup, TeamMember } from '../../../domain/content.ts';
import { buildFolderTree, type FolderRecord } from '../../../domain/folderTree.ts';

export const ME = 'u1';
export const NOW_MS = Date.parse('2024-05-10T12:00:00Z');

/** Private: 1 Projects > 2 2024 > 3 Q1; 4 Onboarding; a chain 10 > … > 16 (depth 7). Shared: 20 (owner) > 21 (viewer); 30 with 25 subfolders. Trash: 40. */
export const FOLDERS: FolderRecord[] = [
  { id: 1, name: 'Projects', parent: 0, folderType: 'private' },
  { id: 2, name: '2024', parent: 1, folderType: 'private' },
  { id: 3, name: 'Q1', parent: 2, folderType: 'private' },
  { id: 4, name: 'Onboarding', parent: 0, folderType: 'private' },
  ...[10, 11, 12, 13, 14, 15, 16].map((id): FolderRecord => ({ id, name: `Level ${id - 9}`, parent: id === 10 ? 0 : id - 1, folderType: 'private' })),
  { id: 20, name: 'Team library', parent: 0, folderType: 'shared', role: 'owner' },
  { id: 21, name: 'Design', parent: 20, folderType: 'shared', role: 'viewer' },
  { id: 30, name: 'Customer training', parent: 0, folderType: 'shared', role: 'editor' },
  ...Array.from({ length: 25 }, (_, i): FolderRecord => ({ id: 100 + i, name: `Module ${i + 1}`, parent: 30, folderType: 'shared', role: 'editor' })),
  { id: 40, name: 'Old drafts', parent: 0, folderType: 'deleted', role: 'owner' },
];
export const tree = buildFolderTree(FOLDERS);

const person = (userId: string, fullName: string) => ({ userId, fullName, avatar: null });

/** An item record with sensible defaults. */
export function item(overrides: Partial<ItemRecord> = {}): ItemRecord {
  return {
    id: 'i1',
    title: 'Workplace safety essentials',
    product: 'storyline',
    type: null,
    userId: ME,
    owner: person(ME, 'Alex Admin'),
    updatedBy: person('u2', 'Tara Team'),
    updatedAt: '2024-05-10T11:40:00Z',
    createdAt: '2024-01-01T00:00:00Z',
    folderId: 1,
    hash: 'h',
    archivedAt: null,
    isArchived: false,
    isStack: false,
    stackSize: 0,
    thumbnailUrl: 'https://img.example.com/t/i1?w=720',
    isPrivate: true,
    ...overrides,
  };
}

export const PERMISSIONS: FolderPermissionView[] = [
  { principalId: ME, principalType: 'user', role: 'owner', inherited: false, name: 'Alex Admin', email: 'alex@example.com', avatar: null },
  { principalId: 'u2', principalType: 'user', role: 'editor', inherited: false, name: 'Tara Team', email: 'tara@example.com', avatar: null },
  { principalId: 'g1', principalType: 'group', role: 'viewer', inherited: false, name: 'Sales enablement', email: null, avatar: null },
  { principalId: 'u3', principalType: 'user', role: 'manager', inherited: true, name: 'Morgan Manager', email: 'morgan@example.com', avatar: null },
];

export const MEMBERS: TeamMember[] = [
  { user_id: 'u2', first_name: 'Tara', last_name: 'Team', email: 'tara@example.com', avatars: { small: null }, type: 'user', role: 'editor' },
  { user_id: 'u4', first_name: 'Vic', last_name: 'Viewer', email: 'vic@example.com', avatars: { small: null }, type: 'user', role: 'editor' },
];

export const GROUPS: TeamGroup[] = [
  { id: 'g1', name: 'Sales enablement', type: 'group' },
  { id: 'g2', name: 'Designers', type: 'group' },
];
