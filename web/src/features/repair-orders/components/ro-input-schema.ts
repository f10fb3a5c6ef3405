// SPEC 5 RO number rules: RO number required ('RO Number is required'), location required ('Location is required').
import { PACK_SALE_MESSAGES, RO_INPUT_MESSAGES as RO_RULES } from '@dealer/contracts';
import * as v from 'valibot';

export const RO_INPUT_MESSAGES = {
  ...RO_RULES,
  // SPEC 2.5: the book is pending, so the dialog warns and locks the location (SPEC's text, from contracts).
  pendingBook: PACK_SALE_MESSAGES.pendingWarning,
} as const;

export const roInputSchema = v.object({
  roNumber: v.pipe(v.string(), v.trim(), v.nonEmpty(RO_INPUT_MESSAGES.roNumberRequired)),
  locationId: v.pipe(
    v.nullable(v.number()),
    v.check((id) => id !== null, RO_INPUT_MESSAGES.locationRequired),
    v.transform((id) => id as number),
  ),
});

export type RoInputForm = v.InferInput<typeof roInputSchema>;
export type RoInputValues = v.InferOutput<typeof roInputSchema>;
