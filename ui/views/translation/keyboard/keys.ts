/**
 * The translate tab's keyboard map: which key does what in the segments table, in a segment editor and anywhere in
 * the tab (the shortcut sheet lists the same entries). Pure: a key event in, an action name out.
 */
import { isInsideOverlay, isTextEntryTarget, type PanelKeyEvent } from '../TranslationPanel.tsx';

/** "Mark complete" from anywhere in the tab (no browser or editor binding uses it). */
export const MARK_COMPLETE_KEYS = 'Alt+Shift+C';

export interface ShortcutEntry {
  /** Keys as shown (a slash separates alternatives). */
  keys: string[];
  /** The strings key of what it does. */
  label: string;
}

export interface ShortcutSection {
  title: string;
  entries: ShortcutEntry[];
}

/** The shortcut sheet's contents (strings keys), the modifier named for the platform. */
export function shortcutSections(mac: boolean): ShortcutSection[] {
  const mod = mac ? '⌘' : 'Ctrl';
  const alt = mac ? '⌥' : 'Alt';
  return [
    {
      title: 'translation.keys.section.table',
      entries: [
        { keys: ['↑', '↓'], label: 'translation.keys.rowMove' },
        { keys: ['Home', 'End'], label: 'translation.keys.rowEnds' },
        { keys: ['Page Up', 'Page Down'], label: 'translation.keys.rowPage' },
        { keys: ['Enter'], label: 'translation.keys.open' },
        { keys: ['→', '←'], label: 'translation.keys.rowControls' },
        { keys: ['Tab'], label: 'translation.keys.tab' },
      ],
    },
    {
      title: 'translation.keys.section.editor',
      entries: [
        { keys: [`${mod}+Enter`], label: 'translation.keys.saveAndNext' },
        { keys: [`${alt}+↑`, `${alt}+↓`], label: 'translation.keys.moveEdit' },
        { keys: ['Esc'], label: 'translation.keys.leave' },
      ],
    },
    {
      title: 'translation.keys.section.anywhere',
      entries: [
        { keys: ['←', '→'], label: 'translation.keys.groups' },
        { keys: [mac ? '⌥+⇧+C' : MARK_COMPLETE_KEYS], label: 'translation.keys.markComplete' },
        { keys: [`${mod}+F`, `${mod}+H`], label: 'translation.keys.find' },
        { keys: ['?'], label: 'translation.keys.sheet' },
      ],
    },
  ];
}

type KeyEvent = Pick<PanelKeyEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'target' | 'defaultPrevented'> & { code?: string };

/** A key of the whole tab: `?` (outside text entry) opens the sheet; Alt+Shift+C marks complete (from anywhere). */
export function tabKeyAction(event: KeyEvent): 'shortcuts' | 'markComplete' | null {
  if (event.defaultPrevented || isInsideOverlay(event.target)) return null;
  if (event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && (event.code === 'KeyC' || event.key.toLowerCase() === 'c')) return 'markComplete';
  if (event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTextEntryTarget(event.target)) return 'shortcuts';
  return null;
}

export type TableKeyAction = { move: 'previous' | 'next' | 'first' | 'last'; page?: boolean };

/** A key on a row of the segments table (not in its editor): where the focus goes. */
export function tableKeyAction(event: KeyEvent): TableKeyAction | null {
  if (event.defaultPrevented || isTextEntryTarget(event.target) || event.metaKey || event.shiftKey) return null;
  switch (event.key) {
    case 'ArrowUp':
      return event.ctrlKey ? null : { move: 'previous' };
    case 'ArrowDown':
      return event.ctrlKey ? null : { move: 'next' };
    case 'Home':
      return event.altKey ? null : { move: 'first' };
    case 'End':
      return event.altKey ? null : { move: 'last' };
    case 'PageUp':
      return event.altKey || event.ctrlKey ? null : { move: 'previous', page: true };
    case 'PageDown':
      return event.altKey || event.ctrlKey ? null : { move: 'next', page: true };
    default:
      return null;
  }
}

/** Whether the platform's modifier is ⌘ (the sheet's words). */
export function isMacPlatform(): boolean {
  return typeof navigator !== 'undefined' && /mac|iphone|ipad/i.test(navigator.platform || navigator.userAgent);
}
