/** The read-only box's text for each §4 reason (domain/comments.ts commentBoxReadOnly). */
import type { ReadOnlyReason } from '../../../../domain/comments.ts';
import { t } from '../../../strings.ts';

/** What the read-only comment box says for `reason` ('notAllowed': sign in; clicking opens the auth dialog). */
export function readOnlyTextFor(reason: ReadOnlyReason): string {
  return t(`comments.editor.readOnly.${reason}`);
}
