/**
 * The authentication dialog of the comment box (review-and-content §6 anonymous: "otherwise clicking the read-only
 * box opens an authentication dialog"): for a visitor or an anonymous reviewer who may not comment here, links to
 * sign in or create an account.
 */
import { SignInPromptDialog, type SignInPromptDialogProps } from '../screens/SignInPromptDialog.tsx';

export type AuthPromptDialogProps = Omit<SignInPromptDialogProps, 'words' | 'className'>;

/** Sign in / create an account, or not now, in the words of commenting. */
export function AuthPromptDialog(props: AuthPromptDialogProps) {
  return <SignInPromptDialog {...props} words="commentsPanel.auth" className="comment-dialog comment-dialog--auth" />;
}
