/**
 * LMS export of video items over the real service (server/exports/lms; review-and-content §3 Scorm export input, §5,
 * §6 export to LMS, §9 targets): who may export, non-videos refused, bad input refused with words and nothing stored,
 * each target's files present and valid (SCORM manifests through xmllint against the official schema files the
 * package ships), titles with markup characters, quotes and non-Latin text round-tripping, and the
 * `item.packageReadyForDownload` push to the one who asked with a signed link.
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemAck, ItemDetail, ItemPushes } from '../../domain/items.ts';
import { LMS_TARGETS, type LmsExportRequests, type LmsTarget } from '../../domain/lmsExport.ts';
import { SEEDED_ITEMS } from '../../server/seedContent.ts';
import { videoFixture } from '../../server/uploads/index.ts';
import { ackData, connectUsers, itemViewOf, refusalReason, waitFor, type UserClient } from '../support/clients.ts';
import { parseCsv, playerConfig, unzipPackage, validateManifest, type ScormTarget } from '../support/lmsPackages.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

type Payload = LmsExportRequests['lms.export']['payload'];
type Ack = ItemAck<LmsExportRequests['lms.export']['data']>;

let server: TestServer;
let alex: UserClient;
let tara: UserClient;
let nick: UserClient;
let ian: UserClient;
let video: ItemDetail;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({ accessTokenTtlSeconds: 600 });
  [alex, tara, nick, ian] = await connectUsers(server.url, ['alex.admin', 'tara.team', 'nick.nonadmin', 'ian.individual'] as const, sockets);
  video = await itemViewOf(alex, SEEDED_ITEMS.videoTwoVersions);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
});

const exportsDir = () => path.join(server.dataDir, 'blobs', 'review', 'lms-exports');
const storedPackages = () => (existsSync(exportsDir()) ? readdirSync(exportsDir()) : []);

function request(who: UserClient, payload: unknown): Promise<Ack> {
  return who.socket.timeout(10_000).emitWithAck('lms.export', payload) as Promise<Ack>;
}

function input(overrides: Partial<Payload> = {}): Payload {
  return { itemId: video.id, completePercent: 80, key: video.versions.at(-1)!.package.key, target: 'scorm12', title: 'All-hands recording March', ...overrides };
}

/** Exports as `who` and downloads the package the push links to. */
async function exportPackage(who: UserClient, overrides: Partial<Payload> = {}) {
  const pushed = waitFor<ItemPushes['item.packageReadyForDownload']>(who.socket, 'item.packageReadyForDownload', (data) => data.itemId === video.id, 20_000);
  const { version } = ackData(await request(who, input(overrides)));
  const push = await pushed;
  expect(push).toMatchObject({ itemId: video.id, version });
  const response = await fetch(push.url);
  expect(response.status).toBe(200);
  return { version, push, response, zip: unzipPackage(new Uint8Array(await response.arrayBuffer())) };
}

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false });

