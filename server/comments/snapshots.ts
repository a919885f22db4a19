/**
 * The snapshot a comment.update names (review-and-content §3 Comment snapshot fields, §4 comment posting, §7
 * snapshot upload request): the one announced with `withSnapshot` (its author, once), or a new annotated snapshot
 * replacing an annotated one (its author, while the comment may be edited). The file is a snapshot presigned for
 * this item by this identity whose PUT completed; an annotated snapshot is a PNG with its shapes, checked by
 * domain/commentSnapshots.ts annotationProblem (no coercion), and may name its clean background (the capture before
 * any shape, a PNG uploaded the same way), which an edit keeps while it replaces the flattened image.
 */
import { canEditComment, isAuthor, type CommentRecord, type CommentRefusal, type CommentViewer, type SnapshotAttach } from '../../domain/comments.ts';
import { annotationProblem } from '../../domain/commentSnapshots.ts';
import type { CommentRow, CommentUploadRow } from '../db/schema.ts';
import { refuse } from './common.ts';
import type { StoredSnapshot } from './repository.ts';

export interface SnapshotRequest {
  row: CommentRow;
  record: CommentRecord;
  viewer: CommentViewer;
  snapshot: SnapshotAttach;
  /** Why an author-only change is refused (not the author, locked, resolved). */
  editRefusal: (record: CommentRecord, viewer: CommentViewer) => CommentRefusal;
  /** The stored snapshot upload of that key, else the uploadMissing refusal. */
  storedUpload: (key: string) => Promise<CommentUploadRow>;
}

/**
 * What is stored, the keys of the files it replaces (removed once the row no longer names them) and the snapshot
 * uploads it uses up, or a refusal. An annotated snapshot may name its clean background (`backgroundKey`): a PNG
 * snapshot upload of this identity for this item, or the background the comment already has (an edit keeps it).
 */
export async function acceptSnapshot({ row, record, viewer, snapshot, editRefusal, storedUpload }: SnapshotRequest): Promise<{ stored: StoredSnapshot; replaced: string[]; usedUploads: string[] }> {
  if (!isAuthor(record, viewer)) refuse('forbidden', 'Only the author adds the snapshot of a comment.');
  const current = row.snapshot_json === null ? null : (JSON.parse(row.snapshot_json) as StoredSnapshot);
  const announced = row.snapshot_pending === 1 && current === null;
  if (!announced) {
    if (!current?.isAnnotation || !snapshot.isAnnotation) refuse('invalidRequest', 'This comment is not waiting for a snapshot.');
    if (!canEditComment(record, viewer)) refuse(editRefusal(record, viewer));
  }
  if (snapshot.isAnnotation && snapshot.annotation === undefined) refuse('invalidRequest', 'Invalid request: an annotated snapshot carries its annotation.');
  if (!snapshot.isAnnotation && snapshot.annotation !== undefined) refuse('invalidRequest', 'Invalid request: only an annotated snapshot carries an annotation.');
  if (!snapshot.isAnnotation && snapshot.backgroundKey !== undefined) refuse('invalidRequest', 'Invalid request: only an annotated snapshot carries a background.');
  if (snapshot.backgroundKey !== undefined && snapshot.backgroundKey === snapshot.key) refuse('invalidRequest', 'Invalid request: the background is a file of its own.');
  if (snapshot.annotation !== undefined) {
    const problem = annotationProblem(snapshot.annotation);
    if (problem) refuse('invalidRequest', problem);
  }
  const upload = await storedUpload(snapshot.key);
  if (snapshot.isAnnotation && !upload.key.endsWith('.png')) refuse('invalidRequest', 'Invalid request: an annotated snapshot is a PNG.');
  const keptBackground = snapshot.backgroundKey !== undefined && snapshot.backgroundKey === current?.backgroundKey;
  if (snapshot.backgroundKey !== undefined && !keptBackground) {
    const background = await storedUpload(snapshot.backgroundKey);
    if (!background.key.endsWith('.png')) refuse('invalidRequest', 'Invalid request: a snapshot background is a PNG.');
  }
  const stored: StoredSnapshot = {
    key: upload.key,
    width: snapshot.width,
    height: snapshot.height,
    isAnnotation: snapshot.isAnnotation,
    ...(snapshot.annotation ? { annotation: snapshot.annotation } : {}),
    ...(snapshot.backgroundKey !== undefined ? { backgroundKey: snapshot.backgroundKey } : {}),
  };
  const replaced = [current?.key, current?.backgroundKey].filter((key): key is string => key !== undefined && key !== stored.key && key !== stored.backgroundKey);
  const usedUploads = [stored.key, ...(snapshot.backgroundKey !== undefined && !keptBackground ? [snapshot.backgroundKey] : [])];
  return { stored, replaced, usedUploads };
}
