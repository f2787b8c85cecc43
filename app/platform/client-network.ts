// Who a per-client limit counts: the client's network, not its single address. An IPv6 client
// is handed a whole /64 and can send from any of its addresses, so five addresses of one /64
// are one client; an IPv4 address (also written IPv4-mapped, ::ffff:192.0.2.1) is one client.
import { createHash } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";

/** "192.0.2.1", or "2001:db8:1:2::/64" for any address of that /64; anything else as given. */
export function clientNetwork(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1] as string;
  if (isIPv4(address) || !isIPv6(address)) return address;
  const [head = "", tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  // An embedded IPv4 tail ("::1.2.3.4") fills the last two groups, never the /64.
  const groups = address.includes("::")
    ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
    : left;
  const prefix = groups.slice(0, 4).map((g) => Number.parseInt(g, 16).toString(16));
  return `${prefix.join(":")}::/64`;
}

/** The SHA-256 of the client's network: what a limit stores, never the address itself. */
export const clientNetworkKey = (ip: string) =>
  createHash("sha256").update(clientNetwork(ip)).digest("hex");
