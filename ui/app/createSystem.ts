import type { Socket } from 'socket.io-client';
import { createActor, type ActorRefFrom } from 'xstate';
import { realClock, type AppClock } from '../../adapters/clock.ts';
import { createAccountReader } from '../../adapters/account.ts';
import { documentCookies, ensureCountryCookie, type CookieJar } from '../../adapters/cookies.ts';
import { createEventRecorder, type EventRecorder } from '../../adapters/eventLog.ts';
import { probeSystem } from '../../adapters/systemProbe.ts';
import { createFileStore } from '../../adapters/files.ts';
// Screenshot annotation: the dialog's effects.
import { annotationServices } from './wiring/annotation.ts';
import { createAnalyticsClient } from '../../adapters/analytics.ts';
import { createHttpClient, type HttpClient } from '../../adapters/http.ts';
import { createOidcAdapter } from '../../adapters/oidc.ts';
import { createSocketConnection } from '../../adapters/socket.ts';
import { browserStorage } from '../../adapters/storage.ts';
import type { RuntimeConfig } from '../../domain/config.ts';
// The registry's definition hashes from the build's manifest (the registry itself is not in the first load).
import { builtDefinitionHashes } from './machineHashes.ts';
import type { UploadFileRef } from '../../machines/items/itemEvents.ts';
import { isCoreLogic } from '../../machines/core.ts';
import type { AppSystem } from '../system.tsx';
import { startDownload } from './browser.ts';
import { createTokenBus } from './tokenBus.ts';
import type { tokenBusMachine } from '../../machines/session/tokenBusMachine.ts';
import type { BaseAdapters, Observe, Running } from './wiring/common.ts';
import { sessionActors } from './wiring/session.ts';
// The leave-page warning while uploads or a translation save are in progress.
import { connectLeaveWarning } from './wiring/leaveWarning.ts';
import { APP_FEATURES, appMachine, type AppFeature } from '../../machines/session/appMachine.ts';
import type { FeatureStart } from './wiring/common.ts';
// Activation, access modal, trial, survey banner, downloads.
import { activationWiring } from './wiring/activation.ts';
// The authoring dashboard.
import { authoringActors } from './wiring/authoring.ts';
// The translate address loaded cold: the item's remembered translation file.
import { createTranslationFileReader } from '../../adapters/translationFiles.ts';
import { prefetchTranslationFileOnLoad, prefetchTranslationReadsOnLoad } from './wiring/translationPrefetch.ts';
// The dashboard's live connection after its first load.
import { liveConnectionGate } from './wiring/liveConnectionGate.ts';

export interface CreatedSystem extends AppSystem {
  recorder: EventRecorder;
  http: HttpClient;
}

/**
 * The composition root: the only place where adapters meet machines. Builds the real adapters from the runtime config,
 * has each feature's wiring (./wiring/<feature>.ts) provide them to its machines, and starts the one actor system with
 * the event-log recorder attached and the real clock.
 */
