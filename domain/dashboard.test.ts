import { describe, expect, it } from 'vitest';
import {
  coverImageUrl,
  CURATED_TEMPLATE_IDS,
  downtimeBannerShown,
  DOWNTIME_WINDOW,
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
  it('shows until the window ends unless dismissed', () => {
    expect(downtimeBannerShown(DOWNTIME_WINDOW.startMs, false)).toBe(true);
    expect(downtimeBannerShown(DOWNTIME_WINDOW.startMs, true)).toBe(false);
    expect(downtimeBannerShown(DOWNTIME_WINDOW.endMs, false)).toBe(false);
  });
});
