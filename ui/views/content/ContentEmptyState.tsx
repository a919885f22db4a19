import type { ProductFilter } from '../../../domain/content.ts';
import { Button, EmptyState, ErrorIcon, FolderIcon, FolderPlusIcon, InboxIcon, SearchIcon, TrashIcon, UserIcon } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { productFilterLabel } from './labels.tsx';

/** Which empty state the grid shows (§2 "empty states"). */
export type ContentEmptyKind = 'emptyFolder' | 'emptyPrivate' | 'emptyTrash' | 'noSearchResults' | 'noProductResults' | 'loadFailed';

export interface ContentEmptyStateProps {
  kind: ContentEmptyKind;
  /** emptyFolder / emptyPrivate: offers "New folder" when given (only when the folder allows it). */
  onNewFolder?: () => void;
  /** noSearchResults: the searched text, and a way to clear it. */
  query?: string;
  onClearSearch?: () => void;
  /** noProductResults: the active filter, and a way back to all formats. */
  product?: ProductFilter;
  onClearFilter?: () => void;
  /** loadFailed: the retry. */
  onRetry?: () => void;
}

/** The grid's empty and failed states, each with its next step when there is one. */
export function ContentEmptyState({ kind, onNewFolder, query = '', onClearSearch, product = 'all', onClearFilter, onRetry }: ContentEmptyStateProps) {
  const newFolder = onNewFolder && (
    <Button variant="secondary" iconStart={<FolderPlusIcon />} onClick={onNewFolder}>
      {t('content.action.newFolder')}
    </Button>
  );
  switch (kind) {
    case 'emptyFolder':
      return (
        <EmptyState
          className="content-empty"
          icon={<FolderIcon size={22} />}
          title={t('content.empty.folder.title')}
          body={onNewFolder ? t('content.empty.folder.body') : t('content.empty.folder.bodyReadOnly')}
          action={newFolder}
        />
      );
    case 'emptyPrivate':
      return <EmptyState className="content-empty" icon={<UserIcon size={22} />} title={t('content.empty.private.title')} body={t('content.empty.private.body')} action={newFolder} />;
    case 'emptyTrash':
      return <EmptyState className="content-empty" icon={<TrashIcon size={22} />} title={t('content.empty.trash.title')} body={t('content.empty.trash.body')} />;
    case 'noSearchResults':
      return (
        <EmptyState
          className="content-empty"
          icon={<SearchIcon size={22} />}
          title={t('content.empty.search.title', { query })}
          body={t('content.empty.search.body')}
          action={onClearSearch && <Button onClick={onClearSearch}>{t('content.empty.search.clear')}</Button>}
        />
      );
    case 'noProductResults':
      return (
        <EmptyState
          className="content-empty"
          icon={<InboxIcon size={22} />}
          title={t('content.empty.filter.title', { product: productFilterLabel(product) })}
          body={t('content.empty.filter.body')}
          action={onClearFilter && <Button onClick={onClearFilter}>{t('content.empty.filter.clear')}</Button>}
        />
      );
    case 'loadFailed':
      return (
        <div role="alert">
          <EmptyState
            className="content-empty content-empty--error"
            icon={<ErrorIcon size={22} />}
            title={t('content.empty.failed.title')}
            body={t('content.empty.failed.body')}
            action={
              onRetry && (
                <Button variant="primary" onClick={onRetry}>
                  {t('content.empty.failed.retry')}
                </Button>
              )
            }
          />
        </div>
      );
  }
}
