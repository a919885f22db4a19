/**
 * The demo team's content library, seeded with the accounts on an empty database: a shared
 * "Team Library" where every demo user has a different role, a translators' group with its own subfolder,
 * private folders down to depth 5, a folder with 25 subfolders, about 60 items across the products, some
 * in the trash with one trashed folder, and one item stack. Names are fixed (end-to-end tests rely on
 * them, see server/README.md); times are relative to `now`.
 */
import { createHash, randomUUID } from 'node:crypto';
import { productFamily } from '../domain/folderRoles.ts';
import type { Db } from './db/database.ts';
import type { CommentAttachmentRow, CommentRow, NewItem, NewItemVersion, StoredFolderRole, StoredVersionState } from './db/schema.ts';
import { plainTextOf, rawFromPlainText } from '../domain/richText.ts';
import { COMMENT_UPLOAD_PREFIX } from './comments/common.ts';
import { rowHash } from './comments/repository.ts';
import type { ItemContext } from './content/itemView.ts';
import { newHash } from './content/repository.ts';
import type { ProcessOutcome } from './content/versionRepository.ts';
import { buildRiseFixture, buildStoryFixture, videoFixture } from './uploads/index.ts';

export interface ContentSeedInput {
  /** Account id of a demo e-mail. */
  aid: (email: string) => string;
  teamId: string;
  teamSubscriptionId: string;
  now: Date;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const ALEX = 'alex.admin@example.com';
const TARA = 'tara.team@example.com';
const SAM = 'sam.staff@example.com';
const NICK = 'nick.nonadmin@example.com';
const VERA = 'vera.validator@example.com';
const MARIA = 'maria.multi@example.com';

/** The 25 subfolders of Alex's "Client projects"; the first ten hold one item each. */
export const CLIENT_FOLDER_NAMES: readonly string[] = [
  'Acme Corp',
  'Blue Harbor',
  'Cedar Health',
  'Delta Logistics',
  'Evergreen Bank',
  'Falcon Air',
  'Granite Works',
  'Horizon Media',
  'Iris Pharma',
  'Juniper Labs',
  'Keystone Retail',
  'Lumen Energy',
  'Maple Schools',
  'Northwind Traders',
  'Orchid Hotels',
  'Pioneer Foods',
  'Quartz Insurance',
  'Redwood Legal',
  'Summit Outdoors',
  'Tidewater Shipping',
  'Umbra Security',
  'Vertex Motors',
  'Willow Care',
  'Xenon Gaming',
  'Zephyr Travel',
];

const TYPE_OF_PRODUCT: Readonly<Record<string, string>> = {
  storyline: 'story',
  engage: 'interaction',
  presenter: 'presentation',
  quizmaker: 'quiz',
  rise: 'course',
  studio: 'presentation',
  peek: 'video',
  preso: 'video',
  replay: 'video',
  video: 'video',
};

const CLIENT_ITEM_PRODUCTS = ['studio', 'rise', 'storyline', 'video', 'engage', 'quizmaker', 'rise', 'peek', 'storyline', 'presenter'];

/** Seeds the library inside the caller's transaction. */
export async function seedContent(trx: Db, { aid, teamId, teamSubscriptionId, now }: ContentSeedInput): Promise<void> {
  const iso = (ms: number) => new Date(now.getTime() - ms).toISOString();
  let folderCount = 0;

  const folder = async (name: string, parentId: number | null, type: 'private' | 'shared', owner: string): Promise<number> => {
    const created = iso((90 - folderCount++) * DAY_MS);
    const row = await trx
      .insertInto('folders')
      .values({
        name,
        parent_id: parentId,
        folder_type: type,
        original_type: null,
        trash_root_id: null,
        owner_aid: aid(owner),
        subscription_id: teamSubscriptionId,
        hash: newHash(),
        created_at: created,
        updated_at: created,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };
  const grant = (folderId: number, principalId: string, principalType: 'user' | 'group', role: StoredFolderRole) =>
    trx.insertInto('folder_permissions').values({ folder_id: folderId, principal_id: principalId, principal_type: principalType, role }).execute();

  // Team groups: Localization holds editor on Translations; Trainers has no entry yet (for the settings dialog).
  const localization = randomUUID();
  const trainers = randomUUID();
  await trx
    .insertInto('team_groups')
    .values([
      { id: localization, team_id: teamId, name: 'Localization', created_at: iso(120 * DAY_MS) },
      { id: trainers, team_id: teamId, name: 'Trainers', created_at: iso(120 * DAY_MS) },
    ])
    .execute();
  await trx
    .insertInto('team_group_members')
    .values([
      { group_id: localization, user_aid: aid(VERA) },
      { group_id: localization, user_aid: aid(MARIA) },
      { group_id: trainers, user_aid: aid(SAM) },
      { group_id: trainers, user_aid: aid(NICK) },
    ])
    .execute();

  // Shared: Team Library, one role per demo user.
  const library = await folder('Team Library', null, 'shared', ALEX);
  await grant(library, aid(ALEX), 'user', 'owner');
  await grant(library, aid(SAM), 'user', 'manager');
  await grant(library, aid(TARA), 'user', 'editor');
  await grant(library, aid(NICK), 'user', 'viewer');
  const onboarding = await folder('Onboarding', library, 'shared', ALEX);
  const newHires = await folder('New hires 2025', onboarding, 'shared', ALEX);
  const compliance = await folder('Compliance', library, 'shared', ALEX);
  const safety = await folder('Safety', compliance, 'shared', ALEX);
  const fireDrills = await folder('Fire drills', safety, 'shared', ALEX);
  const evacuation = await folder('Evacuation maps', fireDrills, 'shared', ALEX);
  const productTraining = await folder('Product training', library, 'shared', ALEX);
  const translations = await folder('Translations', productTraining, 'shared', ALEX);
  await grant(translations, localization, 'group', 'editor');
  const sales = await folder('Sales enablement', productTraining, 'shared', SAM);

  // Alex's private folders: 25 clients, a chain to depth 5, and a trashed folder.
  const clients = await folder('Client projects', null, 'private', ALEX);
  const clientIds: number[] = [];
  for (const name of CLIENT_FOLDER_NAMES) clientIds.push(await folder(name, clients, 'private', ALEX));
  const drafts = await folder('Drafts', null, 'private', ALEX);
  const q3 = await folder('Q3 ideas', drafts, 'private', ALEX);
  const workshops = await folder('Workshops', q3, 'private', ALEX);
  const roundTwo = await folder('Round two', workshops, 'private', ALEX);
  const finalCuts = await folder('Final cuts', roundTwo, 'private', ALEX);
  const oldDrafts = await folder('Old drafts', null, 'private', ALEX);

  // Tara's private folders.
  const myDrafts = await folder('My drafts', null, 'private', TARA);
  const experiments = await folder('Experiments', myDrafts, 'private', TARA);
  const notes = await folder('Personal notes', null, 'private', TARA);

  // Items: newest first in this order, a few hours apart.
  const items: NewItem[] = [];
  const item = (title: string, product: string, owner: string, folderId: number | null, extra: { archivedDaysAgo?: number; updatedBy?: string; stackId?: string } = {}) => {
    const updated = iso((items.length * 7 + 1) * HOUR_MS);
    items.push({
      id: randomUUID(),
      title,
      product,
      type: TYPE_OF_PRODUCT[product] ?? null,
      user_aid: aid(owner),
      updated_by_aid: aid(extra.updatedBy ?? owner),
      folder_id: folderId,
      stack_id: extra.stackId ?? null,
      archived_at: extra.archivedDaysAgo === undefined ? null : iso(extra.archivedDaysAgo * DAY_MS),
      is_private: 0,
      thumbnail_url: null,
      hash: newHash(),
      created_at: iso((items.length * 7 + 1) * HOUR_MS + 3 * DAY_MS),
      updated_at: updated,
    });
  };

  item('Team handbook', 'rise', ALEX, library, { updatedBy: SAM });
  item('Welcome to the team', 'storyline', ALEX, null);
  item('First day checklist', 'rise', SAM, onboarding);
  item('Product demo walkthrough', 'video', ALEX, null);
  item('All-hands recording March', 'video', ALEX, library);
  item('Style guide', 'storyline', SAM, library, { updatedBy: TARA });
  item('Meet the leadership', 'video', ALEX, onboarding);
  item('My first Rise course', 'rise', TARA, null);
  item('New hire orientation', 'storyline', ALEX, newHires);
  item('Quarterly results recap', 'studio', ALEX, null);
  item('Code of conduct', 'rise', ALEX, compliance);
  item('Product 101', 'rise', ALEX, productTraining, { updatedBy: SAM });
  item('Glossary for translators', 'storyline', VERA, translations);
  item('Objection handling', 'storyline', SAM, sales);
  item('Storyboard draft', 'storyline', TARA, myDrafts);
  item('Customer onboarding checklist', 'rise', ALEX, null);
  item('Meeting etiquette', 'presenter', TARA, library);
  item('IT setup guide', 'storyline', TARA, onboarding);
  item('Benefits explained', 'preso', SAM, newHires);
  item('Data privacy basics', 'storyline', ALEX, compliance);
  item('Workplace safety', 'storyline', ALEX, safety);
  item('Feature deep dive', 'video', SAM, productTraining);
  item('Translation style guide', 'rise', MARIA, translations, { updatedBy: VERA });
  item('Demo script', 'studio', TARA, sales);
  item('Screen recording test', 'replay', TARA, null);
  item('Sales pitch practice', 'replay', ALEX, null);
  item('Tools overview', 'studio', ALEX, library);
  item('Buddy program intro', 'engage', TARA, newHires);
  item('Anti-harassment training', 'rise', SAM, compliance);
  item('Ergonomics at your desk', 'video', ALEX, safety);
  item('Fire drill procedure', 'rise', ALEX, fireDrills);
  item('Extinguisher demo', 'peek', ALEX, fireDrills);
  item('Building evacuation map', 'studio', ALEX, evacuation);
  item('Release notes walkthrough', 'replay', TARA, productTraining);
  item('Pricing quiz', 'quizmaker', SAM, productTraining);
  item('Review checklist (Spanish)', 'rise', VERA, translations);
  item('Competitor overview', 'presenter', ALEX, sales);
  item('Voice-over take 2', 'video', TARA, myDrafts);
  item('Branching scenario experiment', 'engage', TARA, experiments);
  item('Notes from training', 'studio', TARA, notes);
  item('Quiz prototype', 'quizmaker', TARA, null);
  item('Brand guidelines quiz', 'quizmaker', ALEX, null);
  item('Course outline draft', 'rise', ALEX, drafts);
  item('Interactive timeline idea', 'engage', ALEX, q3);
  item('Workshop recording', 'peek', ALEX, workshops);
  item('Feedback survey', 'quizmaker', ALEX, roundTwo);
  item('Final cut trailer', 'video', ALEX, finalCuts);
  CLIENT_FOLDER_NAMES.slice(0, 10).forEach((name, i) => item(`${name} kickoff`, CLIENT_ITEM_PRODUCTS[i]!, ALEX, clientIds[i]!));
  // In the trash: archived items (only their owners see them) and the items of the trashed folder.
  item('Old welcome video', 'video', ALEX, null, { archivedDaysAgo: 2 });
  item('Deprecated pricing course', 'rise', ALEX, library, { archivedDaysAgo: 5 });
  item('Abandoned storyboard', 'storyline', TARA, myDrafts, { archivedDaysAgo: 1 });
  item('Outdated intro', 'storyline', ALEX, oldDrafts);
  item('Draft agenda', 'studio', ALEX, oldDrafts);

  // One stack: a source course and its two translations, shown as one card in Onboarding.
  const stackId = randomUUID();
  const stackTime = iso(30 * HOUR_MS);
  await trx
    .insertInto('item_stacks')
    .values({
      id: stackId,
      title: 'Onboarding course',
      product: 'rise',
      folder_id: onboarding,
      user_aid: aid(ALEX),
      updated_by_aid: aid(VERA),
      archived_at: null,
      thumbnail_url: null,
      hash: newHash(),
      created_at: iso(20 * DAY_MS),
      updated_at: stackTime,
    })
    .execute();
  item('Onboarding course (English)', 'rise', ALEX, onboarding, { stackId });
  item('Onboarding course (French)', 'rise', ALEX, onboarding, { stackId, updatedBy: VERA });
  item('Onboarding course (German)', 'rise', ALEX, onboarding, { stackId, updatedBy: MARIA });
  // Translation targets (server/translations/seed.ts gives the stack its locales and files).
  item('Onboarding course (Japanese)', 'rise', ALEX, onboarding, { stackId });
  item('Onboarding course (Arabic)', 'rise', ALEX, onboarding, { stackId });

  // A Storyline translation stack the Localization group edits (Translations folder); see server/translations/seed.ts.
  const serviceStackId = randomUUID();
  await trx
    .insertInto('item_stacks')
    .values({
      id: serviceStackId,
      title: 'Customer service essentials',
      product: 'storyline',
      folder_id: translations,
      user_aid: aid(ALEX),
      updated_by_aid: aid(VERA),
      archived_at: null,
      thumbnail_url: null,
      hash: newHash(),
      created_at: iso(12 * DAY_MS),
      updated_at: iso(6 * HOUR_MS),
    })
    .execute();
  for (const language of ['English', 'French', 'German', 'Japanese', 'Arabic']) {
    item(`Customer service essentials (${language})`, 'storyline', ALEX, translations, { stackId: serviceStackId, ...(language === 'French' ? { updatedBy: VERA } : {}) });
  }

  await trx.insertInto('items').values(items).execute();

  // The trashed folder goes last, as a soft delete would leave it.
  const trashedAt = iso(3 * DAY_MS);
  await trx
    .updateTable('folders')
    .set({ folder_type: 'deleted', original_type: 'private', trash_root_id: oldDrafts, deleted_at: trashedAt, updated_at: trashedAt })
    .where('id', '=', oldDrafts)
    .execute();
}

// ---------------------------------------------------------------------------------------------------------
// Versions

/** The password of the seeded password-protected item ("Data privacy basics"); see server/README.md. */
export const SEEDED_ITEM_PASSWORD = 'letmein';
/**
 * Its stored form (server/passwords.ts), computed once: scrypt is slow on purpose and every test server
 * seeds, so the seed does not pay for it again. The password is public anyway.
 */
const SEEDED_ITEM_PASSWORD_HASH = 'scrypt$NloR8kD8Cq+FRjhJobqMDA==$8qmRHNAVIq7CgLpUEV/nPKtGP7oHMpBK6/OxqYamdAE=';

/** Showcase items of the item view (server/README.md "Content seed"). */
export const SEEDED_ITEMS = {
  threeVersions: 'Style guide',
  riseTwoVersions: 'Team handbook',
  videoTwoVersions: 'All-hands recording March',
  password: 'Data privacy basics',
  private: 'Workplace safety',
  unpackFailed: 'Objection handling',
  processing: 'IT setup guide',
} as const;

/**
 * The seeded explicit share: one of Alex's private-root items, private, shared by e-mail with Ian
 * (not on a team, so he sees it only through the share); see server/README.md "Content seed".
 */
export const SEEDED_EXPLICIT_SHARE = { title: 'Quarterly results recap', email: 'ian.individual@example.com' } as const;

interface StoredFile {
  key: string;
  md5: string;
  size: number;
  fileName: string;
}

interface Processed {
  /** The version whose id names the unpacked files. */
  makerId: string;
  file: StoredFile;
  outcome: ProcessOutcome;
}

/** One version row to insert: a real upload (`filesOf` null) or a copy sharing another version's files. */
interface PlannedVersion {
  id: string;
  itemId: string;
  uploader: string;
  file: StoredFile;
  filesOf: string | null;
  state: StoredVersionState;
  outcome: ProcessOutcome | null;
}

const slug = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'file';

/**
 * Gives every seeded item its versions (run once, right after the accounts and library are seeded, once
 * the blob store exists). Packages are really stored and unpacked through the uploads service, but only a
 * few times: the showcase items get their own packages, every other item shares one processed package of
 * its kind (story zip, Rise export, video), as restored versions share theirs.
 */
export async function seedVersions(context: ItemContext): Promise<void> {
  const { db, files } = context;
  const items = await db.selectFrom('items').select(['id', 'title', 'product', 'user_aid', 'created_at', 'updated_at']).orderBy('created_at').execute();
  const users = new Map((await db.selectFrom('users').select(['aid', 'email']).execute()).map((u) => [u.email, u.aid]));
  const aid = (email: string) => users.get(email) ?? '';
  const prefixOf = (kind: 'storyline' | 'rise' | 'video') => (kind === 'video' ? context.videoKeyPrefix : context.storylineKeyPrefix);

  const store = async (kind: 'storyline' | 'rise' | 'video', fileName: string, bytes: Uint8Array): Promise<StoredFile> => {
    const key = `${prefixOf(kind)}/seed-${randomUUID()}/${slug(fileName.replace(/\.[^.]+$/, ''))}${fileName.slice(fileName.lastIndexOf('.'))}`;
    await files.putBlob(key, bytes);
    return { key, md5: createHash('md5').update(bytes).digest('hex'), size: bytes.length, fileName };
  };
  const process = async (kind: 'storyline' | 'rise' | 'video', fileName: string, bytes: Uint8Array): Promise<Processed> => {
    const file = await store(kind, fileName, bytes);
    const makerId = randomUUID();
    const outcome = kind === 'video' ? await files.processVideo(file.key, makerId) : await files.processPackage(file.key, makerId, kind);
    return { makerId, file, outcome };
  };
  const story = (title: string, slides: string[]) => buildStoryFixture({ title, slides: slides.map((t, i) => ({ id: `slide-${i + 1}`, title: t, sceneIndex: i < 2 ? 0 : 1 })), scenes: ['Introduction', 'Details'] });
  const rise = (title: string, lessons: string[]) => buildRiseFixture({ title, lessons: lessons.map((t, i) => ({ id: `lesson-${i + 1}`, title: t })) });

  // Independent work runs together: a handful of small packages.
  const video = videoFixture();
  const [shared, styleGuide, handbook, allHands, broken, waiting] = await Promise.all([
    Promise.all([
      process('storyline', 'Demo course.zip', story('Demo course', ['Welcome', 'Objectives', 'Lesson', 'Summary'])),
      process('rise', 'Demo course.zip', rise('Demo course', ['Getting started', 'Key ideas', 'Wrap-up'])),
      process('video', 'Demo video.webm', video),
    ]),
    Promise.all([
      process('storyline', 'Style guide v1.zip', story('Style guide', ['Welcome', 'Voice and tone'])),
      process('storyline', 'Style guide v2.zip', story('Style guide', ['Welcome', 'Voice and tone', 'Colours'])),
      process('storyline', 'Style guide v3.zip', story('Style guide', ['Welcome', 'Voice and tone', 'Colours', 'Typography'])),
    ]),
    Promise.all([
      process('rise', 'Team handbook.zip', rise('Team handbook', ['Who we are', 'How we work'])),
      process('rise', 'Team handbook (2).zip', rise('Team handbook', ['Who we are', 'How we work', 'Tools we use'])),
    ]),
    Promise.all([process('video', 'All-hands March.webm', video), process('video', 'All-hands March (recut).webm', video)]),
    // A truncated zip: processing refuses it.
    process('storyline', 'Objection handling v2.zip', story('Objection handling', ['Welcome']).slice(0, 200)),
    store('storyline', 'IT setup guide.zip', story('IT setup guide', ['Welcome'])),
  ]);
  const [sharedStory, sharedRise, sharedVideo] = shared;
  const sharedOf = (product: string): Processed => {
    const family = productFamily(product);
    if (family === 'video') return sharedVideo;
    return family === 'slide' ? sharedStory : sharedRise;
  };

  const planned: PlannedVersion[] = [];
  const makersPlaced = new Set<string>();
  const upload = (itemId: string, uploader: string, processed: Processed) =>
    planned.push({ id: processed.makerId, itemId, uploader, file: processed.file, filesOf: null, state: stateOf(processed.outcome), outcome: processed.outcome });
  /** The item's version is the shared package of its kind: the first item to use it holds the upload, the rest copies. */
  const sharedVersion = (itemId: string, uploader: string, product: string) => {
    const processed = sharedOf(product);
    if (!makersPlaced.has(processed.makerId)) {
      makersPlaced.add(processed.makerId);
      upload(itemId, uploader, processed);
      return;
    }
    planned.push({ id: randomUUID(), itemId, uploader, file: processed.file, filesOf: processed.makerId, state: 'ready', outcome: processed.outcome });
  };

  const byTitle = new Map(items.map((item) => [item.title, item]));
  for (const item of items) {
    switch (item.title) {
      case SEEDED_ITEMS.threeVersions:
        upload(item.id, item.user_aid, styleGuide[0]);
        upload(item.id, aid('tara.team@example.com'), styleGuide[1]);
        upload(item.id, item.user_aid, styleGuide[2]);
        break;
      case SEEDED_ITEMS.riseTwoVersions:
        upload(item.id, item.user_aid, handbook[0]);
        upload(item.id, aid('sam.staff@example.com'), handbook[1]);
        break;
      case SEEDED_ITEMS.videoTwoVersions:
        upload(item.id, item.user_aid, allHands[0]);
        upload(item.id, item.user_aid, allHands[1]);
        break;
      case SEEDED_ITEMS.unpackFailed:
        sharedVersion(item.id, item.user_aid, item.product);
        upload(item.id, item.user_aid, broken);
        break;
      case SEEDED_ITEMS.processing:
        planned.push({ id: randomUUID(), itemId: item.id, uploader: item.user_aid, file: waiting, filesOf: null, state: 'uploaded', outcome: null });
        break;
      default:
        sharedVersion(item.id, item.user_aid, item.product);
    }
  }

  await db.transaction().execute(async (trx) => {
    const perItem = new Map<string, PlannedVersion[]>();
    for (const version of planned) perItem.set(version.itemId, [...(perItem.get(version.itemId) ?? []), version]);
    const rows: NewItemVersion[] = [];
    const backups: { id: string; item_id: string; version_id: string; status: 'ready'; blob_key: string; created_at: string }[] = [];
    for (const item of items) {
      const versions = perItem.get(item.id) ?? [];
      const start = Date.parse(item.created_at);
      const span = Math.max(Date.parse(item.updated_at) - start, 0);
      versions.forEach((version, i) => {
        // Spread between the item's creation and its last update, oldest first.
        const at = new Date(start + (versions.length === 1 ? 0 : (span * i) / (versions.length - 1))).toISOString();
        const ready = version.outcome?.state === 'ready' ? version.outcome : null;
        rows.push({
          id: version.id,
          item_id: item.id,
          seq: i + 1,
          state: version.state,
          progress: 1,
          package_key: version.file.key,
          files_of_version_id: version.filesOf,
          md5: version.file.md5,
          size: version.file.size,
          file_name: version.file.fileName,
          user_aid: version.uploader,
          content_prefix: ready?.contentPrefix ?? null,
          player_file: ready?.playerFile ?? null,
          thumbnail_key: ready?.thumbnailKey ?? null,
          media_url: ready?.mediaUrl ?? null,
          poster_url: ready?.posterUrl ?? null,
          meta_json: ready ? JSON.stringify(ready.meta) : null,
          created_at: at,
          updated_at: at,
        });
        if (ready && item.product === 'storyline') backups.push({ id: randomUUID(), item_id: item.id, version_id: version.id, status: 'ready', blob_key: version.file.key, created_at: at });
      });
    }
    for (let i = 0; i < rows.length; i += 200) await trx.insertInto('item_versions').values(rows.slice(i, i + 200)).execute();
    if (backups.length > 0) await trx.insertInto('backups').values(backups).execute();
    for (const item of items) {
      const latestReady = (perItem.get(item.id) ?? []).filter((v) => v.outcome?.state === 'ready').at(-1)?.outcome;
      if (latestReady?.state !== 'ready') continue;
      const thumbnail = latestReady.thumbnailKey !== null ? files.blobUrl(latestReady.thumbnailKey) : latestReady.posterUrl;
      if (thumbnail !== null) await trx.updateTable('items').set({ thumbnail_url: thumbnail }).where('id', '=', item.id).execute();
    }
    const protectedItem = byTitle.get(SEEDED_ITEMS.password);
    if (protectedItem) await trx.updateTable('items').set({ password_hash: SEEDED_ITEM_PASSWORD_HASH }).where('id', '=', protectedItem.id).execute();
    const privateItem = byTitle.get(SEEDED_ITEMS.private);
    if (privateItem) await trx.updateTable('items').set({ is_private: 1 }).where('id', '=', privateItem.id).execute();
    const sharedItem = byTitle.get(SEEDED_EXPLICIT_SHARE.title);
    const sharedWith = users.get(SEEDED_EXPLICIT_SHARE.email);
    if (sharedItem && sharedWith) {
      await trx.updateTable('items').set({ is_private: 1 }).where('id', '=', sharedItem.id).execute();
      await trx.insertInto('item_shares').values({ item_id: sharedItem.id, email: SEEDED_EXPLICIT_SHARE.email, user_aid: sharedWith, created_at: sharedItem.created_at }).execute();
    }
  });
}

function stateOf(outcome: ProcessOutcome): StoredVersionState {
  return outcome.state;
}

// ---------------------------------------------------------------------------------------------------------
// Comments

/** Seeded comment threads (server/README.md "Content seed"): which items carry them. */
export const SEEDED_COMMENTS = {
  /** Style guide: a thread with replies and a mention, a resolved thread, a locked comment, an attachment, one on v2. */
  slides: SEEDED_ITEMS.threeVersions,
  /** All-hands recording March: video comments with currentTime and a reply. */
  video: SEEDED_ITEMS.videoTwoVersions,
  /** Team handbook: a lesson comment. */
  lessons: SEEDED_ITEMS.riseTwoVersions,
  /** The file attached to the Style guide's typography comment. */
  attachmentTitle: 'type-scale.txt',
} as const;

interface SeedComment {
  item: string;
  /** 1-based version number among the item's ready versions; default the latest. */
  version?: number;
  author: string;
  text: string;
  hoursAgo: number;
  replyTo?: number;
  slideId?: string;
  currentTime?: number;
  resolved?: boolean;
  locked?: boolean;
  /** Who mentions: an e-mail, whose account is mentioned at the end of the text. */
  mention?: string;
  attachment?: { title: string; text: string };
  readBy?: string[];
}

/**
 * Comments on a few seeded items (run once, after `seedVersions`, on the first start): threads with replies by
 * different demo users, a resolved thread, a locked comment, video comments with a time, slide and lesson
 * comments with the real slide and lesson ids of the seeded packages, one with a stored attachment, one on an
 * older version, and some read marks.
 */
export async function seedComments(db: Db, files: { putBlob(key: string, bytes: Uint8Array): Promise<void> }, now: Date = new Date()): Promise<void> {
  const users = new Map((await db.selectFrom('users').select(['aid', 'email', 'first_name', 'last_name']).execute()).map((u) => [u.email, u]));
  const titles = [SEEDED_COMMENTS.slides, SEEDED_COMMENTS.video, SEEDED_COMMENTS.lessons];
  const items = new Map((await db.selectFrom('items').select(['id', 'title']).where('title', 'in', titles).where('stack_id', 'is', null).execute()).map((i) => [i.title, i.id]));
  const readyVersions = async (itemId: string) =>
    (await db.selectFrom('item_versions').select('id').where('item_id', '=', itemId).where('state', '=', 'ready').orderBy('seq').execute()).map((v) => v.id);

  const seeds: SeedComment[] = [
    { item: SEEDED_COMMENTS.slides, author: TARA, text: 'The tone section reads a bit formal. Could we loosen it up?', hoursAgo: 20, slideId: 'slide-2', readBy: [SAM, ALEX] },
    { item: SEEDED_COMMENTS.slides, author: SAM, text: 'Agreed, I will rewrite the intro paragraph.', hoursAgo: 19, replyTo: 0, slideId: 'slide-2', readBy: [TARA] },
    { item: SEEDED_COMMENTS.slides, author: ALEX, text: 'Can you suggest two example sentences?', hoursAgo: 18, replyTo: 0, slideId: 'slide-2', mention: TARA },
    { item: SEEDED_COMMENTS.slides, author: NICK, text: 'Support agrees: customers find the current wording stiff.', hoursAgo: 17, replyTo: 0, slideId: 'slide-2' },
    { item: SEEDED_COMMENTS.slides, author: ALEX, text: 'The logo on the welcome slide is blurry.', hoursAgo: 16, slideId: 'slide-1', resolved: true, readBy: [SAM] },
    { item: SEEDED_COMMENTS.slides, author: SAM, text: 'Replaced it with the vector version.', hoursAgo: 15, replyTo: 4, slideId: 'slide-1', readBy: [ALEX] },
    { item: SEEDED_COMMENTS.slides, author: NICK, text: 'The accent swatch fails the colour contrast check.', hoursAgo: 14, slideId: 'slide-3', locked: true },
    {
      item: SEEDED_COMMENTS.slides,
      author: TARA,
      text: 'Typography scale proposal attached.',
      hoursAgo: 13,
      slideId: 'slide-4',
      attachment: { title: SEEDED_COMMENTS.attachmentTitle, text: 'H1 32/40\nH2 24/32\nBody 16/24\nCaption 12/16\n' },
    },
    { item: SEEDED_COMMENTS.slides, version: 2, author: SAM, text: 'The colours slide needs the new palette.', hoursAgo: 60, slideId: 'slide-3' },
    { item: SEEDED_COMMENTS.video, author: TARA, text: 'The audio drops out here for a moment.', hoursAgo: 12, currentTime: 0.25, readBy: [ALEX] },
    { item: SEEDED_COMMENTS.video, author: ALEX, text: 'I will re-export it with the fixed audio track.', hoursAgo: 11, replyTo: 9, currentTime: 0.25 },
    { item: SEEDED_COMMENTS.video, author: SAM, text: 'Great point about the roadmap here.', hoursAgo: 10, currentTime: 0.8 },
    { item: SEEDED_COMMENTS.lessons, author: SAM, text: 'Add the new remote-work policy to this lesson.', hoursAgo: 9, slideId: 'lesson-2' },
  ];

  const versionsOf = new Map<string, string[]>();
  for (const [title, itemId] of items) versionsOf.set(title, await readyVersions(itemId));
  const ids = seeds.map(() => randomUUID());
  const rows: CommentRow[] = [];
  const reads: { comment_id: string; reader_key: string; read_at: string }[] = [];
  const attachments: CommentAttachmentRow[] = [];
  for (const [index, seed] of seeds.entries()) {
    const itemId = items.get(seed.item);
    const versions = versionsOf.get(seed.item) ?? [];
    const versionId = seed.version === undefined ? versions.at(-1) : versions[seed.version - 1];
    const author = users.get(seed.author);
    if (!itemId || !versionId || !author) continue;
    const at = new Date(now.getTime() - seed.hoursAgo * HOUR_MS).toISOString();
    const content = rawFromPlainText(seed.text);
    const mentioned = seed.mention === undefined ? undefined : users.get(seed.mention);
    if (mentioned) {
      const name = `${mentioned.first_name} ${mentioned.last_name}`.trim();
      const block = content.blocks[0]!;
      block.entityRanges.push({ offset: block.text.length + 1, length: name.length + 1, key: 0 });
      block.text = `${block.text} @${name}`;
      content.entityMap['0'] = { type: 'mention', mutability: 'IMMUTABLE', data: { userId: mentioned.aid, email: mentioned.email, name } };
    }
    const fields: Omit<CommentRow, 'hash'> = {
      id: ids[index]!,
      item_id: itemId,
      version_id: versionId,
      current_version_id: versionId,
      reply_to: seed.replyTo === undefined ? null : ids[seed.replyTo]!,
      body: plainTextOf(content),
      content_json: JSON.stringify(content),
      user_aid: author.aid,
      user_email: null,
      current_time: seed.currentTime ?? null,
      slide_id: seed.slideId ?? null,
      resolved: seed.resolved ? 1 : 0,
      locked: seed.locked ? 1 : 0,
      snapshot_json: null,
      snapshot_pending: 0,
      created_at: at,
      updated_at: at,
    };
    rows.push({ ...fields, hash: rowHash(fields) });
    // Read a few minutes after it was written, in the listed order.
    for (const [position, reader] of (seed.readBy ?? []).entries()) {
      const aid = users.get(reader)?.aid;
      if (aid) reads.push({ comment_id: fields.id, reader_key: aid, read_at: new Date(Date.parse(at) + (position + 1) * 60_000).toISOString() });
    }
    if (seed.attachment) {
      const key = `${COMMENT_UPLOAD_PREFIX}${itemId}/seed-${randomUUID()}/${seed.attachment.title}`;
      const bytes = new TextEncoder().encode(seed.attachment.text);
      await files.putBlob(key, bytes);
      attachments.push({ id: randomUUID(), comment_id: fields.id, title: seed.attachment.title, key, size: bytes.length, delay_save: 1, created_at: at });
    }
  }
  await db.transaction().execute(async (trx) => {
    if (rows.length > 0) await trx.insertInto('comments').values(rows).execute();
    if (reads.length > 0) await trx.insertInto('comment_reads').values(reads).execute();
    if (attachments.length > 0) await trx.insertInto('comment_attachments').values(attachments).execute();
  });
}

/**
 * The seeded review request (see server/README.md "Content seed"): Alex asked Ian (complete) and Tara
 * (viewed) to review one of his private-root items, due in a week.
 */
export const SEEDED_REVIEW_REQUEST = {
  title: 'Product demo walkthrough',
  complete: 'ian.individual@example.com',
  viewed: 'tara.team@example.com',
} as const;

/** Seeds SEEDED_REVIEW_REQUEST (run once, after `seedComments`, on the first start). */
export async function seedReviewRequests(db: Db, now: Date = new Date()): Promise<void> {
  const item = await db.selectFrom('items').select(['id', 'user_aid']).where('title', '=', SEEDED_REVIEW_REQUEST.title).where('stack_id', 'is', null).executeTakeFirst();
  if (!item) return;
  const emails = [SEEDED_REVIEW_REQUEST.complete, SEEDED_REVIEW_REQUEST.viewed];
  const users = new Map((await db.selectFrom('users').select(['aid', 'email']).where('email', 'in', emails).execute()).map((u) => [u.email, u.aid]));
  const created = new Date(now.getTime() - 2 * 86_400_000).toISOString();
  const due = new Date(now.getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
  await db
    .insertInto('review_requests')
    .values(
      emails.map((email) => {
        const complete = email === SEEDED_REVIEW_REQUEST.complete;
        return {
          id: randomUUID(),
          item_id: item.id,
          email,
          reviewer_aid: users.get(email) ?? null,
          requester_aid: item.user_aid,
          status: complete ? ('complete' as const) : ('viewed' as const),
          due_date: due,
          completed_at: complete ? new Date(now.getTime() - 86_400_000).toISOString() : null,
          custom_message: 'Please check the demo flow before the launch.',
          is_in_stack: 0,
          user_types: JSON.stringify({ mrus: 0, subAndNonMruUsers: 1, emailUsers: 1 }),
          time_zone: 'UTC',
          created_at: created,
          updated_at: created,
        };
      }),
    )
    .execute();
}
