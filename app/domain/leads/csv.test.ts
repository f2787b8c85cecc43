import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv.ts";

describe("CSV cells", () => {
  it("makes formula cells inert with a leading single quote", () => {
    expect(csvCell("=SUM(A1:A9)")).toBe("'=SUM(A1:A9)");
    expect(csvCell("+1 205 555 0199")).toBe("'+1 205 555 0199");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@cmd")).toBe("'@cmd");
    expect(csvCell("\tTAB")).toBe("'\tTAB");
    // Quoted as well when the cell needs quotes.
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(
      '"\'=HYPERLINK(""http://evil.example"",""x"")"',
    );
    expect(csvCell("\r=1")).toBe('"\'\r=1"');
  });

  it("leaves ordinary text alone and quotes per RFC 4180", () => {
    expect(csvCell("Dana Whitfield")).toBe("Dana Whitfield");
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("Smith, Jones & Co")).toBe('"Smith, Jones & Co"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(42)).toBe("42");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("writes a header and rows with CRLF line ends", () => {
    expect(
      toCsv(
        ["Name", "Note"],
        [
          ["Ann", "=1+1"],
          ["Bo, Jr", ""],
        ],
      ),
    ).toBe('Name,Note\r\nAnn,\'=1+1\r\n"Bo, Jr",\r\n');
  });
});
