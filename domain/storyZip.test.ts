import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ZIP_EOCD_SEARCH_BYTES } from './constants.ts';
import { STORY_ZIP_REQUIRED_ENTRIES, publishRoot, validateStoryZip, type StoryZipResult } from './storyZip.ts';

const story: Zippable = {
  'story.html': strToU8('<!doctype html><title>Course</title>'),
  'threeSixty.json': strToU8(JSON.stringify({ version: 3, title: 'Course', slides: [] })),
  'story_content/thumbnail.jpg': new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
  'story_content/user.js': strToU8('/* */'),
};

/** A reader over bytes that records every read, as the adapter's Blob.slice reader would see it. */
function reader(bytes: Uint8Array) {
  const reads: { offset: number; length: number }[] = [];
  return {
    reads,
    read: async (offset: number, length: number) => {
      reads.push({ offset, length });
      return bytes.slice(offset, offset + length);
    },
    bytesRead: () => reads.reduce((sum, r) => sum + Math.min(r.length, Math.max(0, bytes.length - r.offset)), 0),
  };
}

const validate = (bytes: Uint8Array): Promise<StoryZipResult> => validateStoryZip(bytes.length, reader(bytes).read);

const u32 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset).getUint32(at, true);

/** The offset of the end record of a zip without archive comment. */
const eocdOf = (zip: Uint8Array) => zip.length - 22;

/** Appends an archive comment of `length` bytes (APPNOTE 4.3.16: comment length at +20, comment after the record). */
function withComment(zip: Uint8Array, length: number, fill = 0x20): Uint8Array {
  const out = new Uint8Array(zip.length + length);
  out.set(zip);
  out.fill(fill, zip.length);
  new DataView(out.buffer).setUint16(eocdOf(zip) + 20, length, true);
  return out;
}

/**
 * Rewrites a plain zip as zip64: the end record's counts, size and offset become their 0xFFFF / 0xFFFFFFFF
 * markers and the real values move to a zip64 end record (56 bytes) + locator (20 bytes) inserted before it.
 */
function toZip64(zip: Uint8Array, options: { locator?: boolean; record?: boolean } = {}): Uint8Array {
  const eocd = eocdOf(zip);
  const src = new DataView(zip.buffer, zip.byteOffset);
  const entries = src.getUint16(eocd + 10, true);
  const cdSize = src.getUint32(eocd + 12, true);
  const cdOffset = src.getUint32(eocd + 16, true);
  const out = new Uint8Array(zip.length + 56 + 20);
  out.set(zip.subarray(0, eocd));
  const dv = new DataView(out.buffer);
  const record = eocd;
  dv.setUint32(record, options.record === false ? 0x12345678 : 0x06064b50, true);
  dv.setBigUint64(record + 4, 44n, true);
  dv.setUint16(record + 12, 45, true);
  dv.setUint16(record + 14, 45, true);
  dv.setBigUint64(record + 24, BigInt(entries), true);
  dv.setBigUint64(record + 32, BigInt(entries), true);
  dv.setBigUint64(record + 40, BigInt(cdSize), true);
  dv.setBigUint64(record + 48, BigInt(cdOffset), true);
  const locator = record + 56;
  dv.setUint32(locator, options.locator === false ? 0 : 0x07064b50, true);
  dv.setBigUint64(locator + 8, BigInt(record), true);
  dv.setUint32(locator + 16, 1, true);
  const end = locator + 20;
  out.set(zip.subarray(eocd), end);
  dv.setUint16(end + 8, 0xffff, true);
  dv.setUint16(end + 10, 0xffff, true);
  dv.setUint32(end + 12, 0xffffffff, true);
  dv.setUint32(end + 16, 0xffffffff, true);
  return out;
}

