import http from "node:http";

export interface ServerLimits {
  /** Whole request (headers and body) must arrive within this. */
  requestTimeoutMs: number;
  /** A connection with no bytes either way for this long is closed (idle keep-alive, stalled body). */
  idleTimeoutMs: number;
  /** Open connections one remote address may hold at once; 0: no cap. */
  maxConnectionsPerIp: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 30_000,
  maxConnectionsPerIp: 64,
};

/**
 * The node:http server Fastify runs on (its `serverFactory`). A client that sends part of a request and
 * stalls must not hold a socket forever: Node checks `requestTimeout` only every
 * `connectionsCheckingInterval`, so that interval is kept short, and idle sockets time out too. The
 * per-address cap stops one client from opening thousands of such sockets and starving everyone else;
 * it counts the socket's address, so behind a proxy (every socket from the proxy) raise it or set 0.
 */
export function createHttpServer(
  handler: http.RequestListener,
  overrides: Partial<ServerLimits> = {},
): http.Server {
  const limits = { ...DEFAULT_LIMITS, ...overrides };
  const server = http.createServer(
    {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: Math.min(limits.requestTimeoutMs, 20_000),
      connectionsCheckingInterval: Math.min(1000, limits.requestTimeoutMs),
      keepAliveTimeout: 5000,
    },
    handler,
  );
  server.setTimeout(limits.idleTimeoutMs, (socket) => socket.destroy());

  const open = new Map<string, number>();
  server.on("connection", (socket) => {
    const ip = socket.remoteAddress ?? "";
    const count = (open.get(ip) ?? 0) + 1;
    if (limits.maxConnectionsPerIp > 0 && count > limits.maxConnectionsPerIp) {
      socket.destroy();
      return;
    }
    open.set(ip, count);
    socket.once("close", () => {
      const left = (open.get(ip) ?? 1) - 1;
      if (left > 0) open.set(ip, left);
      else open.delete(ip);
    });
  });
  return server;
}
