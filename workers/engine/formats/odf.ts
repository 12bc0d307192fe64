import type { FormatModule } from '../format-module';
import { analyzeOdf } from './odf/analyze';
import { odfSniffer } from './odf/sniff';

export const odf: FormatModule = {
  ...odfSniffer,
  analyze: (src, _format, ctx) => analyzeOdf(src, ctx),
};
