import type { portfolioProjects } from "#app/platform/db/schema.ts";

type NewProject = typeof portfolioProjects.$inferInsert;

/** Six sample projects (fictional clients); ids 1-3 are the homepage's recent projects. */
export const seedProjects: NewProject[] = [
  {
    title: "Magic City Outfitters Online Store",
    description:
      "A headless storefront with AI product recommendations that lifted average order value by 28%.",
    image: "/images/portfolio/project-1.webp",
    category: "E-commerce",
    client: "Magic City Outfitters",
    clientIndustry: "Outdoor retail",
    clientSize: "45 employees, 3 stores",
    completedDate: "2025-03-14",
    challenge:
      "A dated store that was slow on phones, a catalogue of 4,000 products that customers could not find their way through, and stock levels that disagreed with the three shops.",
    solution:
      "We rebuilt the store on a headless commerce platform with a React front end, synchronised inventory with the point-of-sale system every five minutes, and added recommendations trained on two years of orders.",
    technologies: [
      "React",
      "TypeScript",
      "Shopify Storefront API",
      "PostgreSQL",
      "Recommendation engine",
    ],
    timeline: "14 weeks",
    teamSize: "5 specialists",
    projectUrl: "magiccity-outfitters.example.com",
    results: {
      metrics: [
        { label: "Average order value", value: "+28%" },
        { label: "Mobile conversion", value: "+41%" },
        { label: "Page load time", value: "1.2 s" },
      ],
    },
    testimonial: {
      content:
        "Sigma rebuilt our store and our network in the same quarter. Sales are up and I have not thought about the server room since.",
      author: "Dana Whitfield",
      position: "Owner",
      company: "Magic City Outfitters",
    },
    sortOrder: 1,
  },
  {
    title: "Riverbend Clinic Patient Assistant",
    description:
      "A HIPAA-aware scheduling assistant that answers patient questions and books visits around the clock.",
    image: "/images/portfolio/project-2.webp",
    category: "AI Solutions",
    client: "Riverbend Family Clinic",
    clientIndustry: "Healthcare",
    clientSize: "60 employees, 2 locations",
    completedDate: "2025-06-02",
    challenge:
      "Front-desk staff spent half their day on the phone answering the same questions, and patients who called after hours simply went elsewhere.",
    solution:
      "An assistant on the website and phone line answers common questions from the clinic's own policies, books and reschedules visits in the practice system, and hands anything clinical to a nurse with the full transcript.",
    technologies: [
      "Large language model (private deployment)",
      "Node.js",
      "Practice-management API",
      "Azure",
    ],
    timeline: "10 weeks",
    teamSize: "4 specialists",
    projectUrl: "",
    results: {
      metrics: [
        { label: "Calls handled without staff", value: "62%" },
        { label: "After-hours bookings", value: "+35%" },
        { label: "Patient satisfaction", value: "4.8 / 5" },
      ],
    },
    testimonial: {
      content:
        "Our team finally has time for the patients in front of them. The assistant knows our policies better than some of our new hires.",
      author: "Dr. Angela Moore",
      position: "Medical Director",
      company: "Riverbend Family Clinic",
    },
    sortOrder: 2,
  },
  {
    title: "Gulf Coast Logistics Web Platform",
    description:
      "A shipment-tracking portal and marketing site that cut customer-service calls by 40%.",
    image: "/images/portfolio/project-3.webp",
    category: "Web Development",
    client: "Gulf Coast Logistics",
    clientIndustry: "Freight and logistics",
    clientSize: "220 employees",
    completedDate: "2024-11-20",
    challenge:
      "Customers phoned dispatch to ask where their freight was, and the marketing site had not changed in eight years.",
    solution:
      "A customer portal with live shipment tracking from the transport-management system, automated delay notices, and a new marketing site with quote requests that go straight to sales.",
    technologies: ["React Router", "TypeScript", "PostgreSQL", "TMS integration", "Mapbox"],
    timeline: "16 weeks",
    teamSize: "6 specialists",
    projectUrl: "https://gulfcoast-logistics.example.com",
    results: {
      metrics: [
        { label: "Customer-service calls", value: "-40%" },
        { label: "Quote requests", value: "+55%" },
        { label: "Portal uptime", value: "99.9%" },
      ],
    },
    testimonial: {
      content:
        "Three of our network engineers passed the CCNA on their first attempt after the evening cohort, and the portal has not missed a beat.",
      author: "Marcus Bell",
      position: "IT Director",
      company: "Gulf Coast Logistics",
    },
    sortOrder: 3,
  },
  {
    title: "Vulcan Fabrication Predictive Maintenance",
    description:
      "Sensor data and machine learning that warn of press failures days before they stop the line.",
    image: "/images/portfolio/project-4.webp",
    category: "AI Solutions",
    client: "Vulcan Fabrication",
    clientIndustry: "Manufacturing",
    clientSize: "310 employees",
    completedDate: "2025-09-30",
    challenge:
      "Unplanned downtime on two hydraulic presses cost more than a week of production a year, and maintenance was scheduled by the calendar, not by condition.",
    solution:
      "We connected vibration and temperature sensors to a secure edge gateway, trained failure-prediction models on the plant's maintenance history, and built a dashboard that schedules work orders automatically.",
    technologies: [
      "Python",
      "Time-series database",
      "Edge gateway",
      "FortiGate segmentation",
      "Power BI",
    ],
    timeline: "20 weeks",
    teamSize: "5 specialists",
    projectUrl: "",
    results: {
      metrics: [
        { label: "Unplanned downtime", value: "-63%" },
        { label: "Early warnings", value: "4.5 days on average" },
        { label: "Return on investment", value: "450% in year one" },
      ],
    },
    testimonial: {
      content:
        "The dashboard told us a bearing was going two weeks before it would have taken the line down. It paid for itself that month.",
      author: "Luis Ortega",
      position: "Plant Manager",
      company: "Vulcan Fabrication",
    },
    sortOrder: 4,
  },
  {
    title: "Shoals Realty Property Search",
    description:
      "A fast, accessible listings website with map search and AI-written neighbourhood guides.",
    image: "/images/portfolio/project-5.webp",
    category: "Website",
    client: "Shoals Realty Group",
    clientIndustry: "Real estate",
    clientSize: "25 agents",
    completedDate: "2025-01-22",
    challenge:
      "Listings came from a slow third-party widget that search engines could not read, so buyers found the brokerage's homes on national portals instead.",
    solution:
      "A server-rendered site that imports listings from the MLS feed every hour, map and school-zone search, and neighbourhood guides drafted with AI and edited by the agents.",
    technologies: ["React", "Node.js", "MLS feed", "PostgreSQL", "Accessible maps"],
    timeline: "9 weeks",
    teamSize: "3 specialists",
    projectUrl: "shoals-realty.example.com",
    results: {
      metrics: [
        { label: "Organic search traffic", value: "+170%" },
        { label: "Lead forms per month", value: "3x" },
        { label: "Lighthouse accessibility", value: "100" },
      ],
    },
    testimonial: {
      content:
        "Buyers now find our listings on our own site first, and they call us, not a portal.",
      author: "Karen Hill",
      position: "Broker",
      company: "Shoals Realty Group",
    },
    sortOrder: 5,
  },
  {
    title: "Cahaba Coffee Roasters Subscriptions",
    description:
      "A subscription store with personalised roast recommendations and automated fulfilment.",
    image: "",
    category: "E-commerce",
    client: "Cahaba Coffee Roasters",
    clientIndustry: "Food and beverage",
    clientSize: "12 employees",
    completedDate: "2024-08-05",
    challenge:
      "Subscriptions were managed in a spreadsheet, and every shipping day took the whole team a morning of copying addresses.",
    solution:
      "A subscription store with recurring billing, a taste quiz that recommends roasts, and labels and packing lists printed automatically on roast day.",
    technologies: ["Shopify", "Subscriptions app", "Custom fulfilment service", "Klaviyo"],
    timeline: "6 weeks",
    teamSize: "3 specialists",
    projectUrl: "",
    results: {
      metrics: [
        { label: "Active subscribers", value: "+210%" },
        { label: "Time spent on fulfilment", value: "-75%" },
      ],
    },
    testimonial: {
      content: "Roast day used to be chaos. Now the labels are waiting when the beans come out.",
      author: "Jordan Price",
      position: "Co-founder",
      company: "Cahaba Coffee Roasters",
    },
    sortOrder: 6,
  },
];
