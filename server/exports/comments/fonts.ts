/**
 * The fonts the PDF export embeds, one per script family: Latin (with Greek and Cyrillic), Arabic, Hebrew and CJK.
 * They are read from the machine's Noto fonts (Debian's fonts-noto-core and fonts-noto-cjk, Fedora's and Arch's
 * google-noto packages, Homebrew's or a user's font folder) or from `EXPORT_FONT_DIR`, searched first. A script whose
 * font is missing falls back to the Latin font (or PDF's built-in Helvetica when there is no Noto at all): the export
 * still succeeds, `missingScripts` says which scripts will not render, and the service logs it once at start.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

export type FontScript = 'latin' | 'arabic' | 'hebrew' | 'cjk';

/** A font pdfkit can embed: a file, and for a collection (.ttc) the face's PostScript name. */
export interface FontFace {
  file: string;
  family?: string;
}

export interface ExportFonts {
  regular: Record<FontScript, FontFace | null>;
  bold: Record<FontScript, FontFace | null>;
  /** Scripts without a font of their own (their text would not render). */
  missingScripts: FontScript[];
}

const FOLDERS = [
  '/usr/share/fonts/truetype/noto',
  '/usr/share/fonts/opentype/noto',
  '/usr/share/fonts/noto',
  '/usr/share/fonts/noto-cjk',
  '/usr/share/fonts/google-noto',
  '/usr/share/fonts/google-noto-vf',
  '/usr/share/fonts/google-noto-sans-cjk-fonts',
  '/usr/share/fonts/google-noto-cjk',
  '/usr/share/fonts/TTF',
  '/usr/share/fonts/OTF',
  '/Library/Fonts',
  path.join(process.env.HOME ?? '/nonexistent', 'Library/Fonts'),
  path.join(process.env.HOME ?? '/nonexistent', '.local/share/fonts'),
];

/** File names per script and weight, best first; a .ttc names the face to use. */
const CANDIDATES: Record<'regular' | 'bold', Record<FontScript, FontFace[]>> = {
  regular: {
    latin: [{ file: 'NotoSans-Regular.ttf' }, { file: 'NotoSans-Regular.otf' }],
    arabic: [{ file: 'NotoSansArabic-Regular.ttf' }, { file: 'NotoNaskhArabic-Regular.ttf' }],
    hebrew: [{ file: 'NotoSansHebrew-Regular.ttf' }],
    cjk: [
      { file: 'NotoSansCJK-Regular.ttc', family: 'NotoSansCJKjp-Regular' },
      { file: 'NotoSansCJKjp-Regular.otf' },
      { file: 'NotoSansCJK-Regular.otf' },
    ],
  },
  bold: {
    latin: [{ file: 'NotoSans-Bold.ttf' }, { file: 'NotoSans-Bold.otf' }],
    arabic: [{ file: 'NotoSansArabic-Bold.ttf' }, { file: 'NotoNaskhArabic-Bold.ttf' }],
    hebrew: [{ file: 'NotoSansHebrew-Bold.ttf' }],
    cjk: [
      { file: 'NotoSansCJK-Bold.ttc', family: 'NotoSansCJKjp-Bold' },
      { file: 'NotoSansCJKjp-Bold.otf' },
      { file: 'NotoSansCJK-Bold.otf' },
    ],
  },
};

const SCRIPTS: readonly FontScript[] = ['latin', 'arabic', 'hebrew', 'cjk'];

function find(candidates: readonly FontFace[], folders: readonly string[]): FontFace | null {
  for (const folder of folders) {
    for (const candidate of candidates) {
      const file = path.join(folder, candidate.file);
      if (existsSync(file)) return { ...candidate, file };
    }
  }
  return null;
}

/** Finds the fonts once (`EXPORT_FONT_DIR` first, then the usual font folders). */
export function findExportFonts(extraFolder: string | undefined = process.env.EXPORT_FONT_DIR): ExportFonts {
  const folders = extraFolder ? [extraFolder, ...FOLDERS] : FOLDERS;
  const pick = (weight: 'regular' | 'bold') => Object.fromEntries(SCRIPTS.map((script) => [script, find(CANDIDATES[weight][script], folders)])) as Record<FontScript, FontFace | null>;
  const regular = pick('regular');
  const bold = pick('bold');
  return { regular, bold, missingScripts: SCRIPTS.filter((script) => regular[script] === null) };
}

/** The script family of one code point, or null for characters every font has (spaces, digits, punctuation). */
export function scriptOf(codePoint: number): FontScript | null {
  if (codePoint < 0x80) return /[A-Za-z]/.test(String.fromCodePoint(codePoint)) ? 'latin' : null;
  if (codePoint >= 0x0590 && codePoint <= 0x05ff) return 'hebrew';
  if ((codePoint >= 0x0600 && codePoint <= 0x06ff) || (codePoint >= 0x0750 && codePoint <= 0x077f) || (codePoint >= 0x08a0 && codePoint <= 0x08ff) || (codePoint >= 0xfb50 && codePoint <= 0xfdff) || (codePoint >= 0xfe70 && codePoint <= 0xfeff)) return 'arabic';
  if (codePoint >= 0xfb1d && codePoint <= 0xfb4f) return 'hebrew';
  if (
    (codePoint >= 0x1100 && codePoint <= 0x11ff) ||
    (codePoint >= 0x2e80 && codePoint <= 0x9fff) ||
    (codePoint >= 0xa960 && codePoint <= 0xa97f) ||
    (codePoint >= 0xac00 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xfe30 && codePoint <= 0xfe4f) ||
    (codePoint >= 0xff00 && codePoint <= 0xffef) ||
    (codePoint >= 0x20000 && codePoint <= 0x3ffff)
  )
    return 'cjk';
  if (codePoint >= 0x2000 && codePoint <= 0x206f) return null; // general punctuation: dashes, quotes
  return 'latin';
}

/** Whether a code point is CJK: such text breaks between any two characters. */
export function isCjk(codePoint: number): boolean {
  return scriptOf(codePoint) === 'cjk';
}
