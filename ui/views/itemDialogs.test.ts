import { describe, expect, it, vi } from 'vitest';
import { openItemDialog } from './itemDialogs.ts';

function systemWith(load: () => Promise<void>) {
  const send = vi.fn();
  return { system: { loadFeatures: { itemDialogs: load }, toasts: { send } } as unknown as Parameters<typeof openItemDialog>[0], send };
}

describe('openItemDialog', () => {
  it('opens the dialog once its code has loaded', async () => {
    const { system, send } = systemWith(() => Promise.resolve());
    const open = vi.fn();
    openItemDialog(system, open);
    await vi.waitFor(() => expect(open).toHaveBeenCalledOnce());
    expect(send).not.toHaveBeenCalled();
  });

  it('says so in an error toast when its code does not arrive, and opens nothing; a second click tries again', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const { system, send } = systemWith(() => (fail ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve()));
    const open = vi.fn();
    openItemDialog(system, open);
    await vi.waitFor(() => expect(send).toHaveBeenCalledOnce());
    expect(send.mock.calls[0]![0]).toMatchObject({ type: 'toast.show', toast: { severity: 'error', text: 'The dialog could not be opened. Check your connection and try again.' } });
    expect(open).not.toHaveBeenCalled();
    fail = false;
    openItemDialog(system, open);
    await vi.waitFor(() => expect(open).toHaveBeenCalledOnce());
    errors.mockRestore();
  });
});
