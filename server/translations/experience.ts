/**
 * Survey answers (translation-editor §3 Survey, §7 POST /translations/experience): stored per signed-in user,
 * and which surveys a user has sent (the client hides a submitted survey).
 */
import { randomUUID } from 'node:crypto';
import { SURVEY_IDS, type ExperienceBody, type ExperienceStatusResponse, type SurveyId } from '../../domain/translation.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';

/** Stores one survey answer of `account`. */
export async function storeExperience(db: Db, account: UserRow, body: ExperienceBody, now: Date = new Date()): Promise<void> {
  await db
    .insertInto('translation_experience')
    .values({
      id: randomUUID(),
      user_aid: account.aid,
      email: body.user,
      slug: body.slug,
      feature: body.feature,
      feedback: body.feedback,
      was_positive: body.wasPositiveExperience === null ? null : body.wasPositiveExperience ? 1 : 0,
      integrations_json: JSON.stringify(body.integrations),
      product: body.product,
      survey_response_json: body.surveyResponse ? JSON.stringify(body.surveyResponse) : null,
      created_at: now.toISOString(),
    })
    .execute();
}

/** The survey slugs `account` has answered, in the order of SURVEY_IDS. */
export async function experienceStatus(db: Db, account: UserRow): Promise<ExperienceStatusResponse> {
  const rows = await db.selectFrom('translation_experience').select('slug').distinct().where('user_aid', '=', account.aid).execute();
  const sent = new Set(rows.map((row) => row.slug));
  return { submitted: SURVEY_IDS.filter((slug): slug is SurveyId => sent.has(slug)) };
}
