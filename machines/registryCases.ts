/** The registry's entry type and the payload fixtures several features' cases share (records as the protocol carries them). */
import type { AnyStateMachine } from 'xstate';

/** Payload cases for one event type: each case is the event without its `type`. */
export type EventCases = Record<string, ReadonlyArray<Record<string, unknown>>>;

export interface RegistryEntry {
  name: string;
  machine: AnyStateMachine;
  description: string;
  /** Payloads for events that carry data, including adapter outputs (`xstate.done.actor.<id>`). */
  cases: EventCases;
  /** Input for machines that need one to start (path generation and tests use it). */
  input?: unknown;
  /** More inputs path generation starts from, after `input` (a machine whose input decides what it can do). */
  inputs?: unknown[];
  /**
   * Transitions no sequence of events can take, by their id as path coverage names them
   * (`<state id> —<event type>[#n]→`), each with a sentence saying why. The path test fails on any other transition
   * not taken, and on a listed one that is taken.
   */
  unreachable?: Record<string, string>;
}

export const person = { userId: 'u-alex', fullName: 'Alex Admin', avatar: null };
export const ITEM = {
  id: 'i1',
  title: 'Intro course',
  product: 'storyline',
  type: null,
  userId: 'u-alex',
  owner: person,
  updatedBy: person,
  updatedAt: '2026-11-21T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  folderId: 12,
  hash: 'h1',
  archivedAt: null,
  isArchived: false,
  isStack: false,
  stackSize: 0,
  thumbnailUrl: null,
  isPrivate: true,
};
export const refusal = (reason: string, message: string) => ({ error: { name: 'ContentRequestError', reason, message } });
/** A version, an item's detail and a file as the protocol carries them (uploads, the item view, comments, translation). */
export const version = (number: number, state: string, userId = 'u-alex', key = `review/uploads/k${number}/intro.zip`) => ({
  id: `v${number}`,
  number,
  createdAt: '2026-11-21T10:00:00.000Z',
  package: { key, md5_checksum: null },
  thumbnail: null,
  thumbnailUrl: null,
  progress: state === 'uploading' ? 0.5 : 1,
  state,
  userId,
  hidden: false,
  contentPrefix: state === 'ready' ? `/packages/v${number}/` : null,
  playerFile: state === 'ready' ? 'story.html' : null,
  mediaUrl: null as string | null,
  posterUrl: null,
  fileName: 'intro.zip',
  size: 1024,
  meta: null,
});
export const detail = (versions: ReturnType<typeof version>[], over: Record<string, unknown> = {}) => ({
  ...ITEM,
  projectId: null,
  originalUserId: 'u-alex',
  uploader: person,
  versions,
  latestVersion: versions.at(-1) ?? null,
  allowAnonComments: false,
  hasPassword: false,
  enableComments: true,
  isUploading: false,
  uploadProgress: 1,
  isErrored: false,
  showTranslationsTab: false,
  folderName: 'Onboarding',
  actions: ['viewItem', 'restoreItem'],
  isOwner: true,
  ...over,
});
export const FILE = { fileId: 'f1', name: 'intro.zip', size: 1024, type: 'application/zip' };
export const httpRefusal = (status: number, message: string) => ({ error: { name: 'HttpError', status, message } });
