/**
 * The shape of `virtual:format-names`, which scripts/format-names-plugin.ts builds from the
 * engine's catalog. tsconfig's `paths` points the virtual id here, for the type checker only.
 */
import type { FormatNameFacts } from './format-names';

declare const facts: FormatNameFacts;
export default facts;
