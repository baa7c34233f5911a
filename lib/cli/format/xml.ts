// Characters XML 1.0 forbids even when escaped: most C0 controls and lone surrogates (the u flag
// reads the string by code point, so a paired surrogate is one allowed character).
const FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text content: `&`, `<` and `>` escaped, forbidden characters replaced by U+FFFD. */
export function escapeXmlText(text: string): string {
  return text.replace(FORBIDDEN, "\uFFFD").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * An attribute value (to put between double quotes): also quotes escaped, and line breaks and
 * tabs as character references, which attribute-value normalisation would otherwise turn into spaces.
 */
export function escapeXmlAttribute(text: string): string {
  return escapeXmlText(text).replace(/"/g, "&quot;").replace(/'/g, "&apos;").replace(/\n/g, "&#10;").replace(/\r/g, "&#13;").replace(/\t/g, "&#9;");
}

/** `name="value" …` for the defined attributes, in order. */
export function attributes(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => `${name}="${escapeXmlAttribute(String(value))}"`)
    .join(" ");
}
