/**
 * The PDF export (pdfkit, fonts embedded as subsets: fonts.ts, textSetter.ts): a cover with the item, its version, the
 * export's date, order and counts; then the comments grouped by the chosen order (a heading per day, minute of video,
 * slide or lesson), each thread with its state (open or resolved), its replies indented beneath it, and each comment's
 * snapshot image (annotated ones marked) beside its text. Snapshots that are not images (HTML snapshots) are named.
 */
import type { ExportComment, ExportData } from './collect.ts';
import type { ExportFonts } from './fonts.ts';
import { TextSetter } from './textSetter.ts';

const ORDER_LABELS: Record<ExportData['order'], string> = { recent: 'Most recent', time: 'Video time', slide: 'Slide', lesson: 'Lesson' };

const MARGIN = 56;
const IMAGE_WIDTH = 150;
const IMAGE_HEIGHT = 112;
const REPLY_INDENT = 28;
const MUTED = '#4b5563';

export interface PdfOptions {
  fonts: ExportFonts;
  /** The bytes of a stored snapshot, or null when it is gone. */
  readBlob: (key: string) => Promise<Uint8Array | null>;
  /** Called as threads are laid out (0 to 1). */
  onProgress?: (fraction: number) => void;
}

function isImage(bytes: Uint8Array): boolean {
  const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
  return png || jpeg;
}

const dateLabel = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** The export as PDF bytes. */
export async function exportPdf(data: ExportData, options: PdfOptions): Promise<Buffer> {
  // pdfkit and its fonts' code load on the first export, not with the server.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: false, info: { Title: `${data.item.title}: comments`, Creator: 'Review dashboard' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const setter = new TextSetter(doc, options.fonts);
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;

  // Cover.
  doc.y = 160;
  setter.write('Comments', { x: left, width, size: 14, color: MUTED });
  setter.write(data.item.title, { x: left, width, size: 26, bold: true });
  doc.y += 12;
  const { threads, replies, open, resolved } = data.counts;
  const cover = [
    `Version ${data.versionNumber}`,
    `Exported ${dateLabel(data.generatedAt)}`,
    `Order: ${ORDER_LABELS[data.order]}`,
    `${threads} ${threads === 1 ? 'comment' : 'comments'}, ${replies} ${replies === 1 ? 'reply' : 'replies'}`,
    `${open} open, ${resolved} resolved`,
  ];
  for (const line of cover) setter.write(line, { x: left, width, size: 12, color: MUTED });
  if (options.fonts.missingScripts.length > 0) {
    doc.y += 12;
    setter.write(`This server has no font for: ${options.fonts.missingScripts.join(', ')}; such text may not show.`, { x: left, width, size: 9, color: '#b91c1c' });
  }

  const total = Math.max(1, threads);
  let laid = 0;
  for (const group of data.groups) {
    doc.addPage();
    setter.write(group.title, { x: left, width, size: 16, bold: true });
    doc.moveTo(left, doc.y).lineTo(left + width, doc.y).strokeColor('#d1d5db').stroke();
    doc.y += 10;
    for (const thread of group.threads) {
      await drawComment(thread.comment, 0);
      for (const reply of thread.replies) await drawComment(reply, REPLY_INDENT);
      doc.y += 10;
      laid += 1;
      if (laid % 50 === 0) {
        options.onProgress?.(laid / total);
        // Let the service answer other requests between batches.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  }
  if (data.groups.length === 0) {
    doc.addPage();
    setter.write('This item has no comments.', { x: left, width, size: 12, color: MUTED });
  }
  doc.end();
  options.onProgress?.(1);
  return done;

  async function drawComment(comment: ExportComment, indent: number): Promise<void> {
    const x = left + indent;
    const image = comment.snapshot ? await options.readBlob(comment.snapshot.key) : null;
    const hasImage = image !== null && isImage(image);
    const textWidth = width - indent - (hasImage ? IMAGE_WIDTH + 12 : 0);
    const header = `${comment.authorName} <${comment.authorEmail}>`;
    const meta = [
      dateLabel(comment.createdAt),
      `version ${comment.versionNumber}`,
      comment.place,
      comment.parentId === null ? (comment.resolved ? 'Resolved' : 'Open') : 'Reply',
    ]
      .filter((part) => part !== '')
      .join(' · ');
    const extras = [
      comment.attachments.length > 0 ? `Attachments: ${comment.attachments.join(', ')}` : '',
      comment.snapshot && !hasImage ? `Snapshot: ${comment.snapshot.isAnnotation ? 'annotated ' : ''}page snapshot (not an image)` : '',
    ].filter((part) => part !== '');
    const textHeight =
      setter.heightOf(header, { x, width: textWidth, size: 10, bold: true }) +
      setter.heightOf(meta, { x, width: textWidth, size: 8 }) +
      setter.heightOf(comment.text, { x, width: textWidth, size: 10 }) +
      extras.reduce((sum, line) => sum + setter.heightOf(line, { x, width: textWidth, size: 8 }), 0);
    const needed = Math.max(textHeight, hasImage ? IMAGE_HEIGHT + 14 : 0) + 8;
    const bottom = doc.page.height - doc.page.margins.bottom;
    if (doc.y + Math.min(needed, 200) > bottom) doc.addPage();
    const top = doc.y;
    if (indent > 0) doc.moveTo(left + indent - 10, top).lineTo(left + indent - 10, top + Math.min(needed, bottom - top)).strokeColor('#e5e7eb').stroke();
    setter.write(header, { x, width: textWidth, size: 10, bold: true });
    setter.write(meta, { x, width: textWidth, size: 8, color: comment.resolved && comment.parentId === null ? '#047857' : MUTED });
    setter.write(comment.text, { x, width: textWidth, size: 10 });
    for (const line of extras) setter.write(line, { x, width: textWidth, size: 8, color: MUTED });
    let after = doc.y;
    if (hasImage && image) {
      const imageX = left + width - IMAGE_WIDTH;
      const imageY = top;
      try {
        doc.image(Buffer.from(image), imageX, imageY, { fit: [IMAGE_WIDTH, IMAGE_HEIGHT] });
        doc.rect(imageX, imageY, IMAGE_WIDTH, IMAGE_HEIGHT).strokeColor('#d1d5db').stroke();
        const textEnd = doc.y;
        doc.y = imageY + IMAGE_HEIGHT + 2;
        setter.write(comment.snapshot?.isAnnotation ? 'Annotated snapshot' : 'Snapshot', { x: imageX, width: IMAGE_WIDTH, size: 7, color: MUTED });
        after = Math.max(textEnd, doc.y);
      } catch {
        // An unreadable image is left out; the comment's text stays.
      }
    }
    doc.x = left;
    doc.y = after + 8;
  }
}
