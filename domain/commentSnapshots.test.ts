import { describe, expect, it } from 'vitest';
import { annotationProblem, canAnnotate, SNAPSHOT_DEFAULT_WIDTH, SNAPSHOT_MAX_BYTES, snapshotSizeOf, snapshotSizeProblem, storedShapesOf } from './commentSnapshots.ts';

const rect = { id: 's1', kind: 'rect', color: '#e53935', opacity: 1, width: 4, x: 0.1, y: 0.2, w: 0.3, h: 0.4 };

describe('annotationProblem (§3 annotation data, §5 canvas rules; no coercion)', () => {
  it.each([
    ['a rectangle', { shapes: [rect] }, null],
    ['no shapes', { shapes: [] }, null],
    ['a stroke', { shapes: [{ id: 's2', kind: 'draw', color: '#abc', opacity: 0.5, width: 2, points: [0, 0, 1, 1, 0.5, 0.5] }] }, null],
    ['colour with alpha', { shapes: [{ ...rect, color: '#e5393580' }] }, null],
    ['not an object', 'shapes', 'The annotation must be { shapes: [...] }'],
    ['an extra top-level field', { shapes: [], dialog: 1 }, 'The annotation must be { shapes: [...] }'],
    ['opacity past 1', { shapes: [{ ...rect, opacity: 1.1 }] }, 'Invalid annotation: shape 1: opacity must be a number from 0 to 1'],
    ['a width as text', { shapes: [{ ...rect, width: '4' }] }, 'Invalid annotation: shape 1: width must be a whole number from 2 to 99'],
    ['a width of 1', { shapes: [{ ...rect, width: 1 }] }, 'Invalid annotation: shape 1: width must be a whole number from 2 to 99'],
    ['a negative coordinate', { shapes: [{ ...rect, y: -0.1 }] }, 'Invalid annotation: shape 1: x, y and w must be numbers from 0 to 1'],
    ['text of spaces', { shapes: [{ id: 't', kind: 'text', color: '#000', opacity: 1, width: 4, x: 0, y: 0, w: 0.2, text: ' ' }] }, 'Invalid annotation: shape 1: text must be 1 to 1000 characters'],
  ])('%s', (_, value, problem) => {
    expect(annotationProblem(value)).toBe(problem);
  });
});

describe('snapshot sizes (§9) and limits', () => {
  it.each([
    ['png', 1, null],
    ['png', SNAPSHOT_MAX_BYTES.png, null],
    ['png', SNAPSHOT_MAX_BYTES.png + 1, 'A png snapshot is at most 20 MB'],
    ['html', SNAPSHOT_MAX_BYTES.html + 1, 'A html snapshot is at most 5 MB'],
    ['png', 0, 'A snapshot has at least one byte'],
  ] as const)('%s of %i bytes', (extension, size, problem) => {
    expect(snapshotSizeProblem(extension, size)).toBe(problem);
  });

  it('takes the frame size, or the default width 1280 when the frame has none', () => {
    expect(snapshotSizeOf({ width: 960.4, height: 540 })).toEqual({ width: 960, height: 540 });
    expect(snapshotSizeOf({ width: 0, height: 0 })).toEqual({ width: SNAPSHOT_DEFAULT_WIDTH, height: 720 });
  });

  it('keeps stored coordinates inside the snapshot', () => {
    expect(storedShapesOf([{ ...rect, kind: 'rect', x: -0.2, w: 1.4 }])[0]).toMatchObject({ x: 0, w: 1, y: 0.2, h: 0.4 });
  });
});

describe('canAnnotate (§5: not video, the annotation flag, a non-reply comment)', () => {
  const base = { flag: true, family: 'slide' as const, target: 'new' as const, editedIsReply: false, mayComment: true };
  it.each([
    ['a new Storyline comment', base, true],
    ['Rise', { ...base, family: 'rise' as const }, true],
    ['Studio', { ...base, family: 'studio' as const }, true],
    ['video', { ...base, family: 'video' as const }, false],
    ['flag off', { ...base, flag: false }, false],
    ['a reply', { ...base, target: 'reply' as const }, false],
    ['the edit of a reply', { ...base, target: 'edit' as const, editedIsReply: true }, false],
    ['someone who may not comment', { ...base, mayComment: false }, false],
  ])('%s', (_, facts, expected) => {
    expect(canAnnotate(facts)).toBe(expected);
  });
});
