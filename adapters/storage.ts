/** Key-value storage for small preferences and markers. Keys are prefixed by the caller (user id or "anon"). */
export interface KeyValueStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** Browser localStorage; quota and privacy-mode failures degrade to "not stored" rather than crashing. */
export function browserStorage(store: Storage = globalThis.localStorage): KeyValueStorage {
  return {
    get: (key) => {
      try {
        return store.getItem(key);
      } catch {
        return null;
      }
    },
    set: (key, value) => {
      try {
        store.setItem(key, value);
      } catch {
        // storage full or disabled: the value is simply not remembered
      }
    },
    remove: (key) => {
      try {
        store.removeItem(key);
      } catch {
        // nothing to do
      }
    },
  };
}

/** In-memory storage, for tests. */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const map = new Map(Object.entries(initial));
  return {
    get: (key) => map.get(key) ?? null,
    set: (key, value) => void map.set(key, value),
    remove: (key) => void map.delete(key),
  };
}
