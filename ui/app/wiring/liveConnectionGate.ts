import { whenPageQuiet } from '../../pageQuiet.ts';

/**
 * When the realtime connection may load socket.io-client (adapters/socket.ts `ready`). The dashboard (/) draws from
 * HTTP reads alone, and its live data (subscription, team and flag pushes) can follow: there the connection waits until
 * the page's first load is over (ui/pageQuiet.ts), or until a page that draws live data loads its feature (`open`),
 * whichever comes first. Every other address, and a system with no browser page, opens at once.
 */
export function liveConnectionGate(location: Pick<Location, 'pathname'> | null): { ready: () => Promise<void>; open: () => void } {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  if (location !== null && location.pathname === '/') void whenPageQuiet().then(open);
  else open();
  return { ready: () => opened, open };
}