describe('validateStoryZip (§5 story zip rules, from the tail only)', () => {
  it('accepts a Storyline publish and lists its entries', async () => {
    const zip = zipSync(story);
    await expect(validate(zip)).resolves.toEqual({ ok: true, entries: Object.keys(story), root: '' });
  });

  it.each(STORY_ZIP_REQUIRED_ENTRIES)('refuses a package without %s and names it', async (name) => {
    const files = { ...story };
    delete files[name];
    await expect(validate(zipSync(files))).resolves.toEqual({ ok: false, reason: 'missing-entries', missing: [name] });
  });

  it('needs the entries at the root or in the one folder of the zip: two levels down is refused', async () => {
    const nested = Object.fromEntries(Object.entries(story).map(([name, data]) => [`Outer/My course/${name}`, data]));
    await expect(validate(zipSync(nested))).resolves.toEqual({ ok: false, reason: 'missing-entries', missing: [...STORY_ZIP_REQUIRED_ENTRIES] });
  });

  it('refuses a truncated zip (end record cut off) as missing-eocd', async () => {
    const zip = zipSync(story);
    await expect(validate(zip.slice(0, zip.length - 10))).resolves.toMatchObject({ ok: false, reason: 'missing-eocd' });
    await expect(validate(zip.slice(0, Math.floor(zip.length / 2)))).resolves.toMatchObject({ ok: false, reason: 'missing-eocd' });
  });

  it('refuses garbage and files shorter than an end record as missing-eocd', async () => {
    const garbage = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 2_654_435_761) >>> 24);
    await expect(validate(garbage)).resolves.toMatchObject({ ok: false, reason: 'missing-eocd' });
    await expect(validate(new Uint8Array(0))).resolves.toMatchObject({ ok: false, reason: 'missing-eocd' });
    await expect(validate(strToU8('PK\x05\x06'))).resolves.toMatchObject({ ok: false, reason: 'missing-eocd' });
  });

  it('refuses an end record that points the central directory at the wrong place', async () => {
    const zip = zipSync(story);
    new DataView(zip.buffer).setUint32(eocdOf(zip) + 16, u32(zip, eocdOf(zip) + 16) + 3, true);
    await expect(validate(zip)).resolves.toMatchObject({ ok: false, reason: 'invalid-central-directory' });
  });

  it('refuses an end record whose entry count disagrees with the central directory', async () => {
    const zip = zipSync(story);
    new DataView(zip.buffer).setUint16(eocdOf(zip) + 10, 3, true);
    await expect(validate(zip)).resolves.toMatchObject({ ok: false, reason: 'invalid-central-directory' });
  });

  it('finds the end record behind a comment of up to 65,535 bytes, even one holding an end-record signature', async () => {
    const zip = withComment(zipSync(story), 65_535);
    expect(zip.length - eocdOf(zipSync(story))).toBe(ZIP_EOCD_SEARCH_BYTES);
    await expect(validate(zip)).resolves.toMatchObject({ ok: true });
    const tricky = withComment(zipSync(story), 1_000);
    tricky.set([0x50, 0x4b, 0x05, 0x06], tricky.length - 500);
    await expect(validate(tricky)).resolves.toMatchObject({ ok: true });
  });

  it('accepts a valid zip64 package', async () => {
    const zip = toZip64(zipSync(story));
    // The fixture is a zip64 archive another reader (fflate) understands.
    expect(Object.keys(unzipSync(zip))).toEqual(Object.keys(story));
    await expect(validate(zip)).resolves.toEqual({ ok: true, entries: Object.keys(story), root: '' });
  });

  it('accepts zip64 when the locator lies before the search window (longest comment)', async () => {
    await expect(validate(withComment(toZip64(zipSync(story)), 65_535))).resolves.toMatchObject({ ok: true });
  });

  it('refuses zip64 markers without a locator as missing-eocd64-locator', async () => {
    await expect(validate(toZip64(zipSync(story), { locator: false }))).resolves.toMatchObject({ ok: false, reason: 'missing-eocd64-locator' });
  });

  it('refuses a zip64 locator pointing at no zip64 record as missing-eocd64', async () => {
    await expect(validate(toZip64(zipSync(story), { record: false }))).resolves.toMatchObject({ ok: false, reason: 'missing-eocd64' });
  });

  it('decodes UTF-8 entry names', async () => {
    const result = await validate(zipSync({ ...story, 'story_content/café ünïcödé.mp3': new Uint8Array([1]) }));
    expect(result).toMatchObject({ ok: true });
    expect(result.ok && result.entries).toContain('story_content/café ünïcödé.mp3');
  });

  it('reads only the tail: a package with 2 MB of data is validated from its last bytes', async () => {
    const big = new Uint8Array(2_000_000).map((_, i) => i % 251);
    const zip = zipSync({ 'story_content/video.mp4': big, ...story }, { level: 0 });
    const r = reader(zip);
    await expect(validateStoryZip(zip.length, r.read)).resolves.toMatchObject({ ok: true });
    expect(r.bytesRead()).toBeLessThanOrEqual(ZIP_EOCD_SEARCH_BYTES);
    expect(Math.min(...r.reads.map((read) => read.offset))).toBeGreaterThan(zip.length - ZIP_EOCD_SEARCH_BYTES - 1);
  });
});

describe('a publish zipped inside its folder', () => {
  const inFolder = (folder: string, extra: Zippable = {}): Zippable => ({
    ...Object.fromEntries(Object.entries(story).map(([name, bytes]) => [`${folder}/${name}`, bytes])),
    ...extra,
  });

  it('is accepted when one top-level folder holds the whole publish (macOS clutter beside it is ignored)', async () => {
    const zip = zipSync(inFolder('Safety course - Storyline output', { '__MACOSX/Safety course - Storyline output/._story.html': new Uint8Array([0]), '.DS_Store': new Uint8Array([0]) }));
    await expect(validate(zip)).resolves.toMatchObject({ ok: true, root: 'Safety course - Storyline output' });
  });

  it('is refused when the folder sits beside other files, or two folders share the publish, naming what is missing at the root', async () => {
    await expect(validate(zipSync(inFolder('course', { 'readme.txt': strToU8('x') })))).resolves.toEqual({ ok: false, reason: 'missing-entries', missing: [...STORY_ZIP_REQUIRED_ENTRIES] });
    const split: Zippable = { 'a/story.html': story['story.html']!, 'b/threeSixty.json': story['threeSixty.json']!, 'b/story_content/thumbnail.jpg': story['story_content/thumbnail.jpg']! };
    await expect(validate(zipSync(split))).resolves.toMatchObject({ ok: false, reason: 'missing-entries' });
  });

  it('publishRoot: the root when the files are there, one folder, or null; nested folders deeper than one are not searched', () => {
    const required = ['index.html'];
    expect(publishRoot(['index.html', 'lib/a.js'], required)).toBe('');
    expect(publishRoot(['Course/index.html', 'Course/lib/a.js', '__MACOSX/Course/._index.html'], required)).toBe('Course');
    expect(publishRoot(['Course\\index.html'], required)).toBe('Course');
    expect(publishRoot(['Outer/Course/index.html'], required)).toBeNull();
    expect(publishRoot(['index.htm'], required)).toBeNull();
    expect(publishRoot([], required)).toBeNull();
  });
});
