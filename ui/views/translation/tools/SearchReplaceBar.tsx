/**
 * The search / replace bar (translation-editor §2 search / replace bar and view modes, §3 Filter state, §4 find and
 * replace status and stepping, §5 find-and-replace rules, §9 result limit): the search field, the scope and slide
 * scope, the result count, previous / next, and in replace mode the replace field with Replace and Replace all.
 * Presentational: the container owns the term, the hits and the status and sends the machine's events.
 *
 * Keys: Enter in the search field → next, Shift+Enter → previous; Enter in the replace field → Replace; Escape
 * anywhere in the bar → close. In the panel, Ctrl/Cmd+F opens search (`handleFindKey`), Ctrl/Cmd+Shift+F / Ctrl+H
 * find and replace.
 */
import type { KeyboardEvent } from 'react';
import { SEARCH_RESULT_LIMIT, TRANSLATION_TOOL_MESSAGES, type TranslationProduct } from '../../../../domain/translation.ts';
import type { SearchScope, SlideSearchScope } from '../../../../domain/translationSearch.ts';
import { Button, ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon, CloseIcon, cx, EditIcon, SearchIcon, Select, Spinner, TextField } from '../../../kit/index.ts';
import { t } from '../../../strings.ts';
import { navUnitOf } from '../labels.ts';

/** §4 find and replace status (overall, or per path). */
export type ReplaceStatus = 'IDLE' | 'LOADING' | 'ERROR' | 'SUCCESS';
export type SearchBarMode = 'search' | 'replace';

/** The result count: `current` is 1-based (null before stepping), `total` the matches counted (at most the limit). */
export interface SearchCounts {
  current: number | null;
  total: number;
  /** More matches than the §9 limit existed. */
  truncated: boolean;
}

export interface SearchReplaceBarProps {
  mode: SearchBarMode;
  /** The course's product: "slide" (Storyline) or "lesson" (Rise) in the slide scope. */
  product: TranslationProduct;
  term: string;
  replaceValue: string;
  scope: SearchScope;
  slideScope: SlideSearchScope;
  counts: SearchCounts;
  /** §5 replacing needs both a search term and a replace value (and hits, and rights: the container decides). */
  canReplace: boolean;
  /** The overall replace status; SUCCESS shows "Replaced in N segments" with `replacedCount`. */
  status: ReplaceStatus;
  replacedCount?: number;
  onTermChange: (term: string) => void;
  onReplaceValueChange: (value: string) => void;
  onScopeChange: (scope: SearchScope) => void;
  onSlideScopeChange: (scope: SlideSearchScope) => void;
  onNext: () => void;
  onPrevious: () => void;
  onReplace: () => void;
  onReplaceAll: () => void;
  onModeChange: (mode: SearchBarMode) => void;
  onClose: () => void;
  /** Focus the search field when the bar appears (it was opened with a button or a shortcut). */
  autoFocus?: boolean;
}

const numbers = new Intl.NumberFormat('en-US');

/** "3 of 12", "12 results", "No results", or null while there is no term. */
export function searchCountText(term: string, counts: SearchCounts): string | null {
  if (term.trim() === '') return null;
  if (counts.total === 0) return t('translationTools.count.none');
  const total = counts.truncated ? `${numbers.format(SEARCH_RESULT_LIMIT)}+` : numbers.format(counts.total);
  if (counts.current !== null) return t('translationTools.count.position', { current: numbers.format(counts.current), total });
  if (counts.total === 1 && !counts.truncated) return t('translationTools.count.result');
  return t('translationTools.count.results', { total });
}

/** The part of a key event the bar's handlers read (a React keyboard event fits). */
export interface BarKeyEvent {
  key: string;
  shiftKey: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  defaultPrevented?: boolean;
  /** IME composition in progress (Japanese, Chinese, Korean input): Enter confirms the composition, not a search. */
  nativeEvent?: { isComposing?: boolean };
  preventDefault: () => void;
  stopPropagation?: () => void;
}

