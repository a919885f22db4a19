import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { FLAG_DEFAULTS } from '../../domain/flags.ts';
import { DEFAULT_GRID_PREFS } from '../../domain/gridPrefs.ts';
import { flagsMachine } from '../../machines/session/flagsStore.ts';
import { gridPrefsMachine } from '../../machines/content/gridPrefsStore.ts';
import { registryEntry } from '../../machines/index.ts';

describe('flags: init then ready (foundation §4, §6)', () => {
  it('is in the registry, so it is charted and path-tested', () => {
    expect(registryEntry('flags')?.machine).toBe(flagsMachine);
    expect(registryEntry('gridPrefs')?.machine).toBe(gridPrefsMachine);
  });

  it('starts with the defaults; loaded values for the subscription make it ready', () => {
    const flags = createActor(flagsMachine).start();
    expect(flags.getSnapshot().value).toBe('init');
    expect(flags.getSnapshot().context).toMatchObject({ status: 'init', values: FLAG_DEFAULTS, usingDefaults: true });
    flags.send({ type: 'flags.loaded', subscriptionId: 's1', values: { maintenanceMode: true, noSuchFlag: true } });
    expect(flags.getSnapshot().value).toBe('ready');
    expect(flags.getSnapshot().context).toMatchObject({ status: 'ready', subscriptionId: 's1', usingDefaults: false });
    expect(flags.getSnapshot().context.values.maintenanceMode).toBe(true);
  });

  it('a failed read is ready with the defaults; a change for another subscription is ignored, a global one applies; reset starts over', () => {
    const flags = createActor(flagsMachine).start();
    flags.send({ type: 'flags.failed', subscriptionId: 's1' });
    expect(flags.getSnapshot().context).toMatchObject({ status: 'ready', usingDefaults: true, values: FLAG_DEFAULTS });
    flags.send({ type: 'flags.changed', subscriptionId: 'other', key: 'maintenanceMode', value: true });
    expect(flags.getSnapshot().context.values.maintenanceMode).toBe(false);
    flags.send({ type: 'flags.changed', subscriptionId: null, key: 'maintenanceMode', value: true });
    expect(flags.getSnapshot().context.values.maintenanceMode).toBe(true);
    flags.send({ type: 'flags.reset' });
    expect(flags.getSnapshot().value).toBe('init');
    expect(flags.getSnapshot().context.values.maintenanceMode).toBe(false);
  });
});

describe('gridPrefs: the grid’s remembered preferences (review-and-content §2, §9)', () => {
  it('keeps the defaults until the stored ones are read; an unreadable store keeps the defaults; widths are clamped', () => {
    const prefs = createActor(gridPrefsMachine).start();
    expect(prefs.getSnapshot().value).toBe('defaults');
    expect(prefs.getSnapshot().context).toEqual(DEFAULT_GRID_PREFS);
    prefs.send({ type: 'gridPrefs.loaded', stored: 'not json' });
    expect(prefs.getSnapshot().value).toBe('loaded');
    expect(prefs.getSnapshot().context).toEqual(DEFAULT_GRID_PREFS);
    prefs.send({ type: 'gridPrefs.loaded', stored: '{"sidebarWidth":30,"expanded":[12]}' });
    expect(prefs.getSnapshot().context).toEqual({ sidebarWidth: 30, expanded: [12] });
    prefs.send({ type: 'gridPrefs.resized', width: 90 });
    expect(prefs.getSnapshot().context.sidebarWidth).toBe(40);
    prefs.send({ type: 'gridPrefs.toggled', id: 12, expanded: false });
    expect(prefs.getSnapshot().context.expanded).toEqual([]);
  });

  it('an event that changes nothing keeps the same preferences object (the composition root writes back only changes)', () => {
    const prefs = createActor(gridPrefsMachine).start();
    const before = prefs.getSnapshot().context;
    prefs.send({ type: 'flags.reset' } as never);
    expect(prefs.getSnapshot().context).toBe(before);
  });
});
