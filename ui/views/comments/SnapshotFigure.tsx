/**
 * A comment's snapshot in its thread (review-and-content §3 snapshot, §9 shown 430 wide): the image (annotated or
 * pasted) as a button that opens it large in a dialog (Escape or Close closes it); a page snapshot (`html`, the
 * server snapshots flag) as a link to open it.
 */
import { useState } from 'react';
import type { CommentSnapshot } from '../../../domain/comments.ts';
import { SNAPSHOT_THUMB_WIDTH } from '../../../domain/commentSnapshots.ts';
import { Button, Dialog } from '../../kit/index.ts';
import { t } from '../../strings.ts';

export function SnapshotFigure({ snapshot, url, alt }: { snapshot: CommentSnapshot; url: string; alt: string }) {
  const [open, setOpen] = useState(false);
  if (snapshot.key.endsWith('.html')) {
    return (
      <a className="comment-item__snapshot-link" href={url} target="_blank" rel="noreferrer noopener">
        {t('commentsPanel.snapshot.openPage')}
      </a>
    );
  }
  const height = snapshot.width > 0 && snapshot.height > 0 ? Math.round((SNAPSHOT_THUMB_WIDTH * snapshot.height) / snapshot.width) : undefined;
  return (
    <>
      <button type="button" className="comment-item__snapshot-button" aria-label={t('commentsPanel.snapshot.open', { alt })} onClick={() => setOpen(true)}>
        <img className="comment-item__snapshot" src={url} width={SNAPSHOT_THUMB_WIDTH} height={height} alt={alt} loading="lazy" />
      </button>
      {open && (
        <Dialog
          open
          size="lg"
          className="snapshot-lightbox"
          title={t(snapshot.isAnnotation ? 'commentsPanel.snapshot.annotatedTitle' : 'commentsPanel.snapshot.title')}
          onClose={() => setOpen(false)}
          footer={<Button onClick={() => setOpen(false)}>{t('commentsPanel.snapshot.close')}</Button>}
        >
          <img className="snapshot-lightbox__image" src={url} alt={alt} />
        </Dialog>
      )}
    </>
  );
}