/** The search field's keys: Enter → next, Shift+Enter → previous. Returns what it did. */
export function handleSearchFieldKey(event: BarKeyEvent, actions: { onNext: () => void; onPrevious: () => void }): 'next' | 'previous' | null {
  if (event.key !== 'Enter' || event.nativeEvent?.isComposing || event.ctrlKey || event.metaKey || event.altKey) return null;
  event.preventDefault();
  if (event.shiftKey) {
    actions.onPrevious();
    return 'previous';
  }
  actions.onNext();
  return 'next';
}

/** Escape anywhere in the bar closes it. */
export function handleBarKey(event: BarKeyEvent, onClose: () => void): boolean {
  if (event.key !== 'Escape' || event.defaultPrevented) return false;
  event.preventDefault();
  event.stopPropagation?.();
  onClose();
  return true;
}

/**
 * The panel's find shortcuts: Ctrl/Cmd+F → search, Ctrl/Cmd+Shift+F or Ctrl/Cmd+H → find and replace (the
 * browser's own find is kept from opening). Put it in the panel's key handler; it works from inputs too.
 */
export function handleFindKey(event: BarKeyEvent, actions: { onFind: (mode: SearchBarMode) => void }): SearchBarMode | null {
  if (event.defaultPrevented || !(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  const mode: SearchBarMode | null = key === 'f' ? (event.shiftKey ? 'replace' : 'search') : key === 'h' && !event.shiftKey ? 'replace' : null;
  if (!mode) return null;
  event.preventDefault();
  actions.onFind(mode);
  return mode;
}

/** The bar. */
export function SearchReplaceBar({
  mode,
  product,
  term,
  replaceValue,
  scope,
  slideScope,
  counts,
  canReplace,
  status,
  replacedCount = 0,
  onTermChange,
  onReplaceValueChange,
  onScopeChange,
  onSlideScopeChange,
  onNext,
  onPrevious,
  onReplace,
  onReplaceAll,
  onModeChange,
  onClose,
  autoFocus = false,
}: SearchReplaceBarProps) {
  const unit = navUnitOf(product);
  const replacing = mode === 'replace';
  const countText = searchCountText(term, counts);
  const canStep = counts.total > 0;
  const busy = status === 'LOADING';
  return (
    <div
      role="search"
      aria-label={t('translationTools.bar.label')}
      className={cx('translation-find', replacing && 'is-replacing')}
      onKeyDown={(event: KeyboardEvent<HTMLDivElement>) => handleBarKey(event, onClose)}
    >
      <div className="translation-find__row">
        <button
          type="button"
          className="k-icon-button translation-find__toggle"
          aria-expanded={replacing}
          aria-label={t('translationTools.toggleReplace')}
          title={t('translationTools.toggleReplace')}
          onClick={() => onModeChange(replacing ? 'search' : 'replace')}
        >
          {replacing ? <ChevronDownIcon size={16} /> : <ChevronRightIcon size={16} />}
        </button>
        <TextField
          className="translation-find__field"
          label={t('translationTools.search.label')}
          hideLabel
          placeholder={t('translationTools.search.placeholder')}
          value={term}
          onChange={onTermChange}
          autoFocus={autoFocus}
          autoComplete="off"
          spellCheck={false}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => handleSearchFieldKey(event, { onNext, onPrevious })}
        />
        <span className={cx('translation-find__count', counts.total === 0 && 'is-none')} role="status">
          {countText}
        </span>
        <button type="button" className="k-icon-button" aria-label={t('translationTools.previous')} title={t('translationTools.previous')} disabled={!canStep} onClick={onPrevious}>
          <ChevronLeftIcon size={16} />
        </button>
        <button type="button" className="k-icon-button" aria-label={t('translationTools.next')} title={t('translationTools.next')} disabled={!canStep} onClick={onNext}>
          <ChevronRightIcon size={16} />
        </button>
        <button type="button" className="k-icon-button" aria-label={t('translationTools.close')} title={t('translationTools.close')} onClick={onClose}>
          <CloseIcon size={16} />
        </button>
      </div>
      {counts.truncated && <p className="translation-find__note">{t('translationTools.count.truncated', { limit: numbers.format(SEARCH_RESULT_LIMIT) })}</p>}
      <div className="translation-find__row translation-find__scopes">
        <Select<SearchScope>
          size="sm"
          label={t('translationTools.scope.label')}
          value={scope}
          options={[
            { value: 'all', label: t('translationTools.scope.all') },
            { value: 'target', label: t('translationTools.scope.target') },
            { value: 'source', label: t('translationTools.scope.source') },
          ]}
          onChange={onScopeChange}
        />
        <Select<SlideSearchScope>
          size="sm"
          label={t(`translationTools.slideScope.label.${unit}`)}
          value={slideScope}
          options={[
            { value: 'current', label: t(`translationTools.slideScope.current.${unit}`) },
            { value: 'all', label: t(`translationTools.slideScope.all.${unit}`) },
          ]}
          onChange={onSlideScopeChange}
        />
      </div>
      {replacing && (
        <div className="translation-find__row translation-find__replace">
          <TextField
            className="translation-find__field"
            label={t('translationTools.replace.label')}
            hideLabel
            placeholder={t('translationTools.replace.placeholder')}
            value={replaceValue}
            onChange={onReplaceValueChange}
            autoComplete="off"
            spellCheck={false}
            onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
              if (event.key === 'Enter' && !event.nativeEvent.isComposing && canReplace && !busy) {
                event.preventDefault();
                onReplace();
              }
            }}
          />
          <Button size="sm" disabled={!canReplace || busy} onClick={onReplace} iconStart={<EditIcon size={14} />}>
            {t('translationTools.replace.one')}
          </Button>
          <Button size="sm" variant="primary" disabled={!canReplace} loading={busy} onClick={onReplaceAll}>
            {t('translationTools.replace.all')}
          </Button>
        </div>
      )}
      <ReplaceStatusLine status={status} count={replacedCount} />
    </div>
  );
}

