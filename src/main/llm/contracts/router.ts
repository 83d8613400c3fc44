/** Router: classifies a question and picks the experts that should look into it. */
import { z } from 'zod';
import { type Contract, LocaleTag, Meta, NonEmpty, withMeta } from './meta.ts';

export const RouterInput = Meta.extend({
  question: NonEmpty,
  locale: LocaleTag,
  experts: z.array(z.strictObject({ name: NonEmpty, description: NonEmpty })).min(1),
}).strict();
export type RouterInput = z.infer<typeof RouterInput>;

export const RouterBody = z.strictObject({
  category: NonEmpty,
  experts: z.array(NonEmpty).min(1, 'activate at least one expert'),
  reason: NonEmpty,
});
export type RouterBody = z.infer<typeof RouterBody>;
export const RouterOutput = withMeta(RouterBody);

export const router: Contract<typeof RouterInput, typeof RouterBody> = {
  role: 'router',
  input: RouterInput,
  body: RouterBody,
  output: RouterOutput,
  system: [
    'You route a question to the experts best placed to answer it from their tools.',
    'Name a short category, choose one or more experts from the list given (by exact name) and say why in one sentence.',
    'Return only the JSON object.',
  ].join('\n'),
  check: (input, output) => {
    const known = new Set(input.experts.map((e) => e.name));
    const problems = output.experts.filter((e) => !known.has(e)).map((e) => `expert "${e}" is not one of ${[...known].join(', ')}`);
    if (new Set(output.experts).size !== output.experts.length) problems.push('an expert is named twice');
    return problems;
  },
};
