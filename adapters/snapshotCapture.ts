/**
 * The player as it shows now, for a comment snapshot (review-and-content §4 comment posting, §7 snapshot, §9 scale
 * 2 PNG at the frame's width, 1280 when it has none).
 *
 * The capture library is modern-screenshot (4.7.0): it renders a DOM subtree through an SVG foreignObject onto a
 * canvas, inlining same-origin images, fonts and canvases and handling nested same-origin frames, with no server
 * round trip; html-to-image is the older alternative with the same approach but weaker font and frame handling.
 *
 * Packages are served on their own origin (server/uploads/packageOrigin.ts: a package must never read the
 * dashboard), so the dashboard cannot read the frame's document. The frame's review bridge (reviewBridge.js)
 * captures its own page instead: it is sent modern-screenshot's UMD build once, runs it as a page script, and
 * answers with the PNG as a Blob (or, with the server snapshots flag, the page's HTML). Both paths draw the page onto
 * a canvas (domToCanvas) and encode it at once with toDataURL, never canvas.toBlob (see pngBlobOf). A frame on the dashboard's
 * own origin that the dashboard may read is captured directly.
 */
import { SNAPSHOT_SCALE, snapshotSizeOf } from '../domain/commentSnapshots.ts';

/** Longest a capture may take before it counts as failed (fonts and images of a slide load first). */
export const CAPTURE_TIMEOUT_MS = 15_000;

export type CapturedFrame =
  | { kind: 'image'; blob: Blob; width: number; height: number }
  | { kind: 'html'; html: string; width: number; height: number };

/** The player frame of the item view. */
const PLAYER_FRAME_SELECTOR = 'iframe.package-player__frame';

let librarySource: Promise<string> | null = null;
/** modern-screenshot's UMD build as text (its own chunk, loaded on the first capture). */
function library(): Promise<string> {
  librarySource ??= import('modern-screenshot/dist/index.js?raw').then((m: { default: string }) => m.default);
  return librarySource;
}

let sequence = 0;

/** Asks the frame's review bridge for the capture and waits for its answer. */
async function captureThroughBridge(frame: HTMLIFrameElement, mode: 'image' | 'html'): Promise<CapturedFrame> {
  const target = frame.contentWindow;
  if (!target) throw new Error('The player is not loaded');
  const origin = new URL(frame.src, window.location.href).origin;
  const id = `capture-${Date.now()}-${(sequence += 1)}`;
  const source = mode === 'image' ? await library() : undefined;
  return new Promise<CapturedFrame>((resolve, reject) => {
    const timer = window.setTimeout(() => finish(() => reject(new Error('Time-out capturing the player'))), CAPTURE_TIMEOUT_MS);
    function finish(settle: () => void) {
      window.clearTimeout(timer);
      window.removeEventListener('message', listener);
      settle();
    }
    function listener(event: MessageEvent) {
      if (event.source !== target || (origin !== 'null' && event.origin !== origin)) return;
      const data = event.data as { source?: unknown; type?: unknown; id?: unknown; kind?: unknown; blob?: unknown; html?: unknown; width?: unknown; height?: unknown; message?: unknown } | null;
      if (!data || data.source !== 'review-player' || data.id !== id) return;
      if (data.type === 'captureFailed') return finish(() => reject(new Error(typeof data.message === 'string' ? data.message : 'The player could not be captured')));
      if (data.type !== 'captured') return;
      const size = snapshotSizeOf({ width: Number(data.width), height: Number(data.height) });
      if (data.kind === 'image' && data.blob instanceof Blob) return finish(() => resolve({ kind: 'image', blob: data.blob as Blob, ...size }));
      if (data.kind === 'html' && typeof data.html === 'string') return finish(() => resolve({ kind: 'html', html: data.html as string, ...size }));
      finish(() => reject(new Error('Malformed capture')));
    }
    window.addEventListener('message', listener);
    target.postMessage({ source: 'review-dashboard', type: 'capture', id, mode, scale: SNAPSHOT_SCALE, library: source }, origin === 'null' ? '*' : origin);
  });
}

/** A frame whose document the dashboard may read: captured here. */
async function captureDirectly(frame: HTMLIFrameElement, doc: Document, mode: 'image' | 'html'): Promise<CapturedFrame> {
  const size = snapshotSizeOf({ width: frame.clientWidth, height: frame.clientHeight });
  if (mode === 'html') return { kind: 'html', html: `<!doctype html>\n${doc.documentElement.outerHTML}`, ...size };
  const { domToCanvas } = await import('modern-screenshot');
  const canvas = await domToCanvas(doc.documentElement, { scale: SNAPSHOT_SCALE, width: size.width, height: size.height });
  return { kind: 'image', blob: pngBlobOf(canvas), ...size };
}

/**
 * The canvas as a PNG Blob, encoded now (toDataURL), as the review bridge does: Chromium's canvas.toBlob encodes a PNG
 * only in the page's idle periods (starting at the latest after 1 s, finishing at the latest 5.7 s after it started),
 * and a player frame behind the snapshot dialog often gets none — the capture then waited for those time-outs.
 */
function pngBlobOf(canvas: HTMLCanvasElement): Blob {
  const url = canvas.toDataURL('image/png');
  const binary = atob(url.slice(url.indexOf(',') + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: 'image/png' });
}

/** The performance measure each capture leaves (`detail`: mode, bytes, width, height), read by tests/bench/annotationCapture.ts. */
export const CAPTURE_MEASURE = 'snapshot:capture';

/** Captures the item view's player frame as it shows now. */
export async function captureFrame(mode: 'image' | 'html'): Promise<CapturedFrame> {
  const frame = document.querySelector<HTMLIFrameElement>(PLAYER_FRAME_SELECTOR);
  if (!frame) throw new Error('There is no player to capture');
  let doc: Document | null = null;
  try {
    doc = frame.contentDocument;
  } catch {
    doc = null;
  }
  const start = performance.now();
  const captured = await (doc ? captureDirectly(frame, doc, mode) : captureThroughBridge(frame, mode));
  const bytes = captured.kind === 'image' ? captured.blob.size : captured.html.length;
  performance.measure(CAPTURE_MEASURE, { start, detail: { mode, bytes, width: captured.width, height: captured.height } });
  return captured;
}
