import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { FILE_SNIFF_BYTES, MAX_UPLOAD_BYTES } from './constants.ts';
import { BLOCKED_EXTENSIONS, checkUploadHead, fileExtension, keyPrefixFor, kindMatchesProduct, titleFromFileName, VIDEO_EXTENSIONS } from './uploads.ts';

/** The first bytes of real files of each kind (enough for file-type). */
const heads = {
  zip: zipSync({ 'story.html': strToU8('<html></html>'), 'threeSixty.json': strToU8('{}') }),
  jar: zipSync({ 'META-INF/MANIFEST.MF': strToU8('Manifest-Version: 1.0\n') }),
  exe: Uint8Array.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]),
  elf: Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x00, 0x3e, 0x00]),
  // ISO base media: size, 'ftyp', brand 'isom', version, compatible brands.
  mp4: Uint8Array.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x6d, 0x70, 0x34, 0x31]),
  webm: Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]),
  mpeg: Uint8Array.from([0x00, 0x00, 0x01, 0xb3, 0x14, 0x00, 0xf0, 0x13, 0xff, 0xff, 0xe0, 0x18]),
  pdf: strToU8('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'),
  png: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
  text: strToU8('just some words, not a video at all'),
};

describe('checkUploadHead (§5 upload type checks)', () => {
  it.each([
    ['Course 1.zip', heads.zip, { kind: 'storyline', product: 'storyline', title: 'Course 1', contentType: 'application/zip' }],
    ['Intro.MP4', heads.mp4, { kind: 'video', product: 'video', title: 'Intro', contentType: 'video/mp4' }],
    ['clip.m4v', heads.mp4, { kind: 'video', title: 'clip', contentType: 'video/mp4' }],
    ['clip.webm', heads.webm, { kind: 'video', contentType: 'video/webm' }],
    ['clip.m2v', heads.mpeg, { kind: 'video', contentType: 'video/mpeg' }],
    // Formats file-type cannot recognize: the service sniffs them again (invalidVideoFile).
    ['camera.dv', heads.text, { kind: 'video', contentType: 'video/x-dv' }],
    ['playlist.asx', heads.text, { kind: 'video', contentType: 'video/x-ms-asf' }],
  ])('accepts %s', async (name, head, expected) => {
    await expect(checkUploadHead(name, 10_000, head)).resolves.toMatchObject({ ok: true, ...expected });
  });

  it.each([
    ['setup.exe', heads.exe, 'blockedExtension'],
    ['install.MSI', heads.text, 'blockedExtension'],
    ['run.sh', heads.text, 'blockedExtension'],
    ['macro.js', heads.text, 'blockedExtension'],
    ['movie.mp4.exe', heads.mp4, 'blockedExtension'],
    ['notes.pdf', heads.pdf, 'unsupportedType'],
    ['picture.png', heads.png, 'unsupportedType'],
    ['README', heads.text, 'unsupportedType'],
    // A renamed .exe, and other content that does not match its name.
    ['movie.mp4', heads.exe, 'contentMismatch'],
    ['course.zip', heads.exe, 'contentMismatch'],
    ['course.zip', heads.elf, 'contentMismatch'],
    ['course.zip', heads.jar, 'contentMismatch'],
    ['course.zip', heads.pdf, 'contentMismatch'],
    ['course.zip', heads.text, 'contentMismatch'],
    ['movie.mov', heads.zip, 'contentMismatch'],
    ['movie.mp4', heads.text, 'contentMismatch'],
    ['camera.dv', heads.exe, 'contentMismatch'],
    ['camera.dv', heads.pdf, 'contentMismatch'],
  ])('refuses %s with that content as %s', async (name, head, reason) => {
    const check = await checkUploadHead(name, 10_000, head);
    expect(check).toMatchObject({ ok: false, reason });
    expect(check.ok || check.detail.length > 0).toBe(true);
  });

  it('refuses an empty file and a 0-byte video, and a file over 5 GB', async () => {
    await expect(checkUploadHead('course.zip', 0, new Uint8Array())).resolves.toMatchObject({ ok: false, reason: 'emptyFile' });
    await expect(checkUploadHead('clip.mp4', 0, new Uint8Array())).resolves.toMatchObject({ ok: false, reason: 'emptyFile' });
    await expect(checkUploadHead('clip.mp4', MAX_UPLOAD_BYTES, heads.mp4)).resolves.toMatchObject({ ok: true });
    await expect(checkUploadHead('clip.mp4', MAX_UPLOAD_BYTES + 1, heads.mp4)).resolves.toMatchObject({ ok: false, reason: 'tooLarge' });
  });

  it('sniffs only the first 4,100 bytes', async () => {
    const late = new Uint8Array(FILE_SNIFF_BYTES + heads.mp4.length);
    late.set(heads.mp4, FILE_SNIFF_BYTES);
    await expect(checkUploadHead('clip.mp4', late.length, late)).resolves.toMatchObject({ ok: false, reason: 'contentMismatch' });
  });

  it('knows every extension of the spec’s video list and blocks executables', () => {
    expect(VIDEO_EXTENSIONS).toEqual(['flv', 'avi', 'wmv', 'asf', 'mov', 'qt', 'mpg', 'mpe', 'mpeg', 'mlv', 'm2v', 'mp4', 'm4v', 'dv', '3gp', '3g2', 'webm', 'asx']);
    expect(BLOCKED_EXTENSIONS).toEqual(expect.arrayContaining(['exe', 'msi', 'bat', 'cmd', 'com', 'scr', 'ps1', 'vbs', 'js', 'jar', 'sh', 'app', 'dmg', 'apk']));
  });
});

describe('upload helpers', () => {
  it.each([
    ['Course.zip', 'zip'],
    ['a.b.MOV', 'mov'],
    ['folder.v2/README', ''],
    ['noext', ''],
  ])('extension of %s is %j', (name, ext) => expect(fileExtension(name)).toBe(ext));

  it.each([
    ['  Onboarding course .zip', 'Onboarding course'],
    ['release.v2.mp4', 'release.v2'],
    ['.zip', '.zip'],
    ['C:\\Users\\me\\Course.zip', 'Course'],
    [`${'x'.repeat(300)}.zip`, 'x'.repeat(255)],
    [`${'x'.repeat(254)}😀.zip`, 'x'.repeat(254)],
  ])('title of %j is %j', (name, title) => expect(titleFromFileName(name)).toBe(title));

  it.each([
    ['storyline', 'storyline', true],
    ['storyline', 'rise', false],
    ['storyline', 'video', false],
    ['storyline', 'engage', false],
    ['video', 'video', true],
    ['video', 'peek', true],
    ['video', 'replay', true],
    ['video', 'storyline', false],
  ] as const)('a %s file for a %s item: %s', (kind, product, expected) => expect(kindMatchesProduct(kind, product)).toBe(expected));

  it('uses the §7 key prefixes', () => {
    expect(keyPrefixFor('storyline')).toBe('review/uploads');
    expect(keyPrefixFor('video')).toBe('review/transcode');
  });
});
