import { useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CONTACT_EMAIL } from '../site/site-config';
import { PageHeader } from '../components/PageHeader';
import {
  CONTACT_FIELDS,
  MAX_LENGTH,
  mailtoUrl,
  validateContact,
  type ContactErrors,
  type ContactField,
  type ContactValues,
  type FieldError,
} from './contact-form';
import type { MessageId } from '../../i18n/messages';

const INPUT_TYPE: Record<ContactField, string> = {
  name: 'text',
  email: 'email',
  subject: 'text',
  message: 'textarea',
};

const AUTOCOMPLETE: Partial<Record<ContactField, string>> = {
  name: 'name',
  email: 'email',
};

/** One message per field and problem: "Enter your name", not a bare "fill in this field". */
const ERROR_MESSAGES: Record<FieldError, (field: ContactField) => MessageId> = {
  required: (field) => `contact.error.${field}`,
  email: () => 'contact.error.emailInvalid',
  tooLong: () => 'contact.error.tooLong',
};

/** Addresses and messages may be written in either direction, whatever the page's. */
const FREE_DIRECTION = new Set<ContactField>(['email', 'message']);

function readForm(form: HTMLFormElement): ContactValues {
  const data = new FormData(form);
  const read = (field: ContactField) => String(data.get(field) ?? '');
  return {
    name: read('name'),
    email: read('email'),
    subject: read('subject'),
    message: read('message'),
  };
}

/**
 * Contact: four required fields, each with its own message in the page's language when invalid.
 * With no server, a valid form opens the visitor's mail program addressed to CONTACT_EMAIL, then
 * confirms, with the link again in case nothing opened.
 */
export function ContactPage() {
  const intl = useIntl();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [mailto, setMailto] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = readForm(event.currentTarget);
    const found = validateContact(values);
    setErrors(found);
    setMailto(null);
    const firstInvalid = CONTACT_FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      formRef.current
        ?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)
        ?.focus();
      return;
    }
    const url = mailtoUrl(CONTACT_EMAIL, values);
    setMailto(url);
    window.location.href = url;
  };

  const errorText = (field: ContactField) => {
    const error = errors[field];
    if (!error) return null;
    return intl.formatMessage(
      { id: ERROR_MESSAGES[error](field) },
      { max: MAX_LENGTH[field] },
    );
  };

  return (
    <>
      <PageHeader title="contact.title" lead="contact.intro">
        <p className="muted">
          <FormattedMessage id="contact.reply" />
        </p>
      </PageHeader>
      <div className="container narrow">
        <form
          ref={formRef}
          className="contact-form"
          noValidate
          onSubmit={onSubmit}
        >
          {CONTACT_FIELDS.map((field) => {
            const message = errorText(field);
            const errorId = `contact-${field}-error`;
            const shared = {
              id: `contact-${field}`,
              name: field,
              required: true,
              maxLength: MAX_LENGTH[field],
              autoComplete: AUTOCOMPLETE[field],
              dir: FREE_DIRECTION.has(field) ? 'auto' : undefined,
              'aria-invalid': message ? true : undefined,
              'aria-describedby': message ? errorId : undefined,
            };
            return (
              <div className="field" key={field}>
                <label htmlFor={shared.id}>
                  <FormattedMessage id={`contact.${field}`} />
                </label>
                {INPUT_TYPE[field] === 'textarea' ? (
                  <textarea rows={6} {...shared} />
                ) : (
                  <input type={INPUT_TYPE[field]} {...shared} />
                )}
                {message ? (
                  <p className="field-error" id={errorId}>
                    {message}
                  </p>
                ) : null}
              </div>
            );
          })}
          <button type="submit" className="button button-primary">
            <FormattedMessage id="contact.send" />
          </button>
          <p className="muted small">
            <FormattedMessage
              id="contact.note"
              values={{ email: CONTACT_EMAIL }}
            />
          </p>
          <p role="status" className="form-status">
            {mailto ? (
              <FormattedMessage
                id="contact.opened"
                values={{ email: <a href={mailto}>{CONTACT_EMAIL}</a> }}
              />
            ) : null}
          </p>
        </form>
      </div>
    </>
  );
}
