/**
 * Strict shapes of every content request (domain/content.ts): unknown fields, wrong types and over-long
 * strings are refused before any rule runs. Names may be longer than 255 here on purpose: a name of 256
 * characters is the domain's `tooLong` (the client's max_name_error), only absurd lengths are malformed.
 */
import type { SchemaObject } from 'ajv';
import { CHANGE_ID_MAX_LENGTH, PRODUCT_FILTERS, type ContentPayload, type ContentRequestName } from '../../domain/content.ts';
import { MAX_UPLOAD_BYTES, SEARCH_MAX_LENGTH } from '../../domain/constants.ts';
import { FOLDER_ROLES, VIRTUAL_FOLDER_IDS } from '../../domain/folderRoles.ts';
import type { ItemPayload, ItemRequestName } from '../../domain/items.ts';
import { payloadChecker, strictObject, type Checked } from '../validation.ts';

/** Longest name accepted on the wire; the domain then refuses anything over 255 as tooLong. */
export const NAME_WIRE_MAX_LENGTH = 1024;
/** Longest id list a bulk request may carry. */
export const BULK_MAX_IDS = 500;
const ID_MAX_LENGTH = 100;

const realFolderId = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const folderId = { anyOf: [realFolderId, { type: 'string', enum: [...VIRTUAL_FOLDER_IDS] }] } as const;
const itemId = { type: 'string', minLength: 1, maxLength: ID_MAX_LENGTH } as const;
const name = { type: 'string', maxLength: NAME_WIRE_MAX_LENGTH } as const;
const folderIds = { type: 'array', items: realFolderId, minItems: 1, maxItems: BULK_MAX_IDS, uniqueItems: true } as const;
const itemIds = { type: 'array', items: itemId, minItems: 1, maxItems: BULK_MAX_IDS, uniqueItems: true } as const;
const changeId = { type: 'string', minLength: 1, maxLength: CHANGE_ID_MAX_LENGTH, pattern: '^[A-Za-z0-9._-]+$' } as const;

const object = strictObject;

/** A change request: its fields, and the optional change id (domain/content.ts `Named`). */
function change(properties: Record<string, unknown>, required: string[] = Object.keys(properties)): SchemaObject {
  return object({ ...properties, changeId }, required);
}

const REQUEST_SCHEMAS: Record<ContentRequestName, SchemaObject> = {
  'folder.fetch': object({}),
  'folder.find': object({ id: realFolderId }),
  'folder.insert': change({ name, parentId: folderId, clientRef: { type: 'string', minLength: 1, maxLength: 200 } }),
  'folder.update': change({ id: realFolderId, name }),
  'folder.destroy': change({ id: realFolderId }),
  'folder.restore': change({ id: realFolderId }),
  'folder.bulkArchive': change({ ids: folderIds }),
  'folder.bulkDestroy': change({ ids: folderIds }),
  'folder.bulkMove': change({ ids: folderIds, destination: folderId }),
  'folder.destroyArchivedFolder': change({ id: realFolderId }),
  'folder.destroyArchivedItems': change({}),
  'folder.getPermissions': object({ id: realFolderId }),
  'folder.setPermissions': object({
    id: realFolderId,
    entries: {
      type: 'array',
      maxItems: 200,
      items: object({
        principalId: { type: 'string', minLength: 1, maxLength: ID_MAX_LENGTH },
        principalType: { type: 'string', enum: ['user', 'group'] },
        role: { type: 'string', enum: [...FOLDER_ROLES] },
      }),
    },
  }),
  'team.fetchGroups': object({}),
  'item.fetch': object({
    folderId,
    page: { type: 'integer', minimum: 1, maximum: 1_000_000_000 },
    search: { type: ['string', 'null'], maxLength: SEARCH_MAX_LENGTH },
    product: { type: 'string', enum: [...PRODUCT_FILTERS] },
  }),
  'item.update': change(
    {
      id: itemId,
      title: name,
      folderId: { anyOf: [realFolderId, { type: 'null' }] },
      archived: { type: 'boolean' },
      restoreFromTrash: { type: 'boolean' },
    },
    ['id'],
  ),
  'item.duplicate': change({ id: itemId, title: name }),
  'item.bulkArchive': change({ ids: itemIds }),
  'item.bulkDestroy': change({ ids: itemIds }),
  'item.bulkMove': change({ ids: itemIds, destination: folderId }),
};

