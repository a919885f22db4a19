/**
 * Product artifacts of the downloads page (foundation §3, §9; review-and-content §2, §7): the desktop app's builds,
 * Windows builds chosen by the product channel ranking, grouped by publish date with their release notes.
 */

/** Product channel ranking (foundation §9): the higher, the more finished the build. */
export const CHANNEL_RANK = { canary: 1, dev: 2, beta_stage: 3, beta: 4, stable_stage: 5, stable: 6 } as const;
export type Channel = keyof typeof CHANNEL_RANK;

export const isChannel = (value: unknown): value is Channel => typeof value === 'string' && Object.hasOwn(CHANNEL_RANK, value);

/** The rank of a channel; 0 for a channel the ranking does not know. */
export function channelRank(channel: string): number {
  return isChannel(channel) ? CHANNEL_RANK[channel] : 0;
}

export type Platform = 'windows' | 'mac';

/** One published build of the desktop app. */
export interface Build {
  id: string;
  version: string;
  channel: string;
  platform: Platform;
  /** ISO 8601. */
  publishedAt: string;
  releaseNotes: string;
  /** Installer (.exe), MSI and installer-zip addresses; null where the build has none. */
  installerUrl: string | null;
  msiUrl: string | null;
  zipUrl: string | null;
}

/** The build list the service answers (the stand-in's shape; the spec does not show it). */
export interface BuildList {
  deploymentGuideUrl: string;
  macUrl: string;
  builds: Build[];
}

/** The minimum-version notice, when the service has one. */
export interface MinimumVersion {
  version: string;
  message: string;
}

/** The HTTP paths of the downloads calls on the review API; both ask for API version 2 (foundation §7). */
export const DOWNLOADS_PATHS = { builds: '/products/desktop/artifacts', minimumVersion: '/products/desktop/minimum-version' } as const;
export const DOWNLOADS_ACCEPT = 'application/json; version=2';

const text = (value: unknown): value is string => typeof value === 'string';
const urlOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Reads an untrusted build list; throws with what is wrong. Builds with an unknown platform are left out. */
export function parseBuildList(raw: unknown): BuildList {
  const body = raw as Partial<Record<keyof BuildList, unknown>> | null;
  if (!body || typeof body !== 'object' || !Array.isArray(body.builds) || !text(body.deploymentGuideUrl) || !text(body.macUrl)) {
    throw new Error('The build list is not readable.');
  }
  const builds: Build[] = [];
  for (const entry of body.builds as unknown[]) {
    const b = entry as Record<string, unknown> | null;
    if (!b || !text(b.id) || !text(b.version) || !text(b.channel) || !text(b.publishedAt) || Number.isNaN(Date.parse(b.publishedAt))) continue;
    if (b.platform !== 'windows' && b.platform !== 'mac') continue;
    builds.push({
      id: b.id,
      version: b.version,
      channel: b.channel,
      platform: b.platform,
      publishedAt: b.publishedAt,
      releaseNotes: text(b.releaseNotes) ? b.releaseNotes : '',
      installerUrl: urlOrNull(b.installerUrl),
      msiUrl: urlOrNull(b.msiUrl),
      zipUrl: urlOrNull(b.zipUrl),
    });
  }
  return { deploymentGuideUrl: body.deploymentGuideUrl, macUrl: body.macUrl, builds };
}

/** Reads an untrusted minimum-version notice; null when it has none. */
export function parseMinimumVersion(raw: unknown): MinimumVersion | null {
  const body = raw as Record<string, unknown> | null;
  if (!body || typeof body !== 'object' || !text(body.version) || body.version === '') return null;
  return { version: body.version, message: text(body.message) ? body.message : '' };
}

/**
 * The Windows builds to list (foundation §9 "Windows desktop builds are chosen"): for each version the build of the
 * highest-ranked channel; builds of unknown channels are left out. Newest publish first.
 */
export function chooseWindowsBuilds(builds: readonly Build[]): Build[] {
  const best = new Map<string, Build>();
  for (const build of builds) {
    if (build.platform !== 'windows' || channelRank(build.channel) === 0) continue;
    const held = best.get(build.version);
    if (!held || channelRank(build.channel) > channelRank(held.channel) || (channelRank(build.channel) === channelRank(held.channel) && build.publishedAt > held.publishedAt)) {
      best.set(build.version, build);
    }
  }
  return [...best.values()].sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
}

/** The latest download: the newest of the chosen builds on the best channel present. */
export function latestBuild(chosen: readonly Build[]): Build | null {
  let latest: Build | null = null;
  for (const build of chosen) {
    if (!latest || channelRank(build.channel) > channelRank(latest.channel) || (channelRank(build.channel) === channelRank(latest.channel) && Date.parse(build.publishedAt) > Date.parse(latest.publishedAt))) {
      latest = build;
    }
  }
  return latest;
}

export interface BuildGroup {
  /** The publish date, YYYY-MM-DD (UTC). */
  date: string;
  builds: Build[];
}

/** The chosen builds grouped by publish date (UTC day), newest day first, in the order given within a day. */
export function groupByPublishDate(chosen: readonly Build[]): BuildGroup[] {
  const groups: BuildGroup[] = [];
  for (const build of chosen) {
    const date = new Date(build.publishedAt).toISOString().slice(0, 10);
    const group = groups.find((g) => g.date === date);
    if (group) group.builds.push(build);
    else groups.push({ date, builds: [build] });
  }
  return groups.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/** True for a phone or tablet user agent: the download-apps panel says to use a desktop. */
export function isMobileAgent(userAgent: string): boolean {
  return /\b(Android|iPhone|iPad|iPod|Mobile|Windows Phone)\b/.test(userAgent);
}
