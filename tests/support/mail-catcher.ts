// An SMTP server for tests: catches what the app sends (no TLS, no auth needed, 127.0.0.1 only)
// and can misbehave on demand (refuse, hang, drop) to exercise retries and timeouts.
import { SMTPServer, type SMTPServerSession } from "smtp-server";

export interface CaughtMail {
  /** The From header, encoded-words decoded. */
  from: string;
  /** The envelope recipients (RCPT TO). */
  to: string[];
  subject: string;
  /** The text/plain body, decoded, with LF line ends. */
  text: string;
  /** The text/html body, decoded; null when the message has none. */
  html: string | null;
  /** Every part's content type, depth first, e.g. ["multipart/alternative", "text/plain", "multipart/related", "text/html", "image/png"]. */
  parts: string[];
  raw: string;
  /** Parts sent as attachments (e.g. an .ics invitation), decoded as UTF-8 text, and their bytes (a PDF). */
  attachments: { filename: string; contentType: string; content: string; bytes: Buffer }[];
  /** Inline parts the HTML shows by `cid:` (the logo), with their bytes. */
  inline: { cid: string; filename: string; contentType: string; bytes: Buffer }[];
  /** Unfolded headers by lower-case name, encoded-words decoded (the first of repeated names). */
  headers: Map<string, string>;
}

export type MailCatcherMode = "accept" | "refuse" | "hang" | "drop";