/** Longest storage key and item password accepted on the wire. */
const KEY_MAX_LENGTH = 1024;
const PASSWORD_MAX_LENGTH = 1024;

const uploadKind = { type: 'string', enum: ['storyline', 'video'] } as const;
const storageKey = { type: 'string', minLength: 1, maxLength: KEY_MAX_LENGTH } as const;
/** Range checks (1…n) are the operation's: any whole number passes here. */
const versionNumber = { type: 'integer', minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER } as const;
const uploadRef = object({
  key: storageKey,
  fileName: { type: 'string', minLength: 1, maxLength: NAME_WIRE_MAX_LENGTH },
  size: { type: 'integer', minimum: 0, maximum: MAX_UPLOAD_BYTES },
  md5: { type: 'string', pattern: '^[0-9a-fA-F]{32}$' },
});

const ITEM_REQUEST_SCHEMAS: Record<ItemRequestName, SchemaObject> = {
  'item.get': object({ id: itemId, pass: { type: ['string', 'null'], maxLength: PASSWORD_MAX_LENGTH }, protectedLinksFlagEnabled: { type: 'boolean', const: true } }),
  'item.create': object({ title: name, kind: uploadKind, folderId: { anyOf: [realFolderId, { type: 'null' }] }, upload: uploadRef }),
  'item.upload': object({ itemId, kind: uploadKind, upload: uploadRef }),
  'item.restoreVersion': object({ itemId, version: versionNumber }),
  'item.deleteVersionByKey': object({ itemId, key: storageKey }),
  'item.markUploadFailed': object({ itemId, key: storageKey }),
  'item.presignDownload': object({ itemId, version: versionNumber }),
  'item.packagePresign': object({ itemId, version: versionNumber }),
};

/** Requests whose payload is empty: a client that sends none at all is read as having sent `{}`. */
const EMPTY_PAYLOAD: ReadonlySet<ContentRequestName> = new Set(['folder.fetch', 'folder.destroyArchivedItems', 'team.fetchGroups']);

export type { Checked };

const check = payloadChecker(REQUEST_SCHEMAS);
const checkItem = payloadChecker(ITEM_REQUEST_SCHEMAS);

/** Checks one request payload against its schema. */
export function checkPayload<K extends ContentRequestName>(event: K, payload: unknown): Checked<ContentPayload<K>> {
  const value = payload === undefined && EMPTY_PAYLOAD.has(event) ? {} : payload;
  return check(event, value) as Checked<ContentPayload<K>>;
}

/** Checks one item-view request payload (domain/items.ts) against its schema. */
export function checkItemPayload<K extends ItemRequestName>(event: K, payload: unknown): Checked<ItemPayload<K>> {
  return checkItem(event, payload) as Checked<ItemPayload<K>>;
}

/** JSON schemas of the item-stack HTTP bodies (fastify validates them; the API's 400 on failure). */
export const stackSchemas = {
  stackIds: { type: 'object', additionalProperties: false, required: ['stackIds'], properties: { stackIds: itemIds } },
  move: {
    type: 'object',
    additionalProperties: false,
    required: ['stackIds', 'toFolderId'],
    properties: { stackIds: itemIds, toFolderId: { anyOf: [realFolderId, { type: 'null' }] } },
  },
  rename: { type: 'object', additionalProperties: false, required: ['title'], properties: { title: name } },
  idParams: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: itemId } },
  stackIdParams: { type: 'object', additionalProperties: false, required: ['stackId'], properties: { stackId: itemId } },
} as const;

/** JSON schemas of the backup routes' parameters. */
/** The item read over HTTP (domain/items.ts ITEM_READ_CALL): the item in the address, its password in the body. */
export const itemReadSchemas = {
  params: { type: 'object', additionalProperties: false, required: ['itemId'], properties: { itemId } },
  body: { type: 'object', additionalProperties: false, required: ['pass'], properties: { pass: { type: ['string', 'null'], maxLength: PASSWORD_MAX_LENGTH } } },
} as const;

export const backupSchemas = {
  itemParams: { type: 'object', additionalProperties: false, required: ['itemId'], properties: { itemId } },
  backupParams: { type: 'object', additionalProperties: false, required: ['backupId'], properties: { backupId: itemId } },
} as const;
