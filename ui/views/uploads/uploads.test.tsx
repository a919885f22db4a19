import { describe, expect, it } from 'vitest';
import { render, tags, textOf } from '../content/render.tsx';
import { DropOverlay, DropZone, UploadFileLink, carriesFiles, filesFromDataTransfer, type FileDataTransfer } from './DropZone.tsx';
import { FileNotSupportedDialog, fileNotSupportedText } from './FileNotSupportedDialog.tsx';
import { ItemVersionBadge, UploadToastBody, uploadSummaryText, uploadToastText, type UploadRow } from './UploadToast.tsx';

const noop = () => {};

describe("FileNotSupportedDialog (§5 'file not supported', foundation §8 upload issue dialog)", () => {
  it('has the heading, the file-type message and an Okay button', () => {
    const message = fileNotSupportedText('setup.mp4', 'contentMismatch');
    const html = render(<FileNotSupportedDialog open message={message} onClose={noop} />);
    expect(html).toMatch(/<h2[^>]*>File not supported<\/h2>/);
    expect(textOf(html)).toContain('“setup.mp4” doesn’t contain what its name says.');
    expect(html).toMatch(/<button[^>]*><span class="k-button__label">Okay<\/span><\/button>/);
  });

  it('names the file and why for every refusal', () => {
    expect(fileNotSupportedText('run.exe', 'blockedExtension')).toBe('“run.exe” can’t be uploaded: programs and scripts are not allowed.');
    expect(fileNotSupportedText('notes.docx', 'unsupportedType')).toContain('“notes.docx” isn’t a type we can review.');
    expect(fileNotSupportedText('empty.zip', 'emptyFile')).toBe('“empty.zip” is empty.');
    expect(fileNotSupportedText('huge.mov', 'tooLarge')).toBe('“huge.mov” is larger than 5 GB.');
    expect(fileNotSupportedText('course.zip', 'invalidStoryZip')).toContain('story.html, threeSixty.json and story_content/thumbnail.jpg');
    expect(fileNotSupportedText('clip.mp4', 'kindMismatch', 'storyline')).toBe('“clip.mp4” is a different kind of file than this item. Upload a published Storyline package as its new version.');
    expect(fileNotSupportedText('course.zip', 'kindMismatch', 'video')).toContain('Upload a video as its new version.');
  });
});

const rows: UploadRow[] = [
  { id: 'a', fileName: 'course-a.zip', state: 'uploading', progress: 0.375 },
  { id: 'b', fileName: 'course-b.zip', state: 'pending', progress: 0 },
  { id: 'c', fileName: 'intro.mp4', state: 'preparing', progress: 1 },
  { id: 'd', fileName: 'broken.zip', state: 'error', progress: 0.2 },
  { id: 'e', fileName: 'done.mp4', state: 'uploaded', progress: 1 },
  { id: 'f', fileName: 'dropped.zip', state: 'canceled', progress: 0.1 },
];

/** The `<li>` of one file. */
function rowOf(html: string, fileName: string): string {
  const row = [...html.matchAll(/<li\b[^>]*>[\s\S]*?<\/li>/g)].map((m) => m[0]).find((li) => li.includes(`>${fileName}<`));
  if (!row) throw new Error(`no row for ${fileName}`);
  return row;
}

