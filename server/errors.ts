import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';

/** Body of every error response: a short name and a sentence for people, never a stack trace. */
export interface ErrorBody {
  error: string;
  message: string;
}

export const errorBodySchema = {
  type: 'object',
  required: ['error', 'message'],
  properties: { error: { type: 'string' }, message: { type: 'string' } },
} as const;

/** An error a handler throws on purpose; its message is safe to show. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export function sendError(reply: FastifyReply, statusCode: number, message: string): FastifyReply {
  const body: ErrorBody = { error: STATUS_CODES[statusCode] ?? 'Error', message };
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

function messageFor(error: FastifyError, statusCode: number): string {
  if (error instanceof HttpError) return error.message;
  if (error.validation) {
    // Fastify prefixes with the part of the request ("body/event must ..."); keep it, it says where.
    return `Invalid request: ${error.message}`;
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is larger than the server accepts.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not accepted here.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request declares a JSON body but sends none.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
  }
  // Other client errors raised by fastify carry safe messages; server faults must not leak internals.
  return statusCode < 500 ? error.message : 'Something went wrong on our side. Please try again later.';
}

/** One JSON error shape for thrown errors and for routes that do not exist. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const raw = error.statusCode ?? (error.validation ? 400 : 500);
    const statusCode = raw >= 400 && raw <= 599 ? raw : 500;
    if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(reply, statusCode, messageFor(error, statusCode));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    return sendError(reply, 404, `No route for ${request.method} ${path}.`);
  });
}
