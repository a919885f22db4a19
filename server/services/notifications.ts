import type { FastifyPluginAsync } from 'fastify';
import { accountOf, requireAccount } from '../auth.ts';
import type { TokenVerifier } from '../auth.ts';
import type { Db } from '../db/database.ts';
import {
  findNotificationPreference,
  isNotificationType,
  NOTIFICATION_FREQUENCIES,
  NOTIFICATION_TYPES,
  saveNotificationPreference,
} from '../db/notificationPreferences.ts';
import type { NotificationPreference } from '../db/notificationPreferences.ts';
import { errorBodySchema, HttpError, sendError } from '../errors.ts';

export interface NotificationsServiceOptions {
  db: Db;
  verify: TokenVerifier;
}

const SCHEDULE_TIME_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d$';

const preferenceSchema = {
  type: 'object',
  required: ['frequency', 'type', 'scheduleTime', 'timeZone'],
  additionalProperties: false,
  properties: {
    frequency: { type: 'string', enum: [...NOTIFICATION_FREQUENCIES] },
    type: { type: 'string', enum: [...NOTIFICATION_TYPES] },
    scheduleTime: { type: 'string', pattern: SCHEDULE_TIME_PATTERN },
    // The Intl check in the handler decides; this only keeps out what cannot be a zone name.
    timeZone: { type: 'string', minLength: 1, maxLength: 64 },
  },
} as const;

/** An IANA time-zone name this runtime knows (Intl); offsets such as "+01:00" are not zone names. */
export function isIanaTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * Stand-in for the notification service's preferences (foundation §3 notification preference, §7
 * `GET {notify}/preferences/ReviewCommentNotification`, `PUT {notify}/preferences`), per account.
 */
export const notificationsService: FastifyPluginAsync<NotificationsServiceOptions> = async (app, { db, verify }) => {
  app.addHook('onRequest', requireAccount(verify));

  app.get<{ Params: { type: string } }>(
    '/preferences/:type',
    {
      schema: {
        params: { type: 'object', required: ['type'], properties: { type: { type: 'string', minLength: 1, maxLength: 100 } } },
        response: { 200: preferenceSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { type } = request.params;
      if (!isNotificationType(type)) {
        return sendError(reply, 404, `No notification preferences of type "${type}". Known: ${NOTIFICATION_TYPES.join(', ')}.`);
      }
      return findNotificationPreference(db, accountOf(request).aid, type);
    },
  );

  app.put<{ Body: NotificationPreference }>(
    '/preferences',
    { schema: { body: preferenceSchema, response: { 200: preferenceSchema, 400: errorBodySchema } } },
    async (request) => {
      const preference = request.body;
      if (!isIanaTimeZone(preference.timeZone)) {
        throw new HttpError(400, `Invalid request: body/timeZone "${preference.timeZone}" is not a known IANA time zone (such as "Europe/Berlin" or "UTC").`);
      }
      return saveNotificationPreference(db, accountOf(request).aid, preference);
    },
  );
};
