/**
 * The stack of the item open in the item view (review-and-content §2 "title (or stack title)", §3
 * showItemStacksSidebar; translation-editor §2 stack sidebar), read from the `itemStack` actor: the stack's title for
 * the header, and on the review tab the stack sidebar (the source and target languages, each a link with its status).
 */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { localeDisplayName, type LanguageMap } from '../../../domain/translation.ts';
import { stackOf } from '../../../machines/items/itemStackMachine.ts';
import { Button, Skeleton } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
// Straight from their files: the translation views' index would bring the translate tab's code.
import { stackSidebarEntries } from '../translation/labels.ts';
import { StackSidebar } from '../translation/StackSidebar.tsx';

/** The stack's title while this item's stack is read, else null (the item's own title shows). */
export function useStackTitle(itemId: string): string | null {
  const { itemStack } = useSystem();
  return useSelector(itemStack, (s) => {
    const title = stackOf(s.context, itemId)?.title;
    return title ? title : null;
  });
}

/** One stack entry's height: name and status on two lines with the link's padding and border (ui/styles/translation.css `.translation-stack__link`), 49 px. */
const STACK_ENTRY_HEIGHT = '3.0625rem';

const englishNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'language' }) : null;

/** A language's name: the language map's (once the translate tab read it), else the browser's English name, else the code. */
function languageName(map: LanguageMap | null, locale: string): string {
  const named = localeDisplayName(map, locale);
  if (named !== locale) return named;
  try {
    return englishNames?.of(locale) ?? locale;
  } catch {
    return locale;
  }
}

/**
 * The stack sidebar of the review tab: nothing for an item in no stack; its skeleton while the stack is read; words and
 * Try again when the read failed.
 */
export function ItemStackSidebar({ itemId }: { itemId: string }) {
  // The translate tab's actor exists once its feature has loaded (the tab opened): until then the browser names languages.
  const { itemStack, translation } = useSystem();
  const stack = useSelector(itemStack, (s) => stackOf(s.context, itemId));
  const failed = useSelector(itemStack, (s) => s.matches({ open: 'failed' }) && s.context.subject?.itemId === itemId);
  const loading = useSelector(itemStack, (s) => s.matches({ open: 'loading' }) && s.context.subject?.itemId === itemId);
  const languageMap = useSelector(translation as typeof translation | undefined, (s) => s?.context.languageMap ?? null);
  const entries = useMemo(
    () => (stack ? stackSidebarEntries(stack.entries, { currentItemId: itemId, languageMap }).map((entry) => ({ ...entry, localeName: languageName(languageMap, entry.locale) })) : []),
    [stack, itemId, languageMap],
  );
  if (failed) {
    return (
      <p className="item-stack__failed" role="alert">
        {t('translation.stack.failed')}{' '}
        <Button variant="secondary" size="sm" onClick={() => itemStack.send({ type: 'itemStack.retry' })}>
          {t('translation.stack.retry')}
        </Button>
      </p>
    );
  }
  // The item is in a stack and the stack is being read: the sidebar's place is kept, so the comments below do not jump.
  if (loading && entries.length === 0) {
    return (
      <div className="item-stack" aria-hidden="true">
        <div className="translation-stack">
          <Skeleton width="100%" height={STACK_ENTRY_HEIGHT} />
        </div>
      </div>
    );
  }
  if (entries.length === 0) return null;
  return (
    <div className="item-stack">
      <StackSidebar entries={entries} />
    </div>
  );
}
