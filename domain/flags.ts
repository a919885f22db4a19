/**
 * Feature flags (foundation §6), identified by key and subscription id, served by the flag service.
 * Every flag the spec names, with its default; a flag service that is down leaves the defaults.
 */
export const FLAG_DEFAULTS = {
  maintenanceMode: false,
  translationsTab: false,
  localizationNext: false,
  aiAssistantOverride: false,
  lessonGeneration: false,
  conceptToCourse: false,
  duplicateSegments: false,
  llmSuggestions: false,
  reRequestReview: false,
  smartReviewSurvey: false,
  fullSignOut: true,
  annotationTool: false,
  serverSnapshots: false,
  dashboardHelpExperiment: false,
  rise360Upsell: true,
  riseNewCourseSubmenu: true,
  interFontRelease: true,
} as const satisfies Record<string, boolean>;

export type FlagKey = keyof typeof FLAG_DEFAULTS;
export type FlagValues = Record<FlagKey, boolean>;

export const FLAG_KEYS = Object.keys(FLAG_DEFAULTS) as FlagKey[];

/** True for a known flag key. */
export function isFlagKey(value: unknown): value is FlagKey {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(FLAG_DEFAULTS, value);
}

/** Merges untrusted flag-service values over the defaults, keeping only known keys with boolean values. */
export function resolveFlags(raw: unknown): FlagValues {
  const out: FlagValues = { ...FLAG_DEFAULTS };
  if (raw && typeof raw === 'object') {
    for (const [key, value] of Object.entries(raw)) {
      if (isFlagKey(key) && typeof value === 'boolean') out[key] = value;
    }
  }
  return out;
}
