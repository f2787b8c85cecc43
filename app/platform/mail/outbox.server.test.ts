import { describe, expect, it } from "vitest";
import { headerSafe } from "./outbox.server.ts";

describe("headerSafe", () => {
  it("keeps an ordinary value", () => {
    expect(headerSafe("New inquiry from Ada Lovelace")).toBe("New inquiry from Ada Lovelace");
  });

  it("removes CR and LF so no header can be injected", () => {
    const safe = headerSafe("Hello\r\nBcc: victim@example.com");
    expect(safe).toBe("Hello Bcc: victim@example.com");
    expect(safe).not.toMatch(/[\r\n]/);
    expect(headerSafe("a\rb\nc\r\n\r\nd")).toBe("a b c d");
  });

  it("removes other control characters and Unicode line separators", () => {
    expect(headerSafe("a\u0000b\tc\u000bd\u007fe\u0085f\u2028g\u2029h")).toBe("a b c d e f g h");
  });

  it("trims", () => {
    expect(headerSafe("  \r\n subject \n ")).toBe("subject");
    expect(headerSafe("\r\n")).toBe("");
  });

  it("keeps at most 200 characters", () => {
    expect(headerSafe("x".repeat(500))).toHaveLength(200);
    expect(headerSafe(`${"y".repeat(199)} z`)).toBe("y".repeat(199));
  });

  it("never cuts a surrogate pair in half", () => {
    const safe = headerSafe(`${"a".repeat(199)}😀😀`);
    expect(safe).toBe("a".repeat(199));
    expect(headerSafe(`${"a".repeat(198)}😀😀`)).toBe(`${"a".repeat(198)}😀`);
  });

  it("keeps non-ASCII text", () => {
    expect(headerSafe("Grüße — 你好")).toBe("Grüße — 你好");
  });
});
