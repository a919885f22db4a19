/**
 * Who may open an item, as the share dialog lists them (review-and-content §3 Share person, §6 share roles,
 * §7 GET permissions): the owner, the explicit people, the people who see it through its folder and — once
 * review requests exist — its reviewers. Also what the comment service reads for mention
 * suggestions ("limited to people with access").
 */
import { FOLDER_ROLES, type FolderRole } from '../../domain/folderRoles.ts';
import { SHARE_REASONS, SHARE_ROLES, type PermissionPerson, type ShareReason, type ShareRole } from '../../domain/sharing.ts';
import type { Db } from '../db/database.ts';
import type { ItemRow } from '../db/schema.ts';
import { effectiveRole, folderChain, folderKind, type AccessSnapshot } from '../content/access.ts';
import type { ContentContext } from '../content/common.ts';
import { itemAudience } from '../content/pushes.ts';
import { loadSnapshot } from '../content/repository.ts';

/** One person's standing before their profile is read. */
export interface Standing {
  reasons: Set<ShareReason>;
  role: ShareRole;
}

const EDITOR_RANK = FOLDER_ROLES.indexOf('editor');

/** §3 Share person role of a folder role: Editor from editor up, else Viewer. */
export function shareRoleOfFolderRole(role: FolderRole | null): ShareRole {
  return role !== null && FOLDER_ROLES.indexOf(role) >= EDITOR_RANK ? SHARE_ROLES.editor : SHARE_ROLES.viewer;
}

function grant(out: Map<string, Standing>, aid: string, reason: ShareReason, role: ShareRole): void {
  const standing = out.get(aid);
  if (standing) {
    standing.reasons.add(reason);
    if (role > standing.role) standing.role = role;
  } else {
    out.set(aid, { reasons: new Set([reason]), role });
  }
}

/**
 * Pure: each person's reasons and role for one item. The owner (owner, 2); the explicit people (explicit, 0;
 * listed whether the item is public or private, since the list is kept across a switch); everyone who sees
 * the item where it sits (trashed items: nobody but the owner) with team-folder-user / team-folder-group for
 * each entry of theirs on the folder chain, team-folder-owner when their effective folder role is owner (and
 * for the owner of a private folder holding someone else's item), role Editor from folder editor up.
 */
export function standingsOf(
  snapshot: AccessSnapshot,
  row: Pick<ItemRow, 'user_aid' | 'folder_id' | 'archived_at'>,
  explicitAids: Iterable<string>,
  reviewerAids: Iterable<string> = [],
): Map<string, Standing> {
  const out = new Map<string, Standing>();
  grant(out, row.user_aid, 'owner', SHARE_ROLES.owner);
  for (const aid of explicitAids) grant(out, aid, 'explicit', SHARE_ROLES.viewer);
  for (const aid of reviewerAids) grant(out, aid, 'request-review', SHARE_ROLES.viewer);
  if (row.folder_id === null) return out;
  const folder = snapshot.folders.get(row.folder_id);
  if (!folder) return out;
  const audience = itemAudience(snapshot, row);
  if (folderKind(folder) === 'private') {
    // Only the folder's owner sees a private folder; they have every folder action there.
    for (const aid of audience) if (aid !== row.user_aid) grant(out, aid, 'team-folder-owner', SHARE_ROLES.editor);
    return out;
  }
  const chain = folderChain(snapshot, row.folder_id);
  for (const aid of audience) {
    const role = effectiveRole(snapshot, aid, row.folder_id);
    if (role === null) continue;
    const groups = snapshot.groupsOfUser.get(aid);
    const shareRole = shareRoleOfFolderRole(role);
    for (const level of chain) {
      for (const entry of snapshot.entries.get(level.id) ?? []) {
        if (entry.principal_type === 'user' && entry.principal_id === aid) grant(out, aid, 'team-folder-user', shareRole);
        else if (entry.principal_type === 'group' && groups?.has(entry.principal_id)) grant(out, aid, 'team-folder-group', shareRole);
      }
    }
    if (role === 'owner') grant(out, aid, 'team-folder-owner', shareRole);
  }
  return out;
}

/** The accounts an item's explicit entries resolved to (entries whose account is gone grant nothing). */
export async function explicitAidsOf(db: Db, itemId: string): Promise<string[]> {
  const rows = await db.selectFrom('item_shares').select('user_aid').where('item_id', '=', itemId).where('user_aid', 'is not', null).execute();
  return rows.flatMap((row) => (row.user_aid === null ? [] : [row.user_aid]));
}

/** The accounts asked to review the item (server/reviewRequests): reason request-review. */
export async function reviewerAidsOf(db: Db, itemId: string): Promise<string[]> {
  const rows = await db.selectFrom('review_requests').select('reviewer_aid').where('item_id', '=', itemId).where('reviewer_aid', 'is not', null).execute();
  return rows.flatMap((row) => (row.reviewer_aid === null ? [] : [row.reviewer_aid]));
}

/** Standings with profiles, owner first then by name (first + last, else e-mail), case-insensitively. */
export async function toPermissionPeople(db: Db, context: Pick<ContentContext, 'avatarUrl'>, ownerAid: string, standings: ReadonlyMap<string, Standing>): Promise<PermissionPerson[]> {
  const aids = [...standings.keys()];
  if (aids.length === 0) return [];
  const rows = await db.selectFrom('users').select(['aid', 'email', 'first_name', 'last_name']).where('aid', 'in', aids).execute();
  const people = rows.map((user): PermissionPerson & { sortName: string } => {
    const standing = standings.get(user.aid)!;
    return {
      userId: user.aid,
      profile: { firstName: user.first_name, lastName: user.last_name, email: user.email, links: { micro: context.avatarUrl(user) } },
      reasons: SHARE_REASONS.filter((reason) => standing.reasons.has(reason)),
      role: standing.role,
      sortName: (`${user.first_name} ${user.last_name}`.trim() || user.email).toLowerCase(),
    };
  });
  people.sort((a, b) => {
    if ((a.userId === ownerAid) !== (b.userId === ownerAid)) return a.userId === ownerAid ? -1 : 1;
    return a.sortName < b.sortName ? -1 : a.sortName > b.sortName ? 1 : a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
  });
  return people.map(({ sortName: _sortName, ...person }) => person);
}

/**
 * Everyone who may open the item, with their reasons and share role (§3 Share person, §7 GET permissions):
 * the owner (reason owner, role 2), explicit people (explicit, 0), people who see it through its team folder
 * (team-folder-user for a user permission entry on the folder chain, team-folder-group through a group,
 * team-folder-owner for a folder 'owner' role; role 1 when their folder role is editor or above, else 0), and
 * reviewers with an account (request-review, 0). One entry per person, reasons merged,
 * the highest role kept. Ordered: owner first, then by name. An unknown item has nobody: [].
 * Call inside the caller's transaction (`db`) so the list matches what it decided on; a caller that loaded the access
 * snapshot in that transaction already passes it (`snapshot`) instead of having it read again.
 */
export async function sharePeople(db: Db, context: Pick<ContentContext, 'avatarUrl'>, itemId: string, loaded?: AccessSnapshot): Promise<PermissionPerson[]> {
  const row = await db.selectFrom('items').select(['user_aid', 'folder_id', 'archived_at']).where('id', '=', itemId).executeTakeFirst();
  if (!row) return [];
  const [snapshot, explicit, reviewers] = await Promise.all([loaded ?? loadSnapshot(db), explicitAidsOf(db, itemId), reviewerAidsOf(db, itemId)]);
  return toPermissionPeople(db, context, row.user_aid, standingsOf(snapshot, row, explicit, reviewers));
}
