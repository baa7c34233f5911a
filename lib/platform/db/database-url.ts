/** `url` with the password of a scheme://user:password@host URL replaced, for messages that may reach a log. */
export function redactPassword(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*:)[^@/]*@/i, "$1***@");
}