export function createAppSystem(
  config: RuntimeConfig,
  options: {
    origin: string;
    clock?: AppClock;
    userAgent: string;
    saveFile: (name: string, bytes: Uint8Array) => void;
    cookies?: CookieJar;
    /** Saves a signed link as a file (backups, videos); an `<a download>` click unless told otherwise. */
    startDownload?: (url: string, fileName: string) => void;
    /** Arms the leave-page warning while uploads are in progress; the browser's beforeunload unless told otherwise. */
    warnBeforeLeaving?: (armed: boolean) => void;
  },
): CreatedSystem {
  const clock = options.clock ?? realClock;
  const storage = browserStorage();
  const cookies = options.cookies ?? documentCookies();
  const oidc = createOidcAdapter({ ...config.oidc, origin: options.origin }, storage);
  const recorder = createEventRecorder({
    now: () => clock.now(),
    isCoreLogic,
    capacityBytes: config.eventLog.capacityBytes ?? undefined,
    checkpointEveryMs: config.eventLog.checkpointEveryMs ?? undefined,
  });
  // Scrolling, pointing and typing in the page hold the log's large checkpoint work back too (it waits for a pause),
  // so a scroll through the translate tab's table does not share its frames with it.
  if (typeof document !== 'undefined') {
    for (const type of ['wheel', 'scroll', 'pointerdown', 'pointermove', 'keydown', 'touchmove'] as const) {
      document.addEventListener(type, recorder.noteActivity, { capture: true, passive: true });
    }
  }

  // The token bus reads the auth actor, which exists only once the system runs: resolve it lazily.
  const tokens = createTokenBus(() => ({ auth: authRef, bus: app.system.get('tokenBus') as ActorRefFrom<typeof tokenBusMachine> }));
  const subscriptions = createHttpClient({ baseURL: config.services.subscriptions, tokens });
  const flagService = createHttpClient({ baseURL: config.services.flags, tokens });
  const http = createHttpClient({ baseURL: config.reviewApi, tokens });
  const notifications = createHttpClient({ baseURL: config.services.notifications, tokens });
  // Public like a CDN: no bearer token.
  const cdn = createHttpClient({ baseURL: config.services.cdn, tokens: { accessToken: async () => null, forceRefresh: async () => null } });

  // The live sockets by namespace: the content client talks over the user's (/user/<aid>); item and comment requests
  // over the user's or the anonymous reviewer's (/anon): anonymous reviewers open items too.
  // A request that needs a socket lets the held-back connection load (liveConnectionGate): an anonymous reviewer's item
  // read, a change made before the page was quiet.
  const liveSockets = new Map<string, Socket>();
  const userSocket = () => {
    liveGate.open();
    return [...liveSockets].find(([namespace]) => namespace.startsWith('/user/'))?.[1] ?? null;
  };
  const itemSocket = () => {
    liveGate.open();
    const live = [...liveSockets];
    return (live.find(([namespace]) => namespace.startsWith('/user/')) ?? live.find(([namespace]) => namespace === '/anon'))?.[1] ?? null;
  };
  // Requests made while the held-back connection is still on its way wait for their socket to connect (at most a
  // request's time-out), rather than failing at once: the bell's on the user's, an anonymous reviewer's item read on /anon.
  const connectWaiters = new Set<() => void>();
  const connectedSocket = (socketOf: () => Socket | null, timeoutMs: number): Promise<Socket | null> => {
    const now = socketOf();
    if (now?.connected) return Promise.resolve(now);
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        connectWaiters.delete(check);
        resolve(socketOf());
      };
      const check = () => {
        if (socketOf()?.connected) finish();
      };
      const timer = setTimeout(finish, timeoutMs);
      connectWaiters.add(check);
    });
  };
  const connectedUserSocket = (timeoutMs: number) => connectedSocket(userSocket, timeoutMs);
  const connectedItemSocket = (timeoutMs: number) => connectedSocket(itemSocket, timeoutMs);
  let fileSeq = 0;
  const files = createFileStore(() => `file-${++fileSeq}`);
  const liveGate = liveConnectionGate(typeof window === 'undefined' ? null : window.location, typeof window === 'undefined' ? null : window);
  // The first item namespace the held-back connection opens missed what was pushed since the page read the item and
  // its comments: once it connects, the session is told as of a reconnect (the item and comments read again quietly),
  // and the review requests are read again.
  let catchUpItem = liveGate.deferred;
  const adapters: BaseAdapters = {
    config,
    clock,
    storage,
    cookies,
    oidc,
    http,
    flagService,
    notifications,
    readAccount: createAccountReader({ subscriptions, reviewApi: http, storage, now: () => clock.now() }),
    socketConnection: createSocketConnection({
      url: config.socket.url,
      reconnect: config.socket.reconnect,
      tokens,
      now: () => clock.now(),
      ready: liveGate.ready,
      onSocket: (namespace, socket) => {
        if (socket) liveSockets.set(namespace, socket);
        else liveSockets.delete(namespace);
        if (socket) socket.once('connect', () => [...connectWaiters].forEach((check) => check()));
        if (socket && catchUpItem && namespace.startsWith('/item/')) {
          catchUpItem = false;
          socket.once('connect', () => {
            app.send({ type: 'realtime.reconnected', namespace });
            // The review requests too (their pushes came over the same held-back connection).
            (app.system.get('reviewRequests') as AppSystem['reviewRequests'] | undefined)?.send({ type: 'reviewRequests.refetch' });
          });
        }
      },
    }),
    forceRefreshToken: () => tokens.forceRefresh(),
    userSocket,
    connectedUserSocket,
    itemSocket,
    connectedItemSocket,
    // Read when a request is made, once the system runs.
    signedIn: () => (app.system.get('session') as AppSystem['session']).getSnapshot().matches('loggedIn'),
    cdn,
    translationFiles: createTranslationFileReader({ cdn }),
    files,
    fileOf: (fileId) => {
      const file = files.get(fileId);
      if (!file) throw new Error('The file is no longer available; choose it again.');
      return file;
    },
    download: options.startDownload ?? startDownload,
    analytics: createAnalyticsClient(createHttpClient({ baseURL: config.services.analytics, tokens })),
  };
  // Started on the translate address: the item's remembered translation file, beside sign-in and the item.
  prefetchTranslationFileOnLoad(adapters.translationFiles, storage, typeof window === 'undefined' ? null : window.location);

  // The country cookie (foundation §7): once per browser, no token needed, failures only logged.
  // Public like the real one: no bearer token (and the auth actor does not exist yet here).
  const geolocation = createHttpClient({ baseURL: config.services.profiles, tokens: { accessToken: async () => null, forceRefresh: async () => null } });
  void ensureCountryCookie({ cookies, lookup: () => geolocation.request('/geo'), log: (message) => console.warn(message) });

  // The running system's actors, for effects that happen once it runs.
  const systemActor = <K extends 'toasts' | 'session'>(systemId: K) => app.system.get(systemId) as AppSystem[K];
  // Activation, access modal, trial, survey banner, downloads: provided machines the app system invokes (their effects
  // reach the toasts and the session through the running system, read when they happen).
  const activation = activationWiring(adapters, {
    productApi: createHttpClient({ baseURL: config.services.productApi, tokens }),
    subscriptions,
    publicApi: createHttpClient({ baseURL: config.reviewApi, tokens: { accessToken: async () => null, forceRefresh: async () => null } }),
    showToast: (toast) => systemActor('toasts').send({ type: 'toast.show', toast }),
    session: () => {
      const { account, summary } = systemActor('session').getSnapshot().context;
      return { account, summary };
    },
    links: config.links,
    navigate: (url) => window.location.assign(url),
    reloadAt: (hash) => {
      window.history.replaceState(window.history.state, '', `/${hash}`);
      window.location.reload();
    },
    userAgent: options.userAgent,
    reviewApi: config.reviewApi,
  });

  const app = createActor(
    appMachine.provide({
      actors: {
        ...sessionActors(adapters),
        // The content, item and translation features' machines load with their chunks (loadFeatures below).
        // The authoring dashboard.
        ...authoringActors(adapters, tokens),
        // Activation, access modal, trial, survey banner, downloads.
        ...activation.actors,
      },
      actions: { logError: (_, params) => console.error(params.message) },
    }),
    { id: 'app', clock },
  );
  recorder.attach(app);
  // Observers below react to a state once the delivery that made it has settled (never inside it), so the event log
  // shows the event, the snapshots it produced, then the reaction (adapters/eventLog.ts); one run per settled chain.
  const probe = probeSystem(app.system);
  const observe: Observe = (ref, fn) => {
    let queued = false;
    return ref.subscribe(() => {
      if (queued) return;
      queued = true;
      probe.afterSettled(() => {
        queued = false;
        fn();
      });
    });
  };
  probe.run(() => app.start());
  const actor = <K extends keyof AppSystem>(systemId: K) => app.system.get(systemId) as AppSystem[K];
  const running: Running = { actor, observe, storage };
  const authRef = actor('auth');
  // On the translate address: the stack and validation reads of the remembered file's version, once the token is known.
  prefetchTranslationReadsOnLoad(adapters.translationFiles, http, storage, typeof window === 'undefined' ? null : window.location);
  const leaveWarning = connectLeaveWarning(running, options.warnBeforeLeaving);
  // Each feature's machines, once, when a page needing them asks (machines/session/appMachine.ts APP_FEATURES): the
  // chunks load together, then each feature starts in the order asked (a later one connects to an earlier one's
  // actors), its actors started by `app.featureLoaded` (in the session log, so replay starts them at the same point).
  const featureChunks: Record<AppFeature, () => Promise<FeatureStart>> = {
    content: () => import('./wiring/contentFeature.ts').then((m) => m.startContentFeature),
    grid: () => import('./wiring/gridFeature.ts').then((m) => m.startGridFeature),
    itemDialogs: () => import('./wiring/itemDialogsFeature.ts').then((m) => m.startItemDialogsFeature),
    item: () => import('./wiring/itemFeature.ts').then((m) => m.startItemFeature),
    translation: () => import('./wiring/translationFeature.ts').then((m) => m.startTranslationFeature),
    failedJobs: () => import('./wiring/failedJobsFeature.ts').then((m) => m.startFailedJobsFeature),
  };
  const started = new Set<AppFeature>();
  // The feature clients (content, items, comments, …) are built once, with the first feature, from the base adapters.
  const featureAdapters = () => import('./wiring/featureClients.ts').then((m) => m.featureAdapters(adapters));
  const loadFeatures = (live: 'now' | 'afterFirstLoad', ...features: AppFeature[]): Promise<void> => {
    // A page with features draws live data: the realtime connection may load now, unless the page draws from HTTP
    // reads first (the item view's review tab: liveConnectionGate decides when).
    if (live === 'now') liveGate.open();
    return Promise.all([featureAdapters(), ...features.map((feature) => featureChunks[feature]())] as const).then(([withClients, ...starts]) =>
      features.forEach((feature, index) => {
        if (started.has(feature)) return;
        started.add(feature);
        (starts[index] as FeatureStart)(withClients, running, () => app.send({ type: 'app.featureLoaded', feature }));
        // An upload in progress, or a translation save on the wire, arms the leave-page warning.
        if (feature === 'content') leaveWarning.watch('uploads');
        if (feature === 'translation') leaveWarning.watch('translation');
      }),
    );
  };
  // A feature's actors, read when asked: each exists once its feature has started (views reach them behind their page's
  // FeatureGate; the uploads panel once the content feature runs).
  const featureActors = Object.defineProperties(
    {},
    Object.fromEntries(Object.values(APP_FEATURES).flat().map((systemId) => [systemId, { get: () => actor(systemId), enumerable: true }])),
  ) as Pick<AppSystem, (typeof APP_FEATURES)[AppFeature][number]>;

  const system: Omit<CreatedSystem, keyof typeof featureActors> = {
    app,
    auth: authRef,
    session: actor('session'),
    flags: actor('flags'),
    notificationSettings: actor('notificationSettings'),
    sandbox: actor('sandbox'),
    toasts: actor('toasts'),
    outbox: actor('outbox'),
    dashboard: actor('dashboard'),
    // The authoring dashboard.
    authoringDashboard: actor('authoringDashboard'),
    whatsNew: actor('whatsNew'),
    courseImport: actor('courseImport'),
    contentPage: actor('contentPage'),
    // What each page waits for before it draws (ui/lazyRoute.tsx FeatureGate keys on these functions: one each).
    loadFeatures: {
      grid: () => loadFeatures('now', 'content', 'grid', 'itemDialogs'),
      item: () => loadFeatures('afterFirstLoad', 'content', 'item'),
      itemDialogs: () => loadFeatures('now', 'itemDialogs'),
      translation: () => loadFeatures('now', 'content', 'item', 'translation'),
      sandbox: () => loadFeatures('now', 'failedJobs'),
    },
    growthQuestionsUrl: `${config.services.growth}/questions`,
    // Screenshot annotation: the dialog's effects.
    // Activation, access modal, trial, survey banner, downloads.
    activation: activation.services,
    reachActivation: actor('reachActivation'),
    accessModal: actor('accessModal'),
    trial: actor('trial'),
    surveyBanner: actor('surveyBanner'),
    downloads: actor('downloads'),
    annotation: annotationServices(adapters, () => actor('session').getSnapshot().context.user?.sub ?? null),
    origin: options.origin,
    addFiles: (picked) => picked.map((file): UploadFileRef => ({ fileId: files.add(file), name: file.name, size: file.size, type: file.type })),
    now: () => clock.now(),
    // The notification digest is at 09:00 in the browser's time zone (foundation §7).
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
    recorder,
    http,
    appName: 'Review',
    links: config.links,
    downtime: config.downtime,
    downloadSessionLog: () => {
      // The log as it is now; saved once the compressor (its own chunk, loaded on the first export) has written it.
      const stamp = new Date(clock.now()).toISOString().replace(/[:.]/g, '-');
      recorder.exportGzip({ appVersion: __APP_VERSION__, buildId: __BUILD_ID__, machines: builtDefinitionHashes(), userAgent: options.userAgent }).then(
        (bytes) => options.saveFile(`review-session-${stamp}.jsonl.gz`, bytes),
        (error: unknown) => {
          console.error('The session log could not be written.', error);
          actor('toasts').send({ type: 'toast.show', toast: { id: 'sessionLogExport', severity: 'error', kind: 'default', text: 'The session log could not be written. Try again.', message: null } });
        },
      );
    },
  };
  return Object.assign(featureActors, system);
}
