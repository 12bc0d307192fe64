import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_EMAIL } from '../../../src/site/site-config';
import { ContactPage } from '../../../src/pages/ContactPage';
import { mailtoUrl, validateContact } from '../../../src/pages/contact-form';
import { renderInVariant } from './render-site';

afterEach(cleanup);

const VALID = {
  name: 'Ana Souza',
  email: 'ana@example.com',
  subject: 'Dúvida & sugestão',
  message: 'Olá!\nTudo bem?',
};

describe('validateContact', () => {
  it('accepts a complete form', () => {
    expect(validateContact(VALID)).toEqual({});
  });

  it('requires every field, even when only spaces were typed', () => {
    expect(
      validateContact({ name: ' ', email: '', subject: '\n', message: '' }),
    ).toEqual({
      name: 'required',
      email: 'required',
      subject: 'required',
      message: 'required',
    });
  });

  it('rejects implausible emails and overlong fields', () => {
    for (const email of ['ana', 'ana@', 'ana@example', 'a na@example.com']) {
      expect(validateContact({ ...VALID, email }).email).toBe('email');
    }
    expect(
      validateContact({ ...VALID, subject: 'x'.repeat(151) }).subject,
    ).toBe('tooLong');
  });
});

describe('mailtoUrl', () => {
  it('addresses the configured inbox and encodes subject and body', () => {
    const url = new URL(mailtoUrl('hello@example.org', VALID));
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('hello@example.org');
    expect(url.searchParams.get('subject')).toBe('Dúvida & sugestão');
    expect(url.searchParams.get('body')).toBe(
      'Olá!\nTudo bem?\n\nAna Souza <ana@example.com>',
    );
  });
});

describe('ContactPage', () => {
  it('shows a message in Arabic for each empty field and marks them invalid', async () => {
    await renderInVariant('ae', <ContactPage />);
    fireEvent.click(screen.getByRole('button', { name: 'إرسال الرسالة' }));
    for (const message of [
      'يُرجى كتابة اسمك.',
      'يُرجى كتابة بريدك الإلكتروني لنتمكن من الرد عليك.',
      'يُرجى كتابة موضوع الرسالة.',
      'يُرجى كتابة رسالتك.',
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(screen.getByLabelText('الاسم').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(document.activeElement).toBe(screen.getByLabelText('الاسم'));
  });

  it('lets addresses and messages set their own direction on the Arabic page', async () => {
    await renderInVariant('ae', <ContactPage />);
    expect(screen.getByLabelText('البريد الإلكتروني').getAttribute('dir')).toBe(
      'auto',
    );
    expect(screen.getByLabelText('الرسالة').getAttribute('dir')).toBe('auto');
  });

  it('hands a valid Portuguese form to the mail program', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // jsdom cannot navigate
    await renderInVariant('pt', <ContactPage />);
    fireEvent.change(screen.getByLabelText('Nome'), {
      target: { value: VALID.name },
    });
    fireEvent.change(screen.getByLabelText('E-mail'), {
      target: { value: VALID.email },
    });
    fireEvent.change(screen.getByLabelText('Assunto'), {
      target: { value: VALID.subject },
    });
    fireEvent.change(screen.getByLabelText('Mensagem'), {
      target: { value: VALID.message },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    const link = screen.getByRole('link', { name: CONTACT_EMAIL });
    expect(link.getAttribute('href')).toBe(mailtoUrl(CONTACT_EMAIL, VALID));
    expect(document.querySelector('.field-error')).toBeNull();
    vi.restoreAllMocks();
  });
});
