/**
 * The files picked or dropped for upload. File objects never enter events (events are recorded and replayed):
 * the views put a File here and send its id; the upload actors fetch it back by id.
 */
export interface FileStore {
  /** Keeps the file and returns its new id. */
  add(file: File): string;
  get(id: string): File | undefined;
  /** Forgets the file (after the upload ended or was canceled), so its memory can be released. */
  remove(id: string): void;
}

/** A FileStore handing out ids from `newId` (unique per call). */
export function createFileStore(newId: () => string): FileStore {
  const files = new Map<string, File>();
  return {
    add(file) {
      const id = newId();
      if (files.has(id)) throw new Error(`File id ${id} is already in use.`);
      files.set(id, file);
      return id;
    },
    get: (id) => files.get(id),
    remove(id) {
      files.delete(id);
    },
  };
}
