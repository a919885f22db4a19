/**
 * The small proxy in front of several service instances (tools/cluster.ts, tests/bench/cluster.ts): plain requests
 * go round-robin, a websocket upgrade is piped to one instance for its whole life (the service's socket.io accepts
 * the websocket transport only, so no stickiness is needed). The Host header is kept: package origins are told
 * apart by it.
 */
import http from 'node:http';
import net from 'node:net';

export function startProxy(ports: readonly number[], port: number, host: string): Promise<http.Server> {
  let next = 0;
  const pick = () => ports[next++ % ports.length]!;
  // Keep-alive to the instances: a connection per request would cost more than the request.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http.createServer((request, response) => {
    const upstream = http.request({ host: 'localhost', port: pick(), method: request.method, path: request.url, headers: request.headers, agent }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.rawHeaders as unknown as http.OutgoingHttpHeaders);
      answer.pipe(response);
    });
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end('The service instance did not answer.');
    });
    request.pipe(upstream);
  });
  server.on('upgrade', (request, socket, head) => {
    const upstream = net.connect(pick(), 'localhost', () => {
      const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`];
      for (let i = 0; i < request.rawHeaders.length; i += 2) lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  server.on('close', () => agent.destroy());
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}
