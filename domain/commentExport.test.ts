import { describe, expect, it } from 'vitest';
import { canExportComments, exportFileName, exportOrdersFor, formatVideoTime, isCommentExportJob, neutraliseCell } from './commentExport.ts';

describe('comment export rules (review-and-content §5, §6, §9)', () => {
  it('offers recent, then time for videos, slide for slide products, lesson for Rise', () => {
    expect(exportOrdersFor('video')).toEqual(['recent', 'time']);
    expect(exportOrdersFor('peek')).toEqual(['recent', 'time']);
    expect(exportOrdersFor('storyline')).toEqual(['recent', 'slide']);
    expect(exportOrdersFor('rise')).toEqual(['recent', 'lesson']);
  });

  it('lets an account export as owner or through a folder role that views the item; nobody else', () => {
    expect(canExportComments({ signedIn: true, item: { isOwner: true, actions: [] } })).toBe(true);
    expect(canExportComments({ signedIn: true, item: { isOwner: false, actions: ['viewFolder', 'viewItem'] } })).toBe(true);
    expect(canExportComments({ signedIn: true, item: { isOwner: false, actions: [] } })).toBe(false);
    expect(canExportComments({ signedIn: false, item: { isOwner: false, actions: ['viewItem'] } })).toBe(false);
    expect(canExportComments({ signedIn: true, item: null })).toBe(false);
  });

  it('prefixes cells a spreadsheet would run as formulas, and only those', () => {
    for (const cell of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\t=1', '\r=1']) expect(neutraliseCell(cell)).toBe(`'${cell}`);
    for (const cell of ['Hello', '', '1-2', 'a=b', '日本語', "'=already"]) expect(neutraliseCell(cell)).toBe(cell);
  });

  it('writes video times and file names', () => {
    expect(formatVideoTime(0.25)).toBe('0:00');
    expect(formatVideoTime(65)).toBe('1:05');
    expect(formatVideoTime(3_725)).toBe('1:02:05');
    expect(exportFileName('Q3: "plan" / draft', 'pdf')).toBe('Q3_ _plan_ _ draft comments.pdf');
    expect(exportFileName('   ', 'csv')).toBe('item comments.csv');
  });

  it('reads a job: a ready one needs its link and name', () => {
    const running = { jobId: 'j', status: 'running', format: 'csv', progress: 0, url: null, fileName: null };
    expect(isCommentExportJob(running)).toBe(true);
    expect(isCommentExportJob({ ...running, status: 'ready' })).toBe(false);
    expect(isCommentExportJob({ ...running, status: 'ready', url: 'http://x', fileName: 'a.csv' })).toBe(true);
    expect(isCommentExportJob({ ...running, format: 'xls' })).toBe(false);
    expect(isCommentExportJob(null)).toBe(false);
  });
});
