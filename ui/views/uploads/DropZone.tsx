/**
 * Files in (review-and-content §2 "A drop zone accepts dragged files to upload into the current folder", the
 * upload-file link; §6 signed-in, active users only — the caller passes `disabled` otherwise). Reading File
 * objects from the DataTransfer or the file input is the view's job; what happens to them is the caller's.
 * Whether files are dragged over the zone is the caller's too (the uploads actor's `dropTarget`): the DOM
 * listeners here only report dragenter, dragleave and the drag's end.
 */
// The drop zone's and the uploads panel's style sheet, loaded with the features that draw them (the grid, the item view).
import '../../styles/uploads.css';
import { useEffect, useRef, type DragEvent, type ReactNode } from 'react';
import { Button, UploadIcon, cx, type ButtonProps } from '../../kit/index.ts';
import { useFilePicker } from './filePicker.tsx';
import { t } from '../../strings.ts';

/** The subset of DataTransfer read here (so tests can pass a plain object). */
export interface FileDataTransfer {
  readonly types: ArrayLike<string>;
  readonly files: ArrayLike<File>;
  readonly items?: ArrayLike<{ kind: string; getAsFile: () => File | null; webkitGetAsEntry?: () => { isDirectory: boolean } | null }>;
}

/** True while what is dragged includes files (not a card or text dragged inside the page). */
export function carriesFiles(data: Pick<FileDataTransfer, 'types'> | null): boolean {
  return data !== null && Array.from(data.types).includes('Files');
}

/** The files of a drop, folders left out (a dropped folder is not an upload). Must run during the drop event. */
export function filesFromDataTransfer(data: FileDataTransfer): File[] {
  const items = data.items ? Array.from(data.items) : [];
  if (items.length === 0) return Array.from(data.files);
  const files: File[] = [];
  for (const item of items) {
    if (item.kind !== 'file') continue;
    if (item.webkitGetAsEntry?.()?.isDirectory) continue;
    const file = item.getAsFile();
    if (file) files.push(file);
  }
  return files;
}

export interface DropOverlayProps {
  /** The folder the files go to. */
  folderName: string;
  /** Cover the whole window instead of the zone. */
  fullWindow?: boolean;
}

/** 'Drop files to upload to {folder}' over the zone while files are dragged over it. */
export function DropOverlay({ folderName, fullWindow = false }: DropOverlayProps) {
  return (
    <div className={cx('drop-overlay', fullWindow && 'drop-overlay--window')} aria-hidden="true">
      <div className="drop-overlay__card">
        <span className="drop-overlay__icon">
          <UploadIcon size={28} />
        </span>
        <p className="drop-overlay__title">{t('upload.drop', { folder: folderName })}</p>
        <p className="drop-overlay__hint">{t('upload.drop.hint')}</p>
      </div>
    </div>
  );
}

export interface DropZoneProps {
  /** The current folder's name, for the overlay. */
  folderName: string;
  onFiles: (files: File[]) => void;
  /** No overlay and no drop (e.g. signed out, inactive, trash). */
  disabled?: boolean;
  /**
   * 'area' (default): files dragged over the zone; 'window': anywhere in the window (the overlay then covers
   * the window).
   */
  scope?: 'area' | 'window';
  className?: string;
  children: ReactNode;
  /** Files are dragged over the zone (the overlay shows). */
  dragOver?: boolean;
  /** Files entered the zone (or one of its children), left one, or the drag ended (dropped, canceled, zone disabled or gone). */
  onDragEnter?: () => void;
  onDragLeave?: () => void;
  onDragEnd?: () => void;
}

const noop = () => {};

/**
 * Wraps an area that accepts dropped files. While enabled, files dropped elsewhere in the window are caught so
 * the browser does not open them in place of the app (which would also end running uploads).
 */
