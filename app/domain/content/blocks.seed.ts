// The sales dashboard's "Latest News in AI" cards, as content blocks staff can edit.
export const seedContentBlocks = [
  {
    key: "sales-news-ai-assistants",
    title: "AI assistants move into the help desk",
    content:
      "Mid-size companies are putting AI assistants in front of their first-line IT support. Clients ask how to start safely: lead with our managed AI help-desk pilot.",
    page: "sales-dashboard",
    section: "latest-news",
  },
  {
    key: "sales-news-security-skills",
    title: "Security skills gap keeps growing",
    content:
      "Employers across the Southeast report open cybersecurity roles they cannot fill. Our Security+ and Cisco Certified Cybersecurity Associate cohorts are the answer for teams that want to train their own people.",
    page: "sales-dashboard",
    section: "latest-news",
  },
  {
    key: "sales-news-ai-websites",
    title: "Websites that answer questions",
    content:
      "Small businesses now expect their website to answer customers around the clock. Show prospects the AI-powered web design portfolio and offer the free MVP.",
    page: "sales-dashboard",
    section: "latest-news",
  },
];
