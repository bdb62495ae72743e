/** Only a path of this app: never another origin (`//host`, `https://…`). */
export function safeReturnTo(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}
