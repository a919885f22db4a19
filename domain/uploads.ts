/**
 * Upload checks (review-and-content §5): what a dropped or picked file may be, decided from its name, its size
 * and its first {@link FILE_SNIFF_BYTES} bytes. The story zip's contents are checked separately from its tail
 * (domain/storyZip.ts); reading the bytes is the adapter's job (adapters/uploads.ts).
 */
import type { FileTypeResult } from 'file-type/core';
import { FILE_SNIFF_BYTES, MAX_UPLOAD_BYTES, NAME_MAX_LENGTH } from './constants.ts';
import { productFamily } from './folderRoles.ts';
import { UPLOAD_KEY_PREFIXES, type UploadKind } from './items.ts';

/** §5 video extensions, exactly as the spec lists them. */
export const VIDEO_EXTENSIONS: readonly string[] = ['flv', 'avi', 'wmv', 'asf', 'mov', 'qt', 'mpg', 'mpe', 'mpeg', 'mlv', 'm2v', 'mp4', 'm4v', 'dv', '3gp', '3g2', 'webm', 'asx'];

/** §5 story package extension. */
export const STORY_EXTENSIONS: readonly string[] = ['zip'];

/**
 * §5 "Blocked extensions (executables, scripts) are rejected". The spec gives no list; this one covers
 * Windows executables and installers (exe msi msp com scr pif cpl dll sys ocx drv cab-free installers appx msix),
 * Windows scripts and shortcuts (bat cmd ps1 psm1 vbs vbe js jse wsf wsh hta reg lnk scf inf gadget msc),
 * Unix and macOS executables, scripts and packages (sh bash csh ksh zsh command run bin elf out app dmg pkg
 * mpkg deb rpm), Java and mobile packages (jar apk ipa xap) and browser extensions (crx xpi).
 * They get their own refusal so the dialog can say why, rather than a generic "unsupported type".
 */
export const BLOCKED_EXTENSIONS: readonly string[] = [
  'exe', 'msi', 'msp', 'com', 'scr', 'pif', 'cpl', 'dll', 'sys', 'ocx', 'drv', 'appx', 'msix',
  'bat', 'cmd', 'ps1', 'psm1', 'vbs', 'vbe', 'js', 'jse', 'wsf', 'wsh', 'hta', 'reg', 'lnk', 'scf', 'inf', 'gadget', 'msc',
  'sh', 'bash', 'csh', 'ksh', 'zsh', 'command', 'run', 'bin', 'elf', 'out', 'app', 'dmg', 'pkg', 'mpkg', 'deb', 'rpm',
  'jar', 'apk', 'ipa', 'xap', 'crx', 'xpi',
];

/**
 * What file-type reports for executables and installable packages: anything sniffing as one of these is
 * refused whatever its name (a renamed .exe).
 */
const SNIFFED_EXECUTABLES: ReadonlySet<string> = new Set(['exe', 'elf', 'macho', 'class', 'jar', 'apk', 'crx', 'xpi', 'deb', 'rpm', 'dmg', 'lnk', 'reg']);

/**
 * Video extensions whose formats file-type cannot recognize (raw DV, ASX playlists, Magic Lantern MLV): for
 * them "nothing recognized" is accepted and the service's own check decides (invalidVideoFile); a recognized
 * non-video (a zip, a PDF, an executable) is still refused.
 */
const UNSNIFFABLE_VIDEO_EXTENSIONS: ReadonlySet<string> = new Set(['dv', 'asx', 'mlv']);

/** Content-Type per video extension, used when the sniffer does not name a video type itself. */
const VIDEO_CONTENT_TYPES: Readonly<Record<string, string>> = {
  flv: 'video/x-flv',
  avi: 'video/x-msvideo',
  wmv: 'video/x-ms-wmv',
  asf: 'video/x-ms-asf',
  mov: 'video/quicktime',
  qt: 'video/quicktime',
  mpg: 'video/mpeg',
  mpe: 'video/mpeg',
  mpeg: 'video/mpeg',
  mlv: 'video/x-mlv',
  m2v: 'video/mpeg',
  mp4: 'video/mp4',
  m4v: 'video/x-m4v',
  dv: 'video/x-dv',
  '3gp': 'video/3gpp',
  '3g2': 'video/3gpp2',
  webm: 'video/webm',
  asx: 'video/x-ms-asf',
};

export const STORY_ZIP_CONTENT_TYPE = 'application/zip';

export type UploadRefusal = 'blockedExtension' | 'unsupportedType' | 'emptyFile' | 'tooLarge' | 'contentMismatch' | 'invalidStoryZip';

export type UploadCheck =
  | { ok: true; kind: UploadKind; product: 'storyline' | 'video'; title: string; contentType: string }
  | { ok: false; reason: UploadRefusal; detail: string };

