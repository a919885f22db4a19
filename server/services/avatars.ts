import type { FastifyPluginAsync } from 'fastify';
import { escapeHtml } from '../oidc/pages.ts';

const SIZES_PX: Record<string, number> = { micro: 24, small: 32, md: 48, lg: 96 };
const sizeQuery = {
  type: 'object',
  properties: { size: { type: 'string', enum: Object.keys(SIZES_PX) } },
  additionalProperties: false,
} as const;

function initialsSvg(initials: string, px: number): string {
  // A stable colour per initials so the same person looks the same everywhere.
  let hash = 0;
  for (const c of initials) hash = (hash * 31 + c.charCodeAt(0)) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 100 100" role="img" aria-label="${escapeHtml(initials)}">
<circle cx="50" cy="50" r="50" fill="hsl(${hash} 45% 40%)"/>
<text x="50" y="50" dy="0.35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="40" fill="#fff">${escapeHtml(initials)}</text>
</svg>`;
}

/**
 * Stand-in for the avatar service (foundation §7). Public on purpose: avatars load through <img>,
 * which cannot send a bearer token. Every avatar is an initials picture.
 */
export const avatarsService: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { initials: string }; Querystring: { size?: string } }>(
    '/v1/avatars-default/:initials',
    {
      schema: {
        params: { type: 'object', required: ['initials'], properties: { initials: { type: 'string', minLength: 1, maxLength: 3 } } },
        querystring: sizeQuery,
      },
    },
    async (request, reply) => {
      const px = SIZES_PX[request.query.size ?? 'md'] ?? 48;
      return reply
        .type('image/svg+xml')
        .header('Cache-Control', 'public, max-age=86400')
        .send(initialsSvg(request.params.initials.toUpperCase(), px));
    },
  );

  app.get<{ Params: { id: string }; Querystring: { size?: string } }>(
    '/v1/avatars/:id',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 200 } } },
        querystring: sizeQuery,
      },
    },
    async (request, reply) => {
      const px = SIZES_PX[request.query.size ?? 'md'] ?? 48;
      return reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=3600').send(initialsSvg('?', px));
    },
  );
};
