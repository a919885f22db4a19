/** The translate tab's header tools, connected: find, course updates, compare versions, memory report, audio, help. */
import { useSelector } from '@xstate/react';
import { TRANSLATION_WALKTHROUGH_STEPS } from '../../../domain/translationAssist.ts';
import { isAudioDrawerOpenOf } from '../../../machines/translation/audioDrawerMachine.ts';
import { diffStateOf, isUpdatesPopoverShownOf, updatedCountOf, viewModeOf } from '../../../machines/translation/translationMachine.ts';
import { Button } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { useAccount, useFlag } from '../useAccount.ts';
import { HelpMenu } from '../translation/assist/index.ts';
import { AudioButton, FindButtons } from '../translation/tools/index.ts';
import { CourseUpdatesButton, MemoryReportButton } from '../translation/versions/index.ts';
import { iso } from './translateShared.ts';

export interface TranslateHeaderActionsProps {
  /** The item's versions, oldest first (compare versions). */
  versions: readonly { id: string; number: number }[];
  canEdit: boolean;
  /** The course's audio segments (the audio button; none: no button). */
  audioCount: number;
}

/** The header's tools: find, course updates, compare versions, memory report, audio, help. */
export function TranslateHeaderActions({ versions, canEdit, audioCount }: TranslateHeaderActionsProps) {
  const { translation, walkthrough, memoryReport, audioDrawer, surveys, now, links } = useSystem();
  const { summary } = useAccount();
  const localizationNext = useFlag('localizationNext');
  const send = translation.send;
  const mode = useSelector(translation, (s) => viewModeOf(s.context));
  const showUpdates = useSelector(translation, (s) => s.context.showCourseUpdates);
  const updateCount = useSelector(translation, (s) => updatedCountOf(s.context.updates));
  // The first visit's two hints come one after the other: the course-updates popover waits while the tour shows.
  const touring = useSelector(walkthrough, (s) => s.matches('showing'));
  const popoverOpen = useSelector(translation, (s) => isUpdatesPopoverShownOf(s.context)) && !touring;
  const version = useSelector(translation, (s) => s.context.subject?.versionNumber ?? 1);
  const currentVersionId = useSelector(translation, (s) => s.context.subject?.versionId ?? null);
  const diffStatus = useSelector(translation, (s) => diffStateOf(s).status);
  const audioOpen = useSelector(audioDrawer, isAudioDrawerOpenOf);
  const previous = versions.filter((v) => v.id !== currentVersionId && v.number < version);
  return (
    <>
      <span data-walkthrough={mode === 'search' || mode === 'replace' ? undefined : 'search'}>
        <FindButtons active={mode === 'search' || mode === 'replace' ? mode : null} canReplace={canEdit} onFind={(next) => send({ type: next === 'replace' ? 'translation.openReplace' : 'translation.openSearch' })} />
      </span>
      <CourseUpdatesButton
        show={showUpdates}
        count={updateCount}
        version={version}
        active={mode === 'courseUpdates'}
        popoverOpen={popoverOpen}
        onOpen={() => send({ type: mode === 'courseUpdates' ? 'translation.closeCourseUpdates' : 'translation.openCourseUpdates' })}
        onDismiss={() => send({ type: 'translation.dismissUpdatesPopover', at: iso(now()) })}
      />
      {localizationNext && previous.length > 0 && (
        <Button
          size="sm"
          aria-pressed={diffStatus !== 'idle'}
          onClick={() =>
            diffStatus !== 'idle'
              ? send({ type: 'translation.closeDiff' })
              : send({ type: 'translation.openDiff', previousVersionId: previous[previous.length - 1]!.id, now: iso(now()) })
          }
        >
          {t('translation.diff.title')}
        </Button>
      )}
      <MemoryReportButton enabled={localizationNext} onClick={() => memoryReport.send({ type: 'memoryReport.showDialog' })} />
      <AudioButton count={audioCount} open={audioOpen} onClick={() => audioDrawer.send({ type: 'audioDrawer.open' })} />
      <HelpMenu
        onStartTour={() => walkthrough.send({ type: 'walkthrough.start', steps: [...TRANSLATION_WALKTHROUGH_STEPS] })}
        onFeedback={() => surveys.send({ type: 'surveys.ask', slug: 'translation-progress' })}
        helpCenterHref={links.support}
        userResearchHref={links.community}
        subscriptionActive={summary?.status === 'active'}
      />
    </>
  );
}
