/**
 * The CSV export (csv-stringify): UTF-8 with a byte-order mark so spreadsheet programs read accents and CJK right,
 * RFC 4180 quoting, CRLF line ends, one row per comment and reply in the export's order. Every text cell a
 * spreadsheet would run as a formula (= + - @, tab, CR) is prefixed with an apostrophe (domain neutraliseCell).
 */
import { stringify } from 'csv-stringify/sync';
import { neutraliseCell } from '../../../domain/commentExport.ts';
import { exportRows, type ExportData } from './collect.ts';

export const CSV_COLUMNS = [
  'Thread ID',
  'Parent ID',
  'Item title',
  'Version',
  'Slide, lesson or video time',
  'Author name',
  'Author e-mail',
  'Created (UTC)',
  'Updated (UTC)',
  'Resolved',
  'Text',
  'Attachments',
  'Snapshot link',
] as const;

const BOM = '\uFEFF';

/** The export as CSV bytes. */
export function exportCsv(data: ExportData): Buffer {
  const rows = exportRows(data).map((comment) => [
    comment.threadId,
    comment.parentId ?? '',
    data.item.title,
    String(comment.versionNumber),
    comment.place,
    comment.authorName,
    comment.authorEmail,
    comment.createdAt,
    comment.updatedAt,
    comment.resolved ? 'yes' : 'no',
    comment.text,
    comment.attachments.join('; '),
    comment.snapshot?.url ?? '',
  ].map(neutraliseCell));
  const text = stringify([[...CSV_COLUMNS], ...rows], { record_delimiter: 'windows', quoted_match: /[\r\n]/ });
  return Buffer.from(BOM + text, 'utf8');
}
