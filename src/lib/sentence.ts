/** A sentence ending with `text`, whose own last dot ("Inc.") ends it too. */
export const endSentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);
