import {
  createContext,
  useCallback,
  useContext,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { t } from '../strings.ts';
import { cx } from './cx.ts';
import { ExternalLinkIcon } from './icons.tsx';
import { useDismiss } from './useDismiss.ts';

interface MenuContextValue {
  /** Closes the menu; `restoreFocus` puts focus back on the menu button. */
  close: (restoreFocus: boolean) => void;
}

const MenuContext = createContext<MenuContextValue | null>(null);

function useMenu(): MenuContextValue {
  const menu = useContext(MenuContext);
  if (!menu) throw new Error('Menu items must be rendered inside <Menu>');
  return menu;
}

export interface MenuProps {
  /** What the menu button shows. */
  trigger: ReactNode;
  /** Accessible name of the button when its content is not text (e.g. an avatar). */
  label?: string;
  /** Non-interactive content above the items (e.g. who is signed in). */
  header?: ReactNode;
  /** Which edge of the button the popup lines up with. */
  align?: 'start' | 'end';
  triggerClassName?: string;
  className?: string;
  children: ReactNode;
}

type FocusTarget = 'first' | 'last';

/**
 * Keys inside an open menu list (WAI-ARIA APG): arrows move (wrapping), Home and End jump, a printed
 * character moves to the next item starting with it, Tab closes (`onTab`). Shared by every menu popup.
 */
export function handleMenuListKey(event: KeyboardEvent<HTMLElement>, all: readonly HTMLElement[], onTab: () => void): void {
  if (all.length === 0) return;
  const index = all.indexOf(document.activeElement as HTMLElement);
  const focusAt = (i: number) => all[(i + all.length) % all.length]?.focus();
  switch (event.key) {
    case 'ArrowDown':
      event.preventDefault();
      focusAt(index + 1);
      break;
    case 'ArrowUp':
      event.preventDefault();
      focusAt(index < 0 ? all.length - 1 : index - 1);
      break;
    case 'Home':
      event.preventDefault();
      focusAt(0);
      break;
    case 'End':
      event.preventDefault();
      focusAt(all.length - 1);
      break;
    case 'Tab':
      onTab();
      break;
    default:
      if (event.key.length === 1 && /\S/.test(event.key)) {
        // Type-ahead: the next item starting with the typed character.
        const char = event.key.toLowerCase();
        const order = [...all.slice(index + 1), ...all.slice(0, index + 1)];
        order.find((item) => item.textContent?.trim().toLowerCase().startsWith(char))?.focus();
      }
  }
}

/**
 * A menu button (WAI-ARIA APG): Enter, Space or ArrowDown open it on the first item, ArrowUp on the
 * last; arrows, Home and End move; Escape closes and returns focus; Tab and outside clicks close.
 */
export function Menu({ trigger, label, header, align = 'start', triggerClassName, className, children }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [focusTarget, setFocusTarget] = useState<FocusTarget>('first');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const buttonId = useId();
  const menuId = useId();

  const items = () => Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? []);

  const openMenu = (target: FocusTarget) => {
    setFocusTarget(target);
    setOpen(true);
  };

  const close = useCallback((restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  }, []);

  useLayoutEffect(() => {
    if (!open) return;
    const all = Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? []);
    (focusTarget === 'first' ? all[0] : all[all.length - 1])?.focus();
  }, [open, focusTarget]);

  useDismiss(open, [buttonRef, popupRef], (cause) => close(cause === 'escape'));

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openMenu('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu('last');
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => handleMenuListKey(event, items(), () => close(false));

  return (
    <MenuContext.Provider value={{ close }}>
      <div className={cx('k-menu', className)}>
        <button
          ref={buttonRef}
          id={buttonId}
          type="button"
          className={cx('k-menu__button', triggerClassName)}
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          aria-label={label}
          onClick={() => (open ? close(false) : openMenu('first'))}
          onKeyDown={onButtonKeyDown}
        >
          {trigger}
        </button>
        {open && (
          <div ref={popupRef} className={cx('k-menu__popup', `k-menu__popup--${align}`)}>
            {header && <div className="k-menu__header">{header}</div>}
            <ul ref={listRef} id={menuId} role="menu" aria-labelledby={buttonId} className="k-menu__list" onKeyDown={onListKeyDown}>
              {children}
            </ul>
          </div>
        )}
      </div>
    </MenuContext.Provider>
  );
}

export interface MenuItemProps {
  onSelect: () => void;
  icon?: ReactNode;
  tone?: 'default' | 'danger';
  /** Shown but not available (aria-disabled: arrows skip it, a click does nothing and keeps the menu open). */
  disabled?: boolean;
  children: ReactNode;
}

/** A command in a menu; the menu closes (focus back on its button) before `onSelect` runs. */
export function MenuItem({ onSelect, icon, tone = 'default', disabled = false, children }: MenuItemProps) {
  const menu = useMenu();
  return (
    <li role="none">
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        aria-disabled={disabled || undefined}
        className={cx('k-menu__item', tone === 'danger' && 'k-menu__item--danger', disabled && 'is-disabled')}
        onClick={() => {
          if (disabled) return;
          menu.close(true);
          onSelect();
        }}
      >
        {icon && <span className="k-menu__icon">{icon}</span>}
        <span className="k-menu__text">{children}</span>
      </button>
    </li>
  );
}

export interface MenuLinkProps {
  href: string;
  /** Opens in a new tab (target=_blank, rel=noopener noreferrer) and says so. */
  external?: boolean;
  icon?: ReactNode;
  children: ReactNode;
}

/** A link in a menu. */
export function MenuLink({ href, external = false, icon, children }: MenuLinkProps) {
  const menu = useMenu();
  return (
    <li role="none">
      <a
        role="menuitem"
        tabIndex={-1}
        className="k-menu__item"
        href={href}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        onClick={() => menu.close(false)}
        onKeyDown={(event) => {
          // Space activates menu items too (links only react to Enter by default).
          if (event.key === ' ') {
            event.preventDefault();
            event.currentTarget.click();
          }
        }}
      >
        {icon && <span className="k-menu__icon">{icon}</span>}
        <span className="k-menu__text">{children}</span>
        {external && (
          <>
            <ExternalLinkIcon size={14} className="k-menu__external" />
            <span className="k-visually-hidden"> {t('common.opensInNewTab')}</span>
          </>
        )}
      </a>
    </li>
  );
}

/** A divider between groups of items. */
export function MenuSeparator() {
  return <li role="separator" className="k-menu__separator" />;
}
