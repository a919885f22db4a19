import type { GuardedApp } from '../../../domain/account.ts';
import { t } from '../../strings.ts';

/** The display name of a guarded app, for the access screens' sentences. */
export function appLabel(app: GuardedApp): string {
  return app === 'rise' ? t('access.app.rise') : t('access.app.review');
}
