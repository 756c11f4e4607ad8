import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

export const LOOPBACK = '127.0.0.1';

/** Ports handed out in this process, so two parallel callers never get the same one. */
const handedOut = new Set<number>();

/** A TCP port on 127.0.0.1 that was free a moment ago (the OS picks it; nothing listens on it afterwards). */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, LOOPBACK, resolve);
    });
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error('could not find a free port');
}

/** Whether something accepts TCP connections on 127.0.0.1:port right now. */
export function accepts(port: number, host = LOOPBACK): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Polls until 127.0.0.1:port accepts a connection. Gives up when the deadline passes or `gaveUp()` says there is no
 * point waiting (the process that should listen has exited); returns whether the port became ready.
 */
export async function waitForPort(
  port: number,
  options: { timeoutMs?: number; gaveUp?: () => boolean } = {},
): Promise<boolean> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  while (Date.now() < deadline) {
    if (options.gaveUp?.()) return false;
    if (await accepts(port)) return true;
    await delay(25);
  }
  return false;
}

/** A local HTTP server that answers every request with a unique marker, and remembers what it was asked. */
export interface MarkerServer {
  port: number;
  marker: string;
  /** Request paths received, in order. */
  paths: string[];
  close(): Promise<void>;
}

export async function startMarkerServer(label = 'marker'): Promise<MarkerServer> {
  const marker = `${label}-${randomBytes(12).toString('hex')}`;
  const paths: string[] = [];
  const server = createHttpServer((req, res) => {
    paths.push(req.url ?? '');
    res.setHeader('content-type', 'text/plain');
    res.setHeader('connection', 'close');
    res.end(marker);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOOPBACK, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    marker,
    paths,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A TCP relay that records how each connection through it began (to check what a client sent in the clear). */
export interface TcpTap {
  port: number;
  /** The first bytes (up to 4 KiB) of each connection, as latin1 text, in order of arrival. */
  openings: string[];
  close(): Promise<void>;
}

export async function startTcpTap(listenPort: number, targetPort: number): Promise<TcpTap> {
  const openings: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect({ host: LOOPBACK, port: targetPort });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.once('close', () => sockets.delete(s));
    }
    const index = openings.push('') - 1;
    client.on('data', (chunk: Buffer) => {
      if (openings[index]!.length < 4096) openings[index] += chunk.toString('latin1').slice(0, 4096);
    });
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, LOOPBACK, resolve);
  });
  return {
    port: listenPort,
    openings,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface HttpResult {
  status: number;
  body: string;
}

/**
 * A minimal SOCKS5 client: no-auth greeting, CONNECT to host:port (IPv4 literal or domain name), then an HTTP/1.1 GET
 * through the tunnel; resolves with the response, rejects on any protocol error, refusal, early close or timeout.
 */
export function socksHttpGet(
  socksPort: number,
  target: { host: string; port: number; path: string },
  timeoutMs = 10_000,
): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: LOOPBACK, port: socksPort });
    let stage: 'greeting' | 'connect' | 'http' = 'greeting';
    let buffer = Buffer.alloc(0);
    let settled = false;
    const finish = (err: Error | null, result?: HttpResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (err) reject(err);
      else resolve(result!);
    };
    const timer = setTimeout(
      () =>
        finish(
          new Error(`SOCKS5 via port ${socksPort}: no complete answer within ${timeoutMs} ms (${stage})`),
        ),
      timeoutMs,
    );

    socket.once('connect', () => socket.write(Buffer.from([0x05, 0x01, 0x00])));
    socket.on('error', (err) => finish(new Error(`SOCKS5 via port ${socksPort} (${stage}): ${err.message}`)));
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (stage === 'greeting') {
        if (buffer.length < 2) return;
        if (buffer[0] !== 0x05 || buffer[1] !== 0x00) {
          finish(new Error(`SOCKS5 greeting refused: ${buffer.subarray(0, 2).toString('hex')}`));
          return;
        }
        buffer = buffer.subarray(2);
        stage = 'connect';
        socket.write(connectRequest(target.host, target.port));
      }
      if (stage === 'connect') {
        const length = connectReplyLength(buffer);
        if (length === null) return;
        if (buffer[1] !== 0x00) {
          finish(new Error(`SOCKS5 CONNECT refused with reply code ${buffer[1]}`));
          return;
        }
        buffer = buffer.subarray(length);
        stage = 'http';
        socket.write(
          `GET ${target.path} HTTP/1.1\r\nHost: ${target.host}:${target.port}\r\n` +
            `User-Agent: proxy-software-test\r\nConnection: close\r\n\r\n`,
        );
      }
    });
    socket.on('end', () => {
      if (stage !== 'http') {
        finish(new Error(`SOCKS5 via port ${socksPort}: closed during ${stage}`));
        return;
      }
      const response = parseHttpResponse(buffer);
      if (!response) finish(new Error(`no HTTP response through the tunnel (got ${buffer.length} bytes)`));
      else finish(null, response);
    });
  });
}

function connectRequest(host: string, port: number): Buffer {
  const portBytes = Buffer.from([port >> 8, port & 0xff]);
  const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (ipv4) {
    return Buffer.concat([Buffer.from([0x05, 0x01, 0x00, 0x01, ...ipv4.slice(1).map(Number)]), portBytes]);
  }
  const name = Buffer.from(host, 'utf8');
  return Buffer.concat([Buffer.from([0x05, 0x01, 0x00, 0x03, name.length]), name, portBytes]);
}

/** The byte length of a complete CONNECT reply at the start of `b`, or null while it is incomplete. */
function connectReplyLength(b: Buffer): number | null {
  if (b.length < 5) return null;
  const atyp = b[3];
  const addressLength = atyp === 0x01 ? 4 : atyp === 0x04 ? 16 : atyp === 0x03 ? 1 + b[4]! : -1;
  if (addressLength < 0) return 4; // malformed; the reply code decides
  const total = 4 + addressLength + 2;
  return b.length >= total ? total : null;
}

function parseHttpResponse(raw: Buffer): HttpResult | null {
  const text = raw.toString('utf8');
  const headerEnd = text.indexOf('\r\n\r\n');
  if (headerEnd < 0) return null;
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
  if (!status) return null;
  return { status: Number(status[1]), body: text.slice(headerEnd + 4) };
}
