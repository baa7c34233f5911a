import type { Criterion } from "@/lib/criteria/parse";
import type { Check } from "./check";
import { CHECKS } from "./catalogue";
import { mapCriterionOnto, type CriterionMapping } from "./criterion-topics";
import { sharedCache } from "./shared-caches";

export { HINDSIGHT_TOPICS, TOPIC_VOCABULARY, describesDefect, type CriterionMapping } from "./criterion-topics";

const cache = sharedCache(new Map<string, CriterionMapping<Check>>());

/** The built-in checks that measure a criterion (criterion-topics.ts says how), memoised by condition. */
export function mapCriterion(criterion: Criterion): CriterionMapping<Check> {
  const cached = cache.get(criterion.condition);
  if (cached) return cached;
  const mapping = mapCriterionOnto(CHECKS, criterion);
  if (cache.size > 1000) cache.clear();
  cache.set(criterion.condition, mapping);
  return mapping;
}
