// Completion and certificates (issue 46, decision 0024): the rule a course sets, a student's
// standing against it, and the words the screens and the public page share. Client-safe.

/** A new course's rule: at least this share of the held classes attended, in percent. */
export const DEFAULT_COMPLETION_PERCENT = 80;

/** The longest name a certificate prints. */
export const CERTIFICATE_NAME_MAX = 120;
/** The longest revocation reason kept. */
export const REVOKE_REASON_MAX = 500;

export interface Standing {
  /** Classes attended (present or late) of the classes held (not cancelled, over). */
  attended: number;
  held: number;
  /** attended / held, rounded down to a whole percent; 0 when nothing was held. */
  percent: number;
  /** Whether the course's rule is met: some class was held and the share is reached. */
  meets: boolean;
}

export function standingOf(attended: number, held: number, rulePercent: number): Standing {
  return {
    attended,
    held,
    percent: held > 0 ? Math.floor((attended * 100) / held) : 0,
    // Compared in whole numbers: 4 of 5 is exactly 80 %, never 79.99...
    meets: held > 0 && attended * 100 >= rulePercent * held,
  };
}

/** A certificate's public ID: three groups of four of Crockford's base-32 (no I, L, O, U). */
export const CERTIFICATE_ID = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
export const CERTIFICATE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** The public page's address of a certificate (the QR code, LinkedIn and the credential use it). */
export const certificatePath = (id: string) => `/certificates/${id}`;

/**
 * LinkedIn's "Add license or certification" form, filled in (its documented profile/add
 * parameters): the learner lands on their own profile with the form ready to save.
 */
export function linkedInAddUrl(input: {
  courseTitle: string;
  organization: string;
  issuedOn: string;
  id: string;
  url: string;
}): string {
  const [year, month] = input.issuedOn.split("-");
  const params = new URLSearchParams({
    startTask: "CERTIFICATION_NAME",
    name: input.courseTitle,
    organizationName: input.organization,
    issueYear: String(Number(year)),
    issueMonth: String(Number(month)),
    certUrl: input.url,
    certId: input.id,
  });
  return `https://www.linkedin.com/profile/add?${params}`;
}

export const COMPLETION_TEXTS = {
  notOver: "The course is not over yet: certificates are issued after its last class.",
  notFound: "That registration is not in this course.",
  noSeat: "This registration holds no seat: there is nothing to certify.",
  belowRule: (standing: Standing, rule: number) =>
    `${standing.attended} of ${standing.held} classes attended (${standing.percent} %): the course asks ${rule} %.`,
  alreadyIssued: "A certificate was already issued for this registration.",
  nameRequired: "Name is required: it is printed on the certificate.",
  nameTooLong: `Name must be ${CERTIFICATE_NAME_MAX} characters or fewer.`,
  nameControl: "Name must be plain text on one line.",
  certificateNotFound: "That certificate does not exist.",
  reasonRequired: "Reason is required: say why the certificate is revoked.",
  reasonControl: "Reason must be plain text.",
  reasonTooLong: `Reason must be ${REVOKE_REASON_MAX} characters or fewer.`,
  alreadyRevoked: "This certificate is already revoked.",
  rule: "Completion rule must be a whole percent from 1 to 100.",
} as const;
