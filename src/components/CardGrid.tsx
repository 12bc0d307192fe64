import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../i18n/messages';
import { Icon, type IconName } from './Icon';

interface Card {
  title: MessageId;
  text: MessageId;
  icon?: IconName;
}

/** Cards with a heading and a sentence: features, values, examples. */
export function CardGrid({ cards }: { cards: readonly Card[] }) {
  return (
    <ul className="card-grid">
      {cards.map((card) => (
        <li className="card" key={card.title}>
          {card.icon ? (
            <span className="card-icon">
              <Icon name={card.icon} />
            </span>
          ) : null}
          <h3>
            <FormattedMessage id={card.title} />
          </h3>
          <p>
            <FormattedMessage id={card.text} />
          </p>
        </li>
      ))}
    </ul>
  );
}
