import { Link } from "react-router";
import { CheckListPanel, IconTile, PointCards } from "#app/components/marketing/cards.tsx";
import { HeroFigures, lightButtonClass } from "#app/components/marketing/page-hero.tsx";
import { PageSection, SectionHeading } from "#app/components/marketing/section.tsx";
import { withSeo } from "#app/components/seo.ts";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import { AS_DOCUMENT, STATIC_PAGE } from "#app/platform/static-page.ts";
import type { Route } from "./+types/instructor";

// A content page: no framework script (decision 0022).
export const handle = STATIC_PAGE;
export const clientMiddleware = AS_DOCUMENT;

export const meta: Route.MetaFunction = (args) =>
  withSeo(args, [
    { title: "Meet Your Instructor | Sigma Technology Partners" },
    {
      name: "description",
      content:
        "Meet our lead instructor: 27 years in enterprise networking and security, a former network architect holding CCNP, CyberOps, Fortinet NSE 7 and CISA credentials.",
    },
  ]);

const INSTRUCTOR = {
  name: "Warren K. Hollis",
  initials: "WH",
  title: "Lead Instructor & Principal Network Security Consultant",
};

const highlights = [
  { figure: "27 years", label: "in enterprise networking and security" },
  { figure: "3,000+", label: "IT professionals trained" },
  { figure: "94%", label: "first-attempt pass rate in our bootcamps" },
];

const certifications = [
  {
    name: "CCNP Enterprise",
    issuer: "Cisco",
    detail: "Advanced routing, SD-WAN and enterprise campus design.",
  },
  {
    name: "CCNA",
    issuer: "Cisco",
    detail: "Network fundamentals, switching, routing and automation basics.",
  },
  {
    name: "Cisco Certified CyberOps Associate",
    issuer: "Cisco",
    detail: "Security monitoring, host-based analysis and incident response.",
  },
  {
    name: "Fortinet NSE 4 Network Security Professional",
    issuer: "Fortinet",
    detail: "FortiGate configuration, VPNs, security profiles and day-to-day operations.",
  },
  {
    name: "Fortinet NSE 7 Enterprise Firewall",
    issuer: "Fortinet",
    detail: "Distributed FortiGate deployments, high availability and troubleshooting at scale.",
  },
  {
    name: "CompTIA Security+",
    issuer: "CompTIA",
    detail: "Threats, architecture, operations and governance across the security field.",
  },
  {
    name: "Certified Information Systems Auditor (CISA)",
    issuer: "ISACA",
    detail: "IT audit, controls assessment and governance for regulated organizations.",
  },
];

const specializations: { icon: IconName; title: string; description: string }[] = [
  {
    icon: "network",
    title: "Enterprise Network Design",
    description:
      "Campus and branch architectures, OSPF and BGP routing, SD-WAN migrations and the documentation that keeps them maintainable.",
  },
  {
    icon: "shield-check",
    title: "Firewall and Perimeter Security",
    description:
      "Next-generation firewall policy design on Cisco and Fortinet platforms, segmentation strategies and secure remote access.",
  },
  {
    icon: "target",
    title: "Security Operations and Incident Response",
    description:
      "Log analysis, alert triage and the playbooks a small security team needs to contain an incident in minutes instead of days.",
  },
  {
    icon: "book-open",
    title: "Audit, Risk and Compliance",
    description:
      "Control frameworks such as NIST CSF, CIS Controls, HIPAA and PCI DSS, and how to prepare evidence before the auditors arrive.",
  },
];

const principles: { icon: IconName; title: string; description: string }[] = [
  {
    icon: "flask-conical",
    title: "Labs before lectures",
    description:
      "Every concept is configured, broken and fixed on real and virtual equipment. Roughly two-thirds of class time is hands-on.",
  },
  {
    icon: "route",
    title: "From the exam to the job",
    description:
      "Exam objectives set the syllabus, but each module ends with the way the topic shows up on an actual production network.",
  },
  {
    icon: "messages-square",
    title: "No question is too basic",
    description:
      "Small cohorts, office hours after every session and direct answers by e-mail between classes, so nobody falls behind quietly.",
  },
  {
    icon: "award",
    title: "Ready means ready",
    description:
      "Practice exams under timed conditions and a one-on-one readiness review before you book your test, not after.",
  },
];

const atAGlance = [
  "Former enterprise network architect in healthcare and finance",
  "Designed networks spanning 140+ sites",
  "Leads Sigma's security and infrastructure assessments",
  "Teaches every certification cohort in person and live online",
  "Based in Birmingham, Alabama",
];

