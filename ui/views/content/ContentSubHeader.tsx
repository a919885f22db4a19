import { useId, useRef, type ReactNode } from 'react';
import { SEARCH_MAX_LENGTH } from '../../../domain/constants.ts';
import { PRODUCT_FILTERS, type ProductFilter } from '../../../domain/content.ts';
import { limitSearchInput } from '../../../domain/names.ts';
import { CloseIcon, SearchIcon, Select } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { productFilterLabel } from './labels.tsx';

export interface SearchBoxProps {
  /** The text in the box (controlled). */
  value: string;
  /** Every edit, already cut to 255 characters (§5). */
  onChange: (text: string) => void;
  /** Escape or the clear button: the owner empties the text and the grid filter (§5). */
  onClear: () => void;
}

/** The grid's search box (§2): at most 255 characters, Escape clears, a clear button while there is text. */
export function SearchBox({ value, onChange, onClear }: SearchBoxProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <div role="search" className="content-search">
      <label htmlFor={id} className="k-visually-hidden">
        {t('content.search.label')}
      </label>
      <SearchIcon size={16} className="content-search__icon" />
      <input
        ref={inputRef}
        id={id}
        type="search"
        className="content-search__input"
        value={value}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder={t('content.search.placeholder')}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(limitSearchInput(event.target.value))}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || value === '') return;
          // Escape with text clears the search only; it must not also close something around it.
          event.preventDefault();
          event.stopPropagation();
          onClear();
        }}
      />
      {value !== '' && (
        <button
          type="button"
          className="k-icon-button k-icon-button--sm content-search__clear"
          aria-label={t('content.search.clear')}
          onClick={() => {
            onClear();
            inputRef.current?.focus();
          }}
        >
          <CloseIcon size={14} />
        </button>
      )}
    </div>
  );
}

export interface ProductFilterSelectProps {
  value: ProductFilter;
  onChange: (filter: ProductFilter) => void;
}

/** The product filter (§1): All Formats, Storyline, Rise, Studio, Video. */
export function ProductFilterSelect({ value, onChange }: ProductFilterSelectProps) {
  return (
    <Select<ProductFilter>
      className="content-filter"
      label={t('content.filter.label')}
      hideLabel
      value={value}
      options={PRODUCT_FILTERS.map((filter) => ({ value: filter, label: productFilterLabel(filter) }))}
      onChange={onChange}
    />
  );
}

export interface ContentSubHeaderProps {
  search: string;
  onSearchChange: (text: string) => void;
  onSearchClear: () => void;
  product: ProductFilter;
  onProductChange: (filter: ProductFilter) => void;
  /** The page's heading id, for the main landmark's aria-labelledby. */
  titleId?: string;
  /** The upload-file link (signed-in, active users only), or nothing. */
  upload?: ReactNode;
}

/**
 * The 'My content' sub-header (§2): title, the upload-file link (a slot), the
 * search box and the product filter. The page's one h1.
 */
export function ContentSubHeader({ search, onSearchChange, onSearchClear, product, onProductChange, titleId, upload }: ContentSubHeaderProps) {
  return (
    <div className="content-subheader">
      <h1 id={titleId} className="content-subheader__title">
        {t('content.title')}
      </h1>
      <div className="content-subheader__tools">
        {upload}
        <SearchBox value={search} onChange={onSearchChange} onClear={onSearchClear} />
        <ProductFilterSelect value={product} onChange={onProductChange} />
      </div>
    </div>
  );
}
