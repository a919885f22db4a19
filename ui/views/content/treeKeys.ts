/**
 * The arrow keys of a folder tree (WAI-ARIA tree view), shared by the sidebar and the move dialog's picker: Up/Down
 * move, Home/End go to the ends, Right opens or enters, Left closes or goes to the parent.
 */
import type { FolderNode, FolderTree } from '../../../domain/folderTree.ts';

/** Focus a node (`undefined`: the key is spent, nothing moves), or open or close the node; null: not a tree key. */
export type TreeKeyAction = { focus: FolderNode | undefined } | { open: boolean } | null;

/** What `key` does on `node`, given the nodes on screen in reading order and whether `node` is open. */
export function treeKeyAction(key: string, node: FolderNode, visible: readonly FolderNode[], tree: FolderTree, isOpen: boolean): TreeKeyAction {
  const index = visible.findIndex((n) => n.id === node.id);
  const children = tree.children(node.id);
  switch (key) {
    case 'ArrowDown':
      return { focus: visible[index + 1] };
    case 'ArrowUp':
      return { focus: visible[index - 1] };
    case 'Home':
      return { focus: visible[0] };
    case 'End':
      return { focus: visible[visible.length - 1] };
    case 'ArrowRight':
      if (children.length === 0) return { focus: undefined };
      return isOpen ? { focus: children[0] } : { open: true };
    case 'ArrowLeft':
      if (children.length > 0 && isOpen) return { open: false };
      return { focus: visible.find((n) => n.id === node.parentId) };
    default:
      return null;
  }
}
