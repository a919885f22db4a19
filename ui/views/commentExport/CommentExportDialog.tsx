/**
 * The comments export dialog (review-and-content §2 "comments export", §5 an order and a format, §8, §9): reads the
 * `commentExport` actor. Choosing: the orders the item offers and CSV or PDF; working: a progress bar while the service
 * makes the file (the wait toast says how long it may take); ready: the signed download link; failed: the generic words
 * and Try again.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { COMMENT_EXPORT_FORMATS, type CommentExportOrder } from '../../../domain/commentExport.ts';
import { commentExportViewOf } from '../../../machines/commentExport/commentExportMachine.ts';
import { Banner, Button, Dialog, DownloadIcon, ProgressBar, buttonClass } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import '../../styles/commentExport.css';

const ORDER_LABELS: Record<CommentExportOrder, Parameters<typeof t>[0]> = {
  recent: 'commentExport.order.recent',
  time: 'commentExport.order.time',
  slide: 'commentExport.order.slide',
  lesson: 'commentExport.order.lesson',
};

/** The dialog over the item view. */
export function CommentExportDialog() {
  const { commentExport } = useSystem();
  const view = useSelector(commentExport, commentExportViewOf);
  const group = useId();
  const send = commentExport.send;
  const close = () => send({ type: 'commentExport.close' });
  const choosing = view.phase === 'choosing';

  const footer =
    view.phase === 'choosing' ? (
      <>
        <Button variant="secondary" onClick={close}>
          {t('commentExport.cancel')}
        </Button>
        <Button variant="primary" onClick={() => send({ type: 'commentExport.submit' })}>
          {t('commentExport.submit')}
        </Button>
      </>
    ) : view.phase === 'failed' ? (
      <>
        <Button variant="secondary" onClick={close}>
          {t('commentExport.close')}
        </Button>
        <Button variant="primary" onClick={() => send({ type: 'commentExport.retry' })}>
          {t('commentExport.retry')}
        </Button>
      </>
    ) : (
      <Button variant="secondary" onClick={close}>
        {t('commentExport.close')}
      </Button>
    );

  return (
    <Dialog open={view.open} onClose={close} title={t('commentExport.title')} description={t('commentExport.description')} footer={footer} size="sm" className="comment-export">
      <fieldset className="comment-export__options" disabled={!choosing}>
        <legend className="comment-export__legend">{t('commentExport.order.legend')}</legend>
        {view.orders.map((order) => (
          <label key={order} className="comment-export__option">
            <input type="radio" name={`${group}-order`} value={order} checked={view.order === order} onChange={() => send({ type: 'commentExport.setOrder', order })} />
            <span>{t(ORDER_LABELS[order])}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="comment-export__options" disabled={!choosing}>
        <legend className="comment-export__legend">{t('commentExport.format.legend')}</legend>
        {COMMENT_EXPORT_FORMATS.map((format) => (
          <label key={format} className="comment-export__option">
            <input type="radio" name={`${group}-format`} value={format} checked={view.format === format} onChange={() => send({ type: 'commentExport.setFormat', format })} />
            <span>{t(format === 'csv' ? 'commentExport.format.csv' : 'commentExport.format.pdf')}</span>
          </label>
        ))}
      </fieldset>
      <div role="status" className="comment-export__status">
        {view.phase === 'working' && (
          <>
            <p>{t('commentExport.working')}</p>
            <ProgressBar value={view.progress > 0 ? view.progress : null} label={t('commentExport.progress')} />
          </>
        )}
        {view.phase === 'ready' && view.download && (
          <>
            <p>{t('commentExport.ready')}</p>
            <a className={buttonClass('primary', 'md', 'comment-export__download')} href={view.download.url} download={view.download.fileName}>
              <DownloadIcon size={16} />
              {t('commentExport.download', { fileName: view.download.fileName })}
            </a>
          </>
        )}
      </div>
      {view.phase === 'failed' && <Banner tone="error" title={t('commentExport.failed')} />}
    </Dialog>
  );
}
