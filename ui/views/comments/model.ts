/**
 * View models of the comments panel (review-and-content §3 Comment, §4 comments, §6 comment permissions): plain
 * data the wiring computes from the comments actor's snapshot with the domain rules, so the components only draw.
 * The helpers here call the domain rules (domain/comments.ts); they decide nothing themselves.
 */
import {
  canDeleteComment,
  canEditComment,
  canPost,
  canResolveComment,
  isUnread,
  replyBlockedBy,
  type CommentItemFacts,
  type CommentRecord,
  type CommentThread,
  type CommentViewer,
} from '../../../domain/comments.ts';
import type { ProductFamily } from '../../../domain/folderRoles.ts';
import type { VersionMeta } from '../../../domain/items.ts';
import { t } from '../../strings.ts';

/** What the viewer may do with one comment (domain canEditComment / canDeleteComment / canResolveComment). */
export interface CommentPermissions {
  canEdit: boolean;
  canDelete: boolean;
  /** Resolve or reopen: parents only. */
  canResolve: boolean;
}

/** Why a reply cannot be written now (domain replyBlockedBy), or null. */
export type ReplyBlock = ReturnType<typeof replyBlockedBy>;

/** One thread as the panel draws it. */
export interface ThreadViewModel {
  parent: CommentRecord;
  /** Oldest first. */
  replies: CommentRecord[];
  /** Some comment of the thread is unread for the viewer. */
  unread: boolean;
  /** Ids of the thread's comments that are unread (each shows a dot). */
  unreadIds: readonly string[];
  /** By comment id (the parent and each reply). */
  perms: Readonly<Record<string, CommentPermissions>>;
  /** The viewer may write at all (domain canPost): without it no Reply button shows. */
  canReply: boolean;
  /** Why Reply is unavailable (locked, resolved, offline, out of date), or null. */
  replyBlockedBy: ReplyBlock;
}

/**
 * Where a composer goes (the comments actor's own targets, machines/comments/commentEvents): the new-comment box, a reply box
 * under a thread, or in place of the comment being edited.
 */
export type { ComposerTarget } from '../../../machines/comments/commentEvents.ts';

/** Where a comment points in the content: a video time or a slide/lesson (clicking it seeks the player). */
export type CommentPlace = { kind: 'time'; seconds: number } | { kind: 'slide'; slideId: string };

/** The facts the comment rules need besides the thread. */
export interface ThreadFacts {
  item: CommentItemFacts;
  viewer: CommentViewer;
  offline: boolean;
  outOfDate: boolean;
}

/** A thread's view model, from the domain rules. */
export function threadViewModel(thread: CommentThread, facts: ThreadFacts): ThreadViewModel {
  const all = [thread.parent, ...thread.replies];
  const unreadIds = all.filter((comment) => isUnread(comment, facts.viewer)).map((comment) => comment.id);
  const perms: Record<string, CommentPermissions> = {};
  for (const comment of all) {
    perms[comment.id] = {
      canEdit: canEditComment(comment, facts.viewer),
      canDelete: canDeleteComment(comment, facts.item, facts.viewer),
      canResolve: canResolveComment(comment, facts.item, facts.viewer),
    };
  }
  return {
    parent: thread.parent,
    replies: thread.replies,
    unread: unreadIds.length > 0,
    unreadIds,
    perms,
    canReply: canPost(facts.item, facts.viewer),
    replyBlockedBy: replyBlockedBy(thread.parent, { offline: facts.offline, outOfDate: facts.outOfDate }),
  };
}

/**
 * Labels of the version's slides (Storyline, threeSixty.json) or lessons (Rise) by id — 'Slide 3: Title' — and
 * their order (for domain sortThreads 'slide').
 */
export function slideLabelsOf(meta: VersionMeta | null): { labels: Record<string, string>; order: string[] } {
  const labels: Record<string, string> = {};
  const order: string[] = [];
  if (!meta) return { labels, order };
  meta.slides.forEach((slide, i) => {
    // Storyline's own numbering ('2.3', 'Q1.2') where the publish gives it, else the position.
    labels[slide.id] = t('commentsPanel.slide', { number: slide.number ?? i + 1, title: slide.title });
    order.push(slide.id);
  });
  meta.lessons.forEach((lesson, i) => {
    labels[lesson.id] = t('commentsPanel.lesson', { number: i + 1, title: lesson.title });
    order.push(lesson.id);
  });
  return { labels, order };
}

/** A video time as the list shows it: m:ss, or h:mm:ss from an hour on. */
export function formatVideoTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The words of the 'slide' sort for a product: by slide, by lesson (Rise) or by video time. */
export function slideSortLabel(family: ProductFamily | null): string {
  if (family === 'rise') return t('commentsPanel.sort.lesson');
  if (family === 'video') return t('commentsPanel.sort.time');
  return t('commentsPanel.sort.slide');
}

/** The reason text for a blocked reply. */
export function replyBlockText(block: NonNullable<ReplyBlock>): string {
  return t(`commentsPanel.reply.${block}`);
}

/** A comment's full date and time for its tooltip ('Mar 5, 2025, 2:07 PM'); the raw text when unreadable. */
export function fullCommentDate(iso: string, timeZone?: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', ...(timeZone ? { timeZone } : {}) }).format(ms);
}
