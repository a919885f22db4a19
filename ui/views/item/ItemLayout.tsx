/**
 * The review screen's layout (review-and-content §2 "Review screen", §9 item view sidebar): the player area and a
 * resizable, collapsible side panel with the Comments and Translate tabs. Width and collapse are controlled when
 * the props are given, else kept here (ephemeral UI state).
 */
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ITEM_SIDEBAR_MAX_PERCENT, ITEM_SIDEBAR_MIN_PERCENT, ITEM_SIDEBAR_START_PERCENT } from '../../../domain/constants.ts';
import { ChevronLeftIcon, ChevronRightIcon, Splitter, cx } from '../../kit/index.ts';
import { t } from '../../strings.ts';

export type ItemSidebarTab = 'comments' | 'translate';

export interface ItemLayoutProps {
  /** The player (PackagePlayer or VideoPlayer). */
  player: ReactNode;
  /** The side panel's body (comments arrive with the next issue). */
  children?: ReactNode;
  sidebarTab: ItemSidebarTab;
  /** The item view with that tab, keeping the query string (§2 "switching keeps the query string"). */
  hrefFor: (tab: ItemSidebarTab) => string;
  /** The Translate tab (translations flag and a translated item). */
  showTranslateTab?: boolean;
  /** §9: 60 with the translate flag, else 75 (ITEM_SIDEBAR_MAX_TRANSLATE_PERCENT / ITEM_SIDEBAR_MAX_PERCENT). */
  maxPercent?: number;
  /** Width of the side panel in percent; kept here when omitted (starts at 50). */
  sidebarPercent?: number;
  onSidebarPercentChange?: (percent: number) => void;
  /** A drag ended or a key moved the splitter. */
  onSidebarPercentCommit?: (percent: number) => void;
  /** The panel is hidden (only its toggle shows); kept here when omitted. */
  collapsed?: boolean;
  onCollapsedChange?: (collapsed: boolean) => void;
  className?: string;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The player and the side panel with a splitter between them and a collapse toggle. */
export function ItemLayout({
  player,
  children,
  sidebarTab,
  hrefFor,
  showTranslateTab = false,
  maxPercent = ITEM_SIDEBAR_MAX_PERCENT,
  sidebarPercent,
  onSidebarPercentChange,
  onSidebarPercentCommit,
  collapsed,
  onCollapsedChange,
  className,
}: ItemLayoutProps) {
  const [ownPercent, setOwnPercent] = useState(ITEM_SIDEBAR_START_PERCENT);
  const [ownCollapsed, setOwnCollapsed] = useState(false);
  const playerId = useId();
  const panelId = useId();
  const min = ITEM_SIDEBAR_MIN_PERCENT;
  const width = clamp(sidebarPercent ?? ownPercent, min, maxPercent);
  const isCollapsed = collapsed ?? ownCollapsed;

  // The splitter sizes the pane before it (the player, APG window splitter): its value is 100 − the panel's width.
  const resize = (playerPercent: number) => {
    const next = clamp(100 - playerPercent, min, maxPercent);
    if (sidebarPercent === undefined) setOwnPercent(next);
    onSidebarPercentChange?.(next);
  };

  const toggle = () => {
    if (collapsed === undefined) setOwnCollapsed(!isCollapsed);
    onCollapsedChange?.(!isCollapsed);
  };

  const tabs: ItemSidebarTab[] = showTranslateTab ? ['comments', 'translate'] : ['comments'];

  return (
    <div className={cx('item-layout', isCollapsed && 'is-collapsed', className)}>
      <section id={playerId} className="item-layout__player" aria-label={t('item.player.label')}>
        {player}
      </section>
      {!isCollapsed && (
        <Splitter
          className="item-layout__splitter"
          label={t('item.sidebar.resize')}
          controls={playerId}
          value={100 - width}
          min={100 - maxPercent}
          max={100 - min}
          onChange={resize}
          onChangeEnd={(playerPercent) => onSidebarPercentCommit?.(clamp(100 - playerPercent, min, maxPercent))}
        />
      )}
      <aside className="item-layout__sidebar" aria-label={t('item.sidebar.label')} style={isCollapsed ? undefined : { flexBasis: `${width}%` }}>
        <div className="item-layout__bar">
          <button
            type="button"
            className="k-icon-button item-layout__toggle"
            aria-expanded={!isCollapsed}
            aria-controls={panelId}
            aria-label={isCollapsed ? t('item.sidebar.expand') : t('item.sidebar.collapse')}
            title={isCollapsed ? t('item.sidebar.expand') : t('item.sidebar.collapse')}
            onClick={toggle}
          >
            {isCollapsed ? <ChevronLeftIcon size={18} /> : <ChevronRightIcon size={18} />}
          </button>
          {!isCollapsed && (
            <nav className="item-layout__tabs" aria-label={t('item.sidebar.tabs')}>
              {tabs.map((tab) => (
                <Link
                  key={tab}
                  href={hrefFor(tab)}
                  className={cx('item-layout__tab', tab === sidebarTab && 'is-current')}
                  aria-current={tab === sidebarTab ? 'page' : undefined}
                >
                  {t(`item.sidebar.${tab}`)}
                </Link>
              ))}
            </nav>
          )}
        </div>
        <div id={panelId} className="item-layout__panel" hidden={isCollapsed}>
          {children ?? <p className="item-layout__placeholder">{t('item.sidebar.placeholder')}</p>}
        </div>
      </aside>
    </div>
  );
}