/** §4 the overall replace status: a spinner, the §8 error, or how many segments changed. Nothing while idle. */
export function ReplaceStatusLine({ status, count }: { status: ReplaceStatus; count: number }) {
  if (status === 'IDLE') return null;
  if (status === 'LOADING') return <Spinner size="sm" showLabel label={t('translationTools.replace.loading')} className="translation-find__status" />;
  if (status === 'ERROR') {
    return (
      <p className="translation-find__status translation-find__status--error" role="alert">
        {TRANSLATION_TOOL_MESSAGES.replace}
      </p>
    );
  }
  return (
    <p className="translation-find__status translation-find__status--success" role="status">
      {count === 1 ? t('translationTools.replace.successOne') : t('translationTools.replace.success', { count: numbers.format(count) })}
    </p>
  );
}

export interface FindButtonsProps {
  /** The bar's mode while open, null when closed (the matching button shows pressed). */
  active: SearchBarMode | null;
  onFind: (mode: SearchBarMode) => void;
  /** Find and replace offered (the user may edit). */
  canReplace?: boolean;
}

/** The header's "Find" and "Find and replace" icon buttons. */
export function FindButtons({ active, onFind, canReplace = true }: FindButtonsProps) {
  return (
    <span className="translation-find-buttons">
      <button
        type="button"
        className={cx('k-icon-button', active === 'search' && 'is-pressed')}
        aria-label={t('translationTools.find.button')}
        title={`${t('translationTools.find.button')} (Ctrl+F)`}
        aria-pressed={active === 'search'}
        onClick={() => onFind('search')}
      >
        <SearchIcon size={16} />
      </button>
      {canReplace && (
        <button
          type="button"
          className={cx('k-icon-button', active === 'replace' && 'is-pressed')}
          aria-label={t('translationTools.find.replaceButton')}
          title={t('translationTools.find.replaceButton')}
          aria-pressed={active === 'replace'}
          onClick={() => onFind('replace')}
        >
          <EditIcon size={16} />
        </button>
      )}
    </span>
  );
}
