// The copy of the Enterprise Cybersecurity page. Its loader hands it over (as the service pages'
// loader does theirs): the text comes with the page, and the page's script does not carry it too.

/** The icons this copy names (lucide names: the page's <Icon> type-checks them). */
type ServiceIcon = "radar" | "search-code" | "clipboard-check" | "siren";
type AnalyticsIcon = "layout-dashboard" | "shield-check" | "file-chart-column-increasing";

export const stats = [
  { figure: "10M+", label: "threats blocked monthly" },
  { figure: "Under 15 min", label: "response time" },
  { figure: "500K+", label: "protected assets" },
  { figure: "99.9%", label: "success rate" },
  { figure: "25+", label: "years of experience" },
];

export const services: {
  title: string;
  subtitle: string;
  icon: ServiceIcon;
  description: string;
  items: string[];
}[] = [
  {
    title: "24/7 Security Operations Center",
    subtitle: "Managed detection and response",
    icon: "radar",
    description:
      "Our analysts watch your endpoints, servers, cloud accounts and firewalls around the clock. Threats are investigated, contained and explained to you, not just forwarded as alerts.",
    items: [
      "Endpoint detection and response on every device",
      "SIEM log correlation across cloud and on-premises systems",
      "Isolation of compromised devices within minutes",
      "Microsoft 365 and identity threat monitoring",
    ],
  },
  {
    title: "Penetration Testing and Vulnerability Management",
    subtitle: "Find the gaps before attackers do",
    icon: "search-code",
    description:
      "Certified testers probe your networks, web applications and people the way a real attacker would, then help your team fix what matters first.",
    items: [
      "External, internal and wireless penetration tests",
      "Web application testing against the OWASP Top 10",
      "Phishing simulations and security awareness training",
      "Continuous scanning with risk-ranked remediation plans",
    ],
  },
  {
    title: "Compliance and Risk Management",
    subtitle: "HIPAA, PCI DSS, CMMC and NIST",
    icon: "clipboard-check",
    description:
      "We map your controls to the frameworks your customers and regulators require, close the gaps and keep the evidence ready for your next audit.",
    items: [
      "Gap assessments against HIPAA, PCI DSS, CMMC and NIST CSF",
      "Written security policies and risk registers",
      "Vendor and third-party risk reviews",
      "Audit preparation and evidence collection",
    ],
  },
  {
    title: "Incident Response and Digital Forensics",
    subtitle: "Contain, investigate, recover",
    icon: "siren",
    description:
      "When the worst happens, our response team is on the line in under 15 minutes to stop the spread, preserve evidence and get your business back online.",
    items: [
      "Incident response retainers with guaranteed response times",
      "Ransomware containment and recovery",
      "Forensic investigation with chain-of-custody reporting",
      "Tabletop exercises and response playbooks",
    ],
  },
];

export const analytics: { title: string; icon: AnalyticsIcon; description: string }[] = [
  {
    title: "Real-Time Dashboards",
    icon: "layout-dashboard",
    description:
      "See open alerts, patch status, risky sign-ins and compliance posture at a glance, for every site and cloud tenant.",
  },
  {
    title: "Threat Intelligence",
    icon: "shield-check",
    description:
      "Indicators from industry feeds and our own SOC are applied to your defenses automatically, tuned to your sector.",
  },
  {
    title: "Monthly Executive Reports",
    icon: "file-chart-column-increasing",
    description:
      "A plain-English summary for leadership and boards: what we stopped, what changed, and the risks to fund next.",
  },
];

/** An illustrative month, as it appears in an executive report. */
export const sampleReport = [
  { label: "Phishing and malicious e-mail", share: 46 },
  { label: "Malware and ransomware attempts", share: 21 },
  { label: "Suspicious sign-ins", share: 17 },
  { label: "Network intrusion attempts", share: 11 },
  { label: "Policy violations", share: 5 },
];
