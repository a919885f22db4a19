/**
 * The segment table (translation-editor §2): group headers and source/target segment rows, virtualized with
 * @tanstack/react-virtual (dynamic row heights measured, overscan). Group headers are disclosure buttons; a segment's
 * target starts editing on click or Enter (when the editor is on and the segment is not locked) and shows the editor
 * slot while edited. Rows are memoized on their own data and the handlers are stable, so a keystroke in the editor
 * re-renders only the edited row. The tools add, all optional: search hits marked in the texts (`hitsOf`, the current
 * hit's row aria-current), row badges (`segmentBadges`: duplicates, low contrast, disabled by a diff) and a slot under
 * a row's target (`renderSegmentExtras`: suggestions, reset, diff marks).
 *
 * Keyboard (a roving focus over the table's rows): the table is one Tab stop, the row `tabStopKey` names (its target, or a
 * group's disclosure button); Up / Down, Home / End and Page Up / Page Down ask `onFocusMove` to move it, and the
 * focus follows the new tab stop (scrolled into view; the focused and the edited row are always kept mounted).
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { SegmentText as SegmentTextValue, ValidationChange } from '../../../domain/translation.ts';
import { deserializeSegmentText, isEdited } from '../../../domain/translationEdits.ts';
import type { Segment, TableRow, UiGroup } from '../../../domain/translationModel.ts';
import type { TextMatch } from '../../../domain/translationSearch.ts';
import { Button, ChevronRightIcon, cx, EmptyState, LockIcon } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { groupTypeLabel } from './labels.ts';
import { SegmentText, type SegmentTextHits } from './SegmentText.tsx';
import { SegmentMarkers } from './tools/SegmentMarkers.tsx';
import { ROVING, usePinnedRange, useRovingFocus } from './keyboard/useRovingFocus.ts';
import { RowExtras } from './keyboard/RowExtras.tsx';

/** One field's search hits in a segment (plain-text offsets; currentMatch indexes matches, null: not the current hit). */
export interface SegmentHits {
  field: 'source' | 'target';
  matches: TextMatch[];
  currentMatch: number | null;
}

/** A segment's row markers. */
export interface SegmentBadges {
  /** How many segments have this source text, this one included; below 2 no badge ("Appears N times"). */
  duplicates: number;
  /** §5 low contrast text (contrast ratio below 1.7). */
  lowContrast: boolean;
  /** The version diff disables the segment: not editable while comparing. */
  disabledByDiff: boolean;
}

export interface SegmentTableProps {
  rows: readonly TableRow[];
  groupOf: (key: string) => UiGroup | undefined;
  segmentOf: (key: string) => Segment | undefined;
  /** The segment's validation change (by segment key). */
  changeOf: (key: string) => ValidationChange | undefined;
  isEditing: (key: string) => boolean;
  /** The editor for the row being edited. */
  renderEditor: (key: string) => ReactNode;
  /** A profile's name by user id, or null when unknown ("Edited by …"). */
  nameOf: (userId: string) => string | null;
  onToggleGroup: (groupKey: string) => void;
  onStartEdit: (segmentKey: string) => void;
  /** The nav group shown (highlighted). */
  activeNavKey: string | null;
  /** A group header to scroll to when it changes (previous / next, the flyout). */
  scrollToKey: string | null;
  /** Target text direction and language (§5 right-to-left locales). */
  dir: 'ltr' | 'rtl';
  lang: string;
  sourceDir?: 'ltr' | 'rtl';
  sourceLang?: string;
  /** Whether a segment is locked (domain isNavGroupLocked on its navKey). */
  locked: (segmentKey: string) => boolean;
  /** Nav groups that are complete (the "Complete" badge). */
  completeNavKeys: ReadonlySet<string>;
  /** Inline editing on (the segment-editor switch). */
  editorEnabled: boolean;
  /** A filter other than all is active: an empty table offers to clear it. */
  filtered: boolean;
  onClearFilter: () => void;
  /** Size of the viewport before it is measured (and when server-rendered). */
  initialHeight?: number;
  /**
   * Search hits of a segment (§2 search, §9 highlight colours), null when it has none. Called for rendered rows only;
   * return null (not an empty array) for rows without hits. The row holding the current hit gets aria-current; set
   * `scrollToKey` to its key to bring it into view.
   */
  hitsOf?: (key: string) => readonly SegmentHits[] | null;
  /** Badges of a segment, null when it has none. */
  segmentBadges?: (key: string) => SegmentBadges | null;
  /**
   * Content under a segment's target (suggestions, reset, diff marks); null for none. A row whose extras are non-null
   * re-renders with the table, so return null for rows that show nothing.
   */
  renderSegmentExtras?: (key: string) => ReactNode;
  /** The row holding the table's one Tab stop (null: the first row). */
  tabStopKey?: string | null;
  /** The keyboard landed on a row (a click, Tab into the table). */
  onFocusRow?: (key: string) => void;
  /** Arrows, Home / End, Page Up / Page Down on a row (`count`: rows per page). */
  onFocusMove?: (move: 'previous' | 'next' | 'first' | 'last', count: number) => void;
  /** Whether the segment has an unsaved draft (the row's mark). */
  hasDraft?: (key: string) => boolean;
}



