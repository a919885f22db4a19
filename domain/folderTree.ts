/**
 * The folder tree (review-and-content §3 Folder, §5 depth): built once from the flat folder list with its
 * virtual folders, and every per-folder figure the move rules need precomputed (depth, subtree depth, a
 * pre-order interval for "is a descendant of", actions), so a move check costs O(1) and no tree walk.
 */
import {
  actionsForFolder,
  actionsForVirtualFolder,
  ALL_CONTENT,
  isVirtualFolderId,
  PRIVATE_CONTENT,
  SHARED_CONTENT,
  TRASH_ROOT,
  type FolderAction,
  type FolderId,
  type FolderType,
  type LogError,
  type PermissionEntry,
  type VirtualFolderId,
} from './folderRoles.ts';

/** A folder as the service sends it (§3): `parentFolderId` or `parent` (0 for root); `team` means shared. */
export interface FolderRecord {
  id: number;
  name: string;
  parent?: number | null;
  parentFolderId?: number | null;
  folderType: FolderType | 'team';
  role?: string | null;
  subscription?: string | null;
  hash?: string | null;
  icon?: string | null;
  isSoftDeleted?: boolean;
  permissions?: readonly PermissionEntry[];
}

/** A folder after normalisation: `parent` always set (0 for root), `folderType` one of private, shared, deleted. */
export interface Folder extends Omit<FolderRecord, 'parent' | 'parentFolderId' | 'folderType'> {
  parent: number;
  folderType: FolderType;
}

/** §3: parentFolderId is remapped to parent (0 for root), team is the shared kind, a soft-deleted folder is of type deleted. */
export function normalizeFolder(record: FolderRecord): Folder {
  const { parentFolderId, parent, folderType, ...rest } = record;
  const rawParent = parentFolderId ?? parent ?? 0;
  const type: FolderType = record.isSoftDeleted === true || folderType === 'deleted' ? 'deleted' : folderType === 'team' || folderType === 'shared' ? 'shared' : 'private';
  return { ...rest, parent: isFolderIdNumber(rawParent) ? rawParent : 0, folderType: type };
}

/** The area a folder belongs to: its virtual root's kind. */
export type FolderArea = 'all' | 'private' | 'shared' | 'trash';

/** One node of the tree, real or virtual. */
export interface FolderNode {
  id: FolderId;
  /** The folder's name; '' for a virtual folder (its label comes from the string catalogue). */
  name: string;
  virtual: VirtualFolderId | null;
  /** The tree parent: a real folder id or a virtual root; null for the virtual roots themselves. */
  parentId: FolderId | null;
  area: FolderArea;
  /** private, shared or deleted; null for all content. */
  folderType: FolderType | null;
  /** Virtual roots are 0, a top-level folder 1 (§5 "a subfolder can be created only when the current depth is under 7"). */
  depth: number;
  /** Levels below this folder: 0 for a leaf. */
  subtreeDepth: number;
  actions: ReadonlySet<FolderAction>;
  folder: Folder | null;
}

export interface FolderTree {
  /** The virtual roots in sidebar order: all content, private content, shared content, trash. */
  readonly roots: readonly FolderNode[];
  /** Every node in pre-order: each root followed by its folders (all content, private, shared, trash). */
  readonly nodes: readonly FolderNode[];
  readonly size: number;
  get(id: FolderId): FolderNode | undefined;
  has(id: FolderId): boolean;
  /** Direct children in the order the list gave them; [] for an unknown id. */
  children(id: FolderId): FolderNode[];
  /** From the virtual root down to the folder itself (breadcrumbs); [] for an unknown id. */
  path(id: FolderId): FolderNode[];
  /** The folder's ancestors, nearest first; [] for a root or an unknown id. */
  ancestors(id: FolderId): FolderNode[];
  /** Every folder below, in pre-order; [] for an unknown id. */
  descendants(id: FolderId): FolderNode[];
  /** True when `id` lies strictly below `ancestorId`. */
  isDescendant(id: FolderId, ancestorId: FolderId): boolean;
  /** The node's depth, or null for an unknown id. */
  depth(id: FolderId): number | null;
  /** The node's subtree depth, or null for an unknown id. */
  subtreeDepth(id: FolderId): number | null;
}

