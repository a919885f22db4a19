/** The item view's loading state (review-and-content §4 item load `loading`): what every first load draws at once. */
import { Skeleton } from '../../kit/index.ts';
import { t } from '../../strings.ts';

/** §4 item load `loading`: a skeleton of the header and the player, announced as loading. */
export function ItemLoadingView() {
  return (
    <div className="item-loading" aria-busy="true">
      <p role="status" className="k-visually-hidden">
        {t('review.loading')}
      </p>
      <div className="item-loading__header" aria-hidden="true">
        <Skeleton shape="line" width="7rem" height="1rem" />
        <Skeleton shape="line" width="16rem" height="1.25rem" />
        <Skeleton shape="rect" width="8rem" height="2rem" />
        <span className="item-loading__spacer" />
        <Skeleton shape="circle" width="1.75rem" height="1.75rem" />
        <Skeleton shape="circle" width="1.75rem" height="1.75rem" />
        <Skeleton shape="rect" width="6rem" height="2rem" />
      </div>
      <div className="item-loading__body" aria-hidden="true">
        <div className="item-loading__player">
          <Skeleton className="item-loading__stage" />
        </div>
        <div className="item-loading__sidebar">
          <Skeleton shape="line" width="40%" height="1rem" />
          <Skeleton shape="rect" width="100%" height="4rem" />
          <Skeleton shape="rect" width="100%" height="4rem" />
        </div>
      </div>
    </div>
  );
}
