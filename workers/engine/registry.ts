import type { FormatModule } from './format-module';

/**
 * Every format module, in sniffing order (most specific magic first). Adding a format is adding
 * one line here.
 */
export const formatModules: readonly FormatModule[] = [];

/** Extensions and MIME types the engine can clean, for the drop zone and the CLI's help. */
export function supportedTypes(): { mime: string; extensions: readonly string[] }[] {
  return formatModules.flatMap((m) => m.formats.map(({ mime, extensions }) => ({ mime, extensions })));
}
