import { t } from '../strings.ts';
import { Spinner } from './Spinner.tsx';

export interface LoadingScreenProps {
  /** Shown under the spinner and announced. */
  text?: string;
}

/** The full-screen loading state (foundation §2 access guards). */
export function LoadingScreen({ text = t('common.loading') }: LoadingScreenProps) {
  return (
    <main className="k-loading-screen" aria-busy="true">
      <Spinner size="lg" label={text} showLabel />
    </main>
  );
}
