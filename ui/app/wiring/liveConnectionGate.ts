import { whenPageQuiet } from '../../pageQuiet.ts';

/** The item view's review tab (and its short address, which goes there): drawn from HTTP reads for an account. */
const REVIEW_TAB = /^\/review\/content\/[^/]+(?:\/review)?\/?$/;

/** What the user does first that may need the live connection soon (a comment, the notification level, a new version). */
const INTENT_EVENTS = ['pointerdown', 'keydown'] as const;

export interface LiveConnectionGate {
  /** Settles when socket.io-client may load. */
  ready: () => Promise<void>;
  /** Lets it load now (a page drawing live data loaded its feature, or a request needs the connection). */
  open: () => void;
  /**
   * Whether the first load held the connection back (so an item namespace it then connects missed what was pushed
   * after the page's reads: the composition root has the item read again once it connects).
   */
  deferred: boolean;
}

/**
 * When the realtime connection may load socket.io-client (adapters/socket.ts `ready`). The dashboard (/) and the item
 * view's review tab draw from HTTP reads alone, and their live data (pushes) can follow: there the connection waits
 * until the page's first load is over (ui/pageQuiet.ts), or until the user first presses a key or a pointer, or until
 * something opens it (`open`: a page that draws live data loads its feature, a request needs a socket), whichever
 * comes first. Every other address, and a system with no browser page, opens at once.
 */
export function liveConnectionGate(location: Pick<Location, 'pathname'> | null, target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null = null): LiveConnectionGate {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const deferred = location !== null && (location.pathname === '/' || REVIEW_TAB.test(location.pathname));
  if (deferred) {
    void whenPageQuiet().then(open);
    if (target) {
      const onIntent = () => {
        for (const type of INTENT_EVENTS) target.removeEventListener(type, onIntent, { capture: true });
        open();
      };
      for (const type of INTENT_EVENTS) target.addEventListener(type, onIntent, { capture: true, passive: true });
    }
  } else open();
  return { ready: () => opened, open: () => open(), deferred };
}
