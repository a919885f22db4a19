import { describe, expect, it } from 'vitest';
import { rawFromPlainText } from '../domain/richText.ts';
import { CommentRequestError, createCommentClient } from './comments.ts';
import type { ContentSocket } from './content.ts';
import { HttpError } from './http.ts';

type Handler = (name: string, payload: unknown, ack: (answer: unknown) => void) => void;

function fakeSocket(handler: Handler) {
  const emitted: { name: string; payload: unknown }[] = [];
  const socket = {
    connected: true,
    emit: (name: string, payload: unknown, ack: (answer: unknown) => void) => {
      emitted.push({ name, payload });
      handler(name, payload, ack);
      return socket;
    },
  };
  return { socket: socket as unknown as ContentSocket, emitted };
}

const draft = { itemId: 'i1', pass: null, versionId: 'v2', content: rawFromPlainText('Looks good'), currentTime: null, slideId: 's1', attachments: [], withSnapshot: false };

describe('comment client: comment requests over the item socket', () => {
  it('emits the request with its payload and resolves with the acknowledgement’s data', async () => {
    const { socket, emitted } = fakeSocket((name, _p, ack) => ack({ success: true, data: name === 'comment.find' ? { comments: [], enableComments: true, allowAnonComments: false } : { ids: ['c1'], readerId: 'u-alex' } }));
    const client = createCommentClient({ socket: () => socket });
    await expect(client.request('comment.find', { itemId: 'i1', pass: 'letmein' })).resolves.toEqual({ comments: [], enableComments: true, allowAnonComments: false });
    await expect(client.request('comment.markRead', { itemId: 'i1', pass: null, ids: 'all' })).resolves.toEqual({ ids: ['c1'], readerId: 'u-alex' });
    expect(emitted).toEqual([
      { name: 'comment.find', payload: { itemId: 'i1', pass: 'letmein' } },
      { name: 'comment.markRead', payload: { itemId: 'i1', pass: null, ids: 'all' } },
    ]);
  });

  it.each(['oldItemVersion', 'resolved', 'locked', 'tooLong', 'anonymousNotAllowed'])('rejects the %s refusal as a CommentRequestError with that reason and message', async (reason) => {
    const { socket } = fakeSocket((_n, _p, ack) => ack({ success: false, reason, message: `Refused: ${reason}` }));
    const client = createCommentClient({ socket: () => socket });
    const error = await client.request('comment.insert', draft).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommentRequestError);
    expect(error).toMatchObject({ reason, message: `Refused: ${reason}` });
  });

  it('rejects with serverError without a socket, and when no acknowledgement comes in time', async () => {
    await expect(createCommentClient({ socket: () => null }).request('comment.find', { itemId: 'i1', pass: null })).rejects.toMatchObject({ name: 'CommentRequestError', reason: 'serverError' });
    const { socket } = fakeSocket(() => {});
    const silent = createCommentClient({ socket: () => socket, timeoutMs: 20 });
    await expect(silent.request('comment.mentionAvailable', { itemId: 'i1', pass: null, userId: 'u-alex', userEmail: null, query: 'sa' })).rejects.toMatchObject({
      reason: 'serverError',
      message: expect.stringMatching(/timed out/),
    });
  });

  it('rejects an unreadable acknowledgement', async () => {
    const { socket } = fakeSocket((_n, _p, ack) => ack('ok'));
    await expect(createCommentClient({ socket: () => socket }).request('comment.destroy', { itemId: 'i1', pass: null, id: 'c1' })).rejects.toMatchObject({ reason: 'serverError' });
  });
});

describe('comment client: the comments read over HTTP for an account', () => {
  const answer = { comments: [], enableComments: true, allowAnonComments: false };

  it('reads the comments without a socket, the password in the body; other requests still use the socket', async () => {
    const calls: { path: string; options: unknown }[] = [];
    const http = { request: async <T>(path: string, options?: unknown) => (calls.push({ path, options }), answer as T) };
    const { socket, emitted } = fakeSocket((_n, _p, ack) => ack({ success: true, data: { ids: [], readerId: 'u-alex' } }));
    const client = createCommentClient({ socket: () => socket, http, readOverHttp: () => true });
    await expect(client.request('comment.find', { itemId: 'i 1', pass: 'letmein' })).resolves.toEqual(answer);
    expect(calls).toEqual([{ path: '/comments/find/i%201', options: expect.objectContaining({ method: 'POST', body: { pass: 'letmein' } }) }]);
    await client.request('comment.markRead', { itemId: 'i 1', pass: null, ids: 'all' });
    expect(emitted.map((e) => e.name)).toEqual(['comment.markRead']);
  });

  it('rejects a refusal with the reason the error body names, as a CommentRequestError', async () => {
    const http = {
      request: async () => {
        throw new HttpError(403, 'Forbidden', 'This item needs its password.', 'POST /api/comments/find/i1', 'passwordFailed');
      },
    };
    const error = await createCommentClient({ socket: () => null, http, readOverHttp: () => true })
      .request('comment.find', { itemId: 'i1', pass: null })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommentRequestError);
    expect(error).toMatchObject({ reason: 'passwordFailed', message: 'This item needs its password.' });
  });
});
