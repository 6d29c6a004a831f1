import { isIP } from "node:net";
import type { FastifyInstance } from "fastify";

/**
 * The address this server listens on, as an origin it can call itself at (the demo Canvas). An
 * unspecified bind address (0.0.0.0, ::) is reached on loopback. Null before listen (inject-only tests).
 */
export function selfOrigin(app: FastifyInstance): string | null {
  const addr = app.server.address();
  if (!addr || typeof addr === "string") return null;
  const ip = addr.address === "0.0.0.0" || addr.address === "::" ? "127.0.0.1" : addr.address;
  return `http://${isIP(ip) === 6 ? `[${ip}]` : ip}:${addr.port}`;
}
