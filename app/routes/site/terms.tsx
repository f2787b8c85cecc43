import { Link } from "react-router";
import { useSiteSettings } from "#app/components/layout/use-site-settings.ts";
import { LegalPage, type LegalSection, legalLinkClass } from "#app/components/legal-sections.tsx";
import { withSeo } from "#app/components/seo.ts";
import { AS_DOCUMENT, STATIC_PAGE } from "#app/platform/static-page.ts";
import type { Route } from "./+types/terms";

// A content page: no framework script (decision 0022).
export const handle = STATIC_PAGE;
export const clientMiddleware = AS_DOCUMENT;

export const meta: Route.MetaFunction = (args) =>
  withSeo(args, [
    { title: "Terms of Use | Sigma Technology Partners" },
    {
      name: "description",
      content:
        "The terms for using the Sigma Technology Partners website, requesting services and registering for certification training, including liability and governing law.",
    },
  ]);

// The terms live in the loader so their text stays out of the browser bundle.
export function loader() {
  const sections: LegalSection[] = [
    {
      id: "acceptance",
      heading: "1. Acceptance of These Terms",
      blocks: [
        {
          p: 'These Terms of Use ("Terms") govern your use of the website of Sigma Technology Partners ("Sigma," "we," "us" or "our"), including its inquiry forms, training registration and Training Portal. By using the website you agree to these Terms and to our Privacy Policy. If you use the website on behalf of an organization, you confirm that you may accept these Terms for it. If you do not agree, please do not use the website.',
        },
      ],
    },
    {
      id: "services",
      heading: "2. Our Services and Proposals",
      blocks: [
        {
          p: "The website describes IT support, network infrastructure, cybersecurity, cloud, data management, AI solutions, web design and training services. Descriptions, examples and figures on the website (such as typical performance, conversion or uptime results) are general information and illustrations of past results, not promises for your project.",
        },
        {
          p: "Sending an inquiry or requesting a consultation does not create a contract. Any service we provide is governed by a written proposal, statement of work or services agreement signed by both parties, which prevails over these Terms where they conflict.",
        },
      ],
    },
    {
      id: "training",
      heading: "3. Training Registration and Payment",
      blocks: [
        {
          ul: [
            "Registering for a course through the website reserves a seat request; your seat is secured when you confirm your e-mail address or we confirm your registration. Paying by bank transfer or company invoice, you are invoiced by e-mail when your seat is secured, payable by the invoice's due date (a company invoice may name your purchase order). Paying by card, you pay on Stripe's secure checkout page, or a Sigma representative arranges it with you. Every payment is receipted by e-mail.",
            "If you cancel a paid or invoiced registration, you are credited by the cancellation policy in force (your cancellation shows the amount before you confirm it), with a credit note; what you paid beyond what remains owed is refunded the way you paid.",
            "Prices, schedules and course content may change before your registration is confirmed. We will tell you of any change that affects a course you have registered for.",
            "If we cancel or reschedule a session, you may move to another session or receive a full refund of amounts paid for that session. Cancellation and transfer terms for students are stated in your registration confirmation.",
            "Exam vouchers, exam fees and certification requirements are set by the certifying organizations (such as Cisco, Fortinet, CompTIA and ISACA). Training prepares you for an exam but does not guarantee that you will pass it or be certified.",
            "Training Portal accounts are personal. Keep your password confidential, do not share your account and tell us at once if you suspect someone else has used it.",
          ],
        },
      ],
    },
    {
      id: "ip",
      heading: "4. Intellectual Property",
      blocks: [
        {
          p: "The website and its content, including text, graphics, logos, course outlines, lab guides, practice questions, videos and software, are owned by Sigma or its licensors and protected by copyright, trademark and other laws. We grant you a limited, personal, non-transferable license to view the website and, if you are an enrolled student, to use course materials for your own learning during and after your course.",
        },
        {
          p: "You may not copy, resell, publish, record or distribute course materials or website content, or use them to train others or build competing products, without our written permission. Cisco, CCNA, CCNP, Fortinet, NSE, CompTIA, Security+, ISACA, CISA and other names are trademarks of their respective owners; their use on this website does not imply endorsement.",
        },
        {
          p: "If you send us ideas, feedback or files, you keep your rights in them and grant us a license to use them to respond to you and to deliver the services you requested.",
        },
      ],
    },
    {
      id: "acceptable-use",
      heading: "5. Acceptable Use",
      blocks: [
        { p: "When you use the website, you agree not to:" },
        {
          ul: [
            "Send false information, impersonate another person or submit someone else's personal information without permission.",
            "Upload files that contain malware, that you have no right to share, or that are unlawful, defamatory or obscene.",
            "Send spam, automated or bulk submissions through our forms, or try to get around our rate limits.",
            "Probe, scan or test the security of the website, or try to gain access to accounts, systems or data that are not yours, unless we have authorized you in a signed agreement.",
            "Interfere with the website's operation, including by overloading it or bypassing security controls.",
            "Copy or scrape the website's content by automated means, except for search engine indexing.",
          ],
        },
        {
          p: "We may block access, remove content or close accounts that break these rules, and report unlawful activity to the authorities.",
        },
      ],
    },
    {
      id: "disclaimers",
      heading: "6. Disclaimers",
      blocks: [
        {
          p: 'The website and its content are provided "as is" and "as available." To the fullest extent permitted by law, Sigma disclaims all warranties, express or implied, including warranties of merchantability, fitness for a particular purpose, accuracy and non-infringement. We do not warrant that the website will be uninterrupted, error-free or free of harmful components. Technical and security information on the website is general guidance, not professional advice for your specific environment; do not act on it without an assessment of your own systems.',
        },
      ],
    },
    {
      id: "liability",
      heading: "7. Limitation of Liability",
      blocks: [
        {
          p: "To the fullest extent permitted by law, Sigma and its owners, employees, instructors and partners will not be liable for any indirect, incidental, special, consequential or punitive damages, or for lost profits, revenue, data or business opportunities, arising from or related to your use of the website, even if we were told such damages were possible.",
        },
        {
          p: "Our total liability for any claim arising from or related to the website or these Terms will not exceed the greater of the amount you paid us for the course or service giving rise to the claim in the twelve months before the claim, or one hundred U.S. dollars ($100). Some jurisdictions do not allow certain limitations, so some of these may not apply to you.",
        },
        {
          p: "You agree to indemnify Sigma against claims, losses and expenses, including reasonable attorneys' fees, arising from your violation of these Terms or your misuse of the website.",
        },
      ],
    },
    {
      id: "law",
      heading: "8. Governing Law and Venue",
      blocks: [
        {
          p: "These Terms are governed by the laws of the State of Alabama, without regard to its conflict-of-laws rules. Any dispute arising from or related to these Terms or the website will be brought exclusively in the state or federal courts located in Jefferson County, Alabama, and you consent to the personal jurisdiction of those courts. Before filing a claim, each party agrees to try in good faith to resolve the dispute informally for at least 30 days after written notice.",
        },
      ],
    },
    {
      id: "general",
      heading: "9. General",
      blocks: [
        {
          p: "If any part of these Terms is found unenforceable, the rest remains in effect. Our failure to enforce a provision is not a waiver of it. You may not transfer your rights under these Terms without our consent; we may transfer ours to a successor. These Terms, together with the Privacy Policy and any signed agreement between us, are the entire agreement about your use of the website.",
        },
      ],
    },
    {
      id: "changes",
      heading: "10. Changes to These Terms",
      blocks: [
        {
          p: "We may revise these Terms from time to time. The date at the top shows the latest revision. Changes apply from the moment they are posted, except that they do not affect a course or service you have already confirmed. If you keep using the website after a change, you accept the revised Terms.",
        },
      ],
    },
  ];
  return { sections };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  return (
    <LegalPage
      title="Terms of Use"
      intro={
        <>
          Please read these Terms carefully. They explain the rules for using our website and
          registering for training, and they limit our liability. How we handle your personal
          information is described in our{" "}
          <Link to="/privacy" className={legalLinkClass}>
            Privacy Policy
          </Link>
          .
        </>
      }
      sections={loaderData.sections}
      contactHeading="11. Contact Us"
      contactIntro="Questions about these Terms? Contact us:"
      addressee={settings.siteName}
      settings={settings}
    />
  );
}
