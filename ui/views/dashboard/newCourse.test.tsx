/**
 * The new-course button (review-and-content §2; foundation §6 "Rise new-course submenu" flag, default on): a menu with
 * the flag, a plain button without it. Server-rendered with inert machines.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { SystemProvider } from '../../system.tsx';
import { flagsWith, testSystem } from '../testSystem.tsx';
import { NewCourseButton } from './NewCourseButton.tsx';

function renderWith(flags: ReturnType<typeof flagsWith>): string {
  return renderToString(
    <SystemProvider system={testSystem({ flags })}>
      <Router ssrPath="/">
        <NewCourseButton />
      </Router>
    </SystemProvider>,
  );
}

describe('new-course button', () => {
  it('opens a menu with the Rise new-course submenu flag (its default)', () => {
    const html = renderWith(flagsWith());
    expect(html).toMatch(/<button[^>]*aria-haspopup="menu"[^>]*>(?:<[^>]+>)*New course/);
  });

  it('is a plain button creating a course without the flag', () => {
    const html = renderWith(flagsWith({ riseNewCourseSubmenu: false }));
    expect(html).toContain('New course');
    expect(html).not.toContain('aria-haspopup');
  });
});
