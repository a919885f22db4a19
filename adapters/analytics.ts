import type { AnalyticsEventBody } from '../domain/translation.ts';
import type { HttpClient } from './http.ts';

/** The analytics collector's call (foundation §7 POST /analytics: userId, event, properties; answers 204). */
export interface AnalyticsClient {
  track(body: AnalyticsEventBody): Promise<void>;
}

/** POST /analytics on the `analytics` service's HttpClient; a refusal rejects with the client's HttpError. */
export function createAnalyticsClient(http: HttpClient): AnalyticsClient {
  return {
    async track(body) {
      await http.request<unknown>('/analytics', { method: 'POST', body });
    },
  };
}
