/**
 * The translate tab's panel (translation-editor §2): header, banners, table, sidebar and bottom bar laid out in the
 * item view's side panel, with the loading and error states. Keyboard (§2): left and right arrows move between
 * groups, and undo / redo shortcuts are suppressed, both only outside text entry (inputs and the segment editor keep
 * their keys). The `toolbar` slot (the search / replace bar) between the header and the banner, the `drawer`
 * slot (the audio drawer, other side content) and, with `onFind`, Ctrl/Cmd+F opening search (`handleFindKey`).
 */
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Banner, cx } from '../../kit/index.ts';
import { TranslationLoading } from './TranslationLoading.tsx';
import { t } from '../../strings.ts';
import { handleFindKey, type SearchBarMode } from './tools/SearchReplaceBar.tsx';
import { usePanelShape } from './useCompact.ts';

export { TranslationLoading };

export type TranslationPanelStatus = 'loading' | 'error' | 'ready';

export interface TranslationPanelProps {
  status: TranslationPanelStatus;
  /** The §8 loading message while status is error. */
  errorMessage?: string | null;
  /** TranslationHeader. */
  header?: ReactNode;
  /** The search / replace bar (between the header and the banner). */
  toolbar?: ReactNode;
  /** Error banner, conflict notices… above the table. */
  banner?: ReactNode;
  /** SegmentTable. */
  table?: ReactNode;
  /** StackSidebar. */
  sidebar?: ReactNode;
  /** BottomBar. */
  bottomBar?: ReactNode;
  /** Dialogs (reopen, conflict, sign-in). */
  dialogs?: ReactNode;
  /** Side content (the audio drawer): rendered last, after the dialogs. */
  drawer?: ReactNode;
  onPrevious: () => void;
  onNext: () => void;
  /** Ctrl/Cmd+F (search) and Ctrl/Cmd+Shift+F or Ctrl/Cmd+H (find and replace) inside the panel; absent: the browser's find. */
  onFind?: (mode: SearchBarMode) => void;
  /** Other keys of the panel (e.g. Escape closing course updates); returns true when it handled the key. */
  onKey?: (event: KeyboardEvent<HTMLElement>) => boolean;
}

/** The part of a key event the panel's handler reads (a React keyboard event fits). */
export interface PanelKeyEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  target: unknown;
  defaultPrevented?: boolean;
  preventDefault: () => void;
}

interface ElementLike {
  tagName?: string;
  isContentEditable?: boolean;
  getAttribute?: (name: string) => string | null;
  closest?: (selector: string) => unknown;
}

const TEXT_ENTRY_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/** Whether keys go to text entry here: an input, textarea, select, or anything inside an editable region. */
export function isTextEntryTarget(target: unknown): boolean {
  if (typeof target !== 'object' || target === null) return false;
  const element = target as ElementLike;
  if (element.tagName && TEXT_ENTRY_TAGS.has(element.tagName.toUpperCase())) return true;
  if (element.isContentEditable) return true;
  const role = element.getAttribute?.('role');
  if (role === 'textbox' || role === 'slider' || role === 'combobox') return true;
  return Boolean(element.closest?.('[contenteditable]:not([contenteditable="false"]), .ProseMirror'));
}

/** Whether a key comes from inside a dialog or a menu (they have their own Escape and arrows). */
export function isInsideOverlay(target: unknown): boolean {
  if (typeof target !== 'object' || target === null) return false;
  const element = target as ElementLike;
  return Boolean(element.closest?.('dialog, [role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]'));
}

/**
 * Escape closing a view of the panel (course updates, the version diff): not from text entry (the segment editor's
 * Escape cancels the edit, the search field's clears it), nor from a dialog or menu, nor when already handled.
 */
export function handleEscapeKey(event: Pick<PanelKeyEvent, 'key' | 'target' | 'defaultPrevented' | 'preventDefault'>, onClose: () => void): boolean {
  if (event.key !== 'Escape' || event.defaultPrevented || isTextEntryTarget(event.target) || isInsideOverlay(event.target)) return false;
  event.preventDefault();
  onClose();
  return true;
}

/** Keys that reach the document with nothing focused, or the page's main area focused: the translate tab takes them. */
function isPageLevelTarget(target: EventTarget | null): boolean {
  if (target === null || target === document.body || target === document.documentElement) return true;
  return target instanceof HTMLElement && target.tagName === 'MAIN';
}

