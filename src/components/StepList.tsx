import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../i18n/messages';

interface Step {
  title: MessageId;
  text: MessageId;
}

/** A numbered list of steps, each a short title and a sentence. */
export function StepList({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="steps">
      {steps.map((step, index) => (
        <li className="step" key={step.title}>
          <span className="step-number" aria-hidden="true">
            {index + 1}
          </span>
          <h3>
            <FormattedMessage id={step.title} />
          </h3>
          <p>
            <FormattedMessage id={step.text} />
          </p>
        </li>
      ))}
    </ol>
  );
}
