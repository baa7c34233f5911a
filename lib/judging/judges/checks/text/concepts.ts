/**
 * A small thesaurus of everyday words that name the same thing ("film"/"movie", "odds"/
 * "probability"). Tool descriptions and user requests rarely share exact words; a concept shared
 * is as good as a word shared. Question words and words with several common senses ("pound",
 * "area") are deliberately left out.
 */
const GROUPS: readonly string[] = [
  // Everyday synonyms that name the same thing in any domain. Topic vocabularies (monarchs,
  // religions, sculpture, wars…) are deliberately absent: they fit one data set's questions.
  "currency currencies money",
  "movie movies film films",
  "price prices cost costs pricing fee fees fare fares",
  "probability probabilities odds chance chances likelihood",
  "date dates when",
  "unit units measurement measurements",
  "car cars vehicle vehicles automobile",
  "convert conversion converting",
  "employee employees staff worker workers",
  "buy purchase purchases purchasing",
  "remove delete erase",
  "begin start",
  "end finish stop",
  "message messages text texts",
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
