import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { socketMachine } from '../../machines/session/socketMachine.ts';
import { Banner } from '../kit/index.ts';
import { t } from '../strings.ts';
import { useSystem } from '../system.tsx';

type SocketRef = ActorRefFrom<typeof socketMachine>;

/**
 * The disconnected-socket banner (foundation §2): after the last reconnect attempt it tells the
 * person to reconnect manually; it cannot be closed and has no time-out. A quieter status line
 * shows while reconnecting.
 */
export function RealtimeBanner() {
  const { session } = useSystem();
  const socket = useSelector(session, (snapshot) => snapshot.children.userSocket as SocketRef | undefined);
  return socket ? <SocketStatus socket={socket} /> : null;
}

function SocketStatus({ socket }: { socket: SocketRef }) {
  const disconnected = useSelector(socket, (s) => s.hasTag('banner'));
  const reconnecting = useSelector(socket, (s) => s.matches('reconnecting') || s.matches('refreshingToken'));
  if (disconnected) {
    return (
      <Banner
        tone="error"
        className="realtime-banner"
        title={t('realtime.disconnected.title')}
        action={
          <button type="button" className="k-link-button" onClick={() => socket.send({ type: 'socket.reconnect' })}>
            {t('realtime.disconnected.reconnect')}
          </button>
        }
      >
        {t('realtime.disconnected.body')}
      </Banner>
    );
  }
  if (reconnecting) {
    return (
      <p className="realtime-status" role="status">
        {t('realtime.reconnecting')}
      </p>
    );
  }
  return null;
}
