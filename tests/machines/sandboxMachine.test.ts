import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { FLAG_DEFAULTS } from '../../domain/flags.ts';
import { sandboxMachine, type SandboxFlagsRead, type SaveFlagInput } from '../../machines/session/sandboxMachine.ts';

const httpError = (status: number, message: string) => Object.assign(new Error(message), { name: 'HttpError', status });

/** A fake flag service: global and per-subscription overrides, as server/db/flags.ts resolves them. */
function fakeService(options: { failSave?: Error; failLoad?: Error } = {}) {
  const global: Record<string, boolean> = {};
  const perSub: Record<string, Record<string, boolean>> = {};
  const loads: Array<{ subscriptionId: string | null }> = [];
  const saves: SaveFlagInput[] = [];
  let failLoad = options.failLoad ?? null;
  const machine = sandboxMachine.provide({
    actors: {
      loadFlags: fromPromise<SandboxFlagsRead, { subscriptionId: string | null }>(async ({ input }) => {
        loads.push(input);
        if (failLoad) throw failLoad;
        const own = input.subscriptionId ? { ...FLAG_DEFAULTS, ...global, ...(perSub[input.subscriptionId] ?? {}) } : null;
        return { subscriptionId: input.subscriptionId, subscription: own, global: { ...FLAG_DEFAULTS, ...global } };
      }),
      saveFlag: fromPromise<unknown, SaveFlagInput>(async ({ input }) => {
        saves.push(input);
        if (options.failSave) throw options.failSave;
        if (input.subscriptionId === null) global[input.key] = input.value;
        else (perSub[input.subscriptionId] ??= {})[input.key] = input.value;
        return { ...input, updatedAt: 'now', updatedBy: 'staff' };
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, loads, saves, global, perSub, setFailLoad: (e: Error | null) => (failLoad = e) };
}

describe('sandbox machine', () => {
  it('stays idle until the page opens, then reads the subscription and global flags', async () => {
    const { actor, loads } = fakeService();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(loads).toEqual([]);
    actor.send({ type: 'sandbox.open', subscriptionId: 'team' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(loads).toEqual([{ subscriptionId: 'team' }]);
    const flags = actor.getSnapshot().context.flags!;
    expect(flags.subscription?.fullSignOut).toBe(true);
    expect(flags.global.maintenanceMode).toBe(false);
  });

  it('saves a subscription override, keeps the row busy until the table is read back, then shows the effective value', async () => {
    const { actor, saves, loads } = fakeService();
    actor.send({ type: 'sandbox.open', subscriptionId: 'team' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'sandbox.setFlag', key: 'maintenanceMode', scope: 'subscription', value: true });
    expect(actor.getSnapshot().context.saving).toEqual({ key: 'maintenanceMode', scope: 'subscription', value: true });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(saves).toEqual([{ key: 'maintenanceMode', subscriptionId: 'team', value: true }]);
    expect(loads).toHaveLength(2);
    const { flags, saving } = actor.getSnapshot().context;
    expect(saving).toBeNull();
    expect(flags?.subscription?.maintenanceMode).toBe(true);
    expect(flags?.global.maintenanceMode).toBe(false);
  });

  it('reads back that a subscription override still beats a new global value', async () => {
    const { actor, perSub } = fakeService();
    perSub.team = { annotationTool: false };
    actor.send({ type: 'sandbox.open', subscriptionId: 'team' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'sandbox.setFlag', key: 'annotationTool', scope: 'global', value: true });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    const flags = actor.getSnapshot().context.flags!;
    expect(flags.global.annotationTool).toBe(true);
    expect(flags.subscription?.annotationTool).toBe(false);
  });

  it('keeps a refused save on its flag as forbidden, and clears it when that flag saves again', async () => {
    const { actor } = fakeService({ failSave: httpError(403, 'Only staff may do this.') });
    actor.send({ type: 'sandbox.open', subscriptionId: 'team' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'sandbox.setFlag', key: 'serverSnapshots', scope: 'global', value: true });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    const { errors, saving, flags } = actor.getSnapshot().context;
    expect(errors).toEqual({ serverSnapshots: { kind: 'forbidden', message: 'Only staff may do this.' } });
    expect(saving).toBeNull();
    expect(flags?.global.serverSnapshots).toBe(false);
    actor.send({ type: 'sandbox.setFlag', key: 'serverSnapshots', scope: 'global', value: true });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('refuses unknown flags and subscription changes without a subscription', async () => {
    const { actor, saves } = fakeService();
    actor.send({ type: 'sandbox.open', subscriptionId: null });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.flags?.subscription).toBeNull();
    actor.send({ type: 'sandbox.setFlag', key: 'noSuchFlag', scope: 'global', value: true });
    actor.send({ type: 'sandbox.setFlag', key: 'maintenanceMode', scope: 'subscription', value: true });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(saves).toEqual([]);
  });

  it('shows a failed first read and reads again on retry', async () => {
    const { actor, setFailLoad } = fakeService({ failLoad: httpError(0, 'The service could not be reached.') });
    actor.send({ type: 'sandbox.open', subscriptionId: 'team' });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.loadError).toEqual({ kind: 'failed', message: 'The service could not be reached.' });
    setFailLoad(null);
    actor.send({ type: 'sandbox.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.loadError).toBeNull();
  });

  it('keeps the last values when the read-back fails, and says so', async () => {
    const { actor, setFailLoad } = fakeService();
    actor.send({ type: 'sandbox.open', subscriptionId: 'team' });
    await waitFor(actor, (s) => s.matches('ready'));
    setFailLoad(httpError(500, 'Boom.'));
    actor.send({ type: 'sandbox.setFlag', key: 'llmSuggestions', scope: 'subscription', value: true });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    const { flags, loadError } = actor.getSnapshot().context;
    expect(flags?.subscription?.llmSuggestions).toBe(true);
    expect(loadError).toEqual({ kind: 'failed', message: 'Boom.' });
  });

  it('ignores malformed flag values from the service', async () => {
    const machine = sandboxMachine.provide({
      actors: {
        loadFlags: fromPromise<SandboxFlagsRead, { subscriptionId: string | null }>(async () => ({
          subscriptionId: 'team',
          subscription: { maintenanceMode: 'yes', bogus: true, annotationTool: true },
          global: 'not an object',
        })),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'sandbox.open', subscriptionId: 'team' });
    await waitFor(actor, (s) => s.matches('ready'));
    const flags = actor.getSnapshot().context.flags!;
    expect(flags.global).toEqual(FLAG_DEFAULTS);
    expect(flags.subscription).toEqual({ ...FLAG_DEFAULTS, annotationTool: true });
  });
});
