/** §2 the translate tab's search / replace bar, connected: reads and sends the `translation` actor's tools. */
import { useSelector } from '@xstate/react';
import { searchStateOf } from '../../../machines/translation/translationMachine.ts';
import { useSystem } from '../../system.tsx';
import { SearchReplaceBar, type SearchBarMode } from '../translation/tools/index.ts';

/** §2 the search / replace bar (shown in search and replace modes). */
export function TranslateSearchBar() {
  const { translation } = useSystem();
  const search = useSelector(translation, (s) => searchStateOf(s.context), sameSearch);
  const product = useSelector(translation, (s) => s.context.model?.product ?? 'storyline');
  const replaced = useSelector(translation, (s) => Object.values(s.context.tools.replaceStatus.byPath).filter((status) => status === 'SUCCESS').length);
  if (!search.isOpen) return null;
  const send = translation.send;
  return (
    <div data-walkthrough="search">
      <SearchReplaceBar
        mode={search.mode === 'replace' ? 'replace' : 'search'}
        product={product}
        term={search.term}
        replaceValue={search.replaceValue}
        scope={search.scope}
        slideScope={search.slideScope}
        counts={{ current: search.current > 0 ? search.current : null, total: search.total, truncated: search.truncated }}
        canReplace={search.canReplaceAll}
        status={search.replaceStatus}
        replacedCount={replaced}
        autoFocus
        onTermChange={(term) => send({ type: 'translation.setSearchTerm', term })}
        onReplaceValueChange={(value) => send({ type: 'translation.setReplaceValue', value })}
        onScopeChange={(scope) => send({ type: 'translation.setSearchScope', scope })}
        onSlideScopeChange={(scope) => send({ type: 'translation.setSlideScope', scope })}
        onNext={() => send({ type: 'translation.nextHit' })}
        onPrevious={() => send({ type: 'translation.previousHit' })}
        onReplace={() => send({ type: 'translation.replaceOne' })}
        onReplaceAll={() => send({ type: 'translation.replaceAll' })}
        onModeChange={(mode: SearchBarMode) => send({ type: mode === 'replace' ? 'translation.openReplace' : 'translation.openSearch' })}
        onClose={() => send({ type: 'translation.closeSearch' })}
      />
    </div>
  );
}

/** The search state compared field by field (a new object on every snapshot). */
export function sameSearch(a: ReturnType<typeof searchStateOf>, b: ReturnType<typeof searchStateOf>): boolean {
  return (Object.keys(a) as (keyof typeof a)[]).every((key) => a[key] === b[key]);
}

/** Opens the bar (the panel's Ctrl/Cmd+F). */
export function useOpenFind(): (mode: SearchBarMode) => void {
  const { translation } = useSystem();
  return (mode) => translation.send({ type: mode === 'replace' ? 'translation.openReplace' : 'translation.openSearch' });
}
