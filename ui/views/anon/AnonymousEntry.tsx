import { useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import { anonymousEmailError } from '../../../domain/auth.ts';
import { ANON_EMAIL_MAX_LENGTH } from '../../../domain/constants.ts';
import { Button } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { ContentLibraryHeader } from '../header/ContentLibraryHeader.tsx';
import { AuthDialog } from '../screens/AuthDialog.tsx';
import { usePageTitle } from '../usePageTitle.ts';

/**
 * The anonymous reviewer's e-mail step (foundation §1, §3, §5): an e-mail of at most 100 characters; the
 * profile lookup decides. A known account (or a lookup that failed or timed out, which counts as one)
 * must sign in — the auth dialog says so; anyone else reviews as `anon|<email>`.
 */
export function AnonymousEntry({ returnTo }: { returnTo: string }) {
  const { auth } = useSystem();
  const isChecking = useSelector(auth, (s) => s.matches('signingInAnonymously'));
  // The auth machine's must-sign-in state: the e-mail belongs to an account (or could not be checked).
  const dialogOpen = useSelector(auth, (s) => s.matches({ ready: 'mustSignIn' }));
  const mustSignInEmail = useSelector(auth, (s) => s.context.mustSignInEmail);
  const lookupMessage = useSelector(auth, (s) => s.context.errorMessage);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  usePageTitle(t('anon.title'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const error = anonymousEmailError(email);
    setFieldError(error);
    if (error) return;
    auth.send({ type: 'auth.signInAnonymously', email: email.trim() });
  };

  const signIn = () => auth.send({ type: 'auth.signIn', returnTo });

  return (
    <div className="app-shell">
      <ContentLibraryHeader />
      <main id="main" className="page anon-entry" tabIndex={-1}>
        <div className="anon-entry__card">
          <h1 className="page-title">{t('anon.title')}</h1>
          <p className="anon-entry__lead">{t('anon.lead')}</p>
          <form className="anon-entry__form" onSubmit={submit} noValidate>
            <label htmlFor={inputId} className="anon-entry__label">
              {t('anon.email.label')}
            </label>
            <input
              id={inputId}
              className="anon-entry__input"
              type="email"
              name="email"
              autoComplete="email"
              maxLength={ANON_EMAIL_MAX_LENGTH}
              value={email}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? errorId : undefined}
              disabled={isChecking}
              onChange={(event) => {
                setEmail(event.target.value);
                if (fieldError) setFieldError(null);
              }}
            />
            {fieldError && (
              <p id={errorId} className="anon-entry__error" role="alert">
                {fieldError}
              </p>
            )}
            {/* §5: Continue stays disabled until the field holds a valid e-mail. */}
            <Button type="submit" variant="primary" size="lg" fullWidth loading={isChecking} disabled={!isChecking && anonymousEmailError(email) !== null}>
              {isChecking ? t('anon.checking') : t('anon.continue')}
            </Button>
          </form>
          <p className="anon-entry__alt">
            {t('anon.haveAccount')}{' '}
            <button type="button" className="k-link-button" onClick={signIn}>
              {t('anon.signIn')}
            </button>
          </p>
        </div>
      </main>
      <AuthDialog
        open={dialogOpen}
        email={mustSignInEmail ?? undefined}
        onClose={() => auth.send({ type: 'auth.dismissError' })}
        onSignIn={signIn}
      />
      {dialogOpen && lookupMessage ? <span className="k-visually-hidden" role="status">{lookupMessage}</span> : null}
    </div>
  );
}
