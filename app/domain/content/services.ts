// The five IT service pages' copy (/services/:service): features, process and questions as the
// public spec gives them. Over 400 lines because it is text, not code.
export interface ServiceFeature {
  title: string;
  description: string;
}

export interface ServiceDetail {
  slug:
    | "network-infrastructure"
    | "cloud-services"
    | "data-management"
    | "end-user-support"
    | "managed-services";
  title: string;
  tagline: string;
  metaDescription: string;
  icon: "network" | "cloud" | "database" | "headset" | "server";
  overview: string[];
  features: ServiceFeature[];
  benefits: { heading: string; items: string[] };
}

export const serviceDetails: ServiceDetail[] = [
  {
    slug: "network-infrastructure",
    title: "Network Infrastructure",
    tagline:
      "Fast, secure and fully documented networks, designed, installed and watched around the clock by engineers based in Birmingham.",
    metaDescription:
      "Network design, installation and 24/7 monitoring for Alabama businesses. Cisco and Fortinet switching, firewalls, Wi-Fi and SD-WAN from Birmingham engineers.",
    icon: "network",
    overview: [
      "Your network carries every call, transaction and file your business depends on, so it has to be fast, stable and secure every hour of the day. Sigma Technology Partners designs, builds and supports wired, wireless and wide-area networks for offices, clinics, warehouses and multi-site companies across Alabama. Our engineers hold current Cisco and Fortinet certifications and teach those same courses in our Birmingham training center, so your network is built to the standards we teach.",
      "Every engagement starts with an on-site assessment: we map your cabling, switches, firewalls and access points, measure wireless coverage and document how traffic really flows. You receive a written report with prioritized recommendations and a fixed-price proposal. After installation, our network operations center monitors every device around the clock, applies firmware updates in scheduled maintenance windows and answers critical alerts within 15 minutes, often before your staff notice anything wrong.",
    ],
    features: [
      {
        title: "Network Assessment and Design",
        description:
          "On-site survey of cabling, switching, routing and Wi-Fi, followed by a documented design with diagrams, an IP address plan and a phased, fixed-price budget.",
      },
      {
        title: "Switching and Routing",
        description:
          "Managed Cisco and Fortinet switches and routers configured with VLANs, quality of service for voice and redundant uplinks so one failed port never stops the office.",
      },
      {
        title: "Next-Generation Firewalls",
        description:
          "FortiGate and Cisco firewall deployment with intrusion prevention, web filtering and application control, plus quarterly rule reviews that remove stale or risky access.",
      },
      {
        title: "Enterprise Wireless",
        description:
          "Predictive and on-site wireless surveys, access point placement and separate guest networks that deliver reliable coverage in offices, warehouses, classrooms and outdoor areas.",
      },
      {
        title: "SD-WAN and Site-to-Site VPN",
        description:
          "Securely connect branch offices across Alabama and the Southeast with SD-WAN that balances traffic over multiple internet circuits and fails over automatically when one drops.",
      },
      {
        title: "24/7 Network Monitoring",
        description:
          "Our NOC tracks uptime, bandwidth, latency, interface errors and device health on every switch, firewall and access point, with critical alerts answered within 15 minutes.",
      },
      {
        title: "Structured Cabling",
        description:
          "Cat6 and Cat6A copper, fiber backbone runs and tidy, labeled network closets installed by our partners and fully tested and certified before handoff.",
      },
      {
        title: "Secure Remote Access",
        description:
          "VPN and zero-trust remote access with multi-factor authentication, so employees reach the files and applications they need from home or the road without exposing your network.",
      },
      {
        title: "Firmware and Configuration Management",
        description:
          "Scheduled firmware updates during after-hours maintenance windows, nightly configuration backups and change logs, so any device can be restored or replaced quickly.",
      },
      {
        title: "Complete Network Documentation",
        description:
          "Up-to-date diagrams, device inventories, IP plans and circuit details stored in a shared portal, so you always know exactly what you own and how it connects.",
      },
    ],
    benefits: {
      heading: "What Your Business Gains",
      items: [
        "Fewer outages and faster recovery when something fails",
        "Critical alerts answered within 15 minutes, day or night",
        "Security built into every switch, firewall and access point",
        "Predictable costs with fixed-price projects and monthly plans",
        "Certified engineers based right here in Birmingham",
      ],
    },
  },
  {
    slug: "cloud-services",
    title: "Cloud Services",
    tagline:
      "Move to Microsoft 365, Azure or AWS with a clear plan, a fixed price and a local team that manages the cloud after go-live.",
    metaDescription:
      "Cloud migration and management for Alabama businesses: Microsoft 365, Azure and AWS, with security hardening, cost control and backup from a Birmingham team.",
    icon: "cloud",
    overview: [
      "The cloud can cut hardware costs, simplify remote work and make your business more resilient, but only when it is planned and managed carefully. Sigma Technology Partners helps Alabama businesses move email, files, applications and servers to Microsoft 365, Azure and AWS without surprises. We start by inventorying what you run today, estimating monthly cloud costs honestly and recommending what should move, what should stay on-site and what should be retired altogether.",
      "Migrations are scheduled after hours and on weekends, tested in stages and signed off by you before the old systems are switched off. Once you are live, we manage identities, security settings, licensing and backups, and we review your cloud bill every month to find waste such as idle servers and unused licenses. Your team keeps one local number to call, and questions about the cloud get answered by the same engineers who built it.",
    ],
    features: [
      {
        title: "Cloud Readiness Assessment",
        description:
          "An inventory of your servers, applications and data with a written recommendation on what to migrate, a realistic monthly cost estimate and a phased timeline.",
      },
      {
        title: "Microsoft 365 Migration",
        description:
          "Email, calendars, file shares and Teams moved from on-premises Exchange, Google Workspace or another provider, with mailboxes migrated overnight to avoid downtime.",
      },
      {
        title: "Azure and AWS Infrastructure",
        description:
          "Virtual servers, networking and storage built in Azure or AWS to match your workloads, sized correctly from day one and documented so nothing is a mystery later.",
      },
      {
        title: "Hybrid Cloud Integration",
        description:
          "Connect on-site servers and cloud resources with secure VPN links and synchronized identities, so staff use one sign-in for everything wherever applications actually run.",
      },
      {
        title: "Identity and Access Management",
        description:
          "Entra ID configuration with multi-factor authentication, conditional access policies and single sign-on that keep stolen passwords from turning into breached accounts.",
      },
      {
        title: "Cloud Security Hardening",
        description:
          "Secure Score and benchmark reviews, email protection, data loss prevention and logging configured to industry baselines, with findings tracked until each one is resolved.",
      },
      {
        title: "Cloud Backup and Retention",
        description:
          "Independent daily backups of Microsoft 365 mail, OneDrive, SharePoint and Teams, because the built-in recycle bin is not a backup and does not meet most retention requirements.",
      },
      {
        title: "Cost Monitoring and Optimization",
        description:
          "Monthly reviews of your cloud bill that right-size servers, remove idle resources and reclaim unused licenses, with savings reported in plain numbers you can verify.",
      },
      {
        title: "Licensing Management",
        description:
          "We buy, assign and track Microsoft and cloud subscriptions, match license tiers to what each employee really needs and handle renewals before they lapse.",
      },
      {
        title: "Ongoing Cloud Administration",
        description:
          "User onboarding and offboarding, permission changes, policy updates and service health monitoring handled by our help desk, with most requests completed the same business day.",
      },
    ],
    benefits: {
      heading: "Why Move to the Cloud With Sigma",
      items: [
        "Work securely from the office, home or the road",
        "Lower hardware spending and no surprise server replacements",
        "Migrations scheduled after hours to protect productivity",
        "Monthly cost reviews that catch waste early",
        "A local team that knows your environment end to end",
      ],
    },
  },
  {
    slug: "data-management",
    title: "Data Management",
    tagline:
      "Protect, organize and recover your business data with tested backups, clear retention rules and reporting you can actually use.",
    metaDescription:
      "Backup, disaster recovery, data governance and reporting for Alabama businesses. Tested restores, encrypted offsite copies and clear recovery time goals.",
    icon: "database",
    overview: [
      "Customer records, financial files and project documents are often the most valuable things a business owns, and they are surprisingly easy to lose to ransomware, a failed drive or a mistaken deletion. Sigma Technology Partners builds data protection around two questions every owner should be able to answer: how much data can we afford to lose, and how quickly must we be running again? We then design backup and recovery to meet those numbers in writing.",
      "Beyond backup, we help you organize where data lives, who can reach it and how long it must be kept. That means cleaner file structures, permissions that match job roles and retention policies that support HIPAA, PCI DSS and other requirements common among Alabama healthcare, legal and financial firms. When you are ready, we connect your systems to dashboards that turn scattered spreadsheets into reliable reporting your managers will trust and actually use.",
    ],
    features: [
      {
        title: "Automated Backup",
        description:
          "Image-level backups of servers and workstations run as often as every 15 minutes, with local copies for fast restores and encrypted offsite copies for disasters.",
      },
      {
        title: "Immutable Offsite Storage",
        description:
          "Backup copies stored in geographically separate data centers on immutable storage that ransomware, compromised accounts and careless deletions cannot alter or erase.",
      },
      {
        title: "Disaster Recovery Planning",
        description:
          "A written recovery plan with agreed recovery point and recovery time objectives, contact lists and step-by-step runbooks for outages, ransomware, fires and severe storms.",
      },
      {
        title: "Quarterly Restore Testing",
        description:
          "We restore real files and complete servers every quarter and send you a report proving your backups work, rather than waiting to discover problems during an emergency.",
      },
      {
        title: "Backup Monitoring",
        description:
          "Every backup job is checked daily by our team; failed or incomplete jobs are investigated and rerun the same business day, not discovered weeks later.",
      },
      {
        title: "Data Governance and Permissions",
        description:
          "We audit who can open which folders, remove excessive access and set up role-based permissions, so sensitive files are visible only to the people who need them.",
      },
      {
        title: "Retention and Compliance Policies",
        description:
          "Retention and archiving rules configured to support HIPAA, PCI DSS and industry record-keeping requirements, with audit logs that show who accessed or changed sensitive data.",
      },
      {
        title: "Database Administration",
        description:
          "Performance tuning, patching, index maintenance and backup of SQL Server and other line-of-business databases, keeping the applications your staff rely on fast and stable.",
      },
      {
        title: "Data Migration and Cleanup",
        description:
          "Move data between systems, consolidate duplicate file shares and archive stale records, with checks before and after the move to confirm nothing was lost along the way.",
      },
      {
        title: "Reporting and Business Dashboards",
        description:
          "Power BI dashboards that pull from your accounting, CRM and operations systems, giving managers current numbers without copying figures between spreadsheets every week.",
      },
    ],
    benefits: {
      heading: "Peace of Mind for Your Data",
      items: [
        "Recover from ransomware without paying a ransom",
        "Written recovery time goals you can plan around",
        "Backups proven by quarterly restore tests",
        "Access controls that support compliance audits",
        "Reliable reports built from one source of truth",
      ],
    },
  },
  {
    slug: "end-user-support",
    title: "End-User Support",
    tagline:
      "A friendly, local help desk that answers the phone, fixes problems fast and keeps your employees productive every day.",
    metaDescription:
      "Local help desk and on-site IT support for Alabama businesses. Real people answer, critical issues get a response in 15 minutes and most fixes happen remotely.",
    icon: "headset",
    overview: [
      "When a laptop will not start or email stops syncing, your employees need help from someone who picks up the phone and knows your setup. Sigma Technology Partners provides help desk and desktop support from our Birmingham office, staffed by technicians who speak plain English and document every fix. Critical issues receive a response within 15 minutes, most requests are resolved remotely within the hour, and every ticket is tracked from the first call to closure.",
      "When a problem needs hands on the hardware, we send a technician to your office anywhere in the Birmingham metro area, usually the same business day, and we schedule regular visits for companies elsewhere in Alabama. We also handle the routine work that quietly eats your managers' time: setting up new hires, recovering lost passwords, ordering and configuring equipment and securely retiring old devices when employees leave the company.",
    ],
    features: [
      {
        title: "Local Help Desk",
        description:
          "Call, email or submit a ticket and reach a real technician in Birmingham during business hours, with after-hours emergency support for critical problems.",
      },
      {
        title: "Guaranteed Response Times",
        description:
          "Critical issues receive a response within 15 minutes, high-priority issues within one hour and routine requests the same business day, all tracked and reported monthly.",
      },
      {
        title: "Remote Troubleshooting",
        description:
          "Secure remote sessions let technicians see and fix problems on your computer in minutes, so most issues are resolved without waiting for anyone to drive over.",
      },
      {
        title: "On-Site Support",
        description:
          "Same-day on-site visits across the Birmingham metro area for hardware failures, printer problems and anything that cannot be fixed remotely, plus scheduled visits statewide.",
      },
      {
        title: "New Hire Onboarding",
        description:
          "Accounts, email, permissions and a fully configured laptop ready on the employee's first morning, using a checklist built around your company's own applications.",
      },
      {
        title: "Secure Offboarding",
        description:
          "Access removed the moment an employee leaves, mailboxes and files preserved for managers, and company devices collected, wiped and redeployed or disposed of securely.",
      },
      {
        title: "Device Setup and Management",
        description:
          "Laptops, desktops, tablets and phones purchased, imaged, enrolled in management and tracked in an inventory that records warranty dates and assigned users.",
      },
      {
        title: "Software and Application Support",
        description:
          "Help with Microsoft 365, Teams, Adobe, accounting packages and line-of-business applications, including coordinating with software vendors so you do not have to.",
      },
      {
        title: "Printer and Peripheral Support",
        description:
          "Printers, scanners, docking stations, monitors and conference room equipment installed, configured and repaired, because small annoyances cost real time across a whole team.",
      },
      {
        title: "User Training and Tip Sheets",
        description:
          "Short training sessions and plain-language guides that help staff use their tools well and recognize phishing emails, drawing on the teaching experience of our certification instructors.",
      },
    ],
    benefits: {
      heading: "Support Your Team Will Appreciate",
      items: [
        "A real person answers, not a phone tree",
        "15-minute response on critical issues",
        "Most problems solved remotely within the hour",
        "Same-day on-site visits in the Birmingham area",
        "New hires productive from their very first day",
      ],
    },
  },
  {
    slug: "managed-services",
    title: "Managed IT Services",
    tagline:
      "Your complete IT department for one predictable monthly fee: monitoring, security, support and strategy from a Birmingham team.",
    metaDescription:
      "Managed IT services for Alabama businesses: 24/7 monitoring, patching, security, help desk and IT planning for one flat monthly fee from a Birmingham team.",
    icon: "server",
    overview: [
      "Most small and mid-sized businesses cannot justify a full IT department, yet they face the same security threats and uptime expectations as large enterprises. Sigma Technology Partners fills that gap with fully managed IT for a flat monthly fee per user. We monitor your servers, workstations and network around the clock, keep every system patched, protect against ransomware and phishing, and give your employees a local help desk that answers the phone and resolves issues quickly.",
      "Onboarding starts with a thorough audit of your hardware, software, accounts and security posture, followed by a 30-day stabilization period in which we fix the most urgent risks first. From then on, you receive a monthly report on tickets, patch status and backups, and a quarterly business review with a named account manager who builds a practical technology roadmap and budget. It is the reliability of an in-house IT department without the overhead of hiring one.",
    ],
    features: [
      {
        title: "24/7 Remote Monitoring",
        description:
          "Agents on every server and workstation watch disk space, CPU and memory, failed services, security events and backups, alerting our team before small problems become outages.",
      },
      {
        title: "Patch Management",
        description:
          "Windows, macOS and third-party application updates tested and deployed on a monthly schedule outside business hours, with compliance reports showing every device's patch status.",
      },
      {
        title: "Unlimited Help Desk Support",
        description:
          "Remote and phone support for every covered user with no hourly billing, including 15-minute response on critical issues and same-day on-site visits around Birmingham.",
      },
      {
        title: "Endpoint Detection and Response",
        description:
          "Next-generation antivirus with behavioral detection on every device, backed by security analysts who can isolate an infected computer within minutes of an alert.",
      },
      {
        title: "Email Security and Phishing Protection",
        description:
          "Advanced filtering for spam, malicious links and impersonation, plus simulated phishing campaigns and short training modules that teach employees to spot real attacks.",
      },
      {
        title: "Backup and Disaster Recovery",
        description:
          "Monitored daily backups of servers and Microsoft 365, encrypted offsite copies and quarterly restore tests, so a failed drive or ransomware attack is an inconvenience, not a catastrophe.",
      },
      {
        title: "Vendor Management",
        description:
          "We work directly with your internet provider, phone company, copier dealer and software vendors, opening tickets and following up so your staff can keep working.",
      },
      {
        title: "Asset and License Tracking",
        description:
          "A current inventory of hardware, warranties, software licenses and subscriptions, with advance notice before equipment ages out or renewals come due.",
      },
      {
        title: "Quarterly Business Reviews",
        description:
          "A named account manager reviews service metrics, security risks and upcoming needs with you each quarter and keeps a rolling three-year technology roadmap and budget.",
      },
      {
        title: "Compliance Support",
        description:
          "Policies, technical controls and documentation that support HIPAA, PCI DSS, CMMC and cyber-insurance questionnaires, informed by our ISACA and CompTIA certified staff.",
      },
    ],
    benefits: {
      heading: "The Managed IT Advantage",
      items: [
        "One flat monthly fee per user, with no hourly surprises",
        "Problems caught and fixed before they cause downtime",
        "Layered security against ransomware and phishing",
        "A technology roadmap aligned with your business goals",
        "A local partner who knows your business by name",
      ],
    },
  },
];

