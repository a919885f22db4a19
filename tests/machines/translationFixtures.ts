/**
 * Fixtures for the translation actor's tests: Vera validating the French target of a two-item stack (i-en → i-fr,
 * version 2), an empty validation, and the HTTP error the clients throw.
 */
import type { ValidationResponse } from '../../domain/translation.ts';
import type { TranslationSubject } from '../../machines/translation/translationMachine.ts';

/** Vera opens the French target i-fr, version 2 (the latest), and may translate. */
export const translationSubject = (over: Partial<TranslationSubject> = {}): TranslationSubject => ({
  itemId: 'i-fr',
  versionId: 'v2',
  versionNumber: 2,
  isLatestVersion: true,
  pass: null,
  userId: 'u-vera',
  email: 'vera@example.com',
  canTranslate: true,
  ...over,
});

/** The validation of i-fr version 2 with no edits yet. */
export const EMPTY_VALIDATION: ValidationResponse = { validationId: 'val-1', translationFilePath: 'translations/i-fr/v2.json', paths: {}, progressDetails: {}, updates: {}, profiles: {}, showCourseUpdates: false };

type StackProgress = { complete: number; total: number } | null;

/** The stack: the English source i-en, the French target i-fr with `frProgress`, then any other targets. */
export const translationStack = (frProgress: StackProgress, ...others: { itemId: string; title: string; locale: string; role: 'target'; progress: StackProgress }[]) => ({
  stackId: 'st1',
  sourceLocale: 'en',
  entries: [
    { itemId: 'i-en', title: 'Course', locale: 'en', role: 'source', progress: null },
    { itemId: 'i-fr', title: 'Course (French)', locale: 'fr', role: 'target', progress: frProgress },
    ...others,
  ],
});

/** What the HTTP clients throw for a refused or unreadable answer. */
export const httpError = (status: number, message: string, error = 'HttpError') => Object.assign(new Error(message), { name: 'HttpError', status, error });
