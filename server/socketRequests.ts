/**
 * What every feature's socket requests share: the payload is checked against its request's schema first
 * (`invalidRequest` with the check's words otherwise), then handed to its operation; whatever escapes becomes the
 * feature's own failure ack (a `serverError` and a log line), so a request never rejects and never crashes the process.
 */
import type { Realtime } from './realtime.ts';
import type { Checked } from './validation.ts';

/** The acknowledgement of a payload its schema refused. */
export interface InvalidRequestAck {
  success: false;
  reason: 'invalidRequest';
  message: string;
}

/** Checks, then runs one request; `fail` turns whatever escapes into the feature's failure ack. Never rejects. */
export async function answerChecked<V, A>(check: () => Checked<V>, run: (value: V) => Promise<A>, fail: (error: unknown) => A): Promise<A | InvalidRequestAck> {
  try {
    const checked = check();
    if (!checked.ok) return { success: false, reason: 'invalidRequest', message: checked.message };
    return await run(checked.value);
  } catch (error) {
    return fail(error);
  }
}

/** Registers `answer` for every name of `userRequests` on /user/<aid>, and of `anonRequests` on /anon. */
export function registerRequests<K extends string>(realtime: Realtime, userRequests: readonly K[], anonRequests: readonly K[], answer: (event: K, identity: string, payload: unknown) => Promise<unknown>): void {
  for (const event of userRequests) realtime.handleUserRequest(event, ({ aid }, payload) => answer(event, aid, payload));
  for (const event of anonRequests) realtime.handleAnonRequest(event, ({ aid }, payload) => answer(event, aid, payload));
}
