// The local stack's public ports in front of the Firebase emulators (decisions 5401, 5003): each
// a door that can be cut off (its port closed, its open connections dropped, as when the service
// is gone) and opened again, while the emulators behind it keep running. A journey that needs the
// identity or order service down cuts it off in milliseconds; restarting the Firebase CLI takes
// about 15 s.
import net from 'node:net';

export interface Door {
  /** The port it listens on (the one asked for, or the one given for 0). */
  port: number;
  /** Closes the port and drops every open connection; resolves once closed. */
  cutOff(): Promise<void>;
  /** Listens on the same port again. */
  reconnect(): Promise<void>;
  /** For good. */
  close(): Promise<void>;
}

const listen = (server: net.Server, port: number, host: string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

/** `server` listening on host:port, as a door. */
export async function openDoor(server: net.Server, host: string, port: number): Promise<Door> {
  const connections = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  await listen(server, port, host);
  const bound = (server.address() as net.AddressInfo).port;
  const cutOff = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      for (const socket of connections) socket.destroy();
    });
  return {
    port: bound,
    cutOff,
    reconnect: () => (server.listening ? Promise.resolve() : listen(server, bound, host)),
    close: cutOff,
  };
}

/** A TCP server that passes every connection on to `upstream`, byte for byte. */
export function forwarder(upstream: { host: string; port: number }): net.Server {
  return net.createServer((client) => {
    const target = net.connect(upstream.port, upstream.host);
    const end = () => {
      client.destroy();
      target.destroy();
    };
    for (const socket of [client, target]) {
      socket.on('error', end);
      socket.on('close', end);
    }
    client.pipe(target).pipe(client);
  });
}
