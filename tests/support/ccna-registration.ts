// The registration wizard's last step as a browser posts it, for CCNA's June 16, 2026 morning
// class (the e2e servers' frozen April 20, 2026 takes registrations for it): shared by the
// billing specs, which start from a bank transfer registration made this way.
import type { Page } from "@playwright/test";

export function registerByBankTransfer(page: Page, baseURL: string, name: string, email: string) {
  return page.request.post(`${baseURL}/certification-training/ccna/register`, {
    headers: { Origin: baseURL },
    form: {
      step: "3",
      intent: "submit",
      certificationInterest: "ccna",
      name,
      email,
      phone: "(205) 555-0100",
      experience: "1-3",
      startDate: "2026-06-16",
      classSchedule: "morning",
      paymentMethod: "bank-transfer",
    },
  });
}
