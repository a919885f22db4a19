/**
 * The players of the review screen (review-and-content §2, §8, §9): slide and lesson packages in a sandboxed
 * frame served from the unpacked package; videos in a <video> with speeds and arrow-key seeking. Playback rate
 * and position are the media element's own state, so they live here.
 */
import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { VIDEO_PLAYBACK_RATES, VIDEO_SEEK_SECONDS } from '../../../domain/constants.ts';
import { ErrorIcon, Select, cx } from '../../kit/index.ts';
import { t } from '../../strings.ts';

/**
 * A package served from its own origin (the service's package origin, never the dashboard's) keeps that origin in
 * the frame: its nested frames (Storyline's analytics frame, web objects) load, and it still cannot reach the
 * dashboard's storage, cookies or DOM, which belong to another origin. A package address on the dashboard's own
 * origin (an older service) gets an opaque origin instead: no allow-same-origin there, ever.
 */
export const PACKAGE_SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-forms allow-downloads';
export const SAME_ORIGIN_PACKAGE_SANDBOX = 'allow-scripts allow-popups';

/** The origin of a package address, or null when it is on the dashboard's own origin (or not a URL). */
export function packageOriginOf(src: string, dashboardOrigin: string): string | null {
  try {
    const origin = new URL(src, dashboardOrigin).origin;
    return origin === dashboardOrigin || origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

interface PlayerErrorProps {
  title: string;
  text: string;
}

/** What a player shows instead of content. */
function PlayerError({ title, text }: PlayerErrorProps) {
  return (
    <div className="player-error" role="alert">
      <ErrorIcon size={22} className="player-error__icon" />
      <p className="player-error__title">{title}</p>
      <p className="player-error__text">{text}</p>
    </div>
  );
}

export interface PackagePlayerProps {
  /** contentPrefix + playerFile; '' or null when either is missing (§8: reported, empty file address). */
  src: string | null;
  /** The item's title, for the frame's accessible name. */
  title: string;
  /** meta.player width and height: the stage keeps that aspect; 16:9 when unknown. */
  width?: number | null;
  height?: number | null;
  className?: string;
  /** The package reported the slide or lesson it shows (`{ source: 'review-player', type: 'slideChanged', slideId }`). */
  onSlideChanged?: (slideId: string) => void;
  /** The package said whether it can report its slide or lesson (`{ source: 'review-player', type: 'tracking', tracking }`). */
  onTrackingChanged?: (tracking: boolean) => void;
  /** Ask the package to show a slide or lesson (a comment's place was clicked); `nonce` repeats the same one. */
  slideRequest?: { slideId: string; nonce: number } | null;
}

/** A message of the review player frame (review-and-content §7 window messages), or null for anything else. */
export function playerSlideOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as { source?: unknown; type?: unknown; slideId?: unknown };
  if (message.source !== 'review-player' || message.type !== 'slideChanged') return null;
  return typeof message.slideId === 'string' && message.slideId.length > 0 && message.slideId.length <= 200 ? message.slideId : null;
}

/** The frame's word on whether it can report its slide or lesson, or null for any other message. */
export function playerTrackingOf(data: unknown): boolean | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as { source?: unknown; type?: unknown; tracking?: unknown };
  if (message.source !== 'review-player' || message.type !== 'tracking' || typeof message.tracking !== 'boolean') return null;
  return message.tracking;
}

/** A Storyline or Rise package in a sandboxed frame; 'This content cannot be shown' when there is no address. */
export function PackagePlayer({ src, title, width, height, className, onSlideChanged, onTrackingChanged, slideRequest }: PackagePlayerProps) {
  const aspect = width && height && width > 0 && height > 0 ? `${width} / ${height}` : '16 / 9';
  const frameRef = useRef<HTMLIFrameElement>(null);
  const frameOrigin = src ? packageOriginOf(src, typeof window === 'undefined' ? 'http://dashboard.invalid' : window.location.origin) : null;
  useEffect(() => {
    if (!onSlideChanged && !onTrackingChanged) return;
    // Only this frame's messages count: its window, and its origin when it has one of its own.
    const listener = (event: MessageEvent) => {
      if (event.source === null || event.source !== frameRef.current?.contentWindow) return;
      if (frameOrigin !== null && event.origin !== frameOrigin) return;
      const slideId = playerSlideOf(event.data);
      const tracking = playerTrackingOf(event.data);
      if (slideId) onSlideChanged?.(slideId);
      else if (tracking !== null) onTrackingChanged?.(tracking);
      else console.debug('Unhandled player message', event.data);
    };
    window.addEventListener('message', listener);
    // A frame that loaded before this listener was there said where it is to nobody: ask it again.
    frameRef.current?.contentWindow?.postMessage({ source: 'review-dashboard', type: 'sync' }, frameOrigin ?? '*');
    return () => window.removeEventListener('message', listener);
  }, [onSlideChanged, onTrackingChanged, frameOrigin]);
  useEffect(() => {
    if (slideRequest) frameRef.current?.contentWindow?.postMessage({ source: 'review-dashboard', type: 'goToSlide', slideId: slideRequest.slideId }, frameOrigin ?? '*');
  }, [slideRequest, frameOrigin]);
  return (
    <div className={cx('package-player', className)} style={{ '--player-aspect': aspect } as CSSProperties}>
      {src ? (
        <iframe
          ref={frameRef}
          className="package-player__frame"
          src={src}
          title={t('player.package.title', { title })}
          sandbox={frameOrigin ? PACKAGE_SANDBOX : SAME_ORIGIN_PACKAGE_SANDBOX}
          allow="fullscreen; autoplay"
          allowFullScreen
          referrerPolicy="no-referrer"
        />
      ) : (
        <PlayerError title={t('player.package.unavailable')} text={t('player.package.unavailableText')} />
      )}
    </div>
  );
}