describe('UploadToastBody (§4 upload states, §3 upload toast data)', () => {
  const html = render(<UploadToastBody uploads={rows} onCancel={noop} onRetry={noop} />);

  it('shows a spinner and the running count while any upload runs', () => {
    expect(html).toContain('k-spinner');
    expect(textOf(html)).toMatch(/^Uploading 3 files…/);
  });

  it('shows each file with its state', () => {
    expect(textOf(rowOf(html, 'course-a.zip'))).toContain('Uploading 38%');
    expect(textOf(rowOf(html, 'course-b.zip'))).toContain('Waiting');
    expect(textOf(rowOf(html, 'intro.mp4'))).toContain('Processing');
    expect(textOf(rowOf(html, 'broken.zip'))).toContain('Failed');
    expect(textOf(rowOf(html, 'done.mp4'))).toContain('Uploaded');
    expect(textOf(rowOf(html, 'dropped.zip'))).toContain('Canceled');
  });

  it('draws progress bars with aria-valuenow in percent (the processing step has no known progress)', () => {
    const bar = (fileName: string) => tags(rowOf(html, fileName), 'div').find((tag) => tag.includes('role="progressbar"'));
    expect(bar('course-a.zip')).toContain('aria-valuenow="38"');
    expect(bar('course-a.zip')).toContain('aria-label="Upload progress of course-a.zip"');
    expect(bar('course-b.zip')).toContain('aria-valuenow="0"');
    expect(bar('done.mp4')).toContain('aria-valuenow="100"');
    expect(bar('intro.mp4')).not.toContain('aria-valuenow');
    expect(bar('dropped.zip')).toBeUndefined();
  });

  it('offers cancel while an upload runs or failed, and retry only after a failure', () => {
    const buttons = (fileName: string) => tags(rowOf(html, fileName), 'button').map((tag) => /aria-label="([^"]+)"/.exec(tag)![1]);
    expect(buttons('course-a.zip')).toEqual(['Cancel the upload of course-a.zip']);
    expect(buttons('course-b.zip')).toEqual(['Cancel the upload of course-b.zip']);
    expect(buttons('intro.mp4')).toEqual(['Cancel the upload of intro.mp4']);
    expect(buttons('broken.zip')).toEqual(['Retry broken.zip', 'Cancel the upload of broken.zip']);
    expect(buttons('done.mp4')).toEqual([]);
    expect(buttons('dropped.zip')).toEqual([]);
  });

  it('says what came of the uploads once none runs, without a spinner', () => {
    const finished = rows.filter((row) => row.state === 'uploaded' || row.state === 'error' || row.state === 'canceled');
    const done = render(<UploadToastBody uploads={finished} onCancel={noop} onRetry={noop} />);
    expect(done).not.toContain('k-spinner');
    expect(textOf(done)).toMatch(/^1 upload complete · 1 upload failed/);
    expect(uploadSummaryText([{ state: 'uploaded' }, { state: 'uploaded' }])).toBe('2 uploads complete');
    expect(uploadSummaryText([{ state: 'uploading' }])).toBe('Uploading 1 file…');
    expect(uploadSummaryText([{ state: 'canceled' }])).toBe('Uploads canceled');
  });

  it("writes the 'upload complete' and failed toasts from the file name", () => {
    expect(uploadToastText('complete', { fileName: 'intro.mp4' })).toBe('Upload complete: intro.mp4');
    expect(uploadToastText('failed', { fileName: 'broken.zip' })).toBe('Upload failed: broken.zip');
  });
});

describe('ItemVersionBadge (grid card: uploading / processing / failed)', () => {
  it('says what the latest version is doing', () => {
    expect(textOf(render(<ItemVersionBadge state="uploading" progress={0.5} />))).toBe('Uploading 50%');
    expect(textOf(render(<ItemVersionBadge state="uploading" />))).toBe('Uploading');
    expect(textOf(render(<ItemVersionBadge state="processing" />))).toBe('Processing');
    const failed = render(<ItemVersionBadge state="failed" />);
    expect(textOf(failed)).toBe('Failed');
    expect(failed).toContain('version-badge--failed');
    expect(failed).not.toContain('k-spinner');
  });
});

describe('DropZone and the upload-file link (§2)', () => {
  it('the overlay names the folder the files go to', () => {
    expect(textOf(render(<DropOverlay folderName="Projects" />))).toContain('Drop files to upload to Projects');
  });

  it('wraps its children and shows no overlay until files are dragged over it', () => {
    for (const disabled of [false, true]) {
      const html = render(
        <DropZone folderName="Projects" onFiles={noop} disabled={disabled}>
          <p>GRID</p>
        </DropZone>,
      );
      expect(html).toContain('<p>GRID</p>');
      expect(html).not.toContain('Drop files');
    }
  });

  const file = (name: string) => new File(['x'], name);

  it('reads only files from a drop, leaving folders and other data out', () => {
    const a = file('a.zip');
    const b = file('b.mp4');
    const data: FileDataTransfer = {
      types: ['Files'],
      files: [a, b],
      items: [
        { kind: 'file', getAsFile: () => a, webkitGetAsEntry: () => ({ isDirectory: false }) },
        { kind: 'file', getAsFile: () => file('folder'), webkitGetAsEntry: () => ({ isDirectory: true }) },
        { kind: 'string', getAsFile: () => null },
        { kind: 'file', getAsFile: () => b },
      ],
    };
    expect(filesFromDataTransfer(data)).toEqual([a, b]);
    expect(filesFromDataTransfer({ types: ['Files'], files: [a] })).toEqual([a]);
  });

  it('reacts only to drags that carry files (not cards dragged inside the grid)', () => {
    expect(carriesFiles({ types: ['Files'] })).toBe(true);
    expect(carriesFiles({ types: ['text/plain', 'application/x-review-items'] })).toBe(false);
    expect(carriesFiles(null)).toBe(false);
  });

  it('the upload-file link is a button with a hidden multi-file chooser for the accepted types', () => {
    const html = render(<UploadFileLink accept=".zip,.mp4" onFiles={noop} />);
    expect(html).toMatch(/<button[^>]*>[\s\S]*Upload file[\s\S]*<\/button>/);
    const input = tags(html, 'input')[0]!;
    expect(input).toContain('type="file"');
    expect(input).toContain('accept=".zip,.mp4"');
    expect(input).toContain('multiple');
    expect(render(<UploadFileLink accept=".zip" multiple={false} onFiles={noop} />)).not.toContain('multiple');
    const disabled = render(<UploadFileLink accept=".zip" disabled onFiles={noop} />);
    expect(disabled).toContain('disabled');
    expect(disabled).not.toContain('type="file"');
  });
});