/** The lower-case extension after the last dot, or '' when there is none. */
export function fileExtension(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot < 0 ? '' : base.slice(dot + 1).trim().toLowerCase();
}

/** The upload kind an extension stands for, or null (blocked or unsupported). */
export function uploadKindOfExtension(extension: string): UploadKind | null {
  if (STORY_EXTENSIONS.includes(extension)) return 'storyline';
  if (VIDEO_EXTENSIONS.includes(extension)) return 'video';
  return null;
}

function isVideoSniff(result: FileTypeResult): boolean {
  // ASF is reported with an audio or generic mime when its first stream is not video; it is a video container.
  return result.mime.startsWith('video/') || result.ext === 'asf';
}

const refuse = (reason: UploadRefusal, detail: string): UploadCheck => ({ ok: false, reason, detail });

/**
 * §5 upload type check. By extension (blocked → blockedExtension; neither a video nor a zip → unsupportedType),
 * size (0 → emptyFile, over {@link MAX_UPLOAD_BYTES} → tooLarge) and the first {@link FILE_SNIFF_BYTES} bytes
 * sniffed with file-type: a zip must sniff as zip; a video extension must sniff as a video (except the few
 * formats file-type cannot recognize, see {@link UNSNIFFABLE_VIDEO_EXTENSIONS}); anything sniffing as an
 * executable is refused whatever its name (contentMismatch). A story zip still needs validateStoryZip.
 */
export async function checkUploadHead(fileName: string, size: number, head: Uint8Array): Promise<UploadCheck> {
  const extension = fileExtension(fileName);
  if (BLOCKED_EXTENSIONS.includes(extension)) return refuse('blockedExtension', `.${extension} files are programs or scripts and cannot be uploaded.`);
  const kind = uploadKindOfExtension(extension);
  if (!kind) return refuse('unsupportedType', extension ? `.${extension} files are not supported: upload a story package (.zip) or a video.` : 'Files without an extension are not supported: upload a story package (.zip) or a video.');
  if (size <= 0) return refuse('emptyFile', 'The file is empty.');
  if (size > MAX_UPLOAD_BYTES) return refuse('tooLarge', `The file is larger than 5 GB (${MAX_UPLOAD_BYTES} bytes).`);

  // file-type and its tokenizer load with the first file checked, not with the page.
  const { fileTypeFromBuffer } = await import('file-type/core');
  const sniffed = await fileTypeFromBuffer(head.subarray(0, FILE_SNIFF_BYTES));
  if (sniffed && SNIFFED_EXECUTABLES.has(sniffed.ext)) return refuse('contentMismatch', `The file is a program (${sniffed.ext}), whatever its name says.`);
  const ok = (contentType: string): UploadCheck => ({ ok: true, kind, product: kind, title: titleFromFileName(fileName), contentType });
  if (kind === 'storyline') {
    if (sniffed?.ext !== 'zip') return refuse('contentMismatch', sniffed ? `The .zip file is really a ${sniffed.ext} file.` : 'The .zip file is not a zip archive.');
    return ok(STORY_ZIP_CONTENT_TYPE);
  }
  if (sniffed && isVideoSniff(sniffed)) return ok(sniffed.mime.startsWith('video/') ? sniffed.mime : VIDEO_CONTENT_TYPES[extension]!);
  if (!sniffed && UNSNIFFABLE_VIDEO_EXTENSIONS.has(extension)) return ok(VIDEO_CONTENT_TYPES[extension]!);
  return refuse('contentMismatch', sniffed ? `The .${extension} file is really a ${sniffed.ext} file, not a video.` : `The .${extension} file is not a video.`);
}

/** For a new version: the file's kind must match the item's product family (storyline ↔ story zip, video ↔ video). */
export function kindMatchesProduct(kind: UploadKind, product: string): boolean {
  // Only Storyline items take story zips (other slide products publish differently); any video-family item takes a video.
  return kind === 'storyline' ? product === 'storyline' : productFamily(product) === 'video';
}

/** §7 keyPrefix of the upload URL call for an upload kind. */
export function keyPrefixFor(kind: UploadKind): string {
  return UPLOAD_KEY_PREFIXES[kind];
}

/**
 * The new item's title (`item.create`): the file name without its folder and extension, trimmed, at most
 * {@link NAME_MAX_LENGTH} characters. A name that is only an extension ('.zip') keeps its whole name.
 */
export function titleFromFileName(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base).trim() || base.trim();
  if (stem.length <= NAME_MAX_LENGTH) return stem;
  let cut = stem.slice(0, NAME_MAX_LENGTH);
  // Never end on half of a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return cut.trimEnd();
}
