import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LINK_NAMES } from '../config.ts';
import type { LinkName } from '../config.ts';
import { errorBodySchema, sendError } from '../errors.ts';
import { APP_NAME, escapeHtml } from '../oidc/pages.ts';

/** What each external site is, as the stand-in page names it. */
export const LINK_SITE_NAMES: Record<LinkName, string> = {
  subscriptions: 'subscription management',
  account: 'account management',
  bridge: 'learning platform bridge',
  marketing: 'marketing',
  authoring: 'authoring',
  support: 'support',
  training: 'training',
  community: 'community',
};

/** The marketing site's maintenance page, which the dashboard's maintenance screen shows in an iframe. */
export const MAINTENANCE_PATH = '/external/marketing/maintenance';

function isLinkName(name: string): name is LinkName {
  return (LINK_NAMES as readonly string[]).includes(name);
}

const STYLE = `
  :root { color-scheme: light; --ink: #1d2433; --muted: #5b6478; --line: #c9cfdb; --accent: #2454d6; --tint: #eef2fb; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f3f5f9;
         font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); }
  main { width: min(36rem, calc(100vw - 2rem)); background: #fff; border: 1px solid var(--line);
         border-radius: 12px; padding: 2rem; box-shadow: 0 4px 16px rgb(0 0 0 / 0.06); }
  .badge { display: inline-block; font-size: 0.8rem; font-weight: 600; letter-spacing: 0.04em; text-transform: uppercase;
           color: var(--accent); background: var(--tint); border-radius: 999px; padding: 0.15rem 0.7rem; margin: 0 0 0.75rem; }
  h1 { font-size: 1.4rem; margin: 0 0 0.5rem; }
  p { margin: 0 0 1rem; }
  .muted { color: var(--muted); }
  dl { margin: 0 0 1.5rem; display: grid; grid-template-columns: max-content 1fr; gap: 0.35rem 1rem; }
  dt { font-weight: 600; }
  dd { margin: 0; min-width: 0; }
  code { font: 0.9rem/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: #f3f5f9;
         border-radius: 4px; padding: 0.1rem 0.35rem; overflow-wrap: anywhere; }
  a { color: var(--accent); font-weight: 600; }
  a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
`;

/** The maintenance page sits inside the dashboard's bordered frame: no card of its own, white like the frame. */
const EMBEDDED_STYLE = `
  body.embedded { background: #fff; }
  body.embedded main { border: 0; box-shadow: none; text-align: center; }
  .icon { display: block; margin: 0 auto 1rem; color: var(--accent); }
`;

function page(title: string, body: string, options: { embedded?: boolean } = {}): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}${options.embedded ? EMBEDDED_STYLE : ''}</style>
</head>
<body${options.embedded ? ' class="embedded"' : ''}>
<main>
${body}
</main>
</body>
</html>`;
}

/** The page for any path of an external site: says what it stands in for and what was asked. */
export function standInPage(name: LinkName, path: string, query: string): string {
  const site = LINK_SITE_NAMES[name];
  const queryRow = query ? `\n  <dt>Query</dt><dd><code>${escapeHtml(query)}</code></dd>` : '';
  return page(
    `Stand-in for the ${site} site`,
    `<p class="badge">Stand-in page</p>
<h1>Stand-in for the ${escapeHtml(site)} site</h1>
<p class="muted">The real ${escapeHtml(site)} site is not part of this demo. In a deployment, <code>/config.json</code> points this link at it.</p>
<dl>
  <dt>Path</dt><dd><code>${escapeHtml(path)}</code></dd>${queryRow}
</dl>
<p><a href="/">Back to the ${APP_NAME}</a></p>`,
  );
}

/** Shown inside the dashboard's maintenance screen; no link: the dashboard itself is what is down. */
export function maintenancePage(): string {
  return page(
    'Under maintenance',
    `<svg class="icon" aria-hidden="true" width="56" height="56" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">
  <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.5-.5-.5-2.5z"/>
</svg>
<h1>${APP_NAME} is under maintenance</h1>
<p>We are making some improvements. The service will be back shortly; your reviews and comments are safe.</p>
<p class="muted">Please check again in a little while.</p>
<p class="badge">Stand-in for the marketing site</p>`,
    { embedded: true },
  );
}

const paramsSchema = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', maxLength: 100 }, '*': { type: 'string', maxLength: 2048 } },
} as const;

const routeSchema = {
  params: paramsSchema,
  // Any query is shown on the page, so any is accepted.
  querystring: { type: 'object', additionalProperties: true },
  response: { 200: { type: 'string' }, 404: errorBodySchema },
} as const;

function handle(request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) {
  const { name } = request.params;
  // Shown as sent (still percent-encoded), HTML-escaped.
  const [path = '/', query = ''] = request.url.split(/\?(.*)/s);
  if (!isLinkName(name)) return sendError(reply, 404, `No external site named "${name}". Known: ${LINK_NAMES.join(', ')}.`);
  reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
  if (path.replace(/\/+$/, '') === MAINTENANCE_PATH) {
    // Embedded by the dashboard (same origin) and nowhere else.
    reply.header('Content-Security-Policy', "frame-ancestors 'self'").header('X-Frame-Options', 'SAMEORIGIN');
    return reply.send(maintenancePage());
  }
  reply.header('Content-Security-Policy', "frame-ancestors 'none'").header('X-Frame-Options', 'DENY');
  return reply.send(standInPage(name, path, query));
}

/**
 * Stand-ins for the external sites the dashboard links to (`/config.json` `links`, each defaulting to
 * `<base>/external/<name>`): a page saying which site it stands in for and what was asked.
 */
export const externalRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { name: string } }>('/:name', { schema: routeSchema }, handle);
  app.get<{ Params: { name: string; '*': string } }>('/:name/*', { schema: routeSchema }, handle);
};
