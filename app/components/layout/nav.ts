export interface NavLinkItem {
  label: string;
  to: string;
}

// Pages the header's menus and the footer both link to, named once.
const itSupport = { label: "IT Support", to: "/it-support" };
const cybersecurity = {
  label: "Enterprise Cybersecurity",
  to: "/services/enterprise-cybersecurity",
};
const aiTraining = { label: "AI Training", to: "/ai-training" };
const certification = { label: "Certification Training", to: "/certification-training" };

export const primaryNav: NavLinkItem[] = [
  { label: "AI Web Design", to: "/ai-powered-web-design" },
  { label: "Sigma AI", to: "/sigma-ai" },
  { label: "AI Management Tools", to: "/ai-management-tools" },
  { label: "AI Marketing", to: "/ai-marketing" },
];

export const servicesAndTraining: NavLinkItem[] = [
  cybersecurity,
  itSupport,
  aiTraining,
  certification,
];

export const footerColumns: { heading: string; links: NavLinkItem[] }[] = [
  {
    heading: "Services",
    links: [
      { label: "Sigma AI Solutions", to: "/sigma-ai" },
      itSupport,
      { label: "Network Infrastructure", to: "/services/network-infrastructure" },
      cybersecurity,
      { label: "Cloud Services", to: "/services/cloud-services" },
      { label: "Data Management", to: "/services/data-management" },
    ],
  },
  {
    heading: "Training",
    links: [
      certification,
      aiTraining,
      { label: "Meet Your Instructor", to: "/instructor" },
      { label: "Training Portal", to: "/portal" },
    ],
  },
  {
    heading: "Company",
    links: [
      { label: "Home", to: "/" },
      { label: "Portfolio", to: "/portfolio" },
      { label: "Contact", to: "/contact" },
      { label: "Terms of Use", to: "/terms" },
      { label: "Privacy Policy", to: "/privacy" },
      // The staff's doors (students and instructors use the Training Portal).
      { label: "Sales team sign-in", to: "/login" },
      { label: "Admin sign-in", to: "/admin" },
    ],
  },
];
