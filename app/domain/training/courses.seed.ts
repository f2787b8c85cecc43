// The training catalogue as first seeded: eight certification courses and three one-day AI
// courses (public spec, with DESIGN.md section 5's stored prices and durations), and their
// cohorts computed from the seed date (DESIGN.md section 7). Over 400 lines because it is data:
// eleven courses' texts as the spec gives them; the code is the cohort dates at the end.

import { dayIn } from "#app/domain/settings/clock.ts";
import { SEED_CLOSED_DAYS } from "#app/domain/settings/closed-days.server.ts";
import type { CourseRecord } from "./course-admin.schema.ts";
import { addDays, type ClassSchedule } from "./training.ts";

/** A course as first seeded (status and instructor come later: active, seed step 0008). */
export interface SeedCourse
  extends Omit<CourseRecord, "status" | "instructorId" | "completionPercent"> {
  /** Month and day of the 2025 start dates, repeated every following year. */
  startDays?: string[];
}

const ASSOCIATE = "96 Hours (6 Weeks)";
const ADVANCED = "192 Hours (12 Weeks)";
const STANDARD_SCHEDULES: ClassSchedule[] = ["morning", "evening"];
const CCNA_DAYS = ["05-05", "06-16", "07-28", "09-08"];
const OTHER_DAYS = ["05-05", "07-08", "09-15", "11-04"];
const image = (slug: string) => `/images/courses/${slug}.webp`;

/** The texts of a course that name its exam (the Security+ correction below changes these). */
export type ExamTexts = Pick<CourseRecord, "description" | "overview" | "topics" | "inclusions">;

/** Security+ prepares for the current exam, SY0-701 (SY0-601 retired in July 2024). */
const SECURITY_PLUS: ExamTexts = {
  description:
    "The baseline security certification: threats, architecture, operations and governance, preparing you for the Security+ exam (SY0-701).",
  overview: [
    "Security+ is the most widely required baseline certification for security roles, including Department of Defense positions under DoD 8140.",
    "The course prepares you for exam SY0-701 with lectures, performance-based question practice and labs on attacks, hardening and incident response.",
  ],
  // The five domains of SY0-701, then the practice.
  topics: [
    "General security concepts: controls, zero trust, cryptography and PKI",
    "Threats, vulnerabilities and mitigations",
    "Security architecture: networks, cloud and resilience",
    "Security operations: identity, monitoring and incident response",
    "Security program management and oversight: governance, risk and compliance",
    "Performance-based question practice",
  ],
  inclusions: [
    "Security+ exam voucher (prepares for exam SY0-701)",
    "Practice exams",
    "Hands-on lab access",
  ],
};

/** What the first seed wrote for Security+ (exam SY0-601), before issue 43. */
const SECURITY_PLUS_SY0_601: ExamTexts = {
  description:
    "The baseline security certification: threats, architecture, operations and governance, preparing you for the Security+ exam.",
  overview: [
    SECURITY_PLUS.overview[0] ?? "",
    "The course prepares you for exam SY0-601 with lectures, performance-based question practice and labs on attacks, hardening and incident response.",
  ],
  topics: [
    "Threats, attacks and vulnerabilities",
    "Security architecture and design",
    "Implementation: secure protocols, identity and PKI",
    "Operations and incident response",
    "Governance, risk and compliance",
    "Performance-based question practice",
  ],
  inclusions: [
    "Security+ exam voucher (prepares for exam SY0-601)",
    "Practice exams",
    "Hands-on lab access",
  ],
};

/** The slug of the course the correction is for. */
export const SECURITY_PLUS_SLUG = "comptia-security-plus";

/**
 * The Security+ course's texts with the current exam, for a database seeded before issue 43
 * (seed step 0013): each text still as first seeded becomes the new one; one staff have
 * rewritten keeps their words, with the retired exam's code replaced. Null: nothing to change.
 */
