// A TCP proxy for fault tests: put it between the app and its database, then cut it (every open
// connection is reset and new ones are refused, as when the server goes away) and restore it.
import { createConnection, createServer, type Server, type Socket } from "node:net";

export interface TcpProxy {
  port: number;
  /** Resets every open connection and refuses new ones until `restore`. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let up = true;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
  };
  const server: Server = createServer((client) => {
    track(client);
    if (!up) {
      client.resetAndDestroy();
      return;
    }
    const upstream = createConnection({ host: targetHost, port: targetPort });
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("tcp proxy: no TCP address");
  return {
    port: address.port,
    cut() {
      up = false;
      for (const socket of sockets) socket.resetAndDestroy();
    },
    restore() {
      up = true;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
