import { describe, expect, it } from 'vitest';
import { clampSidebarWidth, DEFAULT_GRID_PREFS, GRID_PREFS_MAX_EXPANDED, parseGridPrefs, toggleExpanded } from './gridPrefs.ts';

describe('grid preferences (§9 sidebar 20 start, 12 min, 40 max; expand state persisted)', () => {
  it.each([
    [undefined, 20],
    ['30', 20],
    [Number.NaN, 20],
    [5, 12],
    [12, 12],
    [27.5, 27.5],
    [40, 40],
    [95, 40],
  ])('width %s → %s', (value, expected) => {
    expect(clampSidebarWidth(value)).toBe(expected);
  });

  it('reads what it stored', () => {
    const prefs = toggleExpanded(toggleExpanded({ ...DEFAULT_GRID_PREFS, sidebarWidth: 31 }, 'SHARED_CONTENT', true), 7, true);
    expect(parseGridPrefs(JSON.stringify(prefs))).toEqual({ sidebarWidth: 31, expanded: ['SHARED_CONTENT', 7] });
  });

  it.each([['not json'], ['null'], ['[1,2]'], [42], [null]])('falls back to the defaults for %j', (raw) => {
    expect(parseGridPrefs(raw)).toEqual({ sidebarWidth: 20, expanded: [] });
  });

  it('drops ids that are not folder ids, and repeats', () => {
    expect(parseGridPrefs({ sidebarWidth: 25, expanded: [3, 'x', -1, 1.5, 'DELETED', 3, null] })).toEqual({ sidebarWidth: 25, expanded: [3, 'DELETED'] });
  });

  it('collapsing removes a folder; expanding twice keeps one entry', () => {
    const once = toggleExpanded(DEFAULT_GRID_PREFS, 4, true);
    expect(toggleExpanded(once, 4, true).expanded).toEqual([4]);
    expect(toggleExpanded(once, 4, false).expanded).toEqual([]);
  });

  it(`remembers at most ${GRID_PREFS_MAX_EXPANDED} expanded folders, dropping the oldest`, () => {
    let prefs = DEFAULT_GRID_PREFS;
    for (let id = 1; id <= GRID_PREFS_MAX_EXPANDED + 2; id++) prefs = toggleExpanded(prefs, id, true);
    expect(prefs.expanded).toHaveLength(GRID_PREFS_MAX_EXPANDED);
    expect(prefs.expanded[0]).toBe(3);
  });
});
