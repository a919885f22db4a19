import { describe, expect, it } from 'vitest';
import { channelRank, chooseWindowsBuilds, groupByPublishDate, isMobileAgent, latestBuild, parseBuildList, parseMinimumVersion, type Build } from './downloads.ts';

const build = (id: string, version: string, channel: string, publishedAt: string, platform: Build['platform'] = 'windows'): Build => ({
  id,
  version,
  channel,
  platform,
  publishedAt,
  releaseNotes: `Notes of ${id}`,
  installerUrl: `https://dl.example.com/${id}.exe`,
  msiUrl: null,
  zipUrl: null,
});

describe('product channel ranking (foundation §9)', () => {
  it.each([
    ['canary', 1],
    ['dev', 2],
    ['beta_stage', 3],
    ['beta', 4],
    ['stable_stage', 5],
    ['stable', 6],
    ['nightly', 0],
    ['toString', 0],
  ])('%s ranks %i', (channel, rank) => expect(channelRank(channel)).toBe(rank));

  it('chooses the Windows build of the best channel for each version, newest first', () => {
    const chosen = chooseWindowsBuilds([
      build('a-beta', '3.1.0', 'beta', '2026-11-01T10:00:00Z'),
      build('a-stable', '3.1.0', 'stable', '2026-11-05T10:00:00Z'),
      build('a-canary', '3.1.0', 'canary', '2026-11-06T10:00:00Z'),
      build('b-dev', '3.2.0', 'dev', '2026-11-20T10:00:00Z'),
      build('b-mac', '3.2.0', 'stable', '2026-11-21T10:00:00Z', 'mac'),
      build('c-odd', '3.3.0', 'nightly', '2026-11-22T10:00:00Z'),
    ]);
    expect(chosen.map((b) => b.id)).toEqual(['b-dev', 'a-stable']);
    expect(latestBuild(chosen)?.id).toBe('a-stable');
  });

  it('groups by publish day, newest day first', () => {
    const groups = groupByPublishDate([build('x', '1', 'stable', '2026-11-20T23:00:00Z'), build('y', '2', 'beta', '2026-11-20T01:00:00Z'), build('z', '3', 'stable', '2026-10-02T10:00:00Z')]);
    expect(groups.map((g) => [g.date, g.builds.map((b) => b.id)])).toEqual([
      ['2026-11-20', ['x', 'y']],
      ['2026-10-02', ['z']],
    ]);
  });
});

describe('reading the downloads answers', () => {
  it('refuses a list that is not one and drops unreadable builds', () => {
    expect(() => parseBuildList({ builds: 'x' })).toThrow();
    const list = parseBuildList({ deploymentGuideUrl: 'g', macUrl: 'm', builds: [{ id: 1 }, { ...build('ok', '1', 'stable', '2026-11-01T00:00:00Z'), platform: 'linux' }, build('ok2', '1', 'stable', '2026-11-01T00:00:00Z')] });
    expect(list.builds.map((b) => b.id)).toEqual(['ok2']);
  });
  it('reads a minimum-version notice or none', () => {
    expect(parseMinimumVersion({ version: '3.0.0', message: 'Update' })).toEqual({ version: '3.0.0', message: 'Update' });
    expect(parseMinimumVersion({})).toBeNull();
  });
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', true],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0.0.0 Safari/537.36', false],
  ])('%s is mobile %j', (ua, mobile) => expect(isMobileAgent(ua)).toBe(mobile));
});
