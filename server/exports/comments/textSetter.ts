/**
 * Sets mixed-script text with pdfkit: each paragraph is broken into lines by measured width (CJK between any two
 * characters, other text at spaces, an over-long word by characters), then each line is put in display order with the
 * Unicode Bidirectional Algorithm (bidi-js) and drawn as runs, each in the font of its script (fonts.ts). Right-to-left
 * words keep their logical letter order: fontkit shapes and lays them right to left itself; the algorithm decides the
 * order of the words and runs. A paragraph whose first strong character is right-to-left is set flush right.
 */
import bidiFactory from 'bidi-js';
import type PDFDocument from 'pdfkit';
import { scriptOf, type ExportFonts, type FontScript } from './fonts.ts';

type Doc = InstanceType<typeof PDFDocument>;

const bidi = bidiFactory();

export interface SetOptions {
  x: number;
  width: number;
  size: number;
  bold?: boolean;
  color?: string;
}

/** Registers the found fonts on the document and sets text with them. */
export class TextSetter {
  private readonly names: Record<'regular' | 'bold', Record<FontScript, string>>;

  constructor(
    private readonly doc: Doc,
    fonts: ExportFonts,
  ) {
    const register = (weight: 'regular' | 'bold'): Record<FontScript, string> => {
      const latin = fonts[weight].latin ?? fonts.regular.latin;
      const latinName = latin ? `latin-${weight}` : weight === 'bold' ? 'Helvetica-Bold' : 'Helvetica';
      if (latin) doc.registerFont(latinName, latin.file, latin.family);
      const out = { latin: latinName } as Record<FontScript, string>;
      for (const script of ['arabic', 'hebrew', 'cjk'] as const) {
        const face = fonts[weight][script] ?? fonts.regular[script];
        if (face) {
          out[script] = `${script}-${weight}`;
          doc.registerFont(out[script], face.file, face.family);
        } else {
          out[script] = latinName;
        }
      }
      return out;
    };
    this.names = { regular: register('regular'), bold: register('bold') };
  }

  /** Draws `text` (newlines start paragraphs) from the document's y, moving it below; pages break as needed. */
  write(text: string, options: SetOptions): void {
    const lineHeight = options.size * 1.4;
    for (const paragraph of text.split(/\r\n|\r|\n/)) {
      const levels = bidi.getEmbeddingLevels(paragraph);
      const rtl = (levels.paragraphs[0]?.level ?? 0) % 2 === 1;
      for (const line of this.breakLines(paragraph, options)) {
        if (this.doc.y + lineHeight > this.doc.page.height - this.doc.page.margins.bottom) this.doc.addPage();
        const runs = this.runsOf(displayOrder(line, rtl));
        const widths = runs.map((run) => this.widthOf(run.text, run.font, options.size, options.bold));
        const total = widths.reduce((sum, w) => sum + w, 0);
        let x = rtl ? options.x + Math.max(0, options.width - total) : options.x;
        const y = this.doc.y;
        runs.forEach((run, i) => {
          this.doc.font(this.fontName(run.font, options.bold)).fontSize(options.size).fillColor(options.color ?? '#111827');
          if (run.font === 'arabic' || run.font === 'hebrew') {
            // Word by word: fontkit lays each word's letters right to left; the words are already in display order.
            let at = x;
            for (const piece of run.text.split(/(\s+)/)) {
              if (piece === '') continue;
              if (!/^\s+$/.test(piece)) this.doc.text(piece, at, y, { lineBreak: false, features: [] });
              at += this.widthOf(piece, run.font, options.size, options.bold);
            }
          } else {
            this.doc.text(run.text, x, y, { lineBreak: false });
          }
          x += widths[i]!;
        });
        this.doc.x = options.x;
        this.doc.y = y + lineHeight;
      }
    }
  }

  /** The height `text` takes at this width (no drawing). */
  heightOf(text: string, options: SetOptions): number {
    return text.split(/\r\n|\r|\n/).reduce((sum, paragraph) => sum + this.breakLines(paragraph, options).length, 0) * options.size * 1.4;
  }

  private fontName(script: FontScript, bold = false): string {
    return this.names[bold ? 'bold' : 'regular'][script];
  }

  private readonly widths = new Map<string, number>();