export interface VideoPlayerProps {
  /** The version's mediaUrl. */
  src: string;
  /** The poster image (840 wide, §9), or null. */
  poster?: string | null;
  /** The item's title, for the player's accessible name. */
  title: string;
  /** The video cannot play (reporting is the caller's). */
  onPlaybackError?: () => void;
  className?: string;
  /** The playback position changed (whole seconds; video comments start from it). */
  onTimeChange?: (seconds: number) => void;
  /** Move the video to a time (a video comment was clicked); `nonce` repeats the same one. */
  seekRequest?: { seconds: number; nonce: number } | null;
}

/** The label of a playback rate. */
function rateLabel(rate: number): string {
  return rate === 1 ? t('player.video.rateNormal') : t('player.video.rateOption', { rate });
}

/**
 * The video player (§2, §9): native controls, a playback-speed menu (0.5 to 2), ArrowLeft / ArrowRight seek
 * 5 s while it has focus, fallback text inside <video>, and an error message when the file cannot play (§8).
 */
export function VideoPlayer({ src, poster, title, onPlaybackError, className, onTimeChange, seekRequest }: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [rate, setRate] = useState(1);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;
  const lastSecond = useRef<number | null>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (!seekRequest || !video) return;
    const end = Number.isFinite(video.duration) ? video.duration : Number.POSITIVE_INFINITY;
    video.currentTime = Math.min(end, Math.max(0, seekRequest.seconds));
    video.focus();
  }, [seekRequest]);
  const reportTime = (seconds: number) => {
    const whole = Math.floor(seconds);
    if (whole === lastSecond.current) return;
    lastSecond.current = whole;
    onTimeChange?.(whole);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLVideoElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const direction = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const video = videoRef.current;
    if (direction === 0 || !video) return;
    // Ours instead of the browser's own step, so the step is always 5 s.
    event.preventDefault();
    const end = Number.isFinite(video.duration) ? video.duration : Number.POSITIVE_INFINITY;
    video.currentTime = Math.min(end, Math.max(0, video.currentTime + direction * VIDEO_SEEK_SECONDS));
  };

  const changeRate = (value: string) => {
    const next = Number(value);
    setRate(next);
    if (videoRef.current) videoRef.current.playbackRate = next;
  };

  return (
    <div className={cx('video-player', className)}>
      {failed ? (
        <PlayerError title={t('player.video.error')} text={t('player.video.errorText')} />
      ) : (
        <video
          ref={videoRef}
          className="video-player__video"
          src={src}
          poster={poster ?? undefined}
          controls
          preload="metadata"
          playsInline
          tabIndex={0}
          aria-label={title}
          aria-keyshortcuts="ArrowLeft ArrowRight"
          onKeyDown={onKeyDown}
          onTimeUpdate={(event) => reportTime(event.currentTarget.currentTime)}
          onSeeked={(event) => reportTime(event.currentTarget.currentTime)}
          onLoadedMetadata={(event) => {
            // A new source starts at 1×; keep the chosen speed.
            event.currentTarget.playbackRate = rate;
          }}
          onError={() => {
            setFailedSrc(src);
            onPlaybackError?.();
          }}
        >
          {t('player.video.fallback')}
        </video>
      )}
      {!failed && (
        <div className="video-player__bar">
          <span className="video-player__hint">{t('player.video.keys', { seconds: VIDEO_SEEK_SECONDS })}</span>
          <Select
            className="video-player__rate"
            size="sm"
            label={t('player.video.rate')}
            value={String(rate)}
            options={VIDEO_PLAYBACK_RATES.map((value) => ({ value: String(value), label: rateLabel(value) }))}
            onChange={changeRate}
          />
        </div>
      )}
    </div>
  );
}
