import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { sendError } from '../errors.ts';

export interface ClientRouteOptions {
  clientDir: string;
}

/** Paths that belong to the server; a miss there is a JSON 404, never the app shell. */
const SERVER_PREFIXES = ['/api/', '/services/', '/oidc/', '/socket.io/', '/external/'];

const NOT_BUILT_PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Review Dashboard</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;line-height:1.5">
<h1>Client not built</h1>
<p>Client not built: run <code>npm run build</code>, then reload this page.</p>
</body></html>`;

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * Serves the built client: real files as they are, and index.html for every other GET so that client
 * routes (/review, /auth-callback, ...) survive a reload.
 */
export const clientRoutes: FastifyPluginAsync<ClientRouteOptions> = async (app, { clientDir }) => {
  const root = path.resolve(clientDir);
  // preCompressed: a file's .br or .gz sibling, written at build time (vite.config.ts), is sent when the request
  // accepts it, with its Content-Encoding; the compression plugin then leaves the answer alone.
  // cacheControl false: the route sets Cache-Control itself (@fastify/static drops per-call options when it falls
  // back from a missing .br/.gz to the file).
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true, cacheControl: false });

  app.get<{ Params: { '*': string } }>(
    '/*',
    { schema: { params: { type: 'object', properties: { '*': { type: 'string', maxLength: 2048 } } } } },
    async (request, reply) => {
      const urlPath = request.url.split('?')[0] ?? '/';
      if (SERVER_PREFIXES.some((prefix) => urlPath.startsWith(prefix) || `${urlPath}/` === prefix)) {
        return sendError(reply, 404, `No route for ${request.method} ${urlPath}.`);
      }
      // The bytes sent depend on Accept-Encoding (a .br, a .gz or the file itself): caches must key on it.
      reply.header('Vary', 'Accept-Encoding');
      const relative = request.params['*'];
      const candidate = path.resolve(root, relative);
      const insideRoot = candidate === root || candidate.startsWith(root + path.sep);
      if (relative && insideRoot && (await isFile(candidate))) {
        // Hashed assets never change (public, max-age=31536000, immutable); everything else must be revalidated.
        const immutable = relative.startsWith('assets/');
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        return reply.sendFile(relative);
      }
      if (await isFile(path.join(root, 'index.html'))) {
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      }
      return reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    },
  );
};
