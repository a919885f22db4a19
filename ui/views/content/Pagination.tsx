import { Link } from 'wouter';
import { paginationWindow } from '../../../domain/pagination.ts';
import { ChevronLeftIcon, ChevronRightIcon, cx } from '../../kit/index.ts';
import { t } from '../../strings.ts';

export interface PaginationProps {
  /** The page shown, 1-based. */
  page: number;
  /** Number of pages (domain `pageCount(totalCount)`). */
  pageCount: number;
  /** The address of a page, e.g. /review/folder/12?page=3. */
  hrefFor: (page: number) => string;
}

/**
 * Page links (§2: 1 margin page, 3 range pages, from domain `paginationWindow`), previous and next, the
 * current page marked aria-current. Nothing for a single page.
 */
export function Pagination({ page, pageCount, hrefFor }: PaginationProps) {
  const entries = paginationWindow(page, pageCount);
  if (entries.length === 0) return null;
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const hasPrevious = current > 1;
  const hasNext = current < pageCount;
  return (
    <nav aria-label={t('content.pagination.label')} className="pagination">
      <ul className="pagination__list">
        <li>
          {hasPrevious ? (
            <Link href={hrefFor(current - 1)} className="pagination__step" rel="prev">
              <ChevronLeftIcon size={16} />
              <span className="k-visually-hidden">{t('content.pagination.previous')}</span>
            </Link>
          ) : (
            <span className="pagination__step is-disabled" aria-hidden="true">
              <ChevronLeftIcon size={16} />
            </span>
          )}
        </li>
        {entries.map((entry, index) =>
          entry.kind === 'break' ? (
            <li key={`break-${index}`} className="pagination__break">
              <span aria-hidden="true">…</span>
              <span className="k-visually-hidden">{t('content.pagination.break')}</span>
            </li>
          ) : (
            <li key={entry.page}>
              <Link
                href={hrefFor(entry.page)}
                className={cx('pagination__page', entry.page === current && 'is-current')}
                aria-current={entry.page === current ? 'page' : undefined}
                aria-label={t('content.pagination.page', { page: entry.page })}
              >
                {entry.page}
              </Link>
            </li>
          ),
        )}
        <li>
          {hasNext ? (
            <Link href={hrefFor(current + 1)} className="pagination__step" rel="next">
              <ChevronRightIcon size={16} />
              <span className="k-visually-hidden">{t('content.pagination.next')}</span>
            </Link>
          ) : (
            <span className="pagination__step is-disabled" aria-hidden="true">
              <ChevronRightIcon size={16} />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
