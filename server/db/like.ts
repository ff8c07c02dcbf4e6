/** `%`, `_` and `\` match themselves in a LIKE pattern (backslash is PostgreSQL's escape character). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
