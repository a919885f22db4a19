/**
 * A hidden file input and a way to open it (review-and-content §2 upload-file link, §4 'upload new version' and
 * retry): its own module, so that a page asking for files (the item view) does not load the drop zone with it.
 */
import { useRef, type ReactNode } from 'react';

export interface FilePicker {
  /** Opens the system's file chooser. */
  open: () => void;
  /** The hidden file input: render it once. */
  input: ReactNode;
}

/**
 * A hidden `<input type=file>` and a way to open it, for every place that asks for files: the upload-file link,
 * 'upload new version' in the item menu, and retry (which re-selects a file, §4).
 */
export function useFilePicker({ accept, multiple = true, onFiles }: { accept?: string; multiple?: boolean; onFiles: (files: File[]) => void }): FilePicker {
  const inputRef = useRef<HTMLInputElement>(null);
  const input = (
    <input
      ref={inputRef}
      type="file"
      className="k-visually-hidden"
      tabIndex={-1}
      aria-hidden="true"
      accept={accept}
      multiple={multiple}
      onChange={(event) => {
        const files = Array.from(event.currentTarget.files ?? []);
        // Cleared so choosing the same file again (a retry) still reports a change.
        event.currentTarget.value = '';
        if (files.length > 0) onFiles(files);
      }}
    />
  );
  return { open: () => inputRef.current?.click(), input };
}
