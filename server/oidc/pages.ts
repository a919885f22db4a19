/** Server-rendered HTML for sign-in, sign-out and OIDC errors: plain, readable, no scripts needed. */

export const APP_NAME = 'Review Dashboard';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const STYLE = `
  :root { color-scheme: light; --ink: #1d2433; --muted: #5b6478; --line: #c9cfdb; --accent: #2454d6; --danger: #b3261e; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f3f5f9;
         font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); }
  main { width: min(24rem, calc(100vw - 2rem)); background: #fff; border: 1px solid var(--line);
         border-radius: 12px; padding: 2rem; box-shadow: 0 4px 16px rgb(0 0 0 / 0.06); }
  h1 { font-size: 1.4rem; margin: 0 0 0.25rem; }
  p.lead { color: var(--muted); margin: 0 0 1.5rem; }
  label { display: block; font-weight: 600; margin: 1rem 0 0.35rem; }
  input { width: 100%; font: inherit; padding: 0.6rem 0.75rem; border: 1px solid var(--line); border-radius: 8px; }
  input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  button { margin-top: 1.5rem; width: 100%; font: inherit; font-weight: 600; padding: 0.7rem; border: 0;
           border-radius: 8px; background: var(--accent); color: #fff; cursor: pointer; }
  button:hover { background: #1b43b0; }
  .error { color: var(--danger); background: #fdecea; border-radius: 8px; padding: 0.6rem 0.75rem; margin: 0 0 1rem; }
  a { color: var(--accent); }
`;

function page(title: string, body: string, head = ''): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${APP_NAME}</title>
<style>${STYLE}</style>
${head}
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export interface LoginPageInput {
  uid: string;
  email?: string;
  error?: string;
}

export function loginPage({ uid, email = '', error }: LoginPageInput): string {
  const action = `/oidc/interaction/${encodeURIComponent(uid)}/login`;
  const errorHtml = error ? `<p class="error" role="alert" id="login-error">${escapeHtml(error)}</p>` : '';
  const describedBy = error ? ' aria-describedby="login-error"' : '';
  return page(
    'Sign in',
    `<h1>${APP_NAME}</h1>
<p class="lead">Sign in to continue.</p>
${errorHtml}
<form method="post" action="${action}" novalidate>
  <label for="email">E-mail</label>
  <input id="email" name="email" type="email" autocomplete="username" required maxlength="100"
         value="${escapeHtml(email)}"${describedBy} ${email ? '' : 'autofocus'}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200"${describedBy} ${email ? 'autofocus' : ''}>
  <button type="submit">Sign in</button>
</form>`,
  );
}

export function oidcErrorPage(error: string, description: string | undefined): string {
  return page(
    'Sign-in problem',
    `<h1>Sign-in problem</h1>
<p>${escapeHtml(description ?? 'The sign-in request could not be completed.')}</p>
<p class="lead">Error code: <code>${escapeHtml(error)}</code></p>
<p><a href="/">Go to ${APP_NAME}</a></p>`,
  );
}

/**
 * oidc-provider's logout form, confirmed automatically: the app already asked the user before
 * sending them here. The button is the fallback when scripts are off.
 */
export function logoutPage(form: string): string {
  const confirmed = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/><noscript><button type="submit">Sign out</button></noscript></form>');
  return page(
    'Signing out',
    `<h1>Signing out…</h1>
${confirmed}
<script>document.getElementById('op.logoutForm').submit()</script>`,
  );
}

export function loggedOutPage(): string {
  return page(
    'Signed out',
    `<h1>You are signed out</h1>
<p><a href="/">Sign in again</a></p>`,
  );
}
