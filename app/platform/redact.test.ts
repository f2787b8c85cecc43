import { describe, expect, it } from "vitest";
import { redactSecrets } from "./redact.ts";

describe("redactSecrets", () => {
  it.each([
    ["/account/set-password?token=abc123", "/account/set-password?token=[redacted]"],
    ["/registrations/offer?x=1&token=abc&y=2", "/registrations/offer?x=1&token=[redacted]&y=2"],
    ["/login?ticket=t1&code=123456", "/login?ticket=[redacted]&code=[redacted]"],
    ["GET /a?TOKEN=Zz9 HTTP/1.1", "GET /a?TOKEN=[redacted] HTTP/1.1"],
    ["postgres://u:pw-s3cret@db.example:5432/site", "postgres://[redacted]@db.example:5432/site"],
    [
      "connect smtps://apikey@smtp.example failed",
      "connect smtps://[redacted]@smtp.example failed",
    ],
    ["https://example.com/path?q=1", "https://example.com/path?q=1"],
    ["mail to dana@example.org", "mail to dana@example.org"],
  ])("%s", (text, shown) => {
    expect(redactSecrets(text)).toBe(shown);
  });
});
