/**
 * The stack sidebar (translation-editor §2): a source-language section and a target-language section, each entry a
 * link with the locale's name and its review status text; the open entry is marked with aria-current. Entries come
 * ready from `stackSidebarEntries` (labels.ts).
 */
import { Link } from 'wouter';
import { cx } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { stackStatusText, type StackSidebarEntry } from './labels.ts';

export interface StackSidebarProps {
  entries: readonly StackSidebarEntry[];
}

/** Both sections; a section without entries is left out. */
export function StackSidebar({ entries }: StackSidebarProps) {
  const sources = entries.filter((entry) => entry.role === 'source');
  const targets = entries.filter((entry) => entry.role === 'target');
  return (
    <nav className="translation-stack" aria-label={t('translation.stack.label')}>
      {sources.length > 0 && <StackSection title={t('translation.stack.source')} entries={sources} />}
      {targets.length > 0 && <StackSection title={t('translation.stack.target')} entries={targets} />}
    </nav>
  );
}

function StackSection({ title, entries }: { title: string; entries: readonly StackSidebarEntry[] }) {
  return (
    <section className="translation-stack__section">
      <h2 className="translation-stack__heading">{title}</h2>
      <ul className="translation-stack__list">
        {entries.map((entry) => (
          <li key={entry.itemId}>
            <Link
              href={entry.href}
              className={cx('translation-stack__link', entry.current && 'is-current', `is-${entry.status.kind}`)}
              aria-current={entry.current ? 'page' : undefined}
            >
              <span className="translation-stack__name">{entry.localeName}</span>
              <span className="translation-stack__status">{stackStatusText(entry.status)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
