import { describe, expect, it } from 'vitest';
import {
  canReRequest,
  formatDueDate,
  formatReviewDate,
  isDueDateAllowed,
  isEmptyCustomMessage,
  matchReviewer,
  overallStatus,
  reminderDays,
  reviewRequestLink,
  reviewerEntryProblem,
  statusBadge,
  todayIn,
} from './reviewRequests.ts';

const rows = [
  { id: 'r1', reviewerAID: 'u-tara', email: 'tara.team@example.com', status: 'complete' as const },
  { id: 'r2', reviewerAID: null, email: 'guest@example.com', status: 'viewed' as const },
];

describe('review requests', () => {
  it('shows commented as in progress and the overall status', () => {
    expect(statusBadge('commented')).toBe('inProgress');
    expect(statusBadge('emailSent')).toBe('emailSent');
    expect(overallStatus([])).toBe('none');
    expect(overallStatus(rows)).toBe('inProgress');
    expect(overallStatus([rows[0]!])).toBe('complete');
  });

  it('matches the viewer by account, by the link’s request id, or by e-mail', () => {
    expect(matchReviewer(rows, { userId: 'u-tara', reviewRequestId: null, anonymousEmail: null })?.id).toBe('r1');
    expect(matchReviewer(rows, { userId: null, reviewRequestId: 'r2', anonymousEmail: null })?.id).toBe('r2');
    expect(matchReviewer(rows, { userId: null, reviewRequestId: null, anonymousEmail: 'GUEST@example.com' })?.id).toBe('r2');
    // Someone else's account cannot take a reviewer's row through its id.
    expect(matchReviewer(rows, { userId: 'u-other', reviewRequestId: 'r1', anonymousEmail: null })).toBeNull();
  });

  it('lets only the owner re-request, and only when every review is complete', () => {
    expect(canReRequest(rows, true)).toBe(false);
    expect(canReRequest([rows[0]!], true)).toBe(true);
    expect(canReRequest([rows[0]!], false)).toBe(false);
    expect(canReRequest([], true)).toBe(false);
  });

  it('checks reviewer entries', () => {
    expect(reviewerEntryProblem('nope', [], [])).toBe('notFound');
    expect(reviewerEntryProblem('Tara.Team@example.com', ['tara.team@example.com'], [])).toBe('alreadyAdded');
    expect(reviewerEntryProblem('owner@example.com', [], ['owner@example.com'])).toBe('alreadyAdded');
    expect(reviewerEntryProblem('new@example.com', ['tara.team@example.com'], [])).toBeNull();
  });

  it('counts a blank message or an empty paragraph as empty', () => {
    expect(isEmptyCustomMessage(null)).toBe(true);
    expect(isEmptyCustomMessage('  ')).toBe(true);
    expect(isEmptyCustomMessage('<p></p>')).toBe(true);
    expect(isEmptyCustomMessage('<p><br></p>')).toBe(true);
    expect(isEmptyCustomMessage('Please look at slide 3')).toBe(false);
  });

  it('allows due dates from today on, in the requester’s zone', () => {
    const now = Date.parse('2026-11-21T23:30:00Z');
    expect(todayIn(now, 'UTC')).toBe('2026-11-21');
    expect(todayIn(now, 'Asia/Tokyo')).toBe('2026-11-22');
    expect(isDueDateAllowed('2026-11-21', '2026-11-21')).toBe(true);
    expect(isDueDateAllowed('2026-11-20', '2026-11-21')).toBe(false);
    expect(isDueDateAllowed('21/11/2026', '2026-11-21')).toBe(false);
  });

  it('formats dates, reminders and the e-mailed link', () => {
    expect(formatReviewDate('2026-11-21T10:00:00Z')).toBe('Nov 21, 2026');
    expect(formatDueDate('2026-03-01')).toBe('Mar 1, 2026');
    expect(reminderDays('2026-03-01')).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    expect(reviewRequestLink('http://x.io/', 'i 1', 'r1')).toBe('http://x.io/review/content/i%201/review?reviewRequest=r1');
  });
});
