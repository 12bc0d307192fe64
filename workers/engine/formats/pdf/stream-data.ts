import type { OutputPlan } from '../../output-plan';
import type { PdfValue } from './objects';

/** How a stream's data is written. */
export type StreamData =
  | { readonly kind: 'plan'; readonly plan: OutputPlan }
  | {
      readonly kind: 'bytes';
      readonly data: Uint8Array;
      readonly filter: string | null;
      /** The filter's parameters, when it keeps some (a JPEG's /ColorTransform). */
      readonly parms?: PdfValue;
    };
