/** Contact form rules: every field required, a plausible email. */

export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;

export const MAX_LENGTH: Record<ContactField, number> = {
  name: 100,
  email: 254,
  subject: 150,
  message: 5000,
};

export type FieldError = 'required' | 'email' | 'tooLong';
export type ContactErrors = Partial<Record<ContactField, FieldError>>;

// One @, no spaces, a dot in the domain: what a mail program needs, not full RFC 5322.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function fieldError(field: ContactField, raw: string): FieldError | undefined {
  const value = raw.trim();
  if (value === '') return 'required';
  if (value.length > MAX_LENGTH[field]) return 'tooLong';
  if (field === 'email' && !EMAIL_PATTERN.test(value)) return 'email';
  return undefined;
}

export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) {
    const error = fieldError(field, values[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The mailto: URL that opens the visitor's mail program with the message filled in. */
export function mailtoUrl(address: string, values: ContactValues): string {
  const body = `${values.message.trim()}\n\n${values.name.trim()} <${values.email.trim()}>`;
  const query = `subject=${encodeURIComponent(values.subject.trim())}&body=${encodeURIComponent(body)}`;
  return `mailto:${address}?${query}`;
}
