import { STOPWORDS, tokens } from "./words";

/**
 * Whether a text is English prose the word-level checks can read: enough words, mostly in the
 * Latin alphabet, and some of English's most common words among them. `words` are the text's
 * tokens when the caller has them already.
 */
export function readsAsEnglish(text: string, words: readonly string[] = tokens(text)): boolean {
  if (words.length < 4) return false;
  let letters = 0;
  let latin = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    // ASCII letters, then any other letter (the test below is only reached for non-ASCII).
    if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) {
      letters++;
      latin++;
    } else if (code > 127 && /\p{L}/u.test(text[index])) {
      letters++;
      if (code < 0x250) latin++;
    }
  }
  if (letters < 12 || latin / letters < 0.9) return false;
  let common = 0;
  for (const word of words) if (STOPWORDS.has(word)) common++;
  return common >= 2 && common / words.length >= 0.1;
}
