import { describe, expect, it } from 'vitest';
import {
  coverImageUrl,
  CURATED_TEMPLATE_IDS,
  downtimeBannerShown,
  downtimeInstant,
  parseDowntimeWindow,
  newCoursePayload,
  orderTemplates,
  readBrowseDashboard,
  readBrowserMessage,
  readRecordedWebinars,
  splitWebinars,
  templateColumns,
  templatesShown,
  type TemplateCard,
} from './dashboard.ts';

const card = (id: string): TemplateCard => ({
  id,
  content_id: `c-${id}`,
  internal_id: `i-${id}`,
  title: id,
  description: '',
  image: '',
  card_image: '',
  lesson_count: 3,
  topicTitle: 'Topic',
  templateType: 'Course',
});

describe('templateColumns: floor((width + 32) / 278)', () => {
  it.each([
    [0, 1],
    [245, 1],
    [246, 1],
    [523, 1],
    [524, 2],
    [801, 2],
    [802, 3],
    [1080, 4],
    [1138, 4],
    [1358, 5],
    [Number.NaN, 1],
    [-500, 1],
  ])('width %d → %d columns', (width, columns) => {
    expect(templateColumns(width)).toBe(columns);
  });
  it('shows two rows of the columns', () => {
    expect(templatesShown(1080)).toBe(8);
    expect(templatesShown(300)).toBe(2);
  });
});

describe('orderTemplates', () => {
  it('puts curated templates first in the fixed order, then the rest in service order, each once', () => {
    const [a, b] = CURATED_TEMPLATE_IDS as [string, string];
    const ordered = orderTemplates([card('x'), card(b), card('y'), card(a), card('x')]);
    expect(ordered.map((c) => c.id)).toEqual([a, b, 'x', 'y']);
  });
});

describe('coverImageUrl', () => {
  it.each([
    ['http://img/a.svg', 'http://img/a.svg?w=492&h=296&fit=cover'],
    ['http://img/a.svg?v=2', 'http://img/a.svg?v=2&w=492&h=296&fit=cover'],
    ['', ''],
  ])('%s → %s', (image, url) => expect(coverImageUrl(image)).toBe(url));
});

describe('splitWebinars', () => {
  it.each([
    [0, false, 0, 0],
    [3, false, 3, 0],
    [7, false, 3, 4],
    [7, true, 7, 0],
  ])('%d webinars, expanded %s → %d shown, %d behind the button', (count, expanded, shown, hidden) => {
    const result = splitWebinars(Array.from({ length: count }, (_, i) => i), expanded);
    expect(result.shown).toHaveLength(shown);
    expect(result.hiddenCount).toBe(hidden);
  });
});

describe('readBrowseDashboard', () => {
  it('keeps cards, drops malformed ones, and refuses a wrong shape', () => {
    expect(readBrowseDashboard({ courses: [card('a'), { ...card('b'), lesson_count: '3' }], microlearning: [] })).toEqual({ courses: [card('a')], microlearning: [] });
    expect(readBrowseDashboard({ courses: 'x', microlearning: [] })).toBeNull();
    expect(readBrowseDashboard(null)).toBeNull();
  });
});

describe('readRecordedWebinars', () => {
  it('reads recordedWebinars strictly', () => {
    const w = { id: 'w1', slug: 's', title: 'T', series: { title: 'S' } };
    expect(readRecordedWebinars({ recordedWebinars: [w, { ...w, series: null }] })).toEqual([w]);
    expect(readRecordedWebinars({})).toBeNull();
  });
});

describe('newCoursePayload', () => {
  it('AI outline has the title, type and isAIConceptToCourse', () => {
    expect(newCoursePayload('aiOutline')).toEqual({ folderId: 'all', title: 'New Course Outline', type: 'aiOutline', settings: { isAIConceptToCourse: true } });
    expect(newCoursePayload('course')).toEqual({ folderId: 'all', settings: { isAIConceptToCourse: false } });
  });
});

describe('readBrowserMessage', () => {
  it.each([
    [{ jsonrpc: '2.0', method: 'ready' }, { method: 'ready' }],
    [JSON.stringify({ jsonrpc: '2.0', method: 'close' }), { method: 'close' }],
    [{ jsonrpc: '2.0', method: 'import', params: { id: 'tpl-1' } }, { method: 'import', contentId: 'tpl-1' }],
    [{ jsonrpc: '2.0', method: 'import', params: { id: 3 } }, null],
    [{ method: 'close' }, null],
    ['{not json', null],
  ])('%j → %j', (data, message) => expect(readBrowserMessage(data)).toEqual(message));
});

describe('downtimeBannerShown', () => {
  const window = { announceFrom: '2024-01-25T22:00:00.000Z', startsAt: '2024-01-26T22:00:00.000Z', endsAt: '2024-01-29T14:00:00.000Z' };
  it.each([
    ['before the announcement', Date.parse('2024-01-25T21:59:59.999Z'), false, false],
    ['at the announcement', Date.parse(window.announceFrom), false, true],
    ['during the maintenance', Date.parse(window.startsAt) + 1, false, true],
    ['during it, dismissed', Date.parse(window.startsAt) + 1, true, false],
    ['at its end', Date.parse(window.endsAt), false, false],
  ])('%s', (_, now, dismissed, shown) => expect(downtimeBannerShown(window, now, dismissed)).toBe(shown));
  it('shows nothing without a window', () => expect(downtimeBannerShown(null, 0, false)).toBe(false));
  it('reads the configured window, or says what is wrong', () => {
    expect(parseDowntimeWindow(null)).toBeNull();
    expect(parseDowntimeWindow(window)).toEqual(window);
    expect(() => parseDowntimeWindow({ ...window, endsAt: 'soon' })).toThrow('downtime.endsAt');
    expect(() => parseDowntimeWindow({ ...window, endsAt: window.startsAt })).toThrow('announceFrom ≤ startsAt < endsAt');
  });
  it('words the window in US Eastern time', () => expect(downtimeInstant(window.startsAt)).toBe('Jan 26, 2024, 5:00 PM EST'));
});
