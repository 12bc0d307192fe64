import { FormattedMessage } from 'react-intl';
import { Section } from './Section';

const PLATFORMS = [
  'offline.install.android',
  'offline.install.iphone',
  'offline.install.computer',
] as const;

/**
 * That the site keeps working offline after a first visit, and how to install it on Android, an
 * iPhone and a computer: on the how-it-works page, which loads the `offline` messages (the home
 * page says it in one line and links there).
 */
export function InstallSection() {
  return (
    <Section id="install-title" title="offline.install.title" narrow>
      <p>
        <FormattedMessage id="offline.install.offline" />
      </p>
      <ul>
        {PLATFORMS.map((id) => (
          <li key={id}>
            <FormattedMessage id={id} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
