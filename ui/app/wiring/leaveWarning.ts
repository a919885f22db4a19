import { t } from '../../strings.ts';
import type { AppSystem } from '../../system.tsx';
import { leavePageWarning } from '../browser.ts';
import type { Running } from './common.ts';

/**
 * The leave-page warning (review-and-content §4) while uploads are in progress, and while a translation save is on the
 * wire (translation-editor §2 "leaving while saving shows the leave message"); views do no side effects. The browser's
 * own warnings each say why; an injected one (tests) hears both causes. The uploads and translation actors start with
 * their features (machines/featureLogic.ts): until then nothing uploads or saves, and `watch` follows each once it runs.
 */
export function connectLeaveWarning({ actor, observe }: Running, injected: ((armed: boolean) => void) | undefined): { watch: (systemId: 'uploads' | 'translation') => void } {
  const warnBeforeLeaving = injected ?? leavePageWarning(t('upload.leave_warning'));
  const warnWhileSaving = injected ? null : leavePageWarning(t('translation.leave_warning'));
  // The uploads' tag `inProgress` and the translation's tag `saving` (translationMachine.ts `isSavingOf`), read here
  // without importing their machines.
  const uploadsRef = () => actor('uploads') as AppSystem['uploads'] | undefined;
  const translationRef = () => actor('translation') as AppSystem['translation'] | undefined;
  const armLeaveWarning = () => {
    const uploading = uploadsRef()?.getSnapshot().hasTag('inProgress') ?? false;
    const saving = translationRef()?.getSnapshot().hasTag('saving') ?? false;
    if (warnWhileSaving) {
      warnBeforeLeaving(uploading);
      warnWhileSaving(saving);
    } else warnBeforeLeaving(uploading || saving);
  };
  armLeaveWarning();
  return {
    watch: (systemId) => {
      const ref = systemId === 'uploads' ? uploadsRef() : translationRef();
      if (ref) observe(ref, armLeaveWarning);
    },
  };
}
