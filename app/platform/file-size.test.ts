import { describe, expect, it } from "vitest";
import { formatFileSize } from "./file-size.ts";

describe("formatFileSize", () => {
  it("shows small files in bytes", () => {
    expect(formatFileSize(0)).toBe("0 bytes");
    expect(formatFileSize(1)).toBe("1 byte");
    expect(formatFileSize(512)).toBe("512 bytes");
    expect(formatFileSize(1023)).toBe("1023 bytes");
  });

  it("shows one decimal below 10 of a unit, whole numbers above", () => {
    expect(formatFileSize(1024)).toBe("1 KB");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(14 * 1024 + 300)).toBe("14 KB");
    expect(formatFileSize(2.34 * 1024 * 1024)).toBe("2.3 MB");
    expect(formatFileSize(10 * 1024 * 1024)).toBe("10 MB");
    expect(formatFileSize(3 * 1024 ** 3)).toBe("3 GB");
  });

  it("never shows 1024 of a unit", () => {
    expect(formatFileSize(1024 * 1024 - 1)).toBe("1 MB");
    expect(formatFileSize(1023.7 * 1024)).toBe("1 MB");
  });

  it("answers a dash for what is not a size", () => {
    expect(formatFileSize(Number.NaN)).toBe("-");
    expect(formatFileSize(-1)).toBe("-");
  });
});
