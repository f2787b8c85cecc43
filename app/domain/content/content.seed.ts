import { REPLY_PROMISE } from "#app/domain/leads/leads.ts";
import type { HeroSlideInput, HomepageContent } from "./content.schema.ts";

export const seedSlides: HeroSlideInput[] = [
  {
    title: "AI-Powered Websites That Win Customers",
    subtitle: "Web design and development for Alabama businesses",
    description:
      "We design fast, accessible websites with AI features built in: smart layouts, personalised content and chat that answers your customers around the clock.",
    backgroundImage: "/images/hero/ai-web-design.webp",
    buttonText: "Start Your AI Design",
    buttonLink: "",
    sortOrder: 0,
    isActive: true,
  },
  {
    title: "Enterprise Cybersecurity, Locally Managed",
    subtitle: "24/7 monitoring, incident response and compliance",
    description:
      "Our Birmingham security operations team watches your network day and night and responds in minutes, not days.",
    backgroundImage: "/images/hero/cybersecurity.webp",
    buttonText: "Explore Cybersecurity",
    buttonLink: "/services/enterprise-cybersecurity",
    sortOrder: 1,
    isActive: true,
  },
  {
    title: "Get Certified. Get Hired.",
    subtitle: "Instructor-led Cisco, Fortinet, CompTIA and ISACA training",
    description:
      "Small classes, real lab equipment and an instructor with decades in the field. Morning and evening cohorts start throughout the year.",
    backgroundImage: "/images/hero/training.webp",
    buttonText: "View Certification Courses",
    buttonLink: "/certification-training",
    sortOrder: 2,
    isActive: true,
  },
];

export const seedHomepage: { [K in keyof HomepageContent]: NonNullable<HomepageContent[K]> } = {
  hero: {
    heading: "Technology That Moves Alabama Business Forward",
    subheading:
      "AI-powered web design, managed IT, enterprise cybersecurity and certification training from one trusted local partner.",
    buttonText: "Start Your AI Design",
    backgroundImage: "/images/hero/ai-web-design.webp",
  },
  services: {
    heading: "Complete Digital Solutions",
    subheading:
      "From your first website to a fully managed, secured network and a certified team to run it.",
    services: [
      {
        title: "AI-Powered Web Design",
        description:
          "Custom websites with AI layout generation, content optimisation and a chatbot that qualifies leads while you sleep.",
        icon: "sparkles",
        image: "",
        link: "",
      },
      {
        title: "Sigma AI Solutions",
        description:
          "Automate the busywork: document processing, customer service assistants and dashboards that predict what comes next.",
        icon: "bot",
        image: "",
        link: "/sigma-ai",
      },
      {
        title: "Certification Training",
        description:
          "Instructor-led Cisco, Fortinet, CompTIA and ISACA courses with hands-on labs and exam vouchers included.",
        icon: "graduation-cap",
        image: "",
        link: "/certification-training",
      },
    ],
  },
  about: {
    heading: "Why Choose Sigma Technology Partners",
    content:
      "We are an Alabama company that builds, secures and supports technology for organisations across the Southeast. The same engineers who design your systems train the people who run them, so every project ends with a team that knows what it owns.",
    image: "",
    stats: [
      { number: "25+", label: "Years of experience" },
      { number: "500+", label: "Professionals certified" },
      { number: "99.9%", label: "Uptime on managed networks" },
    ],
    points: [
      {
        title: "Local and accountable",
        description: "A Birmingham team you can meet in person, on site when you need us.",
      },
      {
        title: "AI where it pays",
        description: "We add AI features that save time or win customers, never for show.",
      },
      {
        title: "Security first",
        description: "Every site and network we build is hardened, monitored and patched.",
      },
      {
        title: "Certified experts",
        description:
          "Our engineers hold the Cisco, Fortinet, CompTIA and ISACA certifications we teach.",
      },
      {
        title: "Clear, fixed pricing",
        description: "Written proposals with fixed scopes, so the invoice matches the quote.",
      },
      {
        title: "Support that answers",
        description:
          "A real person picks up, and critical issues get a response within 15 minutes.",
      },
    ],
  },
  portfolio: {
    heading: "Recent Projects",
    subheading: "A few of the businesses we have helped grow with modern, intelligent technology.",
    // References to the seeded portfolio projects 1-3 (app/domain/portfolio/portfolio.seed.ts).
    projects: [{ id: "project-1" }, { id: "project-2" }, { id: "project-3" }],
  },
  testimonials: {
    heading: "What Our Clients Say",
    testimonials: [
      {
        content:
          "Sigma rebuilt our store and our network in the same quarter. Sales are up and I have not thought about the server room since.",
        author: "Dana Whitfield",
        position: "Owner",
        company: "Magic City Outfitters",
        avatar: "",
      },
      {
        content:
          "Three of our network engineers passed the CCNA on their first attempt after the evening cohort. The labs made the difference.",
        author: "Marcus Bell",
        position: "IT Director",
        company: "Gulf Coast Logistics",
        avatar: "",
      },
    ],
  },
  contact: {
    heading: "Ready to Transform Your Business?",
    subheading: `Tell us what you want to build. We answer every inquiry ${REPLY_PROMISE}.`,
  },
};
