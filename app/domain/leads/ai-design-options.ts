// The "Start Your AI Design" inquiry's option lists (client-safe). Their own module, so that the
// other forms' pages do not carry them: the AI design form, its rules, the e-mails and the staff
// screens read them here.

export const WEBSITE_TYPES = [
  { value: "ecommerce", label: "E-commerce" },
  { value: "business", label: "Business Website" },
  { value: "portfolio", label: "Portfolio" },
  { value: "blog", label: "Blog" },
  { value: "saas", label: "SaaS Platform" },
  { value: "other", label: "Other" },
] as const;

export const BUDGETS = [
  { value: "under-5k", label: "Under $5,000" },
  { value: "5k-10k", label: "$5,000 - $10,000" },
  { value: "10k-25k", label: "$10,000 - $25,000" },
  { value: "25k-50k", label: "$25,000 - $50,000" },
  { value: "50k-plus", label: "$50,000+" },
] as const;

export const TIMELINES = [
  { value: "asap", label: "As soon as possible" },
  { value: "1-2-months", label: "1-2 months" },
  { value: "3-4-months", label: "3-4 months" },
  { value: "6-months", label: "6 months" },
  { value: "flexible", label: "Flexible" },
] as const;

export const AI_FEATURES = [
  { value: "layout-generation", label: "AI Layout Generation" },
  { value: "adaptive-colors", label: "Adaptive Color Schemes" },
  { value: "content-optimization", label: "Content Optimization" },
  { value: "smart-ux", label: "Smart User Experience" },
  { value: "chatbot", label: "AI Chatbot" },
  { value: "predictive-analytics", label: "Predictive Analytics" },
  { value: "ab-testing", label: "Automated A/B Testing" },
  { value: "personalization", label: "Dynamic Personalization" },
] as const;