export function currentSecurityPlusExam(texts: ExamTexts): ExamTexts | null {
  const renamed = (text: string) => text.replaceAll("SY0-601", "SY0-701");
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const next: ExamTexts = {
    description: same(texts.description, SECURITY_PLUS_SY0_601.description)
      ? SECURITY_PLUS.description
      : renamed(texts.description),
    overview: same(texts.overview, SECURITY_PLUS_SY0_601.overview)
      ? SECURITY_PLUS.overview
      : texts.overview.map(renamed),
    topics: same(texts.topics, SECURITY_PLUS_SY0_601.topics)
      ? SECURITY_PLUS.topics
      : texts.topics.map(renamed),
    inclusions: same(texts.inclusions, SECURITY_PLUS_SY0_601.inclusions)
      ? SECURITY_PLUS.inclusions
      : texts.inclusions.map(renamed),
  };
  const fields = Object.keys(next) as (keyof ExamTexts)[];
  return fields.every((field) => same(next[field], texts[field])) ? null : next;
}

export const seedCourses: SeedCourse[] = [
  {
    slug: "ccna",
    kind: "certification",
    vendorGroup: "Cisco",
    title: "Cisco Certified Network Associate (CCNA)",
    shortTitle: "CCNA",
    description:
      "Build the networking foundation employers ask for: install, configure, operate and troubleshoot routed and switched networks, with security and automation basics.",
    overview: [
      "The CCNA is the industry's most recognized entry point into networking. This instructor-led bootcamp covers every domain of the 200-301 exam through live lectures and daily labs on real Cisco routers and switches.",
      "You will build a small enterprise network from the ground up: VLANs and trunking, OSPF routing, IPv4 and IPv6 addressing, wireless, access control lists and the first steps of network automation.",
    ],
    topics: [
      "Network fundamentals: OSI and TCP/IP models, cabling, IPv4 and IPv6 addressing",
      "Switching: VLANs, trunking, EtherChannel and Spanning Tree",
      "Routing: static routes and single-area OSPFv2",
      "IP services: DHCP, DNS, NAT, NTP, SNMP and syslog",
      "Security fundamentals: ACLs, port security, VPN concepts and wireless security",
      "Automation and programmability: REST APIs, JSON and configuration management",
    ],
    prerequisites: [
      "Basic computer literacy and comfort with a command line",
      "No prior certification required; a year of IT experience helps",
    ],
    duration: ASSOCIATE,
    priceCents: 499_500,
    scheduleOptions: STANDARD_SCHEDULES,
    inclusions: ["CCNA exam voucher", "Hands-on lab access", "Official course materials"],
    careerOutlook: {
      salaries: [
        { role: "Network Administrator", salary: "$72,000" },
        { role: "Network Engineer", salary: "$86,000" },
        { role: "NOC Technician", salary: "$58,000" },
      ],
      jobs: [
        {
          role: "Network Administrator",
          employer: "Magic City Health Partners",
          city: "Birmingham",
          description:
            "Maintain switching and routing across twelve clinics; CCNA required within six months.",
          salaryRange: "$65,000 - $80,000",
        },
        {
          role: "Junior Network Engineer",
          employer: "Rocket City Defense Systems",
          city: "Huntsville",
          description: "Support secure campus networks for defense programs; CCNA preferred.",
          salaryRange: "$70,000 - $88,000",
        },
        {
          role: "NOC Technician",
          employer: "Gulf Coast Logistics",
          city: "Mobile",
          description: "Monitor and troubleshoot WAN links for port and warehouse sites.",
          salaryRange: "$52,000 - $62,000",
        },
      ],
      growth:
        "Networking roles in Alabama are projected to grow 15% as employers in Huntsville, Birmingham and Mobile expand their infrastructure.",
    },
    image: image("ccna"),
    startDays: CCNA_DAYS,
  },
  {
    slug: "ccnp-enterprise",
    kind: "certification",
    vendorGroup: "Cisco",
    title: "Cisco Certified Network Professional (CCNP) Enterprise",
    shortTitle: "CCNP Enterprise",
    description:
      "Design, deploy and troubleshoot enterprise networks: advanced routing, SD-WAN, wireless, assurance and automation for the ENCOR and ENARSI exams.",
    overview: [
      "CCNP Enterprise is for network engineers ready to run the core of an enterprise network. The course prepares you for the ENCOR core exam and the ENARSI concentration exam.",
      "Twelve weeks of lectures and labs take you through dual-stack architecture, virtualization, infrastructure, assurance, security and automation, with one-on-one mentoring sessions along the way.",
    ],
    topics: [
      "Enterprise architecture: campus design, SD-Access and SD-WAN",
      "Advanced routing: OSPF, EIGRP, BGP and route redistribution",
      "Virtualization: VRF, GRE and IPsec tunnels",
      "Infrastructure assurance: NetFlow, SPAN, IP SLA and Cisco DNA Center",
      "Wireless: roaming, location services and WLC deployment",
      "Automation: Python, NETCONF, RESTCONF and Ansible",
    ],
    prerequisites: [
      "CCNA certification or equivalent knowledge",
      "Three to five years of experience implementing enterprise networks recommended",
    ],
    duration: ADVANCED,
    priceCents: 799_500,
    scheduleOptions: STANDARD_SCHEDULES,
    inclusions: [
      "ENCOR and ENARSI exam vouchers",
      "Hands-on lab access",
      "One-on-one mentoring sessions",
    ],
    careerOutlook: {
      salaries: [
        { role: "Senior Network Engineer", salary: "$112,000" },
        { role: "Network Architect", salary: "$128,000" },
        { role: "Infrastructure Manager", salary: "$118,000" },
      ],
      jobs: [
        {
          role: "Senior Network Engineer",
          employer: "Tennessee Valley Research Park",
          city: "Huntsville",
          description: "Own BGP and SD-WAN for a multi-site research campus; CCNP required.",
          salaryRange: "$105,000 - $125,000",
        },
        {
          role: "Network Architect",
          employer: "Southern Banking Group",
          city: "Birmingham",
          description: "Lead the data center and branch network redesign for 90 branches.",
          salaryRange: "$120,000 - $140,000",
        },
        {
          role: "Infrastructure Engineer",
          employer: "Capital City Health",
          city: "Montgomery",
          description: "Plan and run wired and wireless networks across three hospitals.",
          salaryRange: "$95,000 - $115,000",
        },
      ],
      growth:
        "Demand for senior network engineers in Alabama is projected to grow 20% as enterprises move to SD-WAN and hybrid cloud.",
    },
    image: image("ccnp-enterprise"),
    startDays: OTHER_DAYS,
  },
  {
    slug: "cisco-certified-cybersecurity-associate",
    kind: "certification",
    vendorGroup: "Cisco Security",
    title: "Cisco Certified Cybersecurity Associate",
    shortTitle: "Cybersecurity Associate",
    description:
      "Start a career in the security operations center: monitoring, host and network analysis, and incident response with Cisco's CyberOps curriculum.",
    overview: [
      "This course prepares you for the Cisco Certified CyberOps Associate exam (200-201 CBROPS) and the day-to-day work of a SOC analyst.",
      "You will read packet captures and logs, triage alerts in a SIEM, analyze endpoints and follow incident response playbooks in a lab that mirrors a working security operations center.",
    ],
    topics: [
      "Security concepts: CIA triad, threat intelligence and the kill chain",
      "Security monitoring: SIEM, SOAR, NetFlow and packet capture",
      "Host-based analysis: endpoint telemetry, malware and forensics basics",
      "Network intrusion analysis: IDS/IPS alerts and traffic patterns",
      "Security policies and procedures: incident response and evidence handling",
      "Common attacks: phishing, ransomware and web application attacks",
    ],
    prerequisites: [
      "Working knowledge of TCP/IP networking (CCNA level helpful)",
      "Familiarity with Windows and Linux operating systems",
    ],
    duration: ASSOCIATE,
    priceCents: 499_500,
    scheduleOptions: STANDARD_SCHEDULES,
    inclusions: ["CyberOps Associate exam voucher", "SOC lab access", "Official course materials"],
    careerOutlook: {
      salaries: [
        { role: "SOC Analyst", salary: "$68,000" },
        { role: "Cybersecurity Analyst", salary: "$82,000" },
        { role: "Incident Responder", salary: "$88,000" },
      ],
      jobs: [
        {
          role: "SOC Analyst (Tier 1)",
          employer: "Redstone Cyber Operations",
          city: "Huntsville",
          description:
            "Monitor alerts for federal customers on rotating shifts; clearance eligible.",
          salaryRange: "$62,000 - $75,000",
        },
        {
          role: "Cybersecurity Analyst",
          employer: "Heart of Dixie Credit Union",
          city: "Montgomery",
          description: "Investigate alerts and phishing reports for 40 branches.",
          salaryRange: "$70,000 - $85,000",
        },
        {
          role: "Security Operations Analyst",
          employer: "Magic City Health Partners",
          city: "Birmingham",
          description: "Triage SIEM alerts and support HIPAA incident response.",
          salaryRange: "$66,000 - $80,000",
        },
      ],
      growth:
        "Information security analyst jobs in Alabama are projected to grow 30%, among the fastest of any occupation in the state.",
    },
    image: image("cisco-certified-cybersecurity-associate"),
    startDays: OTHER_DAYS,
  },
  {
    slug: "cisco-certified-cybersecurity-professional",
    kind: "certification",
    vendorGroup: "Cisco Security",
    title: "Cisco Certified Cybersecurity Professional",
    shortTitle: "Cybersecurity Professional",
    description:
      "Lead security operations: advanced threat hunting, forensics, automation and incident management for the CyberOps Professional certification.",
    overview: [
      "The professional track prepares you for the CyberOps Professional exams (350-201 CBRCOR and 300-215 CBRFIR) and for a lead role in a security team.",
      "Across twelve weeks you will hunt threats, run digital forensics, automate response with SOAR playbooks and APIs, and lead tabletop exercises.",
    ],
    topics: [
      "Threat hunting and threat intelligence platforms",
      "Digital forensics and incident response with Cisco technologies",
      "Security automation: SOAR playbooks, Python and APIs",
      "Cloud and container security monitoring",
      "Malware analysis and sandboxing",
      "Incident management, reporting and lessons learned",
    ],
    prerequisites: [
      "Cybersecurity Associate certification or equivalent SOC experience",
      "Three or more years in security operations recommended",
    ],
    duration: ADVANCED,
    priceCents: 999_500,
    scheduleOptions: STANDARD_SCHEDULES,
    inclusions: [
      "CBRCOR and CBRFIR exam vouchers",
      "Advanced SOC lab access",
      "One-on-one mentoring sessions",
    ],
    careerOutlook: {
      salaries: [
        { role: "Senior Security Analyst", salary: "$108,000" },
        { role: "Threat Hunter", salary: "$115,000" },
        { role: "SOC Manager", salary: "$125,000" },
      ],
      jobs: [
        {
          role: "Threat Hunter",
          employer: "Redstone Cyber Operations",
          city: "Huntsville",
          description: "Lead hunts across defense networks and write detection content.",
          salaryRange: "$110,000 - $130,000",
        },
        {
          role: "Incident Response Lead",
          employer: "Southern Banking Group",
          city: "Birmingham",
          description: "Run the incident response program and its tabletop exercises.",
          salaryRange: "$115,000 - $135,000",
        },
        {
          role: "SOC Manager",
          employer: "Gulf Coast Energy",
          city: "Mobile",
          description: "Manage a 24x7 SOC protecting refining and pipeline operations.",
          salaryRange: "$120,000 - $140,000",
        },
      ],
      growth:
        "Senior security roles in Alabama are projected to grow 25% as defense, banking and health employers build in-house security teams.",
    },
    image: image("cisco-certified-cybersecurity-professional"),
    startDays: OTHER_DAYS,
  },
  {
    slug: "fortinet-nse-4-network-security-professional",
    kind: "certification",
    vendorGroup: "Fortinet",
    title: "Fortinet NSE 4 Network Security Professional",
    shortTitle: "NSE 4",
    description:
      "Configure, operate and troubleshoot FortiGate firewalls: security profiles, VPNs, SD-WAN and high availability for the NSE 4 exam.",
    overview: [
      "NSE 4 validates that you can run FortiGate devices in production. The course follows the FortiGate Security and FortiGate Infrastructure curricula on real appliances.",
      "Classes meet on Monday and Wednesday evenings, with a Saturday morning lab to practise what the week covered on live equipment.",
    ],
    topics: [
      "FortiGate deployment, administration and firewall policies",
      "Security profiles: web filtering, application control, antivirus and IPS",
      "SSL inspection and user authentication",
      "IPsec and SSL VPNs",
      "SD-WAN, routing and virtual domains",
      "High availability, logging and troubleshooting",
    ],
    prerequisites: [
      "Understanding of TCP/IP networking and firewall concepts",
      "NSE 1 to 3 awareness modules recommended",
    ],
    duration: ASSOCIATE,
    priceCents: 499_500,
    scheduleOptions: ["weeknight-lab"],
    inclusions: ["NSE 4 exam voucher", "FortiGate lab access", "Official course materials"],
    careerOutlook: {
      salaries: [
        { role: "Firewall Administrator", salary: "$78,000" },
        { role: "Network Security Engineer", salary: "$96,000" },
        { role: "Security Consultant", salary: "$104,000" },
      ],
      jobs: [
        {
          role: "Firewall Administrator",
          employer: "Capital City Health",
          city: "Montgomery",
          description: "Manage FortiGate clusters and VPNs for hospitals and clinics.",
          salaryRange: "$72,000 - $86,000",
        },
        {
          role: "Network Security Engineer",
          employer: "Gulf Coast Logistics",
          city: "Mobile",
          description: "Deploy SD-WAN and security profiles across port facilities.",
          salaryRange: "$88,000 - $104,000",
        },
        {
          role: "Security Consultant",
          employer: "Tennessee Valley Research Park",
          city: "Huntsville",
          description: "Design segmentation and firewall policy for research tenants.",
          salaryRange: "$95,000 - $112,000",
        },
      ],
      growth:
        "Network security roles in Alabama are projected to grow 18% as organizations replace legacy firewalls with next-generation platforms.",
    },
    image: image("fortinet-nse-4-network-security-professional"),
    startDays: OTHER_DAYS,
  },
  {
    slug: "fortinet-nse-7-network-security",
    kind: "certification",
    vendorGroup: "Fortinet",
    title: "Fortinet NSE 7 Network Security",
    shortTitle: "NSE 7",
    description:
      "Architect and troubleshoot distributed Fortinet security: enterprise firewall, SD-WAN at scale, FortiManager and FortiAnalyzer.",
    overview: [
      "NSE 7 is Fortinet's architect-level certification. This course covers enterprise firewall design, SD-WAN at scale and centralized management for large deployments.",
      "You will design, deploy and troubleshoot multi-site Fortinet Security Fabric deployments in a lab that spans data center, branch and cloud.",
    ],
    topics: [
      "Enterprise firewall architecture and Security Fabric design",
      "SD-WAN at scale: overlays, performance SLAs and rules",
      "Centralized management with FortiManager and FortiAnalyzer",
      "Advanced IPsec and ADVPN",
      "High availability and load balancing in large deployments",
      "Advanced troubleshooting and debugging",
    ],
    prerequisites: [
      "NSE 4 certification or equivalent FortiGate experience",
      "Experience with enterprise routing and VPNs",
    ],
    duration: ADVANCED,
    priceCents: 799_500,
    scheduleOptions: STANDARD_SCHEDULES,
    inclusions: [
      "NSE 7 exam voucher",
      "Multi-site Fortinet lab access",
      "Official course materials",
    ],
    careerOutlook: null,
    image: image("fortinet-nse-7-network-security"),
    startDays: OTHER_DAYS,
  },
  {
    slug: SECURITY_PLUS_SLUG,
    kind: "certification",
    vendorGroup: "CompTIA",
    title: "CompTIA Security+",
    shortTitle: "Security+",
    description: SECURITY_PLUS.description,
    overview: SECURITY_PLUS.overview,
    topics: SECURITY_PLUS.topics,
    prerequisites: [
      "CompTIA Network+ or equivalent networking knowledge recommended",
      "Two years of IT administration experience with a security focus helps",
    ],
    duration: ASSOCIATE,
    priceCents: 399_500,
    scheduleOptions: STANDARD_SCHEDULES,
    inclusions: SECURITY_PLUS.inclusions,
    careerOutlook: {
      salaries: [
        { role: "Security Specialist", salary: "$74,000" },
        { role: "Systems Administrator", salary: "$70,000" },
        { role: "Information Assurance Analyst", salary: "$84,000" },
      ],
      jobs: [
        {
          role: "Information Assurance Analyst",
          employer: "Rocket City Defense Systems",
          city: "Huntsville",
          description: "Support RMF packages and system hardening; Security+ required (DoD 8140).",
          salaryRange: "$75,000 - $92,000",
        },
        {
          role: "Systems Administrator",
          employer: "Capital City Health",
          city: "Montgomery",
          description: "Administer Windows servers with a focus on patching and access control.",
          salaryRange: "$62,000 - $76,000",
        },
        {
          role: "Security Specialist",
          employer: "Heart of Dixie Credit Union",
          city: "Birmingham",
          description: "Run vulnerability scans and security awareness training.",
          salaryRange: "$68,000 - $82,000",
        },
      ],
      growth:
        "Security+ holders are in demand across Alabama's defense corridor, where security jobs are projected to grow 25%.",
    },
    image: image("comptia-security-plus"),
    startDays: OTHER_DAYS,
  },
  {
    slug: "isaca-cisa",
    kind: "certification",
    vendorGroup: "ISACA",
    title: "ISACA Certified Information Systems Auditor (CISA)",
    shortTitle: "CISA",
    description:
      "Audit, control and assure information systems: the five CISA domains, with the review manual and a practice question database.",
    overview: [
      "CISA is the global standard for IT audit, control and assurance professionals. The course covers all five domains of the CISA job practice.",
      "You will plan and run audits, evaluate governance and controls, and practise with ISACA's review manual and question database until you are ready for the exam.",
    ],
    topics: [
      "The information systems auditing process",
      "Governance and management of IT",
      "Information systems acquisition, development and implementation",
      "Information systems operations and business resilience",
      "Protection of information assets",
      "Risk-based audit planning and sampling",
      "Audit evidence, reporting and follow-up",
      "Exam strategy and practice questions",
    ],
    prerequisites: [
      "Five years of professional experience in IS auditing, control or security (waivers available)",
      "Basic knowledge of IT controls",
      "Familiarity with risk management concepts",
      "Agreement to ISACA's Code of Professional Ethics",
    ],
    duration: ASSOCIATE,
    priceCents: 499_500,
    scheduleOptions: STANDARD_SCHEDULES,
    inclusions: ["CISA review manual", "Practice question database", "Exam preparation materials"],
    careerOutlook: {
      salaries: [
        { role: "IT Auditor", salary: "$88,000" },
        { role: "IT Audit Manager", salary: "$118,000" },
        { role: "Compliance Analyst", salary: "$76,000" },
      ],
      jobs: [
        {
          role: "IT Auditor",
          employer: "Southern Banking Group",
          city: "Birmingham",
          description: "Test IT general controls for SOX and FFIEC audits; CISA preferred.",
          salaryRange: "$82,000 - $98,000",
        },
        {
          role: "IT Audit Manager",
          employer: "State Agency Audit Office",
          city: "Montgomery",
          description: "Lead IT audits of state agencies and report to the audit committee.",
          salaryRange: "$105,000 - $125,000",
        },
        {
          role: "Compliance Analyst",
          employer: "Magic City Health Partners",
          city: "Birmingham",
          description: "Assess HIPAA controls and prepare evidence for external auditors.",
          salaryRange: "$70,000 - $84,000",
        },
      ],
      growth:
        "IT audit and compliance roles in Alabama are projected to grow 20% as banking and health regulation tightens.",
    },
    image: image("isaca-cisa"),
    startDays: OTHER_DAYS,
  },
  {
    slug: "ai-fundamentals",
    kind: "ai",
    vendorGroup: "AI Training",
    title: "AI Fundamentals for Business",
    shortTitle: "AI Fundamentals",
    description:
      "A one-day, hands-on introduction to artificial intelligence for professionals: what AI can and cannot do, and how to use it safely at work.",
    overview: [
      "No code, no jargon: in one day you learn how today's AI tools work, where they help and where they mislead, and you practise on real business tasks.",
    ],
    topics: [
      "What AI, machine learning and large language models are",
      "Prompting techniques that produce reliable results",
      "AI for writing, research and analysis",
      "Automating everyday tasks with AI assistants",
      "Data privacy, security and responsible use",
      "Building your team's AI adoption plan",
    ],
    prerequisites: ["No technical background required", "A laptop with a modern web browser"],
    duration: "1 Day (8 Hours)",
    priceCents: 49_500,
    scheduleOptions: ["friday", "saturday"],
    inclusions: ["Course workbook", "Prompt library", "Certificate of completion"],
    careerOutlook: null,
    image: image("ai-fundamentals"),
  },
  {
    slug: "ai-advanced",
    kind: "ai",
    vendorGroup: "AI Training",
    title: "Advanced AI Applications",
    shortTitle: "Advanced AI",
    description:
      "A one-day workshop for power users and technical staff: build AI workflows, connect AI to your data and measure the results.",
    overview: [
      "Go beyond chat: connect AI models to your documents and systems, build multi-step workflows and evaluate them so they can be trusted in production.",
    ],
    topics: [
      "Retrieval-augmented generation with your own documents",
      "Building multi-step AI workflows and agents",
      "Working with AI APIs and structured outputs",
      "Evaluating accuracy and reducing hallucinations",
      "Integrating AI with Microsoft 365, Google Workspace and CRMs",
      "Cost, latency and security trade-offs",
    ],
    prerequisites: [
      "AI Fundamentals or equivalent hands-on experience with AI assistants",
      "Comfort with spreadsheets; basic scripting helps",
    ],
    duration: "1 Day (8 Hours)",
    priceCents: 49_500,
    scheduleOptions: ["friday", "saturday"],
    inclusions: ["Course workbook", "Workflow templates", "Certificate of completion"],
    careerOutlook: null,
    image: image("ai-advanced"),
  },
  {
    slug: "ai-enterprise",
    kind: "ai",
    vendorGroup: "AI Training",
    title: "Enterprise AI Strategy and Implementation",
    shortTitle: "Enterprise AI",
    description:
      "A one-day program for leaders and IT managers: plan, govern and roll out AI across an organization.",
    overview: [
      "Turn AI from experiments into results: choose use cases with measurable value, set governance, and plan the rollout, training and security your organization needs.",
    ],
    topics: [
      "Identifying high-value AI use cases",
      "AI governance, policy and risk management",
      "Data readiness and architecture for AI",
      "Build, buy or partner: evaluating AI vendors",
      "Change management and workforce training",
      "Measuring ROI and scaling successful pilots",
    ],
    prerequisites: [
      "Management or IT leadership experience",
      "AI Fundamentals recommended but not required",
    ],
    duration: "1 Day (8 Hours)",
    priceCents: 49_500,
    scheduleOptions: ["friday", "saturday"],
    inclusions: ["Strategy workbook", "AI policy template", "Certificate of completion"],
    careerOutlook: null,
    image: image("ai-enterprise"),
  },
];