export function DropZone({ folderName, onFiles, disabled = false, scope = 'area', className, children, dragOver = false, onDragEnter = noop, onDragLeave = noop, onDragEnd = noop }: DropZoneProps) {
  const dragging = dragOver && !disabled;
  const handlers = useRef({ onFiles, onDragEnter, onDragLeave, onDragEnd });
  useEffect(() => {
    handlers.current = { onFiles, onDragEnter, onDragLeave, onDragEnd };
  });

  useEffect(() => {
    if (disabled) return;
    const reset = () => handlers.current.onDragEnd();
    const onWindowDragEnter = (event: globalThis.DragEvent) => {
      if (scope !== 'window' || !carriesFiles(event.dataTransfer)) return;
      handlers.current.onDragEnter();
    };
    const onWindowDragLeave = (event: globalThis.DragEvent) => {
      if (scope !== 'window' || !carriesFiles(event.dataTransfer)) return;
      handlers.current.onDragLeave();
    };
    const onWindowDragOver = (event: globalThis.DragEvent) => {
      if (!carriesFiles(event.dataTransfer)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = scope === 'window' ? 'copy' : 'none';
    };
    const onWindowDrop = (event: globalThis.DragEvent) => {
      if (!carriesFiles(event.dataTransfer)) return;
      event.preventDefault();
      if (scope === 'window' && event.dataTransfer) {
        const files = filesFromDataTransfer(event.dataTransfer);
        if (files.length > 0) handlers.current.onFiles(files);
      }
      reset();
    };
    window.addEventListener('dragenter', onWindowDragEnter);
    window.addEventListener('dragleave', onWindowDragLeave);
    window.addEventListener('dragover', onWindowDragOver);
    window.addEventListener('drop', onWindowDrop);
    window.addEventListener('dragend', reset);
    return () => {
      window.removeEventListener('dragenter', onWindowDragEnter);
      window.removeEventListener('dragleave', onWindowDragLeave);
      window.removeEventListener('dragover', onWindowDragOver);
      window.removeEventListener('drop', onWindowDrop);
      window.removeEventListener('dragend', reset);
      // Disabled or gone mid-drag: no overlay is left behind.
      reset();
    };
  }, [disabled, scope]);

  const area =
    disabled || scope === 'window'
      ? {}
      : {
          onDragEnter: (event: DragEvent<HTMLDivElement>) => {
            if (!carriesFiles(event.dataTransfer)) return;
            event.preventDefault();
            onDragEnter();
          },
          onDragOver: (event: DragEvent<HTMLDivElement>) => {
            if (!carriesFiles(event.dataTransfer)) return;
            event.preventDefault();
            // The window listener would refuse the drop: this area accepts it.
            event.stopPropagation();
            event.dataTransfer.dropEffect = 'copy';
          },
          onDragLeave: (event: DragEvent<HTMLDivElement>) => {
            if (!carriesFiles(event.dataTransfer)) return;
            onDragLeave();
          },
          onDrop: (event: DragEvent<HTMLDivElement>) => {
            if (!carriesFiles(event.dataTransfer)) return;
            event.preventDefault();
            event.stopPropagation();
            onDragEnd();
            const files = filesFromDataTransfer(event.dataTransfer);
            if (files.length > 0) onFiles(files);
          },
        };

  return (
    <div className={cx('drop-zone', dragging && 'is-dragging', className)} {...area}>
      {children}
      {dragging && <DropOverlay folderName={folderName} fullWindow={scope === 'window'} />}
    </div>
  );
}

export interface UploadFileLinkProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** The file types offered in the chooser, e.g. '.zip,.mp4,video/*'. */
  accept?: string;
  /** Several files at once (default); one for a new version. */
  multiple?: boolean;
  onFiles: (files: File[]) => void;
  /** The button's text; 'Upload file' by default. */
  label?: string;
}

/** The sub-header's 'upload file' link: a button opening a file chooser. */
export function UploadFileLink({ accept, multiple = true, onFiles, label, variant = 'primary', disabled, ...rest }: UploadFileLinkProps) {
  const picker = useFilePicker({ accept, multiple, onFiles });
  return (
    <>
      <Button variant={variant} iconStart={<UploadIcon size={16} />} disabled={disabled} onClick={picker.open} {...rest}>
        {label ?? t('upload.file')}
      </Button>
      {!disabled && picker.input}
    </>
  );
}
