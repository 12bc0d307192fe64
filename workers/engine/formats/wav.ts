import type { FormatModule } from '../format-module';
import { EngineError } from '../errors';

/** Placeholder until this format's module lands: it recognises nothing, so nothing reaches it. */
export const wav: FormatModule = {
  formats: [],
  sniff: () => null,
  inspect: () => Promise.reject(new EngineError('unsupported')),
  clean: () => Promise.reject(new EngineError('unsupported')),
};
