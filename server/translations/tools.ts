/**
 * The tools' decisions around the translation editor (translation-editor §6 feature flags, §7 suggestions and
 * survey calls): who may ask for suggestions (signed in, may view the validation's item, the `llmSuggestions` flag
 * on for the item's subscription or globally), which provider answers, and the survey and snapshot stores.
 */
import type { ExperienceBody, ExperienceStatusResponse, SuggestionRequest, SuggestionResponse } from '../../domain/translation.ts';
import type { Db } from '../db/database.ts';
import { effectiveFlags } from '../db/flags.ts';
import { experienceStatus, storeExperience } from './experience.ts';
import type { TranslationMemory } from './memory.ts';
import type { MemoryReports } from './memoryReports.ts';
import { TranslationError, type TranslationCaller, type TranslationOperations } from './operations.ts';
import type { SnapshotStore } from './snapshot.ts';
import { SuggestionProviderError, type SuggestionProvider } from './suggestions.ts';

export interface TranslationToolsContext {
  db: Db;
  operations: TranslationOperations;
  memory: TranslationMemory;
  reports: MemoryReports;
  snapshots: SnapshotStore;
  provider: SuggestionProvider;
  /** The CDN's public base URL (snapshot links). */
  cdnUrl: () => string;
}

const SIGN_IN = 'Sign in to use this feature.';

/** The tools of the tools for one context. */
export function translationTools(context: TranslationToolsContext) {
  const { db } = context;
  const signedIn = (caller: TranslationCaller) => {
    if (!caller.account) throw new TranslationError(401, 'unauthenticated', SIGN_IN);
    return caller.account;
  };
  return {
    reports: context.reports,
    snapshots: context.snapshots,
    cdnUrl: context.cdnUrl,

    /**
     * POST suggestions: 401 signed out; 403/404 as the validation; 403 with the flag off; the provider's answer, or
     * `{ success: false, error }` with `status` 502 when it failed.
     */
    suggest: async (caller: TranslationCaller, body: SuggestionRequest): Promise<{ status: 200 | 502; body: SuggestionResponse }> => {
      signedIn(caller);
      const scope = await context.operations.access.scopeOf(caller, body.validationId);
      const subscriptionId = await context.operations.access.subscriptionOf(scope.item);
      if (!(await effectiveFlags(db, subscriptionId)).llmSuggestions) throw new TranslationError(403, 'forbidden', 'AI suggestions are not enabled for this team.');
      const { file } = scope.loaded;
      const memory = () => context.memory.index({ subscriptionId, ownerAid: scope.item.user_aid, sourceLocale: file.sourceLocale, targetLocale: file.targetLocale });
      try {
        const result = await context.provider.suggest({ request: body, memory, itemId: scope.item.id });
        return { status: 200, body: { success: true, error: null, result } };
      } catch (error) {
        if (!(error instanceof SuggestionProviderError)) throw error;
        return { status: 502, body: { success: false, error: error.message, result: null } };
      }
    },

    /** POST experience: a survey answer of the signed-in user. */
    submitExperience: async (caller: TranslationCaller, body: ExperienceBody): Promise<void> => {
      await storeExperience(db, signedIn(caller), body);
    },

    /** GET experience: which surveys the signed-in user answered. */
    experienceStatus: (caller: TranslationCaller): Promise<ExperienceStatusResponse> => experienceStatus(db, signedIn(caller)),

    /** POST snapshot: signed in; the stored snapshot's URL. */
    snapshot: async (caller: TranslationCaller, body: { html: string; width: number; height: number }): Promise<string> => {
      signedIn(caller);
      const problem = context.snapshots.problem(body);
      if (problem) throw new TranslationError(400, 'invalidRequest', problem);
      const name = await context.snapshots.store(body);
      return `${context.cdnUrl()}/snapshots/${name}`;
    },
  };
}
export type TranslationTools = ReturnType<typeof translationTools>;
