/** §2 the translate tab's translation memory report dialog, connected: the `memoryReport` actor keeps its steps. */
import { useSelector } from '@xstate/react';
import { localeDisplayName } from '../../../domain/translation.ts';
import { reportViewOf } from '../../../machines/translation/memoryReportMachine.ts';
import { useSystem } from '../../system.tsx';
import { textDirection } from '../translation/index.ts';
import { MemoryReportDialog } from '../translation/versions/index.ts';

/** The report's dialog: its list, one item's memory hits, a request; a segment chosen closes it and goes there. */
export function TranslateMemoryReport() {
  const { translation, memoryReport, timeZone } = useSystem();
  const report = useSelector(memoryReport, reportViewOf, sameView);
  const languageMap = useSelector(translation, (s) => s.context.languageMap);
  const sourceLocale = useSelector(translation, (s) => s.context.model?.sourceLocale ?? null);
  const targetLocale = useSelector(translation, (s) => s.context.model?.targetLocale ?? null);
  if (!sourceLocale || !targetLocale) return null;
  const { dir, lang } = textDirection(targetLocale);
  const source = textDirection(sourceLocale);
  const send = memoryReport.send;
  return (
    <MemoryReportDialog
      open={report.dialogOpen}
      onClose={() => send({ type: 'memoryReport.hideDialog' })}
      report={report.report}
      fetching={report.fetching}
      errorText={report.errorText}
      canRequest={report.canRequest}
      requesting={report.requesting}
      openItemPath={report.openItem?.path ?? null}
      languageName={(tag) => localeDisplayName(languageMap, tag)}
      timeZone={timeZone}
      sourceLang={source.lang}
      targetLang={lang}
      targetDir={dir}
      onRequest={() => send({ type: 'memoryReport.request' })}
      onRefresh={() => send({ type: 'memoryReport.refresh' })}
      onOpenItem={(path) => send({ type: 'memoryReport.openSegment', path })}
      onCloseItem={() => send({ type: 'memoryReport.closeSegment' })}
      onGoTo={(path) => send({ type: 'memoryReport.goToSegment', path })}
    />
  );
}

/** The view compared field by field (a new object on every snapshot). */
function sameView(a: ReturnType<typeof reportViewOf>, b: ReturnType<typeof reportViewOf>): boolean {
  return (Object.keys(a) as (keyof typeof a)[]).every((key) => a[key] === b[key]);
}
