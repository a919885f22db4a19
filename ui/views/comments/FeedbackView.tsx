/**
 * The Feedback tab (review-and-content §2 item view tabs: review, feedback; "in feedback mode only title, version,
 * export menu and a Close button" show in the header): the item's threads full width, with the same toolbar and
 * comment area messages as the side panel. New comments are written next to the player (they take its slide or
 * time), so only reply and edit boxes appear here.
 */
import { Banner, cx } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { CommentArea, CommentsToolbar, partCommentsPageProps, type CommentsPageProps } from './CommentsPanel.tsx';

export interface FeedbackViewProps extends CommentsPageProps {
  offline: boolean;
  className?: string;
}

/** The feedback page's content: heading, toolbar, offline notice and the threads. */
export function FeedbackView({ offline, className, ...props }: FeedbackViewProps) {
  const { toolbar, area } = partCommentsPageProps(props);
  return (
    <section className={cx('feedback-view', className)} aria-labelledby="feedback-view-title" aria-busy={area.status === 'loading' || area.status === 'idle' || undefined}>
      <div className="feedback-view__head">
        <h2 id="feedback-view-title" className="feedback-view__title">
          {t('commentsPanel.feedback.title')}
        </h2>
        {area.status === 'ready' && (
          <CommentsToolbar {...toolbar} />
        )}
      </div>
      {offline && (
        <Banner tone="warning" className="feedback-view__offline">
          {t('commentsPanel.offline')}
        </Banner>
      )}
      <CommentArea {...area} headingLevel={3} />
    </section>
  );
}
