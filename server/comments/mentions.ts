/**
 * §7 mention available: who may be mentioned in an item's comments — the people who may open it (the share
 * list: owner, explicit people, team-folder people; server/sharing sharePeople) and the anonymous reviewers who
 * commented on it — never the caller. A posted mention must name one of them.
 */
import type { MentionSuggestion } from '../../domain/comments.ts';
import { MENTION_SUGGESTION_LIMIT } from '../../domain/constants.ts';
import type { Db } from '../db/database.ts';
import { sharePeople } from '../sharing/people.ts';
import type { CommentContext } from './common.ts';

/** Every person who may be mentioned on the item, except `callerKey` (accounts first, as the share list orders them). */
export async function mentionCandidates(db: Db, context: CommentContext, itemId: string, callerKey: string): Promise<MentionSuggestion[]> {
  const people = await sharePeople(db, context.item, itemId);
  const accounts: MentionSuggestion[] = people.map((person) => ({
    userId: person.userId,
    email: person.profile.email,
    firstName: person.profile.firstName,
    lastName: person.profile.lastName,
    avatar: person.profile.links.micro,
    userType: 'user',
  }));
  const reviewers = await db
    .selectFrom('comments')
    .select('user_email')
    .distinct()
    .where('item_id', '=', itemId)
    .where('user_aid', 'is', null)
    .where('user_email', 'is not', null)
    .orderBy('user_email')
    .execute();
  const anonymous: MentionSuggestion[] = reviewers.flatMap(({ user_email: email }) =>
    email === null ? [] : [{ userId: `anon|${email}`, email, firstName: '', lastName: '', avatar: null, userType: 'anonymous' as const }],
  );
  return [...accounts, ...anonymous].filter((candidate) => candidate.userId !== callerKey);
}

/** Case-insensitive contains on first name, last name, full name or e-mail; an empty query matches everyone. */
export function matchesMentionQuery(candidate: MentionSuggestion, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  const fullName = `${candidate.firstName} ${candidate.lastName}`.trim();
  return [candidate.firstName, candidate.lastName, fullName, candidate.email].some((field) => field.toLowerCase().includes(needle));
}

/** The suggestions for a query: at most MENTION_SUGGESTION_LIMIT. */
export function suggestionsFor(candidates: readonly MentionSuggestion[], query: string): MentionSuggestion[] {
  return candidates.filter((candidate) => matchesMentionQuery(candidate, query)).slice(0, MENTION_SUGGESTION_LIMIT);
}
