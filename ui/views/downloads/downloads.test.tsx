/**
 * The downloads views' words (review-and-content §2, §8): the download-apps panel tells a phone to use a desktop and
 * offers no installer there; the all-downloads page says why it has nothing when the build list could not be read; the
 * flash bar shows only the catalogue's words for a known id. Server-rendered with inert machines.
 */
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { createActor } from 'xstate';
import { dashboardMachine } from '../../../machines/dashboard/dashboardMachine.ts';
import { downloadsMachine } from '../../../machines/activation/downloadsMachine.ts';
import { inert } from '../../../machines/inert.ts';
import { SystemProvider, type AppSystem } from '../../system.tsx';
import { FlashBar } from '../chrome/FlashBar.tsx';
import { testSystem } from '../testSystem.tsx';
import { DownloadAppsPanel } from './DownloadAppsPanel.tsx';
import DownloadsPage from './DownloadsPage.tsx';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

function render(element: ReactElement, system: AppSystem): string {
  return renderToString(
    <SystemProvider system={system}>
      <Router ssrPath="/downloads/all">{element}</Router>
    </SystemProvider>,
  );
}

function withAgent(userAgent: string): AppSystem {
  const system = testSystem();
  return { ...system, activation: { ...system.activation, userAgent } };
}

describe('download-apps panel', () => {
  it('on a phone says to use a desktop and offers no installer', () => {
    const html = render(<DownloadAppsPanel />, withAgent(IPHONE));
    expect(html).toContain('Open this page on a desktop to download it.');
    expect(html).not.toContain('Download for Windows');
    expect(html).not.toContain('Mac version');
  });

  it('on a desktop offers the Windows download and the Mac link', () => {
    const html = render(<DownloadAppsPanel windowsUrl="https://files.example.com/setup.exe" macUrl="https://files.example.com/app.dmg" />, withAgent(DESKTOP));
    expect(html).toContain('href="https://files.example.com/setup.exe"');
    expect(html).toContain('href="https://files.example.com/app.dmg"');
    expect(html).not.toContain('Open this page on a desktop');
  });
});

describe('all-downloads page', () => {
  it('says the downloads could not be retrieved when the build list fails, with a way to try again', () => {
    const downloads = createActor(inert(downloadsMachine)).start();
    downloads.send({ type: 'downloads.load' });
    downloads.send({ type: 'xstate.error.actor.loadDownloads', error: new Error('Request failed with status 503.') } as never);
    expect(downloads.getSnapshot().value).toBe('failed');
    const html = render(<DownloadsPage />, { ...testSystem(), downloads });
    expect(html).toContain('unable to retrieve downloads, please try again');
    expect(html).toMatch(/<button[^>]*>(?:<[^>]+>)*Try again</);
  });
});

describe('flash message bar', () => {
  it('shows the catalogue words for a known id in its live region, and an empty live region otherwise', () => {
    const dashboard = createActor(dashboardMachine).start();
    const empty = render(<FlashBar />, { ...testSystem(), dashboard });
    expect(empty).toBe('<div class="flash-region" role="status"></div>');
    dashboard.send({ type: 'dashboard.flashRead', id: '<img src=x onerror=alert(1)>', path: '/' });
    expect(render(<FlashBar />, { ...testSystem(), dashboard })).toBe(empty);
    dashboard.send({ type: 'dashboard.flashRead', id: 'pageNotFound', path: '/' });
    const shown = render(<FlashBar />, { ...testSystem(), dashboard });
    expect(shown).toContain('That address does not exist, so we brought you to your dashboard.');
    expect(shown).toContain('aria-label="Dismiss message"');
  });
});
