import { describe, expect, it } from 'vitest';
import { definitionHashes, registry } from '../../machines/index.ts';
import { machineHashManifest } from '../../tools/machineHashes.ts';

describe('the build-time machine hash manifest', () => {
  it('holds the runtime definition hash of every registry entry, so a session log replays against the same charts', async () => {
    const manifest = await machineHashManifest();
    expect(Object.keys(manifest).sort()).toEqual(registry.map((entry) => entry.name).sort());
    expect(manifest).toEqual(definitionHashes());
    for (const hash of Object.values(manifest)) expect(hash).toMatch(/^[0-9a-f]{16}$/);
  });
});
