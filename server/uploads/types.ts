import type { ObjectStore } from '../storage/objectStore.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { VersionMeta } from '../../domain/items.ts';
import type { PackageOrigins } from './packageOrigin.ts';
import type { FileAccess, ViewGrant } from './viewTicket.ts';

/** Why a PUT did not store its file (see README for which refusal gives which reason). */
export type UploadFailure = 'aborted' | 'md5Mismatch' | 'tooLarge' | 'sizeMismatch' | 'badSignature';

/** What the uploads service asks of the item side (server-items implements it). */
export interface UploadHooks {
  /** The size recorded for `key` by item.create / item.upload, or null when no version has that key yet. */
  expectedSize(key: string): Promise<number | null>;
  /** The PUT for `key` completed: the file is stored whole and its MD5 matched. */
  stored(key: string, info: { size: number; md5: string }): Promise<void>;
  /** The PUT for `key` was refused or aborted mid-way; no partial file remains. */
  failed(key: string, reason: UploadFailure): Promise<void>;
}

export type ProcessResult =
  | {
      state: 'ready';
      meta: VersionMeta;
      contentPrefix: string | null;
      playerFile: string | null;
      thumbnailKey: string | null;
      mediaUrl: string | null;
      posterUrl: string | null;
    }
  | { state: 'unpackFailed' | 'invalidVideoFile'; message: string };

export interface UploadService {
  /** GET /api/uploads/url, PUT /api/uploads/put/:token, GET /api/downloads/:token, GET /packages/:versionId/:ticket/* (and GET /blobs/*). */
  register(app: FastifyInstance): Promise<void>;
  /**
   * Absolute signed GET link for a stored key, downloaded as `fileName` (Content-Disposition attachment), valid
   * SIGNED_URL_TTL_MS. With `viewer` each request also asks `FileAccess` whether that person may still view the item
   * (resource `d:<key>`: an upload or backup of that item).
   */
  signDownload(key: string, fileName: string, viewer?: Omit<ViewTicketRequest, 'resource'>): string;
  /**
   * Absolute signed PUT URL for `key`, exactly as GET /api/uploads/url gives one (comment attachments and
   * snapshots, whose keys the comment service issues). `contentType` is what the PUT will send; like the URL
   * call's `type` it is not part of the grant. With `md5` (hex) the PUT must carry that digest.
   */
  signUpload(key: string, contentType: string, md5?: string | null): string;
  /** Unpack a stored story zip (kind 'storyline') or Rise zip (kind 'rise') into the version's package dir. */
  processPackage(key: string, versionId: string, kind: 'storyline' | 'rise'): Promise<ProcessResult>;
  /** Sniff a stored video (file-type); keep it as uploaded. */
  processVideo(key: string, versionId: string): Promise<ProcessResult>;
  /** Store bytes under a key (seed and tests). */
  /** The bytes of a stored blob, or null when it is missing or the key is unsafe (the comment and LMS exports). */
  readBlob(key: string): Promise<Uint8Array | null>;
  putBlob(key: string, bytes: Uint8Array): Promise<void>;
  removeBlob(key: string): Promise<void>;
  removeVersionFiles(versionId: string): Promise<void>;
  /**
   * Address of a stored blob, served by GET /blobs/*key: thumbnails as they are, anything else (a video) only with
   * `?access=<view ticket>`.
   */
  blobUrl(key: string): string;
  /**
   * A signed view ticket for one person, item and resource (viewTicket.ts), valid 2 to 4 hours: the path segment
   * after '/packages/<versionId>/', or `?access=` of a blob address. Every request still asks `FileAccess`.
   */
  viewTicket(request: ViewTicketRequest): string;
  /** The absolute address of a content prefix ('/packages/<versionId>/…') on that version's package origin. */
  packageUrl(contentPrefix: string): string;
  /** Where packages are served (see packageOrigin.ts). */
  origins(): PackageOrigins;
}

/** Whom a view ticket is for: the item's current password hash (or null) becomes the grant's fingerprint. */
export type ViewTicketRequest = Omit<ViewGrant, 'expiresAt' | 'password'> & { passwordHash: string | null };

export interface UploadServiceOptions {
  dataDir: string;
  /** Where blobs and processed packages live when instances share them (S3); the disk under `dataDir` caches them. Default: the disk only. */
  objectStore?: ObjectStore | null;
  publicUrl: () => string;
  secret: Uint8Array | string;
  /** The bearer check of the /api routes (see `bearerVerifier` in index.ts). */
  verifyBearer: (request: FastifyRequest) => Promise<{ aid: string } | null>;
  hooks: UploadHooks;
  /** Who may still read packages and blobs (the item side decides; asked per request, remembered for accessCacheMs). */
  access: FileAccess;
  /** Default FILE_ACCESS_CACHE_MS (2 s); tests pass 0 to see each decision. */
  accessCacheMs?: number;
  /** Default UPLOAD_KEY_PREFIXES.video. */
  videoKeyPrefix?: string;
  /** Default MAX_UPLOAD_BYTES; tests pass a small one. */
  maxBytes?: number;
  /**
   * The package URL template (PACKAGE_URL, checked by checkPackageUrl); default from the public URL
   * (`http://{id}.packages.localhost:<port>` on a loopback address).
   */
  packageUrl?: () => string | undefined;
  /**
   * The other instances, with an object store (server/realtime.ts `tellInstances`): a version's package processed
   * again here is announced, and one announced by another instance is dropped from this instance's cache.
   */
  instances?: { announce(versionId: string): void; listen(listener: (versionId: string) => void): void };
}
