import { describe, expect, it } from 'vitest';
import { canStartDrag, dragCountLabel } from './dragDrop.ts';

describe('drag count label (§9 "the drag count shows 99+ beyond 99")', () => {
  it.each([
    [1, '1'],
    [2, '2'],
    [98, '98'],
    [99, '99'],
    [100, '99+'],
    [5_000, '99+'],
    [0, '0'],
    [-3, '0'],
    [Number.NaN, '0'],
    [12.7, '12'],
  ])('%s → %s', (count, label) => {
    expect(dragCountLabel(count)).toBe(label);
  });
});

describe('what may be dragged (§4 "Archived items cannot be dragged")', () => {
  it.each([
    ['one live item', { items: [{ id: 'a', isArchived: false, archivedAt: null }], folderIds: [] }, true],
    ['folders only', { items: [], folderIds: [3, 4] }, true],
    ['an archived item (flag)', { items: [{ id: 'a', isArchived: true }], folderIds: [] }, false],
    ['an archived item (archivedAt set)', { items: [{ id: 'a', archivedAt: '2026-01-01T00:00:00.000Z' }], folderIds: [] }, false],
    ['a live item among archived ones', { items: [{ id: 'a' }, { id: 'b', isArchived: true }], folderIds: [1] }, false],
    ['nothing', { items: [], folderIds: [] }, false],
  ])('%s → %s', (_case, source, expected) => {
    expect(canStartDrag(source)).toBe(expected);
  });
});
