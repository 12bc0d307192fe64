import { useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { FormattedMessage } from 'react-intl';

interface WordsFormProps {
  /** Prefix of the input's id, unique on the page (`useId`). */
  readonly id: string;
  /** While a search runs the button says so to assistive technology and does nothing. */
  readonly busy: boolean;
  /** Called with the text as typed; the caller splits it into words. */
  readonly onSearch: (text: string) => void;
  /** The words field, for a caller that gives focus back to it. */
  readonly inputRef?: Ref<HTMLInputElement>;
  /** Shown after the search button (the batch's stop button). */
  readonly children?: ReactNode;
}

/**
 * The words field and its button. What is typed lives in this state only: the form is never
 * submitted to a URL, and neither the browser's autocomplete nor its spell checker keeps it.
 */
export function WordsForm({
  id,
  busy,
  onSearch,
  inputRef,
  children,
}: WordsFormProps) {
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSearch(text);
  };
  return (
    <form className="find-words-form" onSubmit={submit} autoComplete="off">
      <label htmlFor={`${id}-words`}>
        <FormattedMessage id="find.label" />
      </label>
      <input
        ref={inputRef}
        id={`${id}-words`}
        type="text"
        value={text}
        autoComplete="off"
        spellCheck={false}
        dir="auto"
        onChange={(event) => setText(event.target.value)}
        data-testid="find-input"
      />
      <button type="submit" className="uploader-button" aria-disabled={busy}>
        <FormattedMessage id="find.submit" />
      </button>
      {children}
    </form>
  );
}