export interface SeedCohort {
  slug: string;
  startDate: string;
  classSchedule: ClassSchedule;
}

/** The first AI cohorts: Friday May 2 and Saturday May 3, 2025, then every two weeks. */
const FIRST_AI_FRIDAY = "2025-05-02";

/**
 * Cohorts from 2025 up to 12 months after the seed date: each certification course's 2025
 * month/day list repeated every year (one cohort per schedule option on each date), and for AI
 * courses a Friday and a Saturday cohort every two weeks.
 */
/** Every course starts within this many days of the seed date (cohorts start all year). */
export const SOON_DAYS = 42;

/** The first Tuesday on or after `day` (the certification courses start on Tuesdays). */
function tuesdayFrom(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return addDays(day, (2 - weekday + 7) % 7);
}

export function seedCohorts(now: Date): SeedCohort[] {
  // No class starts on a day the company is closed (decision 0020).
  const closed = new Set<string>(SEED_CLOSED_DAYS.map((d) => d.monthDay));
  return everySeedCohort(now).filter((c) => !closed.has(c.startDate.slice(5)));
}

function everySeedCohort(now: Date): SeedCohort[] {
  const today = dayIn(now);
  const until = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
  const cohorts: SeedCohort[] = [];
  for (const course of seedCourses) {
    if (course.kind === "certification") {
      const dates: string[] = [];
      for (let year = 2025; `${year}-01-01` <= until; year++) {
        for (const monthDay of course.startDays ?? []) {
          const startDate = `${year}-${monthDay}`;
          if (year > 2025 && startDate > until) continue;
          dates.push(startDate);
        }
      }
      // None of the yearly days comes soon: a date two to three weeks out is added.
      const soon = addDays(today, SOON_DAYS);
      if (!dates.some((d) => d >= today && d <= soon)) dates.push(tuesdayFrom(addDays(today, 14)));
      for (const startDate of dates.sort()) {
        for (const classSchedule of course.scheduleOptions) {
          cohorts.push({ slug: course.slug, startDate, classSchedule });
        }
      }
    } else {
      for (let friday = FIRST_AI_FRIDAY; friday <= until; friday = addDays(friday, 14)) {
        cohorts.push({ slug: course.slug, startDate: friday, classSchedule: "friday" });
        const saturday = addDays(friday, 1);
        if (saturday <= until) {
          cohorts.push({ slug: course.slug, startDate: saturday, classSchedule: "saturday" });
        }
      }
    }
  }
  return cohorts;
}
