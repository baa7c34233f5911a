import { BOTH_VIEWS, type Check, type CheckHit } from "../check";

/** Luhn checksum, which real payment card numbers satisfy. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let index = digits.length - 1; index >= 0; index--) {
    let digit = digits.charCodeAt(index) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

const SECRET_SHAPES: ReadonlyArray<[RegExp, string]> = [
  [/\bsk-(proj-|ant-)?[A-Za-z0-9_-]{20,}/, "an OpenAI/Anthropic-style secret key"],
  [/\bAKIA[0-9A-Z]{16}\b/, "an AWS access key id"],
  [/\bgh[pousr]_[A-Za-z0-9]{36,}\b/, "a GitHub token"],
  [/\bxox[abprs]-[A-Za-z0-9-]{10,}/, "a Slack token"],
  [/\bAIza[0-9A-Za-z_-]{35}\b/, "a Google API key"],
  [/-----BEGIN (RSA |EC |OPENSSH |DSA )?PRIVATE KEY-----/, "a private key"],
  [/\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/, "a JSON Web Token"],
  [/\b(sk|rk)_(live|test)_[A-Za-z0-9]{16,}/, "a Stripe secret key"],
];
const SECRET_KEY_NAME = /(password|passwd|secret|api[_-]?key|access[_-]?token|auth[_-]?token|private[_-]?key|client[_-]?secret)$/i;
const SSN = /\b(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}\b/;
const CARD = /\b(?:\d[ -]?){13,19}\b/g;

function redact(value: string): string {
  return value.length <= 8 ? "****" : `${value.slice(0, 4)}…${value.slice(-2)} (${value.length} chars)`;
}

function ibanValid(value: string): boolean {
  const compact = value.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of code) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

export const sensitiveData: Check = {
  id: "sensitive-data",
  title: "Sensitive data in arguments",
  severity: "critical",
  views: BOTH_VIEWS,
  topics: ["safety"],
  explanation:
    "Arguments must not carry payment card numbers (Luhn-valid), key-shaped secrets (API keys, tokens, private keys), passwords, national ids (US SSN) or IBANs. Evidence is redacted.",
  run(context) {
    const hits: CheckHit[] = [];
    for (const leaf of context.leaves) {
      if (typeof leaf.value !== "string" && typeof leaf.value !== "number") continue;
      const value = String(leaf.value);
      for (const match of value.matchAll(CARD)) {
        const digits = match[0].replace(/\D/g, "");
        if (digits.length >= 13 && digits.length <= 19 && !/^(\d)\1+$/.test(digits) && luhnValid(digits)) {
          hits.push({ severity: "critical", penalty: 0.9, path: leaf.path, message: `"${leaf.path}" contains a payment card number.`, evidence: `Luhn-valid ${digits.length}-digit number ending ${digits.slice(-4)}` });
        }
      }
      const shape = SECRET_SHAPES.find(([pattern]) => pattern.test(value));
      if (shape) hits.push({ severity: "critical", penalty: 0.9, path: leaf.path, message: `"${leaf.path}" contains ${shape[1]}.`, evidence: redact(value) });
      else if (SECRET_KEY_NAME.test(leaf.key) && value.length >= 6) {
        hits.push({ severity: "major", penalty: 0.6, path: leaf.path, message: `"${leaf.path}" passes a secret in the arguments.`, evidence: redact(value) });
      }
      if (SSN.test(value)) hits.push({ severity: "major", penalty: 0.7, path: leaf.path, message: `"${leaf.path}" contains a US social security number.`, evidence: redact(value.match(SSN)?.[0] ?? value) });
      if (ibanValid(value)) hits.push({ severity: "major", penalty: 0.6, path: leaf.path, message: `"${leaf.path}" contains an IBAN.`, evidence: redact(value) });
    }
    return hits;
  },
};
