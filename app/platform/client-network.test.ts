import { describe, expect, it } from "vitest";
import { clientNetwork, clientNetworkKey } from "./client-network.ts";

describe("a client's network", () => {
  it("is the whole address for IPv4, written plainly or IPv4-mapped", () => {
    expect(clientNetwork("192.0.2.1")).toBe("192.0.2.1");
    expect(clientNetwork("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(clientNetwork("192.0.2.2")).not.toBe(clientNetwork("192.0.2.1"));
  });

  it("is the /64 for IPv6: every address of one /64 is one client", () => {
    const five = [
      "2001:db8:aa:1::1",
      "2001:db8:aa:1::2",
      "2001:0db8:00aa:0001:ffff:ffff:ffff:ffff",
      "2001:DB8:AA:1:1234:5678:9abc:def0",
      "2001:db8:aa:1:0:0:0:0",
    ];
    expect(new Set(five.map(clientNetwork))).toEqual(new Set(["2001:db8:aa:1::/64"]));
    expect(new Set(five.map(clientNetworkKey)).size).toBe(1);
    expect(clientNetwork("2001:db8:aa:2::1")).toBe("2001:db8:aa:2::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientNetwork("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("keeps anything that is not an address as it is (a test's 'unknown')", () => {
    expect(clientNetwork("unknown")).toBe("unknown");
  });
});
