// The pieces e-mails are written with, styled as the site is: a heading, paragraphs, the
// primary button, a table of facts and a quoted block of what a visitor wrote. Every value is
// a React child, so React escapes it: visitor text can never become markup.
import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { ReactNode } from "react";
import { colors, dark } from "./theme.ts";

export function EmailHeading({ children }: { children: ReactNode }) {
  return (
    <Heading
      as="h1"
      className={dark.strong}
      style={{
        margin: "16px 0 12px",
        fontSize: "24px",
        lineHeight: "32px",
        fontWeight: 700,
        color: colors.slate900,
      }}
    >
      {children}
    </Heading>
  );
}

export function Paragraph({ children, muted }: { children: ReactNode; muted?: boolean }) {
  return (
    <Text
      className={muted ? dark.muted : dark.body}
      style={{
        margin: "0 0 16px",
        fontSize: muted ? "14px" : "16px",
        lineHeight: muted ? "22px" : "26px",
        color: muted ? colors.slate600 : colors.slate700,
      }}
    >
      {children}
    </Text>
  );
}

/** The site's primary button (brand-600, white text; brand-500 with dark text in dark mode). */
export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "8px 0 24px" }}>
      <Button
        href={href}
        className={dark.button}
        style={{
          backgroundColor: colors.brand600,
          color: colors.white,
          borderRadius: "8px",
          padding: "12px 20px",
          fontSize: "15px",
          fontWeight: 600,
          lineHeight: "20px",
          textDecoration: "none",
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

export type Fact = readonly [label: string, value: ReactNode];

/** Label and value rows, e.g. a lead's contact fields or a course's start date. */
export function FactsTable({ facts }: { facts: readonly Fact[] }) {
  const cell = {
    padding: "10px 0",
    fontSize: "14px",
    lineHeight: "20px",
    verticalAlign: "top",
    borderBottom: `1px solid ${colors.slate200}`,
  } as const;
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ borderCollapse: "collapse", margin: "0 0 24px" }}
    >
      <tbody>
        {facts.map(([label, value]) => (
          <tr key={label}>
            <td
              className={`${dark.muted} ${dark.line}`}
              style={{ ...cell, width: "38%", paddingRight: "16px", color: colors.slate600 }}
            >
              {label}
            </td>
            <td
              className={`${dark.strong} ${dark.line}`}
              style={{ ...cell, fontWeight: 600, color: colors.slate900, wordBreak: "break-word" }}
            >
              {value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What someone wrote, kept as they wrote it (line breaks too), in a quoted block. */
export function Quote({ label, children }: { label: string; children: string }) {
  return (
    <Section style={{ margin: "0 0 24px" }}>
      <Text
        className={dark.muted}
        style={{
          margin: "0 0 8px",
          fontSize: "13px",
          fontWeight: 600,
          color: colors.slate600,
          textTransform: "uppercase",
          letterSpacing: "0.04em",
        }}
      >
        {label}
      </Text>
      <Text
        className={`${dark.quote} ${dark.body}`}
        style={{
          margin: 0,
          padding: "12px 16px",
          backgroundColor: colors.slate50,
          borderLeft: `4px solid ${colors.brand500}`,
          borderRadius: "4px",
          fontSize: "15px",
          lineHeight: "24px",
          color: colors.slate700,
          whiteSpace: "pre-wrap",
          wordBreak: "break-word",
        }}
      >
        {children}
      </Text>
    </Section>
  );
}