export interface MailCatcher {
  /** smtp://127.0.0.1:PORT */
  url: string;
  port: number;
  messages: CaughtMail[];
  /** Connections taken in hang mode and never answered: deliveries under way. */
  readonly held: number;
  /** accept: normal; refuse: reject every message (451 on DATA); hang: accept the connection and never answer; drop: close the connection before accepting the message */
  setMode(mode: MailCatcherMode): void;
  /** Refuses (451 on RCPT TO) the addresses given, whatever the mode; none by default. */
  refuseRecipients(addresses: string[]): void;
  waitFor(predicate: (m: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  stop(): Promise<void>;
}

interface Waiter {
  predicate: (m: CaughtMail) => boolean;
  resolve: (m: CaughtMail) => void;
}

export async function startMailCatcher(port = 0): Promise<MailCatcher> {
  let mode: MailCatcherMode = "accept";
  const messages: CaughtMail[] = [];
  const waiters = new Set<Waiter>();
  let held = 0;
  let refused = new Set<string>();

  const server: SMTPServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 100,
    onConnect(_session, callback) {
      // hang: no greeting, ever (the client's greeting timeout has to give up).
      if (mode !== "hang") callback();
      else held++;
    },
    onRcptTo(address, _session, callback) {
      if (!refused.has(address.address.toLowerCase())) callback();
      else
        callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (mode === "refuse") {
          callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
          return;
        }
        if (mode !== "accept") {
          // drop (or hang set mid-session): close without ever acknowledging the message.
          dropConnection(session);
          return;
        }
        const mail = parseMail(Buffer.concat(chunks).toString("utf8"), session);
        messages.push(mail);
        for (const waiter of waiters) {
          if (waiter.predicate(mail)) {
            waiters.delete(waiter);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });

  // A client that goes away mid-session (an app killed with SIGKILL) resets its connection:
  // that is the client's fault, not the catcher's, and must not crash the test process.
  server.on("error", () => {});

  function dropConnection(session: SMTPServerSession) {
    for (const connection of server.connections) {
      if (connection.id === session.id) connection._socket.destroy();
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const address = server.server.address();
  if (!address || typeof address === "string") throw new Error("mail catcher: no TCP address");

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    messages,
    get held() {
      return held;
    },
    setMode(next) {
      mode = next;
    },
    refuseRecipients(addresses) {
      refused = new Set(addresses.map((a) => a.toLowerCase()));
    },
    waitFor(predicate, timeoutMs = 10_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise<CaughtMail>((resolve, reject) => {
        const waiter: Waiter = {
          predicate,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(
              `mail catcher: no matching mail within ${timeoutMs} ms (${messages.length} caught)`,
            ),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    async stop() {
      for (const connection of server.connections) connection._socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// --- Parsing: just enough MIME for what nodemailer writes. ---

interface Part {
  headers: Map<string, string>;
  body: string;
}

function parseMail(raw: string, session: SMTPServerSession): CaughtMail {
  const { headers, body } = parsePart(raw);
  const leaves: Leaf[] = [];
  const parts: string[] = [];
  walk(headers, body, leaves, parts);
  const isFile = (leaf: Leaf) => leaf.filename !== null || leaf.cid !== null;
  const text = leaves.find((l) => l.type === "text/plain" && !isFile(l));
  const html = leaves.find((l) => l.type === "text/html" && !isFile(l));
  const inline = leaves.filter((l) => l.cid !== null && l.disposition !== "attachment");
  return {
    from: headers.get("from") ?? "",
    to: session.envelope.rcptTo.map((r) => r.address),
    subject: headers.get("subject") ?? "",
    text: text ? decodeBytes(text.bytes, text.charset).replace(/\r\n/g, "\n") : "",
    html: html ? decodeBytes(html.bytes, html.charset) : null,
    parts,
    raw,
    attachments: leaves
      .filter((l) => l.filename !== null && !inline.includes(l))
      .map((l) => ({
        filename: l.filename ?? "",
        contentType: l.type,
        content: decodeBytes(l.bytes, "utf-8"),
        bytes: l.bytes,
      })),
    inline: inline.map((l) => ({
      cid: l.cid ?? "",
      filename: l.filename ?? "",
      contentType: l.type,
      bytes: l.bytes,
    })),
    headers,
  };
}

function parsePart(source: string): Part {
  const match = /\r?\n\r?\n/.exec(source);
  const head = match ? source.slice(0, match.index) : source;
  const body = match ? source.slice(match.index + match[0].length) : "";
  const headers = new Map<string, string>();
  // Unfolding: a line break followed by white space continues the previous line.
  for (const line of head.replace(/\r?\n(?=[ \t])/g, "").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body };
}

/** The value and parameters of a structured header such as Content-Type. */
function parseParams(value: string): { value: string; params: Map<string, string> } {
  const [first = "", ...rest] = value.split(";");
  const params = new Map<string, string>();
  const re = /([^=;\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g;
  for (const m of rest.join(";").matchAll(re)) {
    params.set(
      (m[1] ?? "").toLowerCase(),
      m[2] !== undefined ? m[2].replace(/\\(.)/g, "$1") : (m[3] ?? ""),
    );
  }
  return { value: first.trim().toLowerCase(), params };
}

/** A part that is not multipart, its body decoded to bytes. */
interface Leaf {
  type: string;
  charset: string;
  filename: string | null;
  disposition: string;
  cid: string | null;
  bytes: Buffer;
}

/** Collects the leaves of a (multipart) part and every part's content type, depth first. */
function walk(headers: Map<string, string>, body: string, leaves: Leaf[], types: string[]) {
  const type = parseParams(headers.get("content-type") ?? "text/plain; charset=us-ascii");
  types.push(type.value);
  if (type.value.startsWith("multipart/")) {
    const boundary = type.params.get("boundary");
    if (!boundary) return;
    for (const part of splitMultipart(body, boundary)) {
      const parsed = parsePart(part);
      walk(parsed.headers, parsed.body, leaves, types);
    }
    return;
  }
  const disposition = parseParams(headers.get("content-disposition") ?? "");
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").trim().toLowerCase();
  const cid = headers.get("content-id")?.replace(/^<|>$/g, "") ?? null;
  leaves.push({
    type: type.value,
    // An unencoded body is kept as received (the catcher reads the message as UTF-8).
    charset: ["base64", "quoted-printable"].includes(encoding)
      ? (type.params.get("charset") ?? "utf-8")
      : "utf-8",
    filename: disposition.params.get("filename") ?? type.params.get("name") ?? null,
    disposition: disposition.value,
    cid,
    bytes:
      encoding === "base64"
        ? Buffer.from(body.replace(/\s+/g, ""), "base64")
        : encoding === "quoted-printable"
          ? quotedPrintable(body)
          : Buffer.from(body, "utf8"),
  });
}

function splitMultipart(body: string, boundary: string): string[] {
  const delimiter = `--${boundary}`;
  const parts: string[] = [];
  let current: string[] | null = null;
  for (const line of body.split(/\r?\n/)) {
    const trimmed = line.trimEnd();
    if (trimmed === delimiter || trimmed === `${delimiter}--`) {
      if (current) parts.push(current.join("\r\n"));
      if (trimmed !== delimiter) return parts;
      current = [];
    } else if (current) {
      current.push(line);
    }
  }
  if (current) parts.push(current.join("\r\n"));
  return parts;
}

function quotedPrintable(body: string): Buffer {
  const text = body.replace(/[ \t]+(?=\r?\n)/g, "").replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes);
}

function decodeBytes(bytes: Uint8Array, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

/** RFC 2047 encoded-words (B and Q); adjacent words of one charset are joined before decoding. */
function decodeWords(value: string): string {
  const word = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;
  let out = "";
  let last = 0;
  let pending: { charset: string; bytes: Buffer[] } | null = null;
  const flush = () => {
    if (pending) out += decodeBytes(Buffer.concat(pending.bytes), pending.charset);
    pending = null;
  };
  for (const m of value.matchAll(word)) {
    const between = value.slice(last, m.index);
    // Only white space between two encoded-words is dropped.
    if (!(pending && /^\s*$/.test(between))) {
      flush();
      out += between;
    }
    const charset = (m[1] ?? "utf-8").split("*")[0] ?? "utf-8";
    const data = m[3] ?? "";
    const bytes =
      m[2]?.toUpperCase() === "B"
        ? Buffer.from(data, "base64")
        : quotedPrintable(data.replace(/_/g, " "));
    const current: { charset: string; bytes: Buffer[] } | null = pending;
    if (current && current.charset.toLowerCase() === charset.toLowerCase()) {
      current.bytes.push(bytes);
    } else {
      flush();
      pending = { charset, bytes: [bytes] };
    }
    last = m.index + m[0].length;
  }
  flush();
  return out + value.slice(last);
}
