import { Link } from "react-router";
import { useSiteSettings } from "#app/components/layout/use-site-settings.ts";
import { LegalPage, type LegalSection, legalLinkClass } from "#app/components/legal-sections.tsx";
import { withSeo } from "#app/components/seo.ts";
import { AS_DOCUMENT, STATIC_PAGE } from "#app/platform/static-page.ts";
import type { Route } from "./+types/privacy";

// A content page: no framework script (decision 0022).
export const handle = STATIC_PAGE;
export const clientMiddleware = AS_DOCUMENT;

export const meta: Route.MetaFunction = (args) =>
  withSeo(args, [
    { title: "Privacy Policy | Sigma Technology Partners" },
    {
      name: "description",
      content:
        "How Sigma Technology Partners collects, uses, protects and retains the information you send through our inquiry and training registration forms and uploads.",
    },
  ]);

// The policy text lives in the loader so it stays out of the browser bundle.
export function loader() {
  const sections: LegalSection[] = [
    {
      id: "scope",
      heading: "Who We Are and What This Policy Covers",
      blocks: [
        {
          p: 'Sigma Technology Partners ("Sigma," "we," "us" or "our") provides IT services, cybersecurity, AI solutions, web design and certification training from Birmingham, Alabama. This Privacy Policy explains what information we collect when you visit our website, send us an inquiry, register for training or use our Training Portal, how we use that information, and the choices you have.',
        },
        {
          p: "This policy applies to this website and to the communications that follow from it. Services we deliver under a signed agreement with your organization (for example managed IT or security monitoring) are governed by that agreement and its data processing terms, which take precedence where they differ from this policy.",
        },
      ],
    },
    {
      id: "collect",
      heading: "Information We Collect",
      blocks: [
        {
          p: "We collect only what you choose to give us, plus the minimum technical information needed to run a secure website:",
        },
        {
          ul: [
            "Inquiry and consultation forms: your name, e-mail address, phone number, company (where asked), the type of inquiry, the service you are interested in and the text of your message.",
            "AI design inquiries: in addition to your contact details, the type of website, budget range, timeline, the AI features you select and your project description.",
            "Training registration: your name, contact details, employer (optional), the course and session you choose and any scheduling or accessibility needs you tell us about.",
            "Uploaded files: images (JPG, PNG, GIF, WebP) and PDF documents you attach to an inquiry, up to five files of 10 MB each, together with their original file names and sizes. Please do not upload files that contain passwords, payment card numbers or health information.",
            "Context of your request: the page from which you sent a form and, if you arrived through one of our campaigns, the campaign source shown in the link (for example utm_source).",
            "Technical data: like every web server, ours receives your IP address, browser type, the address requested and the time of the request. We use it in server logs to keep the site running, to stop abuse and to limit repeated form submissions.",
          ],
        },
        {
          p: "We do not use third-party advertising trackers, we do not sell or buy mailing lists and we do not knowingly collect sensitive personal information through this website.",
        },
      ],
    },
    {
      id: "use",
      heading: "How We Use Your Information",
      blocks: [
        {
          ul: [
            "To answer your inquiry, prepare a proposal or schedule a consultation you asked for.",
            "To process a training registration: we confirm your seat, e-mail your invoices and receipts, and send course materials, schedules and reminders. Card payments are taken by Stripe on its own secure checkout page: we never see or store your card number, and Stripe tells us that the payment succeeded.",
            "To operate the Training Portal for enrolled students and instructors.",
            "To protect our website and our visitors, including detecting spam, fraud and attempts to misuse our forms.",
            "To improve our services, for example by learning which pages lead people to contact us.",
            "To comply with legal obligations, such as tax and accounting rules, and to enforce our Terms of Use.",
          ],
        },
        {
          p: "We use your information only for the purposes above or for purposes you would reasonably expect, and we do not use the content of your inquiries or uploads to train AI models.",
        },
      ],
    },
    {
      id: "email",
      heading: "E-mail Communications",
      blocks: [
        {
          p: "When you send a form, we e-mail a copy of your request to our sales and training staff and send you a confirmation at the address you gave us. We then reply by e-mail or phone about your request. We send marketing e-mail, such as course announcements, only if you asked for it or are an existing client or student, and every such message contains a way to unsubscribe. Service messages about a course you registered for or a project you commissioned are not marketing and continue while the relationship lasts.",
        },
        {
          p: "We send e-mail through established mail providers on our behalf. Please do not send sensitive personal information by e-mail; call us instead if you need to share it.",
        },
      ],
    },
    {
      id: "cookies",
      heading: "Cookies and Local Storage",
      blocks: [
        { p: "We keep this to a minimum and use no advertising or cross-site tracking cookies:" },
        {
          ul: [
            'Theme preference: if you switch between light and dark mode, your browser stores that choice in its local storage under the name "theme". It never leaves your device and you can clear it at any time through your browser settings.',
            "Session cookie: when a Sigma employee signs in to manage the website, or a student signs in to the Training Portal, a strictly necessary session cookie keeps them signed in. It is set only after a sign-in and is not used for visitors.",
            "Sign-in address: right after you choose a new password, a cookie keeps your e-mail address for ten minutes so that the sign-in form can fill it in. It is not readable by scripts and expires by itself.",
            "Consultation booking: when you choose a time for a consultation, a random number in a cookie (for our booking pages only, one day) tells us the time held for you is yours. It says nothing about you and is not readable by scripts.",
          ],
        },
        {
          p: "Because we do not use non-essential cookies, we do not show a cookie banner. If this changes, we will update this policy and ask for your consent where the law requires it.",
        },
      ],
    },
    {
      id: "sharing",
      heading: "How We Share Information",
      blocks: [
        { p: "We do not sell or rent your personal information. We share it only:" },
        {
          ul: [
            "With service providers that host our website, store our data, deliver our e-mail or process payments, under contracts that require them to protect the information and use it only to provide their service to us.",
            "With certification bodies and exam providers (such as Cisco, Fortinet, CompTIA or ISACA) only when you ask us to register you for an exam or voucher, and only the details they require.",
            "When required by law, subpoena or court order, or when we believe in good faith that disclosure is necessary to protect the rights, property or safety of Sigma, our clients or others.",
            "As part of a merger, acquisition or sale of assets, in which case the information remains subject to this policy.",
          ],
        },
      ],
    },
    {
      id: "retention",
      heading: "How Long We Keep Information",
      blocks: [
        {
          ul: [
            "Inquiries and their attachments: up to 24 months after our last contact with you, unless they become part of a client engagement, and then for the life of that engagement plus seven years.",
            "Training registrations and attendance records: seven years after the course ends, so we can confirm completion and continuing-education credits and meet accounting requirements.",
            "Server and security logs: normally 90 days, longer only while investigating a specific incident.",
            "Copies of notification e-mails: up to 12 months.",
          ],
        },
        {
          p: "When information is no longer needed, we delete it or make it anonymous. Backups are overwritten on a rolling schedule.",
        },
      ],
    },
    {
      id: "security",
      heading: "How We Protect Information",
      blocks: [
        {
          p: "Security is our business, and we hold our own systems to the standards we recommend to clients. The website is served only over encrypted HTTPS connections; uploaded files are checked for type and size and stored outside the public website; access to inquiries and registrations is limited to staff who need it and protected by strong authentication; and our systems are patched, monitored and backed up. No method of transmission or storage is perfectly secure, so we cannot guarantee absolute security, but we will notify you and the authorities of a breach affecting your information as required by Alabama law and other applicable law.",
        },
      ],
    },
    {
      id: "rights",
      heading: "Your Rights and Choices",
      blocks: [
        { p: "You may at any time ask us to:" },
        {
          ul: [
            "Tell you what personal information we hold about you and give you a copy.",
            "Correct information that is inaccurate or incomplete.",
            "Delete your information, unless we must keep it for a legal or contractual reason.",
            "Stop sending you marketing e-mail (you can also use the unsubscribe link in any such message).",
          ],
        },
        {
          p: "Send your request to the contact details below. We will verify your identity before acting and answer within 30 days. Residents of states with their own privacy laws have the rights those laws grant, and we will honor them. We will not treat you differently for exercising your rights.",
        },
      ],
    },
    {
      id: "children",
      heading: "Children's Privacy",
      blocks: [
        {
          p: "Our website and services are intended for businesses and adults. We do not knowingly collect personal information from children under 13. Students under 18 may attend training only when registered by a parent, guardian, school or employer, who provides the registration details. If you believe a child has sent us personal information, contact us and we will delete it.",
        },
      ],
    },
    {
      id: "links",
      heading: "Other Websites",
      blocks: [
        {
          p: "Our pages may link to other websites, such as certification providers or the sites we have built for clients. Their privacy practices are their own; please read their policies before giving them information.",
        },
      ],
    },
    {
      id: "changes",
      heading: "Changes to This Policy",
      blocks: [
        {
          p: "We may update this policy as our services or the law change. The date at the top shows when it was last revised. If we make a material change to how we use personal information, we will post a notice on this website before the change takes effect and, where the law requires, ask for your consent.",
        },
      ],
    },
  ];
  return { sections };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <>
          Your privacy matters to us. This policy is written to be read: it says plainly what we
          collect, why, and what you can ask us to do with it. Your use of the website is also
          governed by our{" "}
          <Link to="/terms" className={legalLinkClass}>
            Terms of Use
          </Link>
          .
        </>
      }
      sections={loaderData.sections}
      contactHeading="Contact Us"
      contactIntro="Questions about this policy or requests about your information go to our privacy contact:"
      addressee={`${settings.siteName}, Attn: Privacy`}
      settings={settings}
    />
  );
}
