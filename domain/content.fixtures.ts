/** Test fixtures for content records (tests only; nothing in the app imports this). */
import type { ItemRecord, PersonRef } from './content.ts';

const ALEX: PersonRef = { userId: 'u-alex', fullName: 'Alex Admin', avatar: null };

/** An item owned by u-alex in folder 1, live, not a stack; `over` changes any field. */
export const itemRecord = (id: string, over: Partial<ItemRecord> = {}): ItemRecord => ({
  id,
  title: `Title ${id}`,
  product: 'storyline',
  type: null,
  userId: 'u-alex',
  owner: ALEX,
  updatedBy: null,
  updatedAt: '2026-11-21T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  folderId: 1,
  hash: 'h',
  archivedAt: null,
  isArchived: false,
  isStack: false,
  stackSize: 0,
  thumbnailUrl: null,
  isPrivate: true,
  ...over,
});

/** The same item in the trash. */
export const archivedRecord = (id: string, over: Partial<ItemRecord> = {}): ItemRecord => itemRecord(id, { archivedAt: '2026-11-22T10:00:00.000Z', isArchived: true, ...over });
