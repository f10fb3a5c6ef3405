// The add form: op code and description under the same rules the server applies (contracts' opCodeRuleSchema).
import { opCodeRuleSchema } from '@dealer/contracts';
import * as v from 'valibot';

export const opCodeRuleFormSchema = v.pick(opCodeRuleSchema, ['opCode', 'description']);
export const descriptionFormSchema = v.pick(opCodeRuleSchema, ['description']);

export type OpCodeRuleFormInput = v.InferInput<typeof opCodeRuleFormSchema>;
export type OpCodeRuleFormOutput = v.InferOutput<typeof opCodeRuleFormSchema>;
export type DescriptionFormInput = v.InferInput<typeof descriptionFormSchema>;
export type DescriptionFormOutput = v.InferOutput<typeof descriptionFormSchema>;
