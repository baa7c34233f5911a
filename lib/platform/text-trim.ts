/**
 * Trimming characters of a class from the ends of a text one character at a time: a regular
 * expression such as `/[.!]+$/` tries every position of a long run of them, quadratic in its length.
 * `characters` is a one-character class such as `/[\s,.]/`.
 */
export function trimEndMatching(text: string, characters: RegExp): string {
  let end = text.length;
  while (end > 0 && characters.test(text[end - 1])) end--;
  return end === text.length ? text : text.slice(0, end);
}

export function trimMatching(text: string, characters: RegExp): string {
  let start = 0;
  while (start < text.length && characters.test(text[start])) start++;
  return trimEndMatching(start ? text.slice(start) : text, characters);
}
