import { describe, expect, it } from 'vitest';
import { createFileStore } from './files.ts';

describe('file store', () => {
  it('hands out an id per file, returns the file by id and forgets it on remove', () => {
    let n = 0;
    const store = createFileStore(() => `f${++n}`);
    const a = new File(['a'], 'a.zip');
    const b = new File(['bb'], 'b.mp4');
    const idA = store.add(a);
    const idB = store.add(b);
    expect([idA, idB]).toEqual(['f1', 'f2']);
    expect(store.get(idA)).toBe(a);
    expect(store.get(idB)).toBe(b);
    store.remove(idA);
    expect(store.get(idA)).toBeUndefined();
    expect(store.get(idB)).toBe(b);
    expect(store.get('unknown')).toBeUndefined();
  });

  it('refuses an id generator that repeats itself rather than replacing a file', () => {
    const store = createFileStore(() => 'same');
    const first = new File(['1'], 'one.zip');
    store.add(first);
    expect(() => store.add(new File(['2'], 'two.zip'))).toThrow(/already in use/);
    expect(store.get('same')).toBe(first);
  });
});