export function findService(slug: string): ServiceDetail | undefined {
  return serviceDetails.find((service) => service.slug === slug);
}

export interface AiCapability {
  title: string;
  description: string;
  icon:
    | "layout"
    | "palette"
    | "file-text"
    | "mouse-pointer"
    | "bot"
    | "trending-up"
    | "split"
    | "user-cog";
}

/**
 * The eight AI capability cards of /ai-powered-web-design, matching the eight AI features of the
 * inquiry form, in this order: AI Layout Generation, Adaptive Color Schemes, Content Optimization,
 * Smart User Experience, AI Chatbot, Predictive Analytics, Automated A/B Testing, Dynamic
 * Personalization. Each description 20-35 words.
 */
export const aiCapabilities: AiCapability[] = [
  {
    title: "AI Layout Generation",
    description:
      "AI drafts several page layouts from your goals, content and industry, and our designers refine the strongest into a polished, accessible design in days instead of weeks.",
    icon: "layout",
  },
  {
    title: "Adaptive Color Schemes",
    description:
      "Palettes generated from your logo and brand, checked automatically for accessible contrast and adjusted for light and dark modes so your site looks consistent on every screen.",
    icon: "palette",
  },
  {
    title: "Content Optimization",
    description:
      "AI analyzes your pages for readability, search intent and keywords your Alabama customers actually use, then suggests clearer headlines and copy that our writers review before publishing.",
    icon: "file-text",
  },
  {
    title: "Smart User Experience",
    description:
      "Navigation, forms and calls to action that adapt to how visitors behave, shortening the path to a quote request, booking or purchase on desktop and mobile alike.",
    icon: "mouse-pointer",
  },
  {
    title: "AI Chatbot",
    description:
      "A chatbot trained on your services, pricing and FAQs answers visitors around the clock, qualifies leads and hands complex conversations to your team with the full transcript attached.",
    icon: "bot",
  },
  {
    title: "Predictive Analytics",
    description:
      "Dashboards that forecast traffic, leads and conversions from your site data, highlighting which pages and campaigns are likely to perform so you can invest with confidence.",
    icon: "trending-up",
  },
  {
    title: "Automated A/B Testing",
    description:
      "Headlines, images and buttons are tested against each other automatically, with traffic shifted toward the winning version as results become statistically clear, no manual analysis required.",
    icon: "split",
  },
  {
    title: "Dynamic Personalization",
    description:
      "Content, offers and recommendations tailored to each visitor's location, industry, referral source and past visits, so returning customers see what matters most to them.",
    icon: "user-cog",
  },
];
