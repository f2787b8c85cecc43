// The frame of every e-mail the site sends: the brand's colour strip and logo (or name) on top,
// a white card (slate-900 in dark mode) with the message, and the company's contact line below.
// Tables and inline styles throughout: that is what every mail client lays out alike.
// One package per component: the @react-email/components barrel also loads Tailwind and Prism,
// which cost every server start 0.4 s.
import { Body } from "@react-email/body";
import { Column } from "@react-email/column";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { ReactNode } from "react";
import type { MailBrand } from "../brand.server.ts";
import { colors, dark, darkModeCss, fontFamily } from "./theme.ts";

export interface EmailLayoutProps {
  brand: MailBrand;
  /** The line an inbox shows beside the subject. */
  preview: string;
  /** Why the reader gets this e-mail, under the contact line. */
  footnote: string;
  children: ReactNode;
}

export function EmailLayout({ brand, preview, footnote, children }: EmailLayoutProps) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{darkModeCss}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ margin: 0, padding: 0 }}>
        <Section
          className={dark.page}
          style={{ backgroundColor: colors.slate100, padding: "32px 12px", fontFamily }}
        >
          <Container style={{ maxWidth: "600px", width: "100%" }}>
            <Section
              className={dark.card}
              style={{
                backgroundColor: colors.white,
                border: `1px solid ${colors.slate200}`,
                borderRadius: "16px",
                overflow: "hidden",
              }}
            >
              <Section
                style={{
                  height: "6px",
                  lineHeight: "6px",
                  fontSize: "1px",
                  backgroundColor: colors.brand500,
                  backgroundImage: `linear-gradient(90deg, ${colors.brand500}, ${colors.accent500})`,
                }}
              >
                &nbsp;
              </Section>
              <BrandHeader brand={brand} />
              <Section style={{ padding: "8px 32px 32px" }}>{children}</Section>
              <Footer brand={brand} footnote={footnote} />
            </Section>
          </Container>
        </Section>
      </Body>
    </Html>
  );
}

function BrandHeader({ brand }: { brand: MailBrand }) {
  const { logo } = brand;
  const name = (
    <Text
      className={dark.strong}
      style={{
        margin: 0,
        fontSize: "18px",
        lineHeight: "24px",
        fontWeight: 700,
        color: colors.slate900,
      }}
    >
      {brand.siteName}
    </Text>
  );
  return (
    <Section style={{ padding: "24px 32px 8px" }}>
      <Link href={brand.siteUrl} style={{ textDecoration: "none" }}>
        {logo?.kind === "logo" ? (
          <Logo
            src={`cid:${logo.cid}`}
            width={logo.width}
            height={logo.height}
            alt={brand.siteName}
          />
        ) : logo ? (
          <Row style={{ width: "auto" }} align="left">
            <Column style={{ width: `${logo.width + 12}px` }}>
              <Logo src={`cid:${logo.cid}`} width={logo.width} height={logo.height} alt="" />
            </Column>
            <Column>{name}</Column>
          </Row>
        ) : (
          name
        )}
      </Link>
    </Section>
  );
}

/** fetchPriority "low": else React adds a <link rel="preload"> for the image to the head. */
function Logo(props: { src: string; width: number; height: number; alt: string }) {
  return <Img {...props} fetchPriority="low" />;
}

function Footer({ brand, footnote }: { brand: MailBrand; footnote: string }) {
  const small = { margin: "0 0 4px", fontSize: "13px", lineHeight: "20px" } as const;
  return (
    <Section
      className={`${dark.line} ${dark.page}`}
      style={{
        borderTop: `1px solid ${colors.slate200}`,
        backgroundColor: colors.slate50,
        padding: "20px 32px 24px",
      }}
    >
      <Text className={dark.strong} style={{ ...small, fontWeight: 600, color: colors.slate900 }}>
        {brand.siteName}
      </Text>
      <Text className={dark.muted} style={{ ...small, color: colors.slate600 }}>
        {brand.phone} · {brand.address}
      </Text>
      <Text style={small}>
        <Link className={dark.link} href={brand.siteUrl} style={{ color: colors.brand700 }}>
          Visit the {brand.siteName} website
        </Link>
      </Text>
      <Text className={dark.muted} style={{ ...small, margin: "12px 0 0", color: colors.slate600 }}>
        {footnote}
      </Text>
    </Section>
  );
}
