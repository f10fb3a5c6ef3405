// The help topics of SPEC 2.2 (/employee/help/...), in the order the index lists them, each with the one line
// the index shows. Titles and paths come from the route table (config/paths), so the two cannot drift apart.
import { HELP_PAGES, paths } from '../../../config/paths';

export type HelpSlug = (typeof HELP_PAGES)[number][0];

const SUMMARIES: Record<HelpSlug, string> = {
  'opcode-list': 'Look up an op code from the DMS data: what it means, how often it is used and whether it needs the customer’s approval.',
  opcodes: 'What op codes are, and how a coupon uses them: the op code, the labour type (C, W, I) and the limits per RO.',
  'coupon-ro-not-found': 'A coupon cannot be redeemed because the RO is not in the system yet: what to check and what to do.',
  'book-ro-not-found': 'A paper coupon book’s sale RO cannot be found: what to check and what to do.',
  'not-found-in-system': 'A paper coupon book is not in the system at all: what to check and who to ask.',
  'customer-no-email': 'Registering a customer or converting a book for a customer who has no e-mail address.',
  'paper-conversions': 'How a paper coupon book becomes the customer’s digital pack, step by step.',
  'paper-redeem': 'How to redeem one paper coupon torn from a book against an RO.',
};

export interface HelpTopic {
  slug: HelpSlug;
  title: string;
  summary: string;
  path: string;
}

export const HELP_TOPICS: readonly HelpTopic[] = HELP_PAGES.map(([slug, title]) => ({
  slug,
  title,
  summary: SUMMARIES[slug],
  path: helpPath(slug),
}));

export function helpPath(slug: HelpSlug): string {
  return `${paths.employee.help}/${slug}`;
}

export function helpTopic(slug: HelpSlug): HelpTopic {
  const topic = HELP_TOPICS.find((t) => t.slug === slug);
  if (!topic) throw new Error(`Unknown help topic ${slug}`);
  return topic;
}

/** '1 job', '2,345 jobs' (how often an op code appears in the DMS data). */
export function jobCountText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'job' : 'jobs'}`;
}
