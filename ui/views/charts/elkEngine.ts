import ELK from 'elkjs/lib/elk-api.js';
import { setElkEngine, type ElkEngine } from '../../../charts/layout.ts';
import { t } from '../../strings.ts';

/**
 * elkjs in a Web Worker (`charts/elk.worker.ts`), talked to through elkjs's small API: the first chart no longer
 * freezes the page while elkjs loads and lays out. One worker serves every chart on the page; if it fails to start or
 * stops, every waiting and later layout fails with words the chart shows.
 */
function workerEngine(): ElkEngine {
  let fail: (reason: Error) => void = () => {};
  const failure = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failure.catch(() => {});
  const elk = new ELK({
    workerFactory: () => {
      const worker = new Worker(new URL('../../../charts/elk.worker.ts', import.meta.url), { type: 'module' });
      worker.addEventListener('error', (event) => fail(new Error(event.message || t('charts.chart.workerFailed'))));
      return worker;
    },
  });
  return { layout: (graph) => Promise.race([elk.layout(graph), failure]) };
}

setElkEngine(workerEngine);
