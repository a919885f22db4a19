/**
 * Strict shapes of every comment request (domain/comments.ts CommentRequests): unknown fields, wrong types,
 * over-long strings → invalidRequest before any rule runs. Limits the domain names (1,500 characters, 5
 * attachments, 5 GB) are left to the rules on purpose, so they answer with their own reasons (tooLong,
 * tooManyAttachments, attachmentTooLarge); only absurd values are malformed here. The content's shape is
 * checked with the domain's isRawContent by the operation.
 */
import type { SchemaObject } from 'ajv';
import { NOTIFICATION_LEVELS, type CommentPayload, type CommentRequestName } from '../../domain/comments.ts';
import { MAX_UPLOAD_BYTES } from '../../domain/constants.ts';
import { payloadChecker, strictObject, type Checked } from '../validation.ts';

const ID_MAX_LENGTH = 100;
const KEY_MAX_LENGTH = 1024;
const PASSWORD_MAX_LENGTH = 1024;
/** Longest file name or attachment title on the wire; the domain then refuses anything over 255. */
const TITLE_WIRE_MAX_LENGTH = 1024;
/** More attachments than this are malformed; 6 to this many are the domain's tooManyAttachments. */
const ATTACHMENTS_WIRE_MAX = 50;
/** Ids one mark-read request may carry. */
const MARK_READ_MAX_IDS = 5000;

const id = { type: 'string', minLength: 1, maxLength: ID_MAX_LENGTH } as const;
const pass = { type: ['string', 'null'], maxLength: PASSWORD_MAX_LENGTH } as const;
const md5 = { type: 'string', pattern: '^[0-9a-fA-F]{32}$' } as const;
const storageKey = { type: 'string', minLength: 1, maxLength: KEY_MAX_LENGTH } as const;
/** The raw content: its shape is the domain's isRawContent. */
const content = { type: 'object' } as const;

const object = strictObject;

const attachmentRef = object({ key: storageKey, title: { type: 'string', maxLength: TITLE_WIRE_MAX_LENGTH } });
const draft = {
  itemId: id,
  pass,
  versionId: id,
  content,
  currentTime: { type: ['number', 'null'], minimum: 0, maximum: 1e9 },
  slideId: { type: ['string', 'null'], minLength: 1, maxLength: 200 },
  attachments: { type: 'array', maxItems: ATTACHMENTS_WIRE_MAX, items: attachmentRef },
  withSnapshot: { type: 'boolean' },
};

const SCHEMAS: Record<CommentRequestName, SchemaObject> = {
  'comment.find': object({ itemId: id, pass }),
  'comment.insert': object(draft),
  'comment.reply': object({ ...draft, replyTo: id }),
  'comment.update': object(
    {
      itemId: id,
      pass,
      id,
      content,
      snapshot: object({
        key: storageKey,
        width: { type: 'integer', minimum: 1, maximum: 100_000 },
        height: { type: 'integer', minimum: 1, maximum: 100_000 },
        isAnnotation: { type: 'boolean' },
        // The shapes' own rules (kinds, 0..1, lengths) are domain/commentSnapshots.ts annotationProblem.
        annotation: { type: 'object' },
        backgroundKey: storageKey,
      }, ['key', 'width', 'height', 'isAnnotation']),
    },
    ['itemId', 'pass', 'id'],
  ),
  'comment.destroy': object({ itemId: id, pass, id }),
  'comment.setResolved': object({ itemId: id, pass, id, resolved: { type: 'boolean' } }),
  'comment.markRead': object({
    itemId: id,
    pass,
    ids: { anyOf: [{ type: 'array', items: id, maxItems: MARK_READ_MAX_IDS, uniqueItems: true }, { type: 'string', const: 'all' }] },
  }),
  'comment.attachmentPresign': object({
    itemId: id,
    pass,
    fileName: { type: 'string', minLength: 1, maxLength: TITLE_WIRE_MAX_LENGTH },
    // Any whole number: over 5 GB is the domain's attachmentTooLarge.
    size: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
    md5,
    contentType: { type: 'string', maxLength: 255 },
  }),
  'comment.attachmentInsert': object({ itemId: id, pass, commentId: id, attachment: attachmentRef }),
  'comment.attachmentDestroy': object({ itemId: id, pass, commentId: id, attachmentId: id }),
  'comment.snapshotUploadRequest': object({
    itemId: id,
    pass,
    versionId: id,
    extension: { type: 'string', enum: ['png', 'html'] },
    md5,
    size: { type: 'integer', minimum: 1, maximum: MAX_UPLOAD_BYTES },
  }),
  'comment.mentionAvailable': object({
    itemId: id,
    pass,
    userId: { type: ['string', 'null'], maxLength: 300 },
    userEmail: { type: ['string', 'null'], maxLength: 254 },
    query: { type: 'string', maxLength: 200 },
  }),
  'comment.setEnabled': object({ itemId: id, pass, enabled: { type: 'boolean' } }),
  'item.subscriptionFind': object({ itemId: id }),
  'item.subscriptionUpsert': object({ itemId: id, level: { type: 'string', enum: [...NOTIFICATION_LEVELS] } }),
};

export type { Checked };

const check = payloadChecker(SCHEMAS);

/** Checks one comment request payload against its schema. */
export function checkCommentPayload<K extends CommentRequestName>(event: K, payload: unknown): Checked<CommentPayload<K>> {
  return check(event, payload) as Checked<CommentPayload<K>>;
}
