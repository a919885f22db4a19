import { useEffect, useState } from 'react';
import type { CoverageAnswer } from '../../../charts/coverage.worker.ts';
import type { ChartCoverage } from './StateChart.tsx';

export type CoverageState =
  | { status: 'off' }
  | { status: 'running'; name: string }
  | { status: 'failed'; name: string; message: string }
  | { status: 'ready'; name: string; coverage: ChartCoverage; shortest: Record<string, string[]>; summary: string };

const done = new Map<string, CoverageState>();

/** The coverage overlay of a registry machine, worked out by the path generator in a Web Worker (remembered per machine). */
export function useCoverage(name: string | null, enabled: boolean): CoverageState {
  const [state, setState] = useState<CoverageState>({ status: 'off' });
  useEffect(() => {
    if (!enabled || !name) {
      setState({ status: 'off' });
      return;
    }
    const known = done.get(name);
    if (known) {
      setState(known);
      return;
    }
    setState({ status: 'running', name });
    const worker = new Worker(new URL('../../../charts/coverage.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (message: MessageEvent<CoverageAnswer>) => {
      const answer = message.data;
      const next: CoverageState = answer.error
        ? { status: 'failed', name, message: answer.error }
        : { status: 'ready', name, coverage: { states: new Set(answer.states), transitions: new Set(answer.transitions) }, shortest: answer.shortest ?? {}, summary: answer.summary ?? '' };
      if (next.status === 'ready') done.set(name, next);
      setState(next);
      worker.terminate();
    };
    worker.onerror = (event) => {
      setState({ status: 'failed', name, message: event.message || 'The path generator stopped.' });
      worker.terminate();
    };
    worker.postMessage({ name });
    return () => worker.terminate();
  }, [name, enabled]);
  return state;
}
