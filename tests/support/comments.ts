/** Comment requests as the server tests make them: who sends, the acknowledged call, a draft on the latest ready version. */
import type { Socket } from 'socket.io-client';
import type { CommentAck, CommentAckData, CommentPayload, CommentRequestName } from '../../domain/comments.ts';
import type { ItemDetail } from '../../domain/items.ts';
import { rawFromPlainText, type RawContent } from '../../domain/richText.ts';
import type { UserClient } from './clients.ts';

/** A signed-in user's client or an anonymous reviewer's socket. */
export type Who = UserClient | Socket;

export const socketOf = (who: Who): Socket => ('socket' in who ? who.socket : who);

/** One comment request with its acknowledgement (5 s). */
export function commentCall<K extends CommentRequestName>(who: Who, event: K, payload: CommentPayload<K>): Promise<CommentAck<CommentAckData<K>>> {
  return socketOf(who).timeout(5000).emitWithAck(event, payload) as Promise<CommentAck<CommentAckData<K>>>;
}

export const latestVersionId = (item: ItemDetail): string => item.versions.filter((v) => v.state === 'ready').at(-1)!.id;

/** A draft on the item's latest ready version. */
export function commentDraft(item: ItemDetail, content: string | RawContent, extra: Partial<CommentPayload<'comment.insert'>> = {}): CommentPayload<'comment.insert'> {
  return {
    itemId: item.id,
    pass: null,
    versionId: latestVersionId(item),
    content: typeof content === 'string' ? rawFromPlainText(content) : content,
    currentTime: null,
    slideId: null,
    attachments: [],
    withSnapshot: false,
    ...extra,
  };
}