  private widthOf(text: string, script: FontScript, size: number, bold = false): number {
    const key = `${script}|${size}|${bold ? 1 : 0}|${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = this.doc.font(this.fontName(script, bold)).fontSize(size).widthOfString(text, shaping(script));
      if (this.widths.size > 50_000) this.widths.clear();
      this.widths.set(key, width);
    }
    return width;
  }

  private measure(text: string, options: SetOptions): number {
    return this.runsOf(text).reduce((sum, run) => sum + this.widthOf(run.text, run.font, options.size, options.bold), 0);
  }

  /** Splits text into runs of one font: characters every font has join the run they stand in. */
  private runsOf(text: string): { text: string; font: FontScript }[] {
    const runs: { text: string; font: FontScript }[] = [];
    const isRtl = (font: FontScript | undefined) => font === 'arabic' || font === 'hebrew';
    let pending = '';
    for (const char of text) {
      const script = scriptOf(char.codePointAt(0)!);
      const last = runs.at(-1);
      if (script === null) {
        // Spaces join the run they stand in; other neutrals beside right-to-left text are set in the Latin font,
        // which has them (the Hebrew and Arabic fonts lack some ASCII punctuation).
        if (!last) pending += char;
        else if (/\s/.test(char) || !isRtl(last.font)) last.text += char;
        else runs.push({ text: char, font: 'latin' });
      } else if (last && last.font === script) {
        last.text += char;
      } else if (pending !== '' && isRtl(script)) {
        runs.push({ text: pending, font: 'latin' }, { text: char, font: script });
        pending = '';
      } else {
        runs.push({ text: pending + char, font: script });
        pending = '';
      }
    }
    if (pending) runs.push({ text: pending, font: 'latin' });
    return runs;
  }

  /** Greedy line breaking by measured width (token widths measured once and remembered). */
  private breakLines(paragraph: string, options: SetOptions): string[] {
    if (paragraph === '') return [''];
    const tokens = paragraph.match(/\s+|[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7ff\uf900-\ufaff\uff00-\uffef]|[^\s\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7ff\uf900-\ufaff\uff00-\uffef]+/g) ?? [paragraph];
    const lines: string[] = [];
    let line = '';
    let lineWidth = 0;
    for (const token of tokens) {
      const width = this.measure(token, options);
      if (/^\s+$/.test(token)) {
        if (line !== '') {
          line += token;
          lineWidth += width;
        }
        continue;
      }
      const trimmedWidth = lineWidth - (line === line.trimEnd() ? 0 : this.measure(line.slice(line.trimEnd().length), options));
      if (line === '' || trimmedWidth + width <= options.width) {
        line += token;
        lineWidth += width;
        continue;
      }
      lines.push(line.trimEnd());
      line = token;
      lineWidth = width;
      // A word longer than the line: cut it by characters.
      while (lineWidth > options.width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && this.measure(line.slice(0, cut), options) > options.width) cut -= 1;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
        lineWidth = this.measure(line, options);
      }
    }
    if (line.trim() !== '' || lines.length === 0) lines.push(line.trimEnd());
    return lines;
  }
}

/**
 * pdfkit's options for measuring a run: right-to-left words are shaped in one piece (any `features` does that, so
 * fontkit joins Arabic letters across the word), as they are drawn; other runs word by word, which pdfkit remembers.
 */
function shaping(script: FontScript): { features?: [] } {
  return script === 'arabic' || script === 'hebrew' ? { features: [] } : {};
}

/**
 * One line in display order, left to right: the bidi algorithm's reordering, except that each right-to-left stretch
 * keeps its letters in logical order with its words reversed (fontkit lays each word's letters right to left).
 */
export function displayOrder(line: string, rtl: boolean): string {
  if (!/[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/.test(line) && !rtl) return line;
  const levels = bidi.getEmbeddingLevels(line, rtl ? 'rtl' : 'ltr');
  const order = Array.from({ length: line.length }, (_, i) => i);
  for (const segment of bidi.getReorderSegments(line, levels)) {
    const [start, end] = segment as [number, number];
    const part = order.slice(start, end + 1).reverse();
    order.splice(start, part.length, ...part);
  }
  let out = '';
  let i = 0;
  while (i < order.length) {
    const odd = (levels.levels[order[i]!] ?? 0) % 2;
    let j = i + 1;
    while (j < order.length && (levels.levels[order[j]!] ?? 0) % 2 === odd) j += 1;
    const indices = order.slice(i, j);
    if (odd) {
      const logical = indices
        .sort((a, b) => a - b)
        .map((k) => line[k])
        .join('');
      // Words reversed; a word's leading and trailing neutral punctuation (set apart, in the Latin font) change sides.
      out += logical.split(/(\s+)/).reverse().map(swapNeutralEnds).join('');
    } else {
      out += indices.map((k) => line[k]).join('');
    }
    i = j;
  }
  return out;
}

/** "word," → ",word": the neutral characters at either end of a right-to-left word, moved to the other end. */
function swapNeutralEnds(word: string): string {
  const chars = [...word];
  const neutral = (c: string) => scriptOf(c.codePointAt(0)!) === null && !/\s/.test(c);
  let lead = 0;
  while (lead < chars.length && neutral(chars[lead]!)) lead += 1;
  if (lead === chars.length) return word;
  let tail = chars.length;
  while (tail > lead && neutral(chars[tail - 1]!)) tail -= 1;
  return [...chars.slice(tail), ...chars.slice(lead, tail), ...chars.slice(0, lead)].join('');
}