/**
 * The panel's keys: ArrowLeft / ArrowRight (no modifiers) → previous / next group; Mod-z, Mod-y, Mod-Shift-z →
 * prevented. Events from text entry are left alone. Returns what it did.
 */
export function handlePanelKey(event: PanelKeyEvent, actions: { onPrevious: () => void; onNext: () => void }): 'previous' | 'next' | 'suppressed' | null {
  if (event.defaultPrevented || isTextEntryTarget(event.target)) return null;
  const mod = event.ctrlKey || event.metaKey;
  if (mod && !event.altKey && (event.key.toLowerCase() === 'z' || event.key.toLowerCase() === 'y')) {
    event.preventDefault();
    return 'suppressed';
  }
  if (mod || event.altKey || event.shiftKey) return null;
  if (event.key === 'ArrowLeft') {
    event.preventDefault();
    actions.onPrevious();
    return 'previous';
  }
  if (event.key === 'ArrowRight') {
    event.preventDefault();
    actions.onNext();
    return 'next';
  }
  return null;
}

/**
 * The panel: loading, error, or header / tools / sidebar / table / bottom bar. The table keeps most of the height:
 * the tools (search bar, banners, diff view, surveys, and the stack sidebar unless the panel is wide enough for it
 * beside the table) share a capped region that scrolls on its own; in a short panel (a phone) the whole panel
 * scrolls, and the table fills it once scrolled to.
 */
export function TranslationPanel(props: TranslationPanelProps) {
  if (props.status === 'loading') return <TranslationLoading />;
  if (props.status === 'error') {
    return (
      <section className="translation-panel translation-panel--error" aria-label={t('translation.panel.label')}>
        <Banner tone="error">{props.errorMessage ?? ''}</Banner>
      </section>
    );
  }
  return <TranslationPanelReady {...props} />;
}

function TranslationPanelReady({ header, toolbar, banner, table, sidebar, bottomBar, dialogs, drawer, onPrevious, onNext, onFind, onKey }: TranslationPanelProps) {
  const ref = useRef<HTMLElement>(null);
  const { wide, short } = usePanelShape(ref);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (onFind && handleFindKey(event, { onFind })) return;
    if (onKey?.(event)) return;
    handlePanelKey(event, { onPrevious, onNext });
  };
  // Keys that reach the page rather than the panel (the focused row scrolled away and left the page, a click on the
  // page around the panel): the panel's views and groups still answer them (Escape, arrows), never keys of another
  // control. Ctrl/Cmd+F stays the browser's there.
  const latest = useRef({ onKey, onPrevious, onNext });
  useLayoutEffect(() => {
    latest.current = { onKey, onPrevious, onNext };
  });
  useEffect(() => {
    const onPageKey = (event: globalThis.KeyboardEvent) => {
      const panel = ref.current;
      if (!panel || event.defaultPrevented || !isPageLevelTarget(event.target)) return;
      const { onKey: onViewKey, onPrevious: previous, onNext: next } = latest.current;
      if (onViewKey?.(event as unknown as KeyboardEvent<HTMLElement>)) return;
      handlePanelKey(event, { onPrevious: previous, onNext: next });
    };
    document.addEventListener('keydown', onPageKey);
    return () => document.removeEventListener('keydown', onPageKey);
  }, []);
  const aside = sidebar ? <aside className="translation-panel__sidebar">{sidebar}</aside> : null;
  return (
    // The panel listens for its shortcuts as keys bubble up from the controls inside it. It takes focus itself
    // (tabIndex -1: not a tab stop) when a click lands on something that cannot, such as a row's text, so that the
    // keys keep coming here rather than to the page's main area.
    <section
      ref={ref}
      tabIndex={-1}
      className={cx('translation-panel', short && 'translation-panel--short')}
      aria-label={t('translation.panel.label')}
      onKeyDown={onKeyDown}
    >
      {header}
      <div className="translation-panel__tools">
        {!wide && aside}
        {toolbar}
        {banner}
      </div>
      <div className="translation-panel__body">
        {wide && aside}
        <div className="translation-panel__table" data-walkthrough="segments">
          {table}
        </div>
      </div>
      {bottomBar}
      {dialogs}
      {drawer}
    </section>
  );
}

