/**
 * The image service stand-in: card and character images drawn as SVG in code (no image files, so no licence
 * questions), at the requested size. `fit=cover` fills the box and crops the drawing's overflow
 * (`preserveAspectRatio="xMidYMid slice"`), as the dashboard's cover-fit URLs ask (review-and-content §7).
 */
import { paletteOf } from './catalog.ts';

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A 492 × 296 drawing (the card's image box at 2×): a gradient, soft shapes and the title's initials. */
export function cardSvg(id: string, label: string, size: { width: number; height: number }): string {
  const [dark, light] = paletteOf(id);
  const initials = label
    .split(/[\s-]+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 492 296" preserveAspectRatio="xMidYMid slice" role="img" aria-label="${escapeXml(label)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
<rect width="492" height="296" fill="url(#g)"/>
<circle cx="410" cy="40" r="120" fill="#fff" fill-opacity="0.12"/>
<circle cx="60" cy="280" r="90" fill="#fff" fill-opacity="0.10"/>
<rect x="40" y="196" width="220" height="14" rx="7" fill="#fff" fill-opacity="0.55"/>
<rect x="40" y="222" width="150" height="14" rx="7" fill="#fff" fill-opacity="0.35"/>
<text x="40" y="150" font-family="system-ui, sans-serif" font-size="92" font-weight="700" fill="#fff">${escapeXml(initials)}</text>
</svg>`;
}

/** A character's portrait: head and shoulders in the character's palette. */
export function characterSvg(id: string, name: string, size: { width: number; height: number }): string {
  const [dark, light] = paletteOf(id);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 492 296" preserveAspectRatio="xMidYMid slice" role="img" aria-label="${escapeXml(name)}">
<rect width="492" height="296" fill="${light}"/>
<circle cx="246" cy="118" r="62" fill="${dark}"/>
<path d="M126 296c0-72 54-118 120-118s120 46 120 118z" fill="${dark}"/>
</svg>`;
}
