/**
 * HTML pages of the stand-ins: the authoring site's business-content browser (embedded by the dashboard for
 * #templates and #microlearning; it speaks JSON-RPC 2.0 to its parent: ready, close, import with a content id) and the
 * growth product's onboarding questions page.
 */
import type { TemplateCard } from '../../domain/dashboard.ts';
import { APP_NAME, escapeHtml } from '../oidc/pages.ts';

const STYLE = `
  :root { color-scheme: light; --ink: #1d2433; --muted: #4f586b; --line: #c9cfdb; --accent: #2454d6; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #f6f7fb; }
  header { display: flex; align-items: center; justify-content: space-between; gap: 1rem; padding: 1rem 1.5rem; background: #fff; border-bottom: 1px solid var(--line); }
  h1 { font-size: 1.25rem; margin: 0; }
  main { padding: 1.5rem; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 1.5rem; grid-template-columns: repeat(auto-fill, minmax(230px, 1fr)); }
  li { background: #fff; border: 1px solid var(--line); border-radius: 10px; overflow: hidden; display: flex; flex-direction: column; }
  img { display: block; width: 100%; aspect-ratio: 492 / 296; object-fit: cover; }
  .body { padding: 0.75rem 1rem 1rem; display: flex; flex-direction: column; gap: 0.5rem; flex: 1; }
  h2 { font-size: 1rem; margin: 0; }
  p { margin: 0; color: var(--muted); font-size: 0.9rem; }
  .actions { margin-top: auto; display: flex; gap: 0.75rem; align-items: center; }
  button { font: inherit; border-radius: 6px; padding: 0.4rem 0.9rem; cursor: pointer; border: 1px solid var(--accent); background: var(--accent); color: #fff; }
  button.secondary { background: #fff; color: var(--accent); }
  a { color: var(--accent); font-weight: 600; }
  :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
`;

function document(title: string, body: string, script = ''): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
${script ? `<script>${script}</script>` : ''}
</body>
</html>`;
}

/** The browser of one tab: every card with Preview (a new tab) and Use (import); Close returns to the dashboard. */
export function businessContentPage(tab: 'templates' | 'microlearning', cards: readonly TemplateCard[], appOrigin: string): string {
  const heading = tab === 'templates' ? 'Course templates' : 'Microlearning';
  const items = cards
    .map(
      (card) => `<li>
  <img src="${escapeHtml(card.card_image)}?w=492&amp;h=296&amp;fit=cover" alt="">
  <div class="body">
    <h2>${escapeHtml(card.title)}</h2>
    <p>${escapeHtml(card.description)}</p>
    <div class="actions">
      <button type="button" data-import="${escapeHtml(card.content_id)}">Use ${escapeHtml(card.title)}</button>
      <a href="/content/template/${encodeURIComponent(card.id)}" target="_blank" rel="noopener">Preview<span style="position:absolute;left:-9999px"> ${escapeHtml(card.title)}</span></a>
    </div>
  </div>
</li>`,
    )
    .join('\n');
  const target = JSON.stringify(new URL(appOrigin).origin);
  const script = `
const send = (method, params) => window.parent.postMessage(JSON.stringify({ jsonrpc: '2.0', method, ...(params ? { params } : {}) }), ${target});
document.querySelector('[data-close]').addEventListener('click', () => send('close'));
for (const button of document.querySelectorAll('[data-import]')) button.addEventListener('click', () => send('import', { id: button.dataset.import }));
send('ready');`;
  return document(
    `${heading} · Business content`,
    `<header><h1>${escapeHtml(heading)}</h1><button type="button" class="secondary" data-close>Close</button></header>
<main><ul>
${items}
</ul></main>`,
    script,
  );
}

/** The growth product's onboarding questions (a stand-in: it says what it is). */
export function questionsPage(): string {
  return document(
    'Onboarding questions',
    `<header><h1>Tell us about your work</h1></header>
<main><p>Stand-in for the growth product's onboarding questions. The real product asks a few questions to tailor the suite.</p>
<p><a href="/">Back to the ${escapeHtml(APP_NAME)}</a></p></main>`,
  );
}
