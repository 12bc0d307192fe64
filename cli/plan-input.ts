import {
  cleanPlan,
  inspect,
  type CleanPlanResult,
  type EngineContext,
  type InspectResult,
} from '../workers/engine/index';
import type { FileAccess } from './file-access';

/**
 * The engine's plan for an open input (verify-after-clean included). The engine reports any
 * error thrown inside a parser as `corrupt`; when the cause was the input shrinking under it, the
 * CLI says so (`unreadable`) instead.
 */
export async function planInput(
  input: FileAccess,
  ctx: EngineContext = {},
): Promise<CleanPlanResult> {
  try {
    return await cleanPlan(input, ctx);
  } catch (error) {
    throw input.changed ?? error;
  }
}

export async function inspectInput(input: FileAccess): Promise<InspectResult> {
  try {
    return await inspect(input);
  } catch (error) {
    throw input.changed ?? error;
  }
}
