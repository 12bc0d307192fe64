import { basename } from 'node:path';
import { nameRisks, type NameRisk } from '../workers/engine/file-name';
import type { CliOptions } from './args';
import { escapeForTerminal } from './report-text';
import { STANDARD_STREAM } from './std-streams';

const RISK_WORDS: Record<NameRisk, string> = {
  person: "what looks like a person's name",
  contact: 'an e-mail address or a phone number',
  date: 'a date',
  time: 'a time of day',
  device: "a device's name",
};

/** "a, b and c" */
function listed(words: readonly string[]): string {
  return words.length < 2
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * The line under a file's result when its name gives something away: metadata is gone, but a
 * copy named after its input still carries what the name says. Nothing for standard input, for
 * copies --rename named, or with --quiet.
 */
export function nameNote(
  file: string,
  output: string | undefined,
  options: CliOptions,
): string | null {
  if (file === STANDARD_STREAM || options.quiet) return null;
  const risks = nameRisks(basename(file));
  if (risks.length === 0) return null;
  const says = `the name ${escapeForTerminal(basename(file))} holds ${listed(risks.map((r) => RISK_WORDS[r]))}`;
  if (options.rename && output !== undefined)
    return `${says}; the copy is named ${escapeForTerminal(basename(output))}`;
  if (options.inPlace) return `${says}, which cleaning does not change`;
  return `${says}; --rename names copies by their kind (photo.jpg)`;
}