const ROOT_ORDER: readonly VirtualFolderId[] = [ALL_CONTENT, PRIVATE_CONTENT, SHARED_CONTENT, TRASH_ROOT];
const ROOT_AREA: Readonly<Record<VirtualFolderId, FolderArea>> = {
  [ALL_CONTENT]: 'all',
  [PRIVATE_CONTENT]: 'private',
  [SHARED_CONTENT]: 'shared',
  [TRASH_ROOT]: 'trash',
};
const ROOT_TYPE: Readonly<Record<VirtualFolderId, FolderType | null>> = {
  [ALL_CONTENT]: null,
  [PRIVATE_CONTENT]: 'private',
  [SHARED_CONTENT]: 'shared',
  [TRASH_ROOT]: 'deleted',
};
const TYPE_ROOT: Readonly<Record<FolderType, VirtualFolderId>> = { private: PRIVATE_CONTENT, shared: SHARED_CONTENT, deleted: TRASH_ROOT };
const TYPE_AREA: Readonly<Record<FolderType, FolderArea>> = { private: 'private', shared: 'shared', deleted: 'trash' };

const noLog: LogError = () => {};

/** The virtual root a folder of this type hangs from when its parent is 0 or cannot hold it. */
export function rootForType(type: FolderType): VirtualFolderId {
  return TYPE_ROOT[type];
}

/**
 * Builds the tree from the flat list. A folder hangs under its parent when the parent is in the list and of
 * the same type; otherwise (parent 0, a parent not visible to this user, a mixed type) under the virtual root
 * of its type — so a trashed folder whose parent is still live shows at the top of the trash. Bad input never
 * throws: records with an invalid or repeated id are skipped, and a parent cycle is cut by moving one folder
 * of the cycle to its root; each is reported through `log`.
 */
export function buildFolderTree(records: readonly FolderRecord[], options: { log?: LogError } = {}): FolderTree {
  // Folder lists are immutable where they live (actor contexts): the same list gives the same tree, built once.
  if (!options.log) {
    const known = treeOfList.get(records);
    if (known) return known;
    const tree = buildTree(records, noLog);
    treeOfList.set(records, tree);
    return tree;
  }
  return buildTree(records, options.log);
}

const treeOfList = new WeakMap<readonly FolderRecord[], FolderTree>();

