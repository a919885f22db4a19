import { useId, useState, type CSSProperties, type DragEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { Link } from 'wouter';
import { ITEMS_PER_PAGE } from '../../../domain/constants.ts';
import type { ItemRecord } from '../../../domain/content.ts';
import { isArchivedItem, type ItemMenuEntry } from '../../../domain/folderRoles.ts';
import { Avatar, Checkbox, LayersIcon, Skeleton, TrashIcon, cx } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { contentAnimationMs } from './format.ts';
import { productArt, productLabel } from './labels.tsx';
import { ItemMenuButton } from './menus.tsx';
import { ItemVersionBadge, type VersionBadgeState } from '../uploads/index.ts';
import type { VersionDisplayState } from '../../../domain/content.ts';
import type { PendingStatus } from '../../../machines/content/contentEvents.ts';
import { PendingMark } from './PendingMark.tsx';

/** Cards in the grid's first row at its widest (1144 px of 246 px cards): on screen at first paint. */
const FIRST_ROW_CARDS = 4;

/** §4: a card whose latest version is not ready says so (uploading, processing, or failed); ready: no badge. */
function badgeOf(state: VersionDisplayState | null | undefined): VersionBadgeState | null {
  if (!state || state === 'ready') return null;
  if (state === 'uploading' || state === 'processing') return state;
  return 'failed';
}

/** How a click or key changes the selection: toggle one card, or extend a range to it (shift). */
export type SelectMode = 'toggle' | 'range';

export interface ItemCardProps {
  item: ItemRecord;
  /** The item view, e.g. /review/content/{id}/review. */
  href: string;
  /** Exactly the entries to show (domain `itemMenu`); no menu button when empty. */
  menu: readonly ItemMenuEntry[];
  onMenuSelect: (entry: ItemMenuEntry) => void;
  selected?: boolean;
  /**
   * Selection by the checkbox (click or Space), Space on the card's link, Ctrl/Cmd-click (toggle) or
   * Shift-click (range). No checkbox when omitted.
   */
  onSelect?: (mode: SelectMode) => void;
  /** Something is selected in the grid: a plain click on the card toggles it instead of opening it. */
  selectionActive?: boolean;
  /** "3 hours ago" or "Mar 3, 2024" for an ISO time (see format.ts `formatUpdatedAt`). */
  formatDate: (iso: string) => string;
  /** Where it is, for search results ("In Projects"). */
  location?: string | null;
  /** Makes the card draggable (archived items never are, §4). */
  onDragStart?: (event: DragEvent<HTMLElement>) => void;
  onDragEnd?: () => void;
  /** A change to it is shown and not confirmed yet (§4): "Saving…" or "Waiting for connection". */
  pending?: PendingStatus | null;
  /**
   * The card is in the grid's first row, on screen at first paint: its thumbnail loads at once and first (it is the
   * page's largest paint), not lazily.
   */
  priority?: boolean;
}

/** Clicks on the card's own controls are theirs, not the card's. */
function isOnControl(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as Element | null;
  return Boolean(target?.closest('input, button, label, [role="menu"]'));
}

/**
 * One item of the grid (§2, §9): a 246 × 360 card with the thumbnail (720 wide, lazy; product art when
 * there is none), the title clamped to 3 lines, the product, owner and "Updated by X · when", a selection
 * checkbox and the item menu. A stack shows its title and "N courses"; an archived item looks faded, says
 * "In trash" and cannot be dragged. A stack's member (search lists them) says "In a stack" and opens only.
 */
export function ItemCard({ item, href, menu, onMenuSelect, selected = false, onSelect: onSelectProp, selectionActive = false, formatDate, location, onDragStart, onDragEnd, pending = null, priority = false }: ItemCardProps) {
  const titleId = useId();
  const pendingId = useId();
  const archived = isArchivedItem(item);
  // A member of a stack (a search result) is changed through its stack: it opens, but is neither selected nor dragged.
  const member = item.inStack === true;
  const onSelect = member ? undefined : onSelectProp;
  const draggable = !archived && !member && onDragStart !== undefined;
  const art = productArt(item.product);
  // A thumbnail that fails to load falls back to the product's placeholder art (no broken-image box).
  const [failedThumbnail, setFailedThumbnail] = useState<string | null>(null);
  const thumbnail = item.thumbnailUrl && item.thumbnailUrl !== failedThumbnail ? item.thumbnailUrl : null;
  const product = productLabel(item.product);
  const when = formatDate(item.updatedAt);

  const onClickCapture = (event: MouseEvent<HTMLElement>) => {
    if (!onSelect || isOnControl(event)) return;
    const modified = event.shiftKey || event.metaKey || event.ctrlKey;
    // Enter on the link is a click with detail 0: it opens the item even while selecting.
    if (!modified && (!selectionActive || event.detail === 0)) return;
    // Selecting, not opening: keep the link from navigating.
    event.preventDefault();
    event.stopPropagation();
    onSelect(event.shiftKey ? 'range' : 'toggle');
  };

  const onLinkKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key !== ' ' || !onSelect) return;
    event.preventDefault();
    onSelect(event.shiftKey ? 'range' : 'toggle');
  };

  return (
    <article
      className={cx('item-card', selected && 'is-selected', archived && 'is-archived', item.isStack && 'is-stack', pending && 'is-pending')}
      aria-labelledby={titleId}
      aria-describedby={pending ? pendingId : undefined}
      draggable={draggable || undefined}
      onDragStart={draggable ? onDragStart : undefined}
      onDragEnd={draggable ? onDragEnd : undefined}
      onClickCapture={onClickCapture}
    >
      <div className="item-card__media">
        {thumbnail ? (
          <img className="item-card__thumbnail" src={thumbnail} alt="" width={720} height={405} loading={priority ? 'eager' : 'lazy'} fetchPriority={priority ? 'high' : undefined} decoding="async" draggable={false} onError={() => setFailedThumbnail(thumbnail)} />
        ) : (
          <div className={cx('item-card__placeholder', `item-card__placeholder--${art.family}`)} aria-hidden="true">
            {art.icon}
          </div>
        )}
        {badgeOf(item.versionState) && <ItemVersionBadge state={badgeOf(item.versionState)!} />}
        {(item.isStack || member) && (
          <span className="item-card__badge">
            <LayersIcon size={12} />
            {t(member ? 'content.item.inStack' : 'content.item.stack')}
          </span>
        )}
        {pending && <PendingMark id={pendingId} status={pending} className="item-card__pending" />}
        {archived && (
          <span className="item-card__badge item-card__badge--trash">
            <TrashIcon size={12} />
            {t('content.item.inTrash')}
          </span>
        )}
      </div>
      {onSelect && (
        <Checkbox
          className="item-card__check"
          label={t('content.item.select', { title: item.title })}
          hideLabel
          checked={selected}
          onChange={(_checked, modifiers) => onSelect(modifiers.shiftKey ? 'range' : 'toggle')}
        />
      )}
      {menu.length > 0 && <ItemMenuButton title={item.title} entries={menu} onSelect={onMenuSelect} className="item-card__menu" />}
      <div className="item-card__body">
        <p className="item-card__product">
          <span>{product}</span>
          {item.isStack && (
            <span className="item-card__stack-count">{item.stackSize === 1 ? t('content.item.stackCount.one') : t('content.item.stackCount.other', { count: item.stackSize })}</span>
          )}
        </p>
        <h3 id={titleId} className="item-card__title">
          <Link href={href} className="item-card__link" draggable={false} onKeyDown={onLinkKeyDown} title={item.title} aria-describedby={pending ? pendingId : undefined}>
            {item.title}
          </Link>
        </h3>
        <div className="item-card__meta">
          <p className="item-card__owner">
            <Avatar name={item.owner.fullName} src={item.owner.avatar ?? undefined} size="sm" decorative />
            <span className="k-visually-hidden">{t('content.item.ownedBy', { name: item.owner.fullName })}</span>
            <span className="item-card__owner-name" aria-hidden="true">
              {item.owner.fullName}
            </span>
          </p>
          <p className="item-card__updated">
            {item.updatedBy ? t('content.item.updatedBy', { name: item.updatedBy.fullName, when }) : t('content.item.updated', { when })}
          </p>
          {location && <p className="item-card__location">{t('content.item.location', { folder: location })}</p>}
        </div>
      </div>
    </article>
  );
}

