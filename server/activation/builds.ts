/**
 * The desktop app's published builds the downloads stand-in lists (review-and-content §2, §7): several versions on
 * several channels and both platforms, so the page's channel ranking and date grouping have something to choose from.
 */
import type { Build } from '../../domain/downloads.ts';

interface SeedBuild {
  version: string;
  channel: string;
  platform: Build['platform'];
  daysAgo: number;
  notes: string;
  msi: boolean;
  zip: boolean;
}

const SEED: readonly SeedBuild[] = [
  { version: '3.4.0', channel: 'canary', platform: 'windows', daysAgo: 2, notes: 'Early build of offline review: comments made offline are sent when you reconnect.', msi: false, zip: true },
  { version: '3.3.1', channel: 'beta', platform: 'windows', daysAgo: 6, notes: 'Fixes uploads of large video files stalling at 99 percent.', msi: true, zip: true },
  { version: '3.3.1', channel: 'stable', platform: 'windows', daysAgo: 6, notes: 'Fixes uploads of large video files stalling at 99 percent.', msi: true, zip: true },
  { version: '3.3.1', channel: 'stable', platform: 'mac', daysAgo: 6, notes: 'Fixes uploads of large video files stalling at 99 percent.', msi: false, zip: true },
  { version: '3.3.0', channel: 'stable_stage', platform: 'windows', daysAgo: 20, notes: 'New: publish Storyline courses for review straight from the desktop app. Faster sign-in.', msi: true, zip: true },
  { version: '3.3.0', channel: 'dev', platform: 'windows', daysAgo: 24, notes: 'Internal build.', msi: false, zip: false },
  { version: '3.2.4', channel: 'stable', platform: 'windows', daysAgo: 45, notes: 'Security update for the built-in browser. Remembers the last folder you uploaded to.', msi: true, zip: false },
  { version: '3.2.3', channel: 'stable', platform: 'windows', daysAgo: 45, notes: 'Improves screen-reader labels in the upload queue.', msi: true, zip: false },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** The builds with addresses under `filesUrl`, dated from `now`. */
export function seededBuilds(filesUrl: string, now: number): Build[] {
  return SEED.map((seed, index) => {
    const id = `${seed.version}-${seed.channel}-${seed.platform}`;
    const published = new Date(now - seed.daysAgo * DAY_MS);
    published.setUTCHours(20 - index, 0, 0, 0);
    const base = `review-desktop-${seed.version}`;
    const isWindows = seed.platform === 'windows';
    return {
      id,
      version: seed.version,
      channel: seed.channel,
      platform: seed.platform,
      publishedAt: published.toISOString(),
      releaseNotes: seed.notes,
      installerUrl: `${filesUrl}/${base}${isWindows ? '-setup.exe' : '.dmg'}`,
      msiUrl: seed.msi && isWindows ? `${filesUrl}/${base}.msi` : null,
      zipUrl: seed.zip ? `${filesUrl}/${base}-installer.zip` : null,
    };
  });
}

/** The file names the stand-in serves (placeholders, not a real installer). */
export const DOWNLOAD_FILE_PATTERN = /^review-desktop-\d+\.\d+\.\d+(?:-setup\.exe|\.dmg|\.msi|-installer\.zip)$/;
