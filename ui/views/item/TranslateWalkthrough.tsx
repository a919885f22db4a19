/** The translate tab's feature walkthrough, connected to the `walkthrough` actor (its steps and index). */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { currentStepOf } from '../../../machines/translation/walkthroughMachine.ts';
import { useSystem } from '../../system.tsx';
import { Walkthrough, walkthroughViewSteps } from '../translation/assist/index.ts';
import { iso } from './translateShared.ts';

/** The tour's card on the step the machine shows (nothing while it is not touring). */
export function TranslateWalkthrough() {
  const { walkthrough, now } = useSystem();
  const step = useSelector(walkthrough, (s) => currentStepOf(s), (a, b) => a?.step === b?.step && a?.index === b?.index);
  // The machine's own steps and index (the one list it was started with), with their words.
  const tourSteps = useSelector(walkthrough, (s) => s.context.steps);
  const tourViewSteps = useMemo(() => walkthroughViewSteps(tourSteps), [tourSteps]);
  if (!step) return null;
  return (
    <Walkthrough
      steps={tourViewSteps}
      index={step.index}
      onNext={() => walkthrough.send({ type: 'walkthrough.next' })}
      onPrevious={() => walkthrough.send({ type: 'walkthrough.previous' })}
      onFinish={() => walkthrough.send({ type: 'walkthrough.finish', at: iso(now()) })}
      onDismiss={() => walkthrough.send({ type: 'walkthrough.dismiss', at: iso(now()) })}
    />
  );
}
