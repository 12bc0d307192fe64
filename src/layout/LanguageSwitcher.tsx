import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { ALL_LOCALES } from '../../i18n/locales';
import { switchLanguagePath } from '../../i18n/routes';
import { useLocale } from '../site/locale-context';

/**
 * The nine variants, each linking to the equivalent of the current page or its home.
 * Plain links: a new language is a new page load with its own prerendered HTML and messages.
 */
export function LanguageSwitcher() {
  const [path] = useLocation();
  const current = useLocale();
  const intl = useIntl();
  return (
    <nav
      className="language-switcher"
      aria-label={intl.formatMessage({ id: 'footer.language' })}
    >
      <ul>
        {ALL_LOCALES.map((locale) => (
          <li key={locale.code}>
            <a
              href={switchLanguagePath(path, locale.code)}
              hrefLang={locale.hreflang}
              lang={locale.lang}
              dir={locale.dir}
              aria-current={locale.code === current.code ? 'true' : undefined}
            >
              {locale.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
