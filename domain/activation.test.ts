import { describe, expect, it } from 'vitest';
import { parseReachState, readReachState } from './activation.ts';

describe('learning-product state (foundation §4: pending re-polls; not pending and not disabled is activated)', () => {
  it.each<[string, boolean, string]>([
    ['active', true, 'pending'],
    ['disabled', true, 'pending'],
    ['active', false, 'activated'],
    ['provisioned', false, 'activated'],
    ['disabled', false, 'disabled'],
  ])('%s, pending %j → %s', (tenant_state, tenant_state_pending, reading) => {
    expect(readReachState({ tenant_state, tenant_state_pending })).toBe(reading);
  });
  it('refuses a body that is not a product state', () => {
    expect(() => parseReachState({ tenant_state: 'active', tenant_state_pending: 'false' })).toThrow();
  });
});