const GROUP_ROW_ESTIMATE = 44;
const SEGMENT_ROW_ESTIMATE = 76;
const OVERSCAN = 3;

/** The virtualized table, or the empty state. */
export function SegmentTable(props: SegmentTableProps) {
  const { rows, scrollToKey, filtered, onClearFilter, initialHeight = 800 } = props;
  const scrollRef = useRef<HTMLDivElement>(null);

  // Handlers through a ref: memoized rows keep one callback identity for the table's life.
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const toggleGroup = useCallback((key: string) => latest.current.onToggleGroup(key), []);
  const startEdit = useCallback((key: string) => latest.current.onStartEdit(key), []);

  // Keys and estimates per index, with callbacks that keep their identity while the rows do: the virtualizer
  // recomputes every row's position whenever getItemKey changes, and reads both for each row when it does.
  const { getItemKey, estimateSize } = useMemo(() => rowLookups(rows), [rows]);
  const getScrollElement = useCallback(() => scrollRef.current, []);
  // The tab stop's row and the edited row stay mounted wherever the view is scrolled (the keyboard is in them).
  const { isEditing } = props;
  const tabStopKey = props.tabStopKey ?? rows[0]?.key ?? null;
  const editingKey = useMemo(() => rows.find((row) => row.kind === 'segment' && isEditing(row.key))?.key ?? null, [rows, isEditing]);
  const { rangeExtractor, tabStopIndex } = usePinnedRange(rows, tabStopKey, editingKey);
  const anchorShift = useRef(0);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement,
    estimateSize,
    getItemKey,
    overscan: OVERSCAN,
    rangeExtractor,
    initialRect: { width: 500, height: initialHeight },
    // Rows are placed (and the sizer sized) in the DOM by the virtualizer; React renders only when the range changes.
    directDomUpdates: true,
    onChange: (instance) => {
      const shift = anchorShift.current;
      anchorShift.current = 0;
      if (shift !== 0) instance.scrollElement?.scrollBy({ top: shift });
    },
  });
  // Scroll anchoring, once per batch of measured rows: the rows above the viewport that were measured at another
  // size than assumed shift the view by their sum, and the view is scrolled back by it (the virtualizer's own
  // anchoring recomputes every row's position for each such row, 10–20 times a frame when jumping through the
  // table). The same rule as its own: a first measurement counts when the row starts above the viewport, a later one
  // when the row ends above it and the user is not scrolling back up.
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = (item, delta, instance) => {
    const offset = instance.scrollOffset ?? 0;
    const firstMeasure = !instance.itemSizeCache.has(item.key);
    if (firstMeasure ? item.start < offset : item.end <= offset && instance.scrollDirection !== 'backward') anchorShift.current += delta;
    return false;
  };

  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!scrollToKey || scrolledTo.current === scrollToKey) return;
    const index = rows.findIndex((row) => row.key === scrollToKey);
    if (index < 0) return;
    const first = scrolledTo.current === null;
    scrolledTo.current = scrollToKey;
    // A group header goes to the top; a segment (a search hit) only scrolls when it is out of view.
    virtualizer.scrollToIndex(index, { align: rows[index]!.kind === 'group' ? 'start' : 'auto' });
    if (first) return;
    // When the panel around the table scrolls too (a short panel), the row is brought into its view as well, once
    // the virtualizer has placed it; `nearest` leaves the panel alone when the row is already visible.
    const frame = requestAnimationFrame(() => {
      const element = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
      element?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    });
    return () => cancelAnimationFrame(frame);
  }, [scrollToKey, rows, virtualizer]);

  // When the editor of a row closes (saved, cancelled), its text box leaves the page and the focus would fall to the
  // page's body, where the panel's keys no longer arrive: it goes back to the row's target instead (else the panel).
  const editedKey = useRef<string | null>(null);
  useEffect(() => {
    const closed = editedKey.current;
    editedKey.current = editingKey;
    if (closed === null || editingKey !== null) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const index = rows.findIndex((row) => row.key === closed);
    const row = index >= 0 ? scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`) : null;
    const target = row?.querySelector<HTMLElement>(`[${ROVING}]`) ?? scrollRef.current?.closest<HTMLElement>('section[tabindex="-1"]');
    target?.focus({ preventScroll: true });
  }, [editingKey, rows]);

  const { onTableKeyDown, onTableFocus } = useRovingFocus({
    rows,
    scrollRef,
    virtualizer,
    tabStopKey,
    tabStopIndex,
    editingKey,
    pageRows: () => Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? initialHeight) / SEGMENT_ROW_ESTIMATE)),
    onFocusMove: (move, count) => latest.current.onFocusMove?.(move, count),
    onFocusRow: (key) => latest.current.onFocusRow?.(key),
  });

  if (rows.length === 0) return <SegmentTableEmpty filtered={filtered} onClearFilter={onClearFilter} />;

  return (
    <div className="translation-table" role="table" aria-label={t('translation.table.label')} aria-rowcount={rows.length + 1} aria-colcount={2}>
      <div role="rowgroup" className="translation-table__head">
        <div role="row" aria-rowindex={1} className="translation-table__head-row">
          <span role="columnheader">{t('translation.table.source')}</span>
          <span role="columnheader">{t('translation.table.target')}</span>
        </div>
      </div>
      <div ref={scrollRef} className="translation-table__scroll" role="rowgroup" onKeyDown={onTableKeyDown} onFocus={onTableFocus}>
        <div ref={virtualizer.containerRef} className="translation-table__sizer">
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const currentHit = row.kind === 'segment' && props.hitsOf ? hasCurrentHit(props.hitsOf(row.key)) : false;
            return (
              <div
                key={row.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                role="row"
                aria-rowindex={item.index + 2}
                aria-current={currentHit ? 'true' : undefined}
                className={cx('translation-row', `translation-row--${row.kind}`, currentHit && 'is-current-hit')}
                style={{ ['--depth' as string]: row.depth }}
              >
                {row.kind === 'group' ? (
                  <GroupRowOf row={row} table={props} onToggle={toggleGroup} tabStop={row.key === tabStopKey} />
                ) : (
                  <SegmentRowOf rowKey={row.key} table={props} onStartEdit={startEdit} tabStop={row.key === tabStopKey} />
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** The virtualizer's per-index lookups over precomputed arrays (monomorphic reads in its per-row loops). */
function rowLookups(rows: readonly TableRow[]): { getItemKey: (index: number) => string | number; estimateSize: (index: number) => number } {
  const keys = rows.map((row) => row.key);
  const estimates = new Float64Array(rows.length);
  rows.forEach((row, index) => {
    estimates[index] = row.kind === 'group' ? GROUP_ROW_ESTIMATE : SEGMENT_ROW_ESTIMATE;
  });
  return {
    getItemKey: (index) => keys[index] ?? index,
    estimateSize: (index) => estimates[index] ?? SEGMENT_ROW_ESTIMATE,
  };
}

function hasCurrentHit(hits: readonly SegmentHits[] | null): boolean {
  return hits !== null && hits.some((hit) => hit.currentMatch !== null);
}

/** §2 "a filter with no results offers a clear action". */
export function SegmentTableEmpty({ filtered, onClearFilter }: { filtered: boolean; onClearFilter: () => void }) {
  return (
    <EmptyState
      className="translation-table__empty"
      headingLevel={3}
      title={filtered ? t('translation.filter.empty') : t('translation.table.empty')}
      action={
        filtered ? (
          <Button size="sm" onClick={onClearFilter}>
            {t('translation.filter.clear')}
          </Button>
        ) : undefined
      }
    />
  );
}

type GroupTableRow = Extract<TableRow, { kind: 'group' }>;

/** Picks a group row's data so the memoized row compares plain values. */
function GroupRowOf({ row, table, onToggle, tabStop }: { row: GroupTableRow; table: SegmentTableProps; onToggle: (key: string) => void; tabStop: boolean }) {
  const group = table.groupOf(row.key);
  if (!group) return null;
  return (
    <GroupRow
      groupKey={row.key}
      title={group.title}
      typeLabel={groupTypeLabel(group.groupType)}
      collapsed={row.collapsed}
      segmentCount={row.segmentCount}
      complete={row.isNav && (row.complete || table.completeNavKeys.has(row.key))}
      active={row.isNav && row.key === table.activeNavKey}
      onToggle={onToggle}
      tabStop={tabStop}
    />
  );
}

export interface GroupRowProps {
  groupKey: string;
  title: string;
  typeLabel: string;
  collapsed: boolean;
  segmentCount: number;
  complete: boolean;
  active: boolean;
  onToggle: (key: string) => void;
  /** Holds the table's Tab stop. */
  tabStop?: boolean;
}

/** A group header: the disclosure button with title, type and count, and the Complete badge. */
export const GroupRow = memo(function GroupRow({ groupKey, title, typeLabel, collapsed, segmentCount, complete, active, onToggle, tabStop = false }: GroupRowProps) {
  return (
    <div role="cell" aria-colspan={2} className={cx('translation-group', active && 'is-active', complete && 'is-complete')} aria-current={active ? 'true' : undefined}>
      <button type="button" className="translation-group__toggle" aria-expanded={!collapsed} onClick={() => onToggle(groupKey)} tabIndex={tabStop ? 0 : -1} {...{ [ROVING]: '' }}>
        <ChevronRightIcon size={16} className="translation-group__chevron" />
        <span className="translation-group__title">{title}</span>
        <span className="translation-group__type">{typeLabel}</span>
        <span className="translation-group__count">{segmentCount === 1 ? t('translation.group.segment') : t('translation.group.segments', { count: segmentCount })}</span>
      </button>
      {complete && <span className="translation-badge translation-badge--complete">{t('translation.group.complete')}</span>}
    </div>
  );
});

/** Picks a segment row's data so the memoized row compares plain values (and stable objects). */
function SegmentRowOf({ rowKey, table, onStartEdit, tabStop }: { rowKey: string; table: SegmentTableProps; onStartEdit: (key: string) => void; tabStop: boolean }) {
  const segment = table.segmentOf(rowKey);
  if (!segment) return null;
  const change = table.changeOf(rowKey);
  const editing = table.isEditing(rowKey);
  const hits = table.hitsOf?.(rowKey) ?? null;
  const badges = table.segmentBadges?.(rowKey) ?? null;
  const extras = table.renderSegmentExtras?.(rowKey) ?? null;
  return (
    <SegmentRow
      segment={segment}
      change={change}
      editing={editing}
      editor={editing ? table.renderEditor(rowKey) : null}
      locked={table.locked(rowKey)}
      editorEnabled={table.editorEnabled}
      editedBy={change ? table.nameOf(change.proposedBy) : null}
      dir={table.dir}
      lang={table.lang}
      sourceDir={table.sourceDir ?? 'ltr'}
      sourceLang={table.sourceLang}
      onStartEdit={onStartEdit}
      sourceHits={hits ? hitsOfField(hits, 'source') : null}
      targetHits={hits ? hitsOfField(hits, 'target') : null}
      duplicates={badges?.duplicates ?? 0}
      lowContrast={badges?.lowContrast ?? false}
      disabledByDiff={badges?.disabledByDiff ?? false}
      extras={extras}
      tabStop={tabStop}
      draft={table.hasDraft?.(rowKey) ?? false}
    />
  );
}

function hitsOfField(hits: readonly SegmentHits[], field: SegmentHits['field']): SegmentTextHits | null {
  const hit = hits.find((entry) => entry.field === field);
  return hit && hit.matches.length > 0 ? hit : null;
}

export type SegmentStatus = 'accepted' | 'edited' | null;

/** §4 segment edit state as the row shows it: accepted (accepted or approved), edited (§5 "edited"), or neither. */
export function segmentStatus(segment: Pick<Segment, 'originalTarget' | 'textType'>, change: ValidationChange | undefined): SegmentStatus {
  if (!change) return null;
  if (change.status === 'accepted' || change.status === 'approved') return 'accepted';
  return isEdited(change, segment.originalTarget, segment.textType) ? 'edited' : null;
}

/** The target as shown: the saved value when the segment is edited or accepted, else the original target. */
export function shownTarget(segment: Pick<Segment, 'originalTarget' | 'textType'>, change: ValidationChange | undefined): SegmentTextValue {
  if (!change || segmentStatus(segment, change) === null) return segment.originalTarget;
  return deserializeSegmentText(change.replacement.newValue, segment.textType) ?? change.replacement.newValue;
}

export interface SegmentRowProps {
  segment: Segment;
  change: ValidationChange | undefined;
  editing: boolean;
  editor: ReactNode;
  locked: boolean;
  editorEnabled: boolean;
  editedBy: string | null;
  dir: 'ltr' | 'rtl';
  lang: string;
  sourceDir: 'ltr' | 'rtl';
  sourceLang?: string;
  onStartEdit: (key: string) => void;
  /** Search hits in the source / the shown target. */
  sourceHits?: SegmentTextHits | null;
  targetHits?: SegmentTextHits | null;
  /** Occurrences of the source text (this one included): the badge from 2. */
  duplicates?: number;
  lowContrast?: boolean;
  /** Disabled by the version diff: shown dimmed, not editable. */
  disabledByDiff?: boolean;
  /** The extras slot under the target. */
  extras?: ReactNode;
  /** Holds the table's Tab stop. */
  tabStop?: boolean;
  /** Has an unsaved draft (kept when the editor was left). */
  draft?: boolean;
}

function sameHits(a: SegmentTextHits | null | undefined, b: SegmentTextHits | null | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.currentMatch !== b.currentMatch || a.matches.length !== b.matches.length) return false;
  return a.matches.every((match, i) => match.start === b.matches[i]!.start && match.end === b.matches[i]!.end);
}

/** Rows compare their props by identity, except hits, which arrive as fresh arrays and compare by value. */
function sameRowProps(a: SegmentRowProps, b: SegmentRowProps): boolean {
  const keys = Object.keys(b) as (keyof SegmentRowProps)[];
  if (keys.length !== Object.keys(a).length) return false;
  for (const key of keys) {
    if (key === 'sourceHits' || key === 'targetHits') {
      if (!sameHits(a[key], b[key])) return false;
    } else if (!Object.is(a[key], b[key])) return false;
  }
  return true;
}

/** A segment: source, target (or the editor), status pill, who edited, lock, badges, hits, extras. */
export const SegmentRow = memo(function SegmentRow({
  segment,
  change,
  editing,
  editor,
  locked,
  editorEnabled,
  editedBy,
  dir,
  lang,
  sourceDir,
  sourceLang,
  onStartEdit,
  sourceHits = null,
  targetHits = null,
  duplicates = 0,
  lowContrast = false,
  disabledByDiff = false,
  extras = null,
  tabStop = false,
  draft = false,
}: SegmentRowProps) {
  const status = segmentStatus(segment, change);
  const target = shownTarget(segment, change);
  const editable = editorEnabled && !locked && !editing && !disabledByDiff;
  const marked = duplicates > 1 || lowContrast || disabledByDiff;
  const targetEmpty = typeof target === 'string' ? target.trim() === '' : target.blocks.every((block) => block.spans.every((span) => span.text.trim() === ''));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onStartEdit(segment.key);
    }
  };
  return (
    <>
      <div role="cell" className="translation-segment__source" lang={sourceLang} dir={sourceDir}>
        <SegmentText text={segment.source} textType={segment.textType} hits={sourceHits} />
      </div>
      <div role="cell" className={cx('translation-segment__target', editing && 'is-editing', locked && 'is-locked', disabledByDiff && 'is-disabled')}>
        {editing ? (
          <div className="translation-segment__editor" lang={lang} dir={dir}>
            {editor}
          </div>
        ) : (
          <div
            className={cx('translation-segment__text', editable && 'is-editable', targetEmpty && 'is-empty')}
            lang={lang}
            dir={dir}
            tabIndex={tabStop ? 0 : -1}
            {...{ [ROVING]: '' }}
            {...(editable ? { role: 'button', title: t('translation.segment.edit'), onClick: () => onStartEdit(segment.key), onKeyDown } : {})}
          >
            {targetEmpty ? <span className="translation-segment__placeholder">{t('translation.segment.emptyTarget')}</span> : <SegmentText text={target} textType={segment.textType} hits={targetHits} />}
          </div>
        )}
        {(status || locked || marked || draft) && (
          <div className="translation-segment__meta">
            {draft && <span className="translation-badge translation-badge--draft">{t('translation.segment.draft')}</span>}
            {status && <span className={cx('translation-badge', `translation-badge--${status}`)}>{t(`translation.segment.${status}`)}</span>}
            {status && editedBy && <span className="translation-segment__by">{t('translation.segment.editedBy', { name: editedBy })}</span>}
            {locked && (
              <span className="translation-segment__lock" title={t('translation.segment.locked')}>
                <LockIcon size={14} />
                <span className="k-visually-hidden">{t('translation.segment.locked')}</span>
              </span>
            )}
            {marked && <SegmentMarkers duplicates={duplicates} lowContrast={lowContrast} disabledByDiff={disabledByDiff} />}
          </div>
        )}
        {extras !== null && extras !== undefined && extras !== false && <RowExtras outOfTabOrder={!editing}>{extras}</RowExtras>}
      </div>
    </>
  );
}, sameRowProps);
