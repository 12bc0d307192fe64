import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { REMOVER_PAGES, type PageId } from '../../i18n/routes';
import { PageLink } from '../app/PageLink';
import { SOCIAL_LINKS } from '../app/site-config';
import { LanguageSwitcher } from './LanguageSwitcher';

const QUICK_LINKS = [
  'home',
  'howItWorks',
  'about',
  'faq',
  'contact',
  'blog',
] as const;
const LEGAL_LINKS = ['privacy', 'terms'] as const;

function LinkColumn({
  title,
  children,
}: {
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="footer-column">
      <h2 className="footer-heading">{title}</h2>
      <ul>{children}</ul>
    </div>
  );
}

function FooterLink({ page, children }: { page: PageId; children: ReactNode }) {
  return (
    <li>
      <PageLink page={page}>{children}</PageLink>
    </li>
  );
}

function SocialIcons() {
  const intl = useIntl();
  if (SOCIAL_LINKS.length === 0) return null;
  return (
    <ul
      className="social-links"
      aria-label={intl.formatMessage({ id: 'footer.social' })}
    >
      {SOCIAL_LINKS.map(({ name, href }) => (
        <li key={name}>
          <a href={href} rel="me noopener" className="social-link">
            {name}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Footer: four columns, the language switcher, cookie settings and the copyright. */
export function Footer() {
  const intl = useIntl();
  const heading = (id: 'footer.quickLinks' | 'footer.tools' | 'footer.legal') =>
    intl.formatMessage({ id });
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-column footer-about">
          <p className="footer-brand">
            <FormattedMessage id="brand.name" />
          </p>
          <p>
            <FormattedMessage id="footer.description" />
          </p>
          <SocialIcons />
        </div>
        <LinkColumn title={heading('footer.quickLinks')}>
          {QUICK_LINKS.map((page) => (
            <FooterLink key={page} page={page}>
              <FormattedMessage
                id={page === 'blog' ? 'blog.title' : `nav.${page}`}
              />
            </FooterLink>
          ))}
        </LinkColumn>
        <LinkColumn title={heading('footer.tools')}>
          <FooterLink page="tool">
            <FormattedMessage id="tool.all.title" />
          </FooterLink>
          {REMOVER_PAGES.map((page) => (
            <FooterLink key={page} page={page}>
              <FormattedMessage id={`tool.${page}.title`} />
            </FooterLink>
          ))}
        </LinkColumn>
        <LinkColumn title={heading('footer.legal')}>
          {LEGAL_LINKS.map((page) => (
            <FooterLink key={page} page={page}>
              <FormattedMessage id={`nav.${page}`} />
            </FooterLink>
          ))}
          <FooterLink page="cookies">
            <FormattedMessage id="footer.cookieSettings" />
          </FooterLink>
        </LinkColumn>
      </div>
      <div className="container footer-bottom">
        <LanguageSwitcher />
        <p className="copyright" suppressHydrationWarning>
          <FormattedMessage
            id="footer.copyright"
            values={{ year: String(new Date().getFullYear()) }}
          />
        </p>
      </div>
    </footer>
  );
}
