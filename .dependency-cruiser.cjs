/** Import direction of ARCHITECTURE.md: ui → machines → domain, adapters → domain, ui/app → adapters, server → domain. */
/** The replay viewer's worker core (see the rule replay-worker-only-log-and-replayer). */
const REPLAY_WORKER_CORE = '^ui/views/support/replayWorkerCore[.]ts$';

module.exports = {
  forbidden: [
    { name: 'no-cycle', severity: 'error', from: {}, to: { circular: true } },
    { name: 'domain-imports-nothing-of-ours', severity: 'error', from: { path: '^domain/' }, to: { path: '^(machines|adapters|ui|server|tools|tests)/' } },
    {
      name: 'machines-features-meet-through-events',
      comment:
        'A feature folder of machines/ reaches another feature only through its *Events.ts (the root appMachine owns every long-lived actor). One owner besides: the comment composer\'s snapshot capture runs the annotation dialog as its own child for its whole life, so a replay rebuilds the dialog with it.',
      severity: 'error',
      from: { path: '^machines/([^/]+)/', pathNot: ['^machines/session/appMachine[.]ts$', '^machines/comments/snapshotCaptureMachine[.]ts$'] },
      to: { path: '^machines/[^/]+/', pathNot: ['^machines/$1/', 'Events[.]ts$'] },
    },
    { name: 'machines-only-domain', severity: 'error', from: { path: '^machines/' }, to: { path: '^(adapters|ui|server|tools|tests)/' } },
    { name: 'adapters-only-domain', severity: 'error', from: { path: '^adapters/' }, to: { path: '^(machines|ui|server|tools|tests)/' } },
    { name: 'ui-adapters-only-in-composition-root', severity: 'error', from: { path: '^ui/', pathNot: ['^ui/app/', REPLAY_WORKER_CORE] }, to: { path: '^(adapters|server|tools|tests)/' } },
    { name: 'ui-no-server', severity: 'error', from: { path: '^ui/', pathNot: REPLAY_WORKER_CORE }, to: { path: '^(server|tools|tests)/' } },
    // The replay viewer's worker core: the one file of ui/ that runs the log parser and the headless replayer.
    {
      name: 'replay-worker-only-log-and-replayer',
      comment:
        "ui/views/support/replayWorkerCore.ts runs in the replay viewer's Web Worker: it may import adapters/eventLog.ts (the session log's parser) and tools/replayer.ts (the headless replay), and nothing else of adapters/, tools/, server/ or tests/",
      severity: 'error',
      from: { path: REPLAY_WORKER_CORE },
      to: { path: '^(adapters|server|tools|tests)/', pathNot: '^(adapters/eventLog[.]ts|tools/replayer[.]ts)$' },
    },
    { name: 'server-only-domain', severity: 'error', from: { path: '^server/' }, to: { path: '^(machines|adapters|ui|tools|tests)/' } },
    // Charts (charts/): shared by the /charts page (ui) and `npm run charts` (tools); only its coverage worker runs the path generator.
    { name: 'charts-only-machines-domain', severity: 'error', from: { path: '^charts/', pathNot: '^charts/coverage[.]worker[.]ts$' }, to: { path: '^(adapters|ui|server|tools|tests)/' } },
    { name: 'charts-worker-only-path-generator', severity: 'error', from: { path: '^charts/coverage[.]worker[.]ts$' }, to: { path: '^(adapters|ui|server|tests)/|^tools/(?!pathGen[.]ts$)' } },
    { name: 'tools-not-ui-or-server', severity: 'error', from: { path: '^tools/' }, to: { path: '^(ui|server|tests)/' } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
  },
};
