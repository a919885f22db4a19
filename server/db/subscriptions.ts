/** Per-subscription feature information, stored as JSON in `subscriptions.features`. */
export interface SubscriptionFeatures {
  ai_assistant: { enabled: boolean; credits_remaining: number | null };
  localization: {
    status: 'trial' | 'inactive';
    term_end: string | null;
    is_trial: boolean;
    /** Inactive and the term ended within the last seven days. */
    trial_ended_recently: boolean;
  };
}

export const NO_FEATURES: SubscriptionFeatures = {
  ai_assistant: { enabled: false, credits_remaining: null },
  localization: { status: 'inactive', term_end: null, is_trial: false, trial_ended_recently: false },
};

/** Stored JSON is ours, but a hand-edited row must not crash the current-user call. */
export function parseFeatures(json: string): SubscriptionFeatures {
  try {
    const parsed = JSON.parse(json) as Partial<SubscriptionFeatures>;
    return {
      ai_assistant: { ...NO_FEATURES.ai_assistant, ...parsed.ai_assistant },
      localization: { ...NO_FEATURES.localization, ...parsed.localization },
    };
  } catch {
    return NO_FEATURES;
  }
}
