import type { AnnotationShape } from '../../../domain/annotation.ts';

/** A 1280 × 720 slide-like picture (an SVG data URL) for annotating on /sandbox/annotation without a capture. */
export const SAMPLE_SNAPSHOT = {
  width: 1280,
  height: 720,
  url:
    'data:image/svg+xml;charset=utf-8,' +
    encodeURIComponent(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
  <rect width="1280" height="720" fill="#f4f6fb"/>
  <rect x="0" y="0" width="1280" height="110" fill="#2f40b8"/>
  <text x="60" y="72" font-family="sans-serif" font-size="44" fill="#ffffff">Safety at work: lesson 3</text>
  <rect x="60" y="170" width="520" height="360" rx="16" fill="#ffffff" stroke="#c8cefa" stroke-width="4"/>
  <circle cx="320" cy="330" r="110" fill="#ffd166"/>
  <rect x="660" y="180" width="540" height="40" rx="8" fill="#d8dcf0"/>
  <rect x="660" y="250" width="480" height="40" rx="8" fill="#d8dcf0"/>
  <rect x="660" y="320" width="510" height="40" rx="8" fill="#d8dcf0"/>
  <rect x="660" y="460" width="220" height="70" rx="35" fill="#3b4fd8"/>
  <text x="715" y="507" font-family="sans-serif" font-size="30" fill="#ffffff">Next</text>
  <rect x="0" y="640" width="1280" height="80" fill="#e1e4ea"/>
</svg>`,
    ),
};

/** `count` freehand strokes spread over the snapshot (deterministic), for the canvas bench. */
export function sampleStrokes(count: number, pointsEach = 24): AnnotationShape[] {
  let seed = 7;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const colors = ['#e53935', '#3b4fd8', '#2e7d32', '#f9a825', '#6a1b9a'];
  return Array.from({ length: count }, (_, i) => {
    let x = next();
    let y = next();
    const points: number[] = [];
    for (let p = 0; p < pointsEach; p += 1) {
      x = Math.min(1, Math.max(0, x + (next() - 0.5) * 0.03));
      y = Math.min(1, Math.max(0, y + (next() - 0.5) * 0.03));
      points.push(x, y);
    }
    return { id: `s${i + 1}`, kind: 'draw' as const, color: colors[i % colors.length] ?? '#e53935', opacity: 1, width: 2 + (i % 4) * 2, points };
  });
}