function buildTree(records: readonly FolderRecord[], log: LogError): FolderTree {
  const folders: Folder[] = [];
  const indexOfId = new Map<number, number>();
  for (const record of records) {
    if (!record || !isFolderIdNumber(record.id)) {
      log(`Folder with invalid id ${JSON.stringify(record?.id)} ignored`);
      continue;
    }
    if (indexOfId.has(record.id)) {
      log(`Duplicate folder id ${record.id} ignored`);
      continue;
    }
    indexOfId.set(record.id, folders.length);
    folders.push(normalizeFolder(record));
  }

  // Real folders are 0..n-1, the virtual roots n..n+3; -1 stands for "no parent".
  const n = folders.length;
  const total = n + ROOT_ORDER.length;
  const rootIndex = (id: VirtualFolderId) => n + ROOT_ORDER.indexOf(id);
  const parent = new Int32Array(total).fill(-1);
  for (let i = 0; i < n; i++) {
    const folder = folders[i]!;
    const p = indexOfId.get(folder.parent);
    parent[i] = p !== undefined && p !== i && folders[p]!.folderType === folder.folderType ? p : rootIndex(TYPE_ROOT[folder.folderType]);
  }

  // Cut cycles: walk up from each folder; meeting a folder already on this walk closes a cycle.
  const state = new Uint8Array(n); // 0 unseen, 1 on the current walk, 2 reaches a root
  const walk: number[] = [];
  for (let i = 0; i < n; i++) {
    let cur = i;
    while (cur < n && state[cur] === 0) {
      state[cur] = 1;
      walk.push(cur);
      cur = parent[cur]!;
    }
    if (cur < n && state[cur] === 1) {
      const folder = folders[cur]!;
      log(`Folder ${folder.id} is its own ancestor; shown at the top of its area`);
      parent[cur] = rootIndex(TYPE_ROOT[folder.folderType]);
    }
    for (const w of walk) state[w] = 2;
    walk.length = 0;
  }

  // Children in input order (CSR layout), then one iterative pre-order walk from the roots.
  const childCount = new Int32Array(total);
  for (let i = 0; i < n; i++) childCount[parent[i]!]!++;
  const childStart = new Int32Array(total + 1);
  for (let i = 0; i < total; i++) childStart[i + 1] = childStart[i]! + childCount[i]!;
  const fill = childStart.slice(0, total);
  const childList = new Int32Array(n);
  for (let i = 0; i < n; i++) childList[fill[parent[i]!]!++] = i;

  const depth = new Int32Array(total);
  const subtreeDepth = new Int32Array(total);
  const enter = new Int32Array(total); // pre-order position
  const exit = new Int32Array(total); // last pre-order position inside the subtree
  const order: number[] = [];
  const stack: number[] = [];
  for (let r = total - 1; r >= n; r--) stack.push(r);
  while (stack.length > 0) {
    const v = stack.pop()!;
    enter[v] = order.length;
    order.push(v);
    for (let c = childStart[v + 1]! - 1; c >= childStart[v]!; c--) {
      const child = childList[c]!;
      depth[child] = depth[v]! + 1;
      stack.push(child);
    }
  }
  for (let k = order.length - 1; k >= 0; k--) {
    const v = order[k]!;
    const p = parent[v]!;
    let last = enter[v]!;
    for (let c = childStart[v]!; c < childStart[v + 1]!; c++) last = Math.max(last, exit[childList[c]!]!);
    exit[v] = last;
    if (p >= 0 && subtreeDepth[v]! + 1 > subtreeDepth[p]!) subtreeDepth[p] = subtreeDepth[v]! + 1;
  }

  const nodeAt: FolderNode[] = new Array<FolderNode>(total);
  for (let r = 0; r < ROOT_ORDER.length; r++) {
    const id = ROOT_ORDER[r]!;
    const v = n + r;
    nodeAt[v] = Object.freeze({
      id,
      name: '',
      virtual: id,
      parentId: null,
      area: ROOT_AREA[id],
      folderType: ROOT_TYPE[id],
      depth: 0,
      subtreeDepth: subtreeDepth[v]!,
      actions: new Set(actionsForVirtualFolder(id)),
      folder: null,
    });
  }
  for (let i = 0; i < n; i++) {
    const folder = folders[i]!;
    const p = parent[i]!;
    nodeAt[i] = Object.freeze({
      id: folder.id,
      name: folder.name,
      virtual: null,
      parentId: p >= n ? ROOT_ORDER[p - n]! : folders[p]!.id,
      area: TYPE_AREA[folder.folderType],
      folderType: folder.folderType,
      depth: depth[i]!,
      subtreeDepth: subtreeDepth[i]!,
      actions: new Set(actionsForFolder(folder, log)),
      folder,
    });
  }

  const indexOf = (id: FolderId): number | undefined => (isVirtualFolderId(id) ? rootIndex(id) : typeof id === 'number' ? indexOfId.get(id) : undefined);
  const nodes = order.map((v) => nodeAt[v]!);

  return {
    roots: ROOT_ORDER.map((_, r) => nodeAt[n + r]!),
    nodes,
    size: total,
    get: (id) => {
      const v = indexOf(id);
      return v === undefined ? undefined : nodeAt[v];
    },
    has: (id) => indexOf(id) !== undefined,
    children: (id) => {
      const v = indexOf(id);
      if (v === undefined) return [];
      const out: FolderNode[] = [];
      for (let c = childStart[v]!; c < childStart[v + 1]!; c++) out.push(nodeAt[childList[c]!]!);
      return out;
    },
    path: (id) => {
      const out: FolderNode[] = [];
      for (let v = indexOf(id) ?? -1; v >= 0; v = parent[v]!) out.push(nodeAt[v]!);
      return out.reverse();
    },
    ancestors: (id) => {
      const out: FolderNode[] = [];
      const v = indexOf(id);
      if (v === undefined) return out;
      for (let a = parent[v]!; a >= 0; a = parent[a]!) out.push(nodeAt[a]!);
      return out;
    },
    descendants: (id) => {
      const v = indexOf(id);
      return v === undefined ? [] : nodes.slice(enter[v]! + 1, exit[v]! + 1);
    },
    isDescendant: (id, ancestorId) => {
      const v = indexOf(id);
      const a = indexOf(ancestorId);
      if (v === undefined || a === undefined) return false;
      return enter[a]! < enter[v]! && enter[v]! <= exit[a]!;
    },
    depth: (id) => {
      const v = indexOf(id);
      return v === undefined ? null : depth[v]!;
    },
    subtreeDepth: (id) => {
      const v = indexOf(id);
      return v === undefined ? null : subtreeDepth[v]!;
    },
  };
}

/** A folder id from a route segment: a positive integer or a virtual id; null for anything else (0 is the root, §2). */
export function parseFolderIdParam(value: unknown): FolderId | null {
  if (isVirtualFolderId(value)) return value;
  if (typeof value !== 'string' || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

function isFolderIdNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}
