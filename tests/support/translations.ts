/**
 * Shared set-up of the translation server tests: the seeded stacks' items (read as a team admin sees them) and the
 * item.get call.
 */
import type { Socket } from 'socket.io-client';
import type { ItemAck, ItemAckData, ItemDetail } from '../../domain/items.ts';
import type { ExperienceBody, TranslationFile } from '../../domain/translation.ts';
import { SEEDED_TRANSLATIONS } from '../../server/translations/seed.ts';
import { ackData, callJson, type UserClient } from './clients.ts';

/** item.get on a user socket. */
export const getItem = (socket: Socket, id: string) =>
  socket.timeout(5000).emitWithAck('item.get', { id, pass: null, protectedLinksFlagEnabled: true }) as Promise<ItemAck<ItemAckData<'item.get'>>>;

/** Every item of the seeded Rise and Storyline translation stacks by title, as `who` receives them. */
export async function seededTranslationItems(url: string, who: UserClient): Promise<Map<string, ItemDetail>> {
  const items = new Map<string, ItemDetail>();
  for (const stack of [SEEDED_TRANSLATIONS.riseStack, SEEDED_TRANSLATIONS.storylineStack]) {
    const ack = (await who.socket.timeout(5000).emitWithAck('item.fetch', { folderId: 'ALL_CONTENT', page: 1, search: stack, product: 'all' })) as {
      data: { items: { id: string; title: string; isStack: boolean }[] };
    };
    const entry = ack.data.items.find((i) => i.isStack && i.title === stack)!;
    const { body } = await callJson<{ itemIds: string[] }>(url, `/api/item-stacks/${entry.id}`, { token: who.token });
    for (const id of body.itemIds) {
      const detail = ackData(await getItem(who.socket, id)).item;
      items.set(detail.title, detail);
    }
  }
  return items;
}

/** One of them by title (a seed change that drops it fails loudly). */
export function seededItem(items: ReadonlyMap<string, ItemDetail>, title: string): ItemDetail {
  const found = items.get(title);
  if (!found) throw new Error(`no seeded item ${title}`);
  return found;
}

/** A translation file from the CDN stand-in (`/services/cdn/<path>`); throws unless it answers 200. */
export async function cdnFile(url: string, path: string): Promise<TranslationFile> {
  const response = await fetch(`${url}/services/cdn/${path}`);
  if (response.status !== 200) throw new Error(`/services/cdn/${path} answered ${response.status}`);
  return (await response.json()) as TranslationFile;
}

/** A valid smart-review survey answer from `email` (the "other" choice with its text, early access asked for). */
export const smartReviewSurvey = (email: string): ExperienceBody => ({
  user: email,
  slug: 'smart-review-survey',
  feature: 'translations',
  feedback: 'No feedback provided',
  wasPositiveExperience: true,
  integrations: ['notion'],
  product: 'review-translations',
  surveyResponse: {
    flagLowQualityTranslations: true,
    automaticallyImproveTranslations: false,
    suggestAlternativeTranslations: true,
    enhanceTranslationFlow: false,
    adjustTone: false,
    adaptToRegion: false,
    applyValidationEdits: false,
    other: true,
    requestsEarlyAccess: true,
    otherText: 'Glossary support',
  },
});
