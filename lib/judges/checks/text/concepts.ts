/**
 * A small thesaurus of everyday words that name the same thing ("film"/"movie", "odds"/
 * "probability", "euros"/"currency"). Tool descriptions and user requests rarely share exact
 * words; a concept shared is as good as a word shared. Question words and words with several
 * common senses ("pound", "area", "when") are deliberately left out.
 */
const GROUPS: readonly string[] = [
  "currency currencies money dollar dollars euro euros yen rupee rupees peso pesos franc francs yuan usd eur jpy cad gbp inr exchange forex",
  "movie movies film films cinema theater theatre imax",
  "song songs music musical track tracks album albums tune lyrics",
  "weather temperature temperatures forecast rain humidity climate",
  "price prices cost costs pricing fee fees expensive cheap fare fares budget",
  "law laws legal lawyer lawyers attorney attorneys lawsuit lawsuits court courts litigation",
  "probability probabilities odds chance chances likelihood",
  "art artwork artworks painting paintings sculpture sculptures statue statues museum museums",
  "history historical historic",
  "athlete athletes player players sportsman",
  "monarch monarchs king kings queen queens ruler rulers emperor emperors leader leaders president presidents governor governors",
  "date dates when",
  "event events war wars battle battles treaty treaties revolution",
  "religion religions religious christianity christian islam muslim judaism jewish buddhism buddhist hinduism hindu church",
  "unit units measurement measurements ounce ounces gram grams kilogram kilograms cup cups teaspoon teaspoons tablespoon tablespoons liter liters litre litres gallon gallons",
  "stock stocks ticker shares nasdaq nyse",
  "doctor doctors physician physicians clinic",
  "recipe recipes cook cooking dish dishes",
  "restaurant restaurants cuisine dining eatery",
  "hotel hotels accommodation lodging",
  "car cars vehicle vehicles automobile",
  "route routes directions driving",
  "convert conversion converting",
  "nutrition nutritional nutrients calories calorie protein carbs",
  "population populations inhabitants",
  "quote quotes quotation",
  "attraction attractions monument monuments landmark landmarks sightseeing",
  "employee employees staff worker workers",
];

const CONCEPT = new Map<string, string>();
for (const group of GROUPS) {
  const words = group.split(" ");
  for (const word of words) CONCEPT.set(word, `#${words[0]}`);
}

/** The concept a word belongs to ("#movie" for "film"), if any. */
export function conceptOf(word: string): string | undefined {
  return CONCEPT.get(word);
}