export default function Instructor() {
  return (
    <main id="main">
      <section className="bg-gradient-to-br from-slate-950 via-brand-950 to-brand-800 py-20 text-white sm:py-24">
        <div className="container-page flex flex-col gap-10 md:flex-row md:items-center">
          <div
            aria-hidden="true"
            className="flex size-24 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-accent-400 to-brand-500 text-3xl font-bold tracking-wide text-white shadow-xl ring-4 ring-white/20 sm:size-40 sm:text-5xl"
          >
            {INSTRUCTOR.initials}
          </div>
          <div>
            <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">
              Certification Training
            </p>
            <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl">
              Meet Your Instructor
            </h1>
            <p className="mt-5 text-2xl font-semibold text-white">{INSTRUCTOR.name}</p>
            <p className="mt-1 text-lg text-brand-100">{INSTRUCTOR.title}</p>
            <HeroFigures figures={highlights} className="mt-10" />
          </div>
        </div>
      </section>

      <PageSection
        labelledBy="about-heading"
        compact
        containerClassName="grid gap-12 lg:grid-cols-3"
      >
        <SectionHeading
          id="about-heading"
          title="A Trusted Advisor, Not Just a Trainer"
          compact
          className="lg:col-span-2"
          intro="Warren has spent 27 years designing, defending and auditing networks. He started on a help desk, moved into routing and switching, and spent more than a decade as an enterprise network architect for a multi-state healthcare system and a regional financial institution, where he led data center consolidations, a 140-site SD-WAN rollout and the segmentation work that carried both organizations through their HIPAA and PCI DSS audits."
        >
          <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
            He joined Sigma Technology Partners to build the training program he wished he had had
            early in his career: practical, honest about what the exams test and what the job
            demands, and taught by someone who still works on production networks. Between classes
            he leads our network infrastructure and security assessments, so the examples you see in
            class come from this year, not from a decade-old textbook.
          </p>
          <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
            Students describe him as patient and exacting in equal measure. He reviews every lab
            submission himself and stays reachable after the course ends, whether you are preparing
            for your next exam or about to make your first change on a core switch.
          </p>
        </SectionHeading>
        <CheckListPanel headingId="glance-heading" title="At a Glance" items={atAGlance} />
      </PageSection>

      <PageSection labelledBy="certifications-heading" muted compact>
        <SectionHeading
          id="certifications-heading"
          title="Certifications"
          intro="Warren holds, and keeps current, the credentials he teaches, along with the audit and governance background that regulated employers look for."
          compact
          className="max-w-3xl"
        />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {certifications.map((cert) => (
            <li
              key={cert.name}
              className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
            >
              <div className="flex items-start gap-4">
                <IconTile icon="award" size="md" className="shrink-0" />
                <div>
                  <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
                    {cert.name}
                  </h3>
                  <p className="text-sm font-medium text-brand-700 dark:text-brand-300">
                    {cert.issuer}
                  </p>
                </div>
              </div>
              <p className="mt-3 text-slate-600 dark:text-slate-300">{cert.detail}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection labelledBy="specializations-heading" compact>
        <SectionHeading id="specializations-heading" title="Specializations" compact className="" />
        <ul className="mt-10 grid gap-6 md:grid-cols-2">
          {specializations.map((item) => (
            <li
              key={item.title}
              className="flex gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <IconTile icon={item.icon} className="shrink-0" />
              <div>
                <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
                  {item.title}
                </h3>
                <p className="mt-2 text-slate-600 dark:text-slate-300">{item.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection labelledBy="philosophy-heading" muted compact>
        <SectionHeading
          id="philosophy-heading"
          title="Teaching Philosophy"
          intro="Passing the exam is the minimum. The goal is a professional who can walk into a wiring closet or a security operations center and be useful on day one."
          compact
          className="max-w-3xl"
        />
        <PointCards
          points={principles}
          className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
        />
        <figure className="mx-auto mt-16 max-w-3xl text-center">
          <Icon name="quote" className="mx-auto size-10 text-brand-300 dark:text-brand-700" />
          <blockquote className="mt-4 text-2xl font-medium text-slate-900 sm:text-3xl dark:text-white">
            <p>
              "I don't teach people to memorize commands. I teach them to understand the network
              well enough that the commands become obvious, and the outage at 2 a.m. becomes
              manageable."
            </p>
          </blockquote>
          <figcaption className="mt-6 text-slate-600 dark:text-slate-300">
            <span className="font-semibold text-slate-900 dark:text-white">{INSTRUCTOR.name}</span>,
            Lead Instructor
          </figcaption>
        </figure>
      </PageSection>

      <PageSection labelledBy="courses-heading" compact>
        <div className="rounded-3xl bg-gradient-to-br from-brand-900 to-brand-700 px-6 py-12 text-center text-white sm:px-12">
          <h2 id="courses-heading" className="text-3xl font-bold">
            Train With Warren
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">
            Cisco, Fortinet, CompTIA and ISACA courses in small cohorts, in Birmingham and live
            online, with labs, practice exams and a readiness review included.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/certification-training" className={lightButtonClass}>
              {"View Certification Courses "}
              <Icon name="arrow-right" className="size-4" />
            </Link>
            <Link to="/contact" className="btn-on-dark">
              Ask a Question
            </Link>
          </div>
        </div>
      </PageSection>
    </main>
  );
}