describe('lms.export', () => {
  it('builds a SCORM 1.2 package for an editor of the folder and pushes a signed download of it to them alone', async () => {
    const elsewhere: unknown[] = [];
    const hear = (data: unknown) => elsewhere.push(data);
    alex.socket.on('item.packageReadyForDownload', hear);
    const { version, push, response, zip } = await exportPackage(tara);
    // Alex (the owner, also connected) hears nothing of it: anything pushed to him would come before this answer.
    await alex.socket.timeout(5000).emitWithAck('folder.fetch', {});
    alex.socket.off('item.packageReadyForDownload', hear);
    expect(elsewhere).toEqual([]);
    expect(version).toBe(2);
    expect(push.url).toContain('/api/downloads/');
    expect(response.headers.get('content-disposition')).toContain('All-hands recording March (SCORM 1.2).zip');
    // The video itself, the player, its settings, the manifest and the schema files it names.
    expect(zip.files['media/video.webm']).toEqual(videoFixture());
    for (const name of ['index.html', 'player.js', 'player.css', 'config.js', 'imsmanifest.xml', 'imscp_rootv1p1p2.xsd', 'adlcp_rootv1p2.xsd', 'imsmd_rootv1p2p1.xsd', 'ims_xml.xsd']) {
      expect(Object.keys(zip.files)).toContain(name);
    }
    expect(playerConfig(zip.text('config.js'))).toEqual({
      standard: 'scorm12',
      title: 'All-hands recording March',
      video: 'media/video.webm',
      completePercent: 80,
      activityId: `${server.url}/review/content/${video.id}/review`,
    });
    // A signed link: changed, it is refused.
    const tampered = await fetch(push.url.replace(/\/api\/downloads\/(.)/, (_, first: string) => `/api/downloads/${first === 'A' ? 'B' : 'A'}`));
    expect(tampered.status).not.toBe(200);
  });

  it.each(LMS_TARGETS)('%s: the package holds its manifest files, and each is valid', async (target: LmsTarget) => {
    const { zip } = await exportPackage(alex, { target });
    const names = Object.keys(zip.files);
    expect(names).toEqual(expect.arrayContaining(['index.html', 'player.js', 'config.js', 'media/video.webm']));
    if (target.startsWith('scorm')) {
      const manifest = zip.text('imsmanifest.xml');
      // Against the schema files shipped in this very package.
      const dir = await mkdtemp(path.join(server.dataDir, 'unzipped-'));
      for (const [name, bytes] of Object.entries(zip.files)) {
        await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
        await writeFile(path.join(dir, name), bytes);
      }
      const result = await validateManifest(target as ScormTarget, manifest, dir);
      expect(result.output).toContain('validates');
      expect(result.valid).toBe(true);
      const expectedVersion = { scorm12: '1.2', scorm2004_2nd: 'CAM 1.3', scorm2004_3rd: '2004 3rd Edition', scorm2004_4th: '2004 4th Edition' }[target as ScormTarget];
      expect(xml.parse(manifest).manifest.metadata.schemaversion).toBe(expectedVersion);
      expect(playerConfig(zip.text('config.js')).standard).toBe(target === 'scorm12' ? 'scorm12' : 'scorm2004');
      expect(names.some((name) => name.startsWith('tincan') || name.startsWith('course.'))).toBe(false);
    } else if (target === 'aicc') {
      expect(parseCsv(zip.text('course.au'))[1]).toEqual(['A1', 'video', '', '', '', 'index.html', '100', '', '', '', '', '']);
      expect(parseCsv(zip.text('course.cst'))).toEqual([
        ['Block', 'Member'],
        ['ROOT', 'A1'],
      ]);
      expect(parseCsv(zip.text('course.des'))[1]!.slice(0, 3)).toEqual(['A1', expect.stringMatching(/^lms-/), 'All-hands recording March']);
      expect(zip.text('course.crs')).toMatch(/^\[Course\]\r\n[\s\S]*Course_System=HACP\r\n[\s\S]*Course_Title=All-hands recording March\r\n[\s\S]*Total_AUs=1\r\n/);
      expect(names).not.toContain('imsmanifest.xml');
    } else {
      const tincan = xml.parse(zip.text('tincan.xml')).tincan;
      expect(tincan['@xmlns']).toBe('http://projecttincan.com/tincan.xsd');
      expect(tincan.activities.activity['@id']).toBe(`${server.url}/review/content/${video.id}/review`);
      expect(tincan.activities.activity.launch['#text']).toBe('index.html');
      expect(names).not.toContain('imsmanifest.xml');
    }
  });

  it('keeps a title with <, &, quotes and non-Latin text as text in every manifest and in the player', async () => {
    const title = `Q&A <b>intro</b> "Grüße" 'ok' 日本語 مرحبا ]]> --> \\u2028`;
    for (const target of ['scorm2004_3rd', 'aicc', 'xapi'] as const) {
      const { zip, response } = await exportPackage(alex, { target, title: `  ${title}  ` });
      expect(decodeURIComponent(response.headers.get('content-disposition') ?? '')).toContain('日本語');
      expect(playerConfig(zip.text('config.js')).title).toBe(title);
      // No script or markup can come out of the title: the config stays one statement and has no '<'.
      expect(zip.text('config.js')).not.toContain('<');
      if (target === 'scorm2004_3rd') {
        const manifest = zip.text('imsmanifest.xml');
        expect(xml.parse(manifest).manifest.organizations.organization.title).toBe(title);
        expect((await validateManifest(target, manifest)).valid).toBe(true);
      } else if (target === 'aicc') {
        expect(parseCsv(zip.text('course.des'))[1]![2]).toBe(title);
        expect(zip.text('course.crs')).toContain(`Course_Title=${title}\r\n`);
      } else {
        expect(xml.parse(zip.text('tincan.xml')).tincan.activities.activity.name).toBe(title);
      }
    }
  });

  it('clamps the completion percent to 0–100', async () => {
    expect(playerConfig((await exportPackage(alex, { completePercent: 150 })).zip.text('config.js')).completePercent).toBe(100);
    expect(playerConfig((await exportPackage(alex, { completePercent: -5 })).zip.text('config.js')).completePercent).toBe(0);
    expect(playerConfig((await exportPackage(alex, { completePercent: 42.4 })).zip.text('config.js')).completePercent).toBe(42);
  });

  it('refuses viewers of the folder and people without folder access, even though they may watch the video', async () => {
    const before = storedPackages().length;
    // Nick is a viewer of Team Library: he opens the video but has no exportToLms.
    const byViewer = await request(nick, input());
    expect(refusalReason(byViewer)).toBe('forbidden');
    expect(byViewer.success ? '' : byViewer.message).toMatch(/export to LMS/);
    // Ian sees it through its public link only.
    expect(refusalReason(await request(ian, input()))).toBe('forbidden');
    expect(storedPackages().length).toBe(before);
  });

  it('refuses an item that is not a video', async () => {
    const styleGuide = await itemViewOf(alex, SEEDED_ITEMS.threeVersions);
    const ack = await request(alex, input({ itemId: styleGuide.id, key: styleGuide.versions.at(-1)!.package.key }));
    expect(ack).toMatchObject({ success: false, reason: 'invalidRequest', message: 'Only video items can be exported to an LMS.' });
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const before = storedPackages().length;
    const cases: [unknown, RegExp][] = [
      [{ ...input(), completePercent: '80' }, /completePercent must be number/],
      [{ ...input(), target: 'scorm3' }, /target must be equal to one of the allowed values/],
      [{ ...input(), title: 42 }, /title must be string/],
      [{ ...input(), extra: true }, /must NOT have additional properties \(extra\)/],
      [(({ key: _key, ...rest }) => rest)(input()), /must have required property 'key'/],
      [input({ title: '   ' }), /The package needs a title\./],
      [input({ title: 'x'.repeat(256) }), /longer than 255 characters/],
      [input({ title: 'bad\u0007bell' }), /Titles/],
      [input({ key: 'review/transcode/nothing.webm' }), /This item has no version with that key\./],
      [input({ itemId: 'no-such-item' }), /does not exist/],
      [null, /payload must be object/],
    ];
    for (const [payload, message] of cases) {
      const ack = await request(alex, payload);
      expect(ack.success).toBe(false);
      expect(ack.success ? '' : ack.message).toMatch(message);
    }
    expect(storedPackages().length).toBe(before);
  });
});
