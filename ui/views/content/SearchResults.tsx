import { useId } from 'react';
import { Link } from 'wouter';
import type { ItemRecord } from '../../../domain/content.ts';
import type { FolderId } from '../../../domain/folderRoles.ts';
import type { FolderNode } from '../../../domain/folderTree.ts';
import { t } from '../../strings.ts';
import { ItemGrid, type ItemGridProps } from './ItemCard.tsx';
import { FolderNodeIcon, folderLabel } from './labels.tsx';

export interface SearchResultsProps extends Omit<ItemGridProps, 'locationOf' | 'label'> {
  /** The search text (trimmed). */
  query: string;
  /** Matching folders (domain `nameMatchesSearch` over the tree), shown first. */
  folders: readonly FolderNode[];
  /** Total matching items on every page (the server's count). */
  itemsCount: number;
  hrefForFolder: (id: FolderId) => string;
  /** Where a folder sits (its parent's name), shown under it. */
  folderLocationOf?: (node: FolderNode) => string | null;
  /** The folder each item is in, shown on its card. */
  locationOf: (item: ItemRecord) => string | null;
}

/**
 * The search-results view (§2): the result count, the matching folders, then the matching items with the
 * folder each is in. The empty case is `ContentEmptyState kind="noSearchResults"`.
 */
export function SearchResults({ query, folders, itemsCount, hrefForFolder, folderLocationOf, ...grid }: SearchResultsProps) {
  const headingId = useId();
  const foldersId = useId();
  const itemsId = useId();
  const total = itemsCount + folders.length;
  return (
    <section className="search-results" aria-labelledby={headingId}>
      <h2 id={headingId} className="search-results__count" aria-live="polite">
        {total === 1 ? t('content.search.results.one', { query }) : t('content.search.results.other', { count: total, query })}
      </h2>
      {folders.length > 0 && (
        <section aria-labelledby={foldersId} className="search-results__folders">
          <h3 id={foldersId} className="content-section-title">
            {t('content.search.folders')}
          </h3>
          <ul className="search-results__folder-list">
            {folders.map((node) => {
              const location = folderLocationOf?.(node) ?? null;
              return (
                <li key={String(node.id)}>
                  <Link href={hrefForFolder(node.id)} className="search-folder">
                    <span className="search-folder__icon">
                      <FolderNodeIcon node={node} size={18} />
                    </span>
                    <span className="search-folder__text">
                      <span className="search-folder__name">{folderLabel(node)}</span>
                      {location && <span className="search-folder__location">{t('content.item.location', { folder: location })}</span>}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {grid.items.length > 0 && (
        <section aria-labelledby={itemsId} className="search-results__items">
          <h3 id={itemsId} className="content-section-title">
            {t('content.search.items')}
          </h3>
          <ItemGrid {...grid} label={t('content.search.items')} />
        </section>
      )}
    </section>
  );
}
