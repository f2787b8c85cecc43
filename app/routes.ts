import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { SECRET_PATHS } from "./platform/secret-urls.ts";

export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("start-your-ai-design", "routes/site/start-your-ai-design.tsx"),
    route("ai-powered-web-design", "routes/site/ai-powered-web-design.tsx"),
    route("sigma-ai", "routes/site/sigma-ai.tsx"),
    route("ai-management-tools", "routes/site/ai-management-tools.tsx"),
    route("ai-marketing", "routes/site/ai-marketing.tsx"),
    route("it-support", "routes/site/it-support.tsx"),
    route("services/web-development", "routes/site/web-development.tsx"),
    route("services/enterprise-cybersecurity", "routes/site/enterprise-cybersecurity.tsx"),
    route("instructor", "routes/site/instructor.tsx"),
    route("privacy", "routes/site/privacy.tsx"),
    route("terms", "routes/site/terms.tsx"),
    route("portal", "routes/site/portal.tsx"),
    route("portal/calendar/:id", "routes/site/portal-calendar.ts"),
    // Attendance (issue 46): a class on a phone, a cohort's table and its CSV.
    route("portal/classes/:sessionId", "routes/site/portal-class.tsx"),
    route("portal/materials/:id", "routes/site/portal-material.ts"),
    // Certificates (issue 46): the student's PDF; the public page anyone can check.
    route("portal/certificates/:id", "routes/site/portal-certificate.ts"),
    route("certificates/:id", "routes/site/certificate.tsx"),
    // Billing (issue 47): the student's invoices, credit notes and receipts.
    route("portal/invoices/:number", "routes/site/portal-invoice.ts"),
    route("portal/cohorts/:cohortId/attendance", "routes/site/portal-attendance.tsx"),
    route("portal/cohorts/:cohortId/attendance.csv", "routes/site/portal-attendance-csv.ts"),
    // A registration's one-time links: a waitlist offer, the address confirmation (issue 22).
    route("registrations/:link", "routes/site/registration-link.tsx"),
    route("contact", "routes/site/contact.tsx"),
    // Consultations booked into real slots (issue 32).
    route("consultation", "routes/site/consultation.tsx", { id: "consultation" }),
    route("consultation/booked/:id", "routes/site/consultation-booked.tsx"),
    route("consultation/booked/:id/invitation.ics", "routes/site/consultation-invitation.ts"),
    // The booker's one-time link: move or cancel.
    route("consultation/manage", "routes/site/consultation-manage.tsx"),
    route("consultation/:type", "routes/site/consultation.tsx", { id: "consultation-type" }),
    // Preview links of unpublished content (issue 33); the token is kept out of every log.
    route(SECRET_PATHS.preview, "routes/site/preview.tsx"),
    route("portfolio", "routes/site/portfolio.tsx"),
    route("portfolio/:projectId", "routes/site/portfolio-detail.tsx"),
    // Sign-in pages (issue 6); they stay public, the pages behind them check roles.
    route("login", "routes/auth/login.tsx"),
    route("admin", "routes/admin/login.tsx"),
    // Accounts people run themselves (issue 20): the pages reached before signing in.
    route("account/sign-in", "routes/account/sign-in.tsx"),
    route("account/set-password", "routes/account/set-password.tsx"),
    route("account/forgot-password", "routes/account/forgot-password.tsx"),
    route("services/:service", "routes/site/service-detail.tsx"),
    route("ai-training", "routes/site/training/ai-training.tsx"),
    route("ai-training/:level", "routes/site/training/ai-course.tsx"),
    route("certification-training", "routes/site/training/certification-training.tsx"),
    route("certification-training/:slug", "routes/site/training/course-detail.tsx"),
    route("certification-training/:courseId/register", "routes/site/training/register.tsx"),
    route(
      "certification-training/:courseId/register/confirmation",
      "routes/site/training/registration-confirmation.tsx",
    ),
    // Everything unmatched renders the site's 404 page with status 404.
    route("*", "routes/site/not-found.tsx"),
  ]),
  // Staff areas (issue 6): every loader and action below checks the role itself.
  layout("routes/admin/layout.tsx", [
    route("admin/dashboard", "routes/admin/dashboard.tsx"),
    route("admin/homepage", "routes/admin/homepage.tsx"),
    route("admin/settings", "routes/admin/settings.tsx"),
    route("admin/portfolio", "routes/admin/portfolio.tsx"),
    route("admin/projects", "routes/admin/projects.tsx"),
    route("admin/audit", "routes/admin/audit.tsx"),
    // Media library and hero slides (issue 7).
    route("admin/slides", "routes/admin/slides.tsx"),
    route("admin/images", "routes/admin/images.tsx"),
    // Customer Management (issue 8).
    route("admin/customers", "routes/admin/customers.tsx"),
    // Course management (issue 8).
    route("admin/courses", "routes/admin/courses.tsx"),
    route("admin/courses/:id", "routes/admin/course.tsx"),
    route("admin/courses/:id/cohorts/:cohortId", "routes/admin/cohort-classes.tsx"),
    // Registrations staff run (issue 22).
    route("admin/registrations", "routes/admin/registrations.tsx"),
    route("admin/invoices", "routes/admin/invoices.tsx"),
    // Consultations' meeting types (issue 32).
    route("admin/consultations", "routes/admin/consultations.tsx"),
    // Content history (issue 33): one screen per item, and the scheduled releases.
    route("admin/history/:type/:id", "routes/admin/history.tsx"),
    route("admin/releases", "routes/admin/releases.tsx"),
    // Users, content blocks and the mail log (issue 8).
    route("admin/users", "routes/admin/users.tsx"),
    route("admin/content", "routes/admin/content.tsx"),
    route("admin/mail", "routes/admin/mail.tsx"),
    route("admin/*", "routes/admin/not-found.tsx"),
  ]),
  route("admin-dashboard", "routes/admin/legacy-dashboard.ts"),

  route("sales-dashboard", "routes/sales/dashboard.tsx"),
  route("sales-dashboard/consultations/:id", "routes/sales/consultation.tsx"),
  route("account", "routes/account/account.tsx"),
  route("account/availability", "routes/account/availability.tsx"),
  route("logout", "routes/auth/logout.ts"),
  route("api/auth/login", "routes/api/auth/login.ts"),
  route("api/auth/login/verify", "routes/api/auth/login-verify.ts"),
  route("api/auth/login/passkey", "routes/api/auth/login-passkey.ts"),
  route("api/auth/passkey/options", "routes/api/auth/passkey-options.ts"),
  route("api/auth/passkey/verify", "routes/api/auth/passkey-verify.ts"),
  route("api/account/passkeys", "routes/api/account/passkeys.ts"),
  route("api/auth/logout", "routes/api/auth/logout.ts"),
  route("api/auth/me", "routes/api/auth/me.ts"),
  route("api/auth/register", "routes/api/auth/register.ts"),
  route("api/admin/audit-log", "routes/api/admin/audit-log.ts"),
  route("api/admin/users", "routes/api/admin/users.ts"),
  route("api/admin/users/:id", "routes/api/admin/user.ts"),
  route("api/admin/content-blocks", "routes/api/admin/content-blocks.ts"),
  route("api/admin/content-blocks/:id", "routes/api/admin/content-block.ts"),
  route("api/admin/mail", "routes/api/admin/mail.ts"),
  route("api/admin/versions", "routes/api/admin/versions.ts"),
  route("api/admin/versions/:id", "routes/api/admin/version.ts"),
  route("api/admin/versions/:id/restore", "routes/api/admin/version-restore.ts"),
  route("api/admin/versions/:id/publish", "routes/api/admin/version-publish.ts"),
  route("api/admin/mail/:id/resend", "routes/api/admin/mail-resend.ts"),
  // A cohort's roster as CSV (issue 22).
  route("api/admin/registrations/roster", "routes/api/admin/registration-roster.ts"),
  // Any billing document's PDF, and the Invoices screen's CSV for the accountant (issue 47).
  route("api/admin/billing/:number", "routes/api/admin/billing-document.ts"),
  route("api/admin/invoices/export", "routes/api/admin/invoices-export.ts"),
  // A consultant's private calendar feed (issue 32); its address is kept out of every log.
  route(SECRET_PATHS.calendarFeed, "routes/site/calendar-feed.ts"),
  // A student's private class calendar (issue 46), kept out of every log the same way.
  route(SECRET_PATHS.classCalendar, "routes/site/class-calendar-feed.ts"),
  // A content page's own stylesheet (decision 0022).
  route("styles/:file", "routes/site/page-stylesheet.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route(".well-known/jwks.json", "routes/seo/jwks.ts"),
  route("api/certificates/:id", "routes/api/certificate.ts"),
  route("api/customers/ai-design-inquiry", "routes/api/ai-design-inquiry.ts"),
  // Customer Management's JSON calls, the file download and the CSV export (issue 8), admin only.
  route("api/customers", "routes/api/customers.ts"),
  route("api/customers/export", "routes/api/customers-export.ts"),
  route("api/customers/:id", "routes/api/customer.ts"),
  route("api/customers/:id/status", "routes/api/customer-status.ts"),
  route("api/customers/:id/notes", "routes/api/customer-notes.ts"),
  route("api/customers/:id/assignee", "routes/api/customer-assignee.ts"),
  route("api/customers/:id/files/:fileId", "routes/api/customer-file.ts"),
  route("api/hero-slides", "routes/api/hero-slides.ts"),
  route("api/hero-slides/:id", "routes/api/hero-slide.ts"),
  route("api/images", "routes/api/images.ts"),
  route("api/images/:id", "routes/api/image.ts"),
  // The same door under the admin prefix (staff spec section 7 names both).
  route("api/admin/images", "routes/api/images.ts", { id: "routes/api/admin/images" }),
  route("api/admin/upload-image", "routes/api/admin/upload-image.ts"),
  // Uploaded images (media library), served from storage.
  route("media/*", "routes/media.ts"),
  route("api/homepage-content", "routes/api/homepage-content.ts"),
  route("api/homepage-content/:sectionId", "routes/api/homepage-content-section.ts"),
  route("api/portfolio-projects", "routes/api/portfolio-projects.ts"),
  route("api/project-details", "routes/api/project-details-create.ts"),
  route("api/project-details/:id", "routes/api/project-details.ts"),
  route("api/inquiries/:form", "routes/api/inquiry.ts"),
  // Stripe's signed events (issue 47): a Checkout Session paid or expired.
  route("api/webhooks/stripe", "routes/api/stripe-webhook.ts"),
] satisfies RouteConfig;