export interface ItemGridProps {
  items: readonly ItemRecord[];
  hrefFor: (item: ItemRecord) => string;
  /** The item menu of each item (domain `itemMenu` with the item's folder actions). */
  menuFor: (item: ItemRecord) => readonly ItemMenuEntry[];
  onMenuSelect: (item: ItemRecord, entry: ItemMenuEntry) => void;
  selectedIds?: ReadonlySet<string>;
  /** Selection changes; no checkboxes when omitted. */
  onSelect?: (id: string, mode: SelectMode) => void;
  formatDate: (iso: string) => string;
  /** The folder each item is in (search results). */
  locationOf?: (item: ItemRecord) => string | null;
  onDragStartItem?: (item: ItemRecord, event: DragEvent<HTMLElement>) => void;
  onDragEndItem?: (item: ItemRecord) => void;
  /** Accessible name of the list; "Items" by default. */
  label?: string;
  /** Items in the whole folder: over 500 the cards animate in 300 ms instead of 400 (§9). */
  totalCount?: number;
  /** Items changed on screen and not confirmed yet, by id (§4). */
  pendingOf?: (id: string) => PendingStatus | undefined;
}

/** The cards of one page (§9: 16 per page), at most 1144 wide, cards 246 wide. */
export function ItemGrid({ items, hrefFor, menuFor, onMenuSelect, selectedIds, onSelect, formatDate, locationOf, onDragStartItem, onDragEndItem, label, totalCount, pendingOf }: ItemGridProps) {
  const selectionActive = (selectedIds?.size ?? 0) > 0;
  return (
    <ul className="item-grid" aria-label={label ?? t('content.items.label')} style={{ '--content-motion': `${contentAnimationMs(totalCount ?? items.length)}ms` } as CSSProperties}>
      {items.map((item, index) => (
        <li key={item.id} className="item-grid__cell">
          <ItemCard
            item={item}
            href={hrefFor(item)}
            menu={menuFor(item)}
            onMenuSelect={(entry) => onMenuSelect(item, entry)}
            selected={selectedIds?.has(item.id) ?? false}
            onSelect={onSelect ? (mode) => onSelect(item.id, mode) : undefined}
            selectionActive={selectionActive}
            formatDate={formatDate}
            location={locationOf?.(item) ?? null}
            onDragStart={onDragStartItem ? (event) => onDragStartItem(item, event) : undefined}
            onDragEnd={onDragEndItem ? () => onDragEndItem(item) : undefined}
            pending={pendingOf?.(item.id) ?? null}
            priority={index < FIRST_ROW_CARDS}
          />
        </li>
      ))}
    </ul>
  );
}

export interface GridSkeletonProps {
  /** Placeholder cards; 16 (§9 "skeleton shows 16"). */
  count?: number;
}

/** The grid while a page loads: 16 placeholder cards and a polite "Loading items…". */
export function GridSkeleton({ count = ITEMS_PER_PAGE }: GridSkeletonProps) {
  return (
    <div className="grid-skeleton" aria-busy="true">
      <p role="status" className="k-visually-hidden">
        {t('content.grid.loading')}
      </p>
      <ul className="item-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="item-grid__cell">
            <div className="item-card item-card--skeleton">
              <Skeleton className="item-card__media" />
              <div className="item-card__body">
                <Skeleton shape="line" width="35%" height="0.75rem" />
                <Skeleton shape="line" width="90%" height="1rem" />
                <Skeleton shape="line" width="60%" height="1rem" />
                <div className="item-card__meta">
                  <p className="item-card__owner">
                    <Skeleton shape="circle" width="1.75rem" height="1.75rem" />
                    <Skeleton shape="line" width="45%" height="0.75rem" />
                  </p>
                  <Skeleton shape="line" width="75%" height="0.75rem" />
                </div>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
